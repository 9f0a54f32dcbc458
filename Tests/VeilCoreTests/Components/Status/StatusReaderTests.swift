import Testing
@testable import VeilCore

@Suite struct StatusReaderTests {
    func action(_ json: String) throws(SceneError) -> Action {
        try SceneReader.readAction(Array(json.utf8), file: "ws", line: 1).action
    }

    func failure(_ json: String) -> SceneError? {
        do { _ = try action(json); return nil } catch { return error }
    }

    @Test func statusCommandReadsEveryField() throws {
        let a = try action(#"{"command": {"status": {"message": "Down", "node": "feed", "state": "error", "title": "Oops", "actionTitle": "Again", "action": "again", "image": "cloud", "transition": {"crossDissolve": 0.3}}}}"#)
        guard case let .command(.status(node, status?, transition)) = a else { Issue.record("not a status"); return }
        #expect(node == bytes("feed"))
        #expect(status.kind == .error && status.title == bytes("Oops") && status.message == bytes("Down"))
        #expect(status.actionTitle == bytes("Again") && status.action == bytes("again") && status.image == bytes("cloud"))
        #expect(transition == .crossDissolve(0.3))
    }

    @Test func noneHidesAndTransitionDefaultsToNone() throws {
        let a = try action(#"{"command": {"status": {"node": "feed", "state": "none"}}}"#)
        guard case let .command(.status(_, status, transition)) = a else { Issue.record("not a status"); return }
        #expect(status == nil)
        #expect(transition == .none)
        let b = try action(#"{"command": {"status": {"node": "feed", "state": "loading", "transition": "crossDissolve"}}}"#)
        guard case let .command(.status(_, _, t2)) = b else { Issue.record("not a status"); return }
        #expect(t2 == .crossDissolve(0.2))
    }

    @Test func spinnerCommand() throws {
        guard case let .command(.spinner(node, show)) = try action(#"{"command": {"spinner": {"node": "card", "show": false}}}"#) else {
            Issue.record("not a spinner"); return
        }
        #expect(node == bytes("card") && show == false)
    }

    @Test(arguments: [
        (#"{"command": {"status": {"node": "feed"}}}"#, 24, "missing required key \"state\""),
        (#"{"command": {"status": {"node": "feed", "state": "busy"}}}"#, 50, "\"busy\""),
        (#"{"command": {"status": {"node": "feed", "state": "error", "title": 3}}}"#, 68, "expected a string"),
        (#"{"command": {"status": {"node": "feed", "state": "error", "transition": "slide"}}}"#, 73, "unknown transition"),
        (#"{"command": {"status": {"node": "feed", "state": "error", "transition": {"crossDissolve": 99}}}}"#, 91, "99"),
        (#"{"command": {"spinner": {"node": "card"}}}"#, 25, "missing required key \"show\""),
        (#"{"command": {"spinner": {"node": "card", "show": "yes"}}}"#, 50, "expected true or false"),
        (#"{"command": {"spinner": {"node": "card", "show": true, "size": 3}}}"#, 56, "unknown key \"size\""),
    ])
    func badCommands(json: String, column: Int, fragment: String) {
        let e = failure(json)
        #expect(e?.line == 1)
        #expect(e?.column == column, "\(e?.description ?? "no error")")
        #expect(e?.message.contains(fragment) == true, "\(e?.description ?? "no error")")
    }

    @Test func reactionsAndStatusViewsInAScene() throws {
        let source = #"""
        {"root": {"type": "view", "id": "feed"},
         "statusViews": {"empty": {"type": "label", "id": "title", "text": "Nothing yet"}},
         "reactions": [{"event": "retry", "actions": [
            {"t": 0, "command": {"status": {"node": "feed", "state": "loading"}}},
            {"t": 1.5, "command": {"status": {"node": "feed", "state": "none"}}}]}]}
        """#
        let scene = try SceneReader.read(Array(source.utf8), file: "s.json")
        #expect(scene.reactions.count == 1)
        #expect(scene.reactions[0].event == bytes("retry") && scene.reactions[0].actions.map(\.time) == [0, 1.5])
        #expect(scene.statusViews.empty?.id == bytes("title"), "own id namespace: may reuse scene ids")
        #expect(scene.statusViews.loading == nil)
    }

    @Test func reactionActionsMustBeInOrder() {
        let source = #"{"root": {"type": "view"}, "reactions": [{"event": "x", "actions": [{"t": 2, "command": {"spinner": {"node": "root", "show": true}}}, {"t": 1, "command": {"spinner": {"node": "root", "show": false}}}]}]}"#
        #expect(throws: SceneError.self) { try SceneReader.read(Array(source.utf8), file: "s.json") }
    }
}
