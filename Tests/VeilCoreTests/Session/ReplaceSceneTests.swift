import Foundation
import Testing
@testable import VeilCore

/// `Session.replaceScene` (a scene file edited while a viewer watches, docs/SERVER.md "Live
/// editing"): the next message is a delta from the frame the viewer holds, never a keyframe, and
/// what the session holds by node id survives.
@Suite struct ReplaceSceneTests {
    private func read(_ json: String) throws -> Scene {
        try SceneReader.read(Array(json.utf8), file: "test.json")
    }

    private func perform(_ session: Session, _ json: String) throws {
        try session.apply(SceneReader.readAction(Array(json.utf8), file: "test", line: 1).action)
    }

    private let panel = #"""
        {"canvas": {"width": 200, "height": 300}, "background": "%@",
         "root": {"type": "stack", "id": "root", "axis": "vertical", "padding": 10, "children": [
           {"type": "view", "id": "panel", "height": 200, "background": "#FFFFFF"}]}}
        """#

    private func panelScene(_ colour: String) throws -> Scene {
        try read(panel.replacingOccurrences(of: "%@", with: colour))
    }

    /// Random pairs of scenes: after the swap, the message is a delta that applies to the
    /// viewer's mirror (hash checked) and yields exactly the new scene's frame.
    @Test func aSwapIsADeltaToTheNewScenesFrame() {
        TickEquivalenceTests.forEachSeed(40) { seed in
            var random = RandomScenes(seed: seed)
            guard let before = try? read(random.scene(hostile: false)),
                  let after = try? read(random.scene(hostile: false)) else { return }
            let session = Session(scene: before)
            var mirror = FrameMirror()
            for t in [0.0, 0.5] {
                guard let message = session.tick(at: t) else { continue }
                do { _ = try mirror.apply(message) } catch { Issue.record("seed \(seed): \(error)") }
            }
            session.replaceScene(after, keepingSize: false)
            guard let message = session.tick(at: 1) else {
                #expect(Self.drawn(session.frame(at: 1)) == Self.drawn(Session(scene: after).frame(at: 1)),
                        "seed \(seed): no message, same frame")
                return
            }
            #expect(message[2] & 0x03 == 2, "seed \(seed): a delta, not a keyframe")
            let held = try? mirror.apply(message)
            #expect(held != nil, "seed \(seed): the delta applies to what the viewer holds")
            if let held {
                #expect(Self.drawn(held) == Self.drawn(Session(scene: after).frame(at: 1)), "seed \(seed): the new scene's frame")
            }
        }
    }

    /// What a frame draws, without what only names things (item ids and paint slots are interned
    /// per session): each item with its paints resolved, in drawing order, one line each.
    static func drawn(_ frame: Frame) -> [String] {
        func paint(_ slot: some BinaryInteger) -> String {
            let index = Int(slot) - 1
            return index >= 0 && index < frame.paints.count ? "\(frame.paints[index])" : "none"
        }
        var lines = ["\(frame.width)×\(frame.height) \(frame.background)"]
        func walk(_ items: [Item], depth: Int) {
            for item in items {
                var bare = item
                bare.id = 0
                bare.fill = 0
                bare.stroke = 0
                bare.children = []
                lines.append(String(repeating: " ", count: depth) + "\(bare) fill \(paint(item.fill)) stroke \(paint(item.stroke))")
                walk(item.children, depth: depth + 1)
            }
        }
        walk(frame.items, depth: 0)
        return lines
    }

    @Test func componentStateByNodeIdSurvivesTheSwap() throws {
        let status = #"{"command": {"status": {"node": "panel", "state": "error", "message": "Offline"}}}"#
        let session = Session(scene: try panelScene("#FF0000"))
        _ = session.tick(at: 0)
        try perform(session, status)
        _ = session.tick(at: 0.1)
        session.replaceScene(try panelScene("#00AA00"), keepingSize: false)
        #expect(session.tick(at: 2) != nil)

        let fresh = Session(scene: try panelScene("#00AA00"))
        _ = fresh.tick(at: 0)
        try perform(fresh, status)
        _ = fresh.tick(at: 0.1)
        _ = fresh.tick(at: 2)
        #expect(session.sentFrame.map(Self.drawn) == fresh.sentFrame.map(Self.drawn), "the status view is still shown, over the new scene")
        let without = Session(scene: try panelScene("#00AA00"))
        #expect(session.sentFrame.map(Self.drawn) != Self.drawn(without.frame(at: 2)), "and it matters")
    }

    @Test func theViewersSizeIsKeptWhenAsked() throws {
        let session = Session(scene: try panelScene("#FF0000"))
        try session.input(.resize(width: 320, height: 480))
        session.replaceScene(try panelScene("#0000FF"), keepingSize: true)
        #expect((session.scene.width, session.scene.height) == (320, 480))
        session.replaceScene(try panelScene("#0000FF"), keepingSize: false)
        #expect((session.scene.width, session.scene.height) == (200, 300))
    }

    @Test func timelineEntriesInThePastDoNotRunAgain() throws {
        let timed = #"""
            {"canvas": {"width": 100, "height": 100}, "root": {"type": "view", "id": "root"},
             "timeline": [{"t": 0.5, "input": {"resize": {"width": 150, "height": 100}}},
                          {"t": 2, "input": {"resize": {"width": 180, "height": 100}}}]}
            """#
        let session = Session(scene: try read(timed))
        _ = session.tick(at: 1)
        #expect(session.scene.width == 150)
        try session.input(.resize(width: 120, height: 100))
        session.replaceScene(try read(timed), keepingSize: true)
        _ = session.tick(at: 1.5)
        #expect(session.scene.width == 120, "the entry at 0.5 s is past: it does not run again")
        _ = session.tick(at: 2.5)
        #expect(session.scene.width == 180, "the entry at 2 s still runs")
    }
}
