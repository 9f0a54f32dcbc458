import Testing
@testable import VeilCore

/// A timeline or reaction action that does not apply is kept for the host to report, at its place
/// in the file, and changes nothing; the good ones around it apply.
@Suite struct RefusedActionTests {
    let source = """
        {"canvas": {"width": 200, "height": 300},
         "root": {"type": "stack", "id": "root", "children": [
           {"type": "view", "id": "panel", "height": 100},
           {"type": "button", "id": "go", "title": "Go", "action": "go", "height": 44}]},
         "timeline": [
           {"t": 0.1, "command": {"status": {"node": "nowhere", "state": "error"}}},
           {"t": 0.2, "command": {"status": {"node": "panel", "state": "loading"}}}],
         "reactions": [{"event": "go", "actions": [{"t": 0.5, "command": {"loadMore": {"node": "panel", "end": true}}}]}]}
        """

    @Test func timelineAndReactionRefusalsAreKeptWithTheirPlace() throws {
        let scene = try SceneReader.read(Array(source.utf8), file: "s.json")
        let session = Session(scene: scene)
        _ = session.tick(at: 0)
        _ = session.tick(at: 0.3)
        let (timeline, dropped) = session.takeRefused()
        #expect(dropped == 0)
        #expect(timeline.count == 1)
        #expect(timeline.first?.place == SourcePlace(line: 6, column: 4))
        #expect(timeline.first?.description(file: "s.json") == #"s.json:6:4: timeline entry (t = 0.1): no node with id "nowhere""#)
        #expect(try session.skeletonTree().contains("panel/status"), "the good entry after it applied")
        #expect(session.takeRefused().actions.isEmpty, "taken once")

        try session.input(.pointer(PointerEvent(phase: .down, x: 50, y: 120)))
        try session.input(.pointer(PointerEvent(phase: .up, x: 50, y: 120)))
        _ = session.tick(at: 1)
        let reaction = session.takeRefused().actions
        #expect(reaction.count == 1)
        #expect(reaction.first?.reactionTo == Array("go".utf8))
        #expect(reaction.first?.place == SourcePlace(line: 8, column: 44))
        #expect(reaction.first?.message.hasPrefix("loadMore:") == true)
    }

    @Test func refusalsKeptAreBounded() throws {
        let entries = (0 ..< Limits.maxRefusedKept + 5).map { i in
            #"{"t": \#(Double(i) / 100), "command": {"spinner": {"node": "x\#(i)", "show": true}}}"#
        }
        let text = #"{"root": {"type": "view", "id": "root"}, "timeline": ["# + entries.joined(separator: ",") + "]}"
        let session = Session(scene: try SceneReader.read(Array(text.utf8), file: "many.json"))
        _ = session.tick(at: 1)
        let (actions, dropped) = session.takeRefused()
        #expect(actions.count == Limits.maxRefusedKept)
        #expect(dropped == 5)
    }
}
