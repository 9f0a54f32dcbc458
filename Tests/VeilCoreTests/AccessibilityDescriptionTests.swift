import Testing
@testable import VeilCore

/// `AccessibilityDescription`: what Web/a11y.js mirrors in a hidden DOM (busy, statuses, buttons).
struct AccessibilityDescriptionTests {
    static let feed = #"""
    {"canvas": {"width": 320, "height": 400},
     "root": {"type": "view", "id": "screen", "children": [
       {"type": "view", "id": "feed", "frame": {"x": 0, "y": 0, "width": 320, "height": 300}, "skeletonable": true,
        "children": [{"type": "label", "id": "title", "text": "Row", "skeletonable": true,
                      "frame": {"x": 10, "y": 10, "width": 100, "height": 20}}]},
       {"type": "button", "id": "more", "title": "More", "action": "more", "frame": {"x": 10, "y": 320, "width": 100, "height": 44}},
       {"type": "button", "id": "gone", "title": "Gone", "hidden": true, "frame": {"x": 10, "y": 360, "width": 100, "height": 30}}]}}
    """#

    func session() throws -> Session {
        let s = Session(scene: try SceneReader.read(Array(Self.feed.utf8), file: "scene.json"))
        _ = s.tick(at: 0)
        return s
    }

    func perform(_ s: Session, _ command: String) throws {
        try s.apply(try SceneReader.readAction(Array("{\"command\": \(command)}".utf8), file: "test", line: 1))
        _ = s.tick(at: s.time + 1)
    }

    func text(_ b: [UInt8]) -> String { String(decoding: b, as: UTF8.self) }

    @Test func visibleButtonsAreListedWithTheirFramesAndNothingIsBusy() throws {
        let d = try session().accessibilityDescription()
        #expect(!d.busy)
        #expect(d.statuses.isEmpty)
        #expect(d.buttons.map { text($0.node) } == ["more"], "a hidden button is left out")
        #expect(d.buttons.first.map { [text($0.title), text($0.action)] } == ["More", "more"])
        #expect(d.buttons.first?.frame == Rect(x: 10, y: 320, width: 100, height: 44))
    }

    @Test func aSkeletonOrASpinnerIsBusy() throws {
        let s = try session()
        try perform(s, #"{"skeleton": {"node": "feed", "show": true, "transition": "none"}}"#)
        #expect(s.accessibilityDescription().busy)
        try perform(s, #"{"skeleton": {"node": "feed", "hide": true, "transition": "none"}}"#)
        #expect(!s.accessibilityDescription().busy)
        try perform(s, #"{"spinner": {"node": "feed", "show": true}}"#)
        #expect(s.accessibilityDescription().busy)
    }

    @Test func anErrorStatusGivesItsTextsAndItsRetryButton() throws {
        let s = try session()
        try perform(s, #"{"status": {"node": "feed", "state": "error", "message": "Say \"hi\""}}"#)
        let d = s.accessibilityDescription()
        #expect(!d.busy)
        #expect(d.statuses.map { text($0.node) } == ["feed/status"])
        #expect(d.statuses.map { text($0.text) } == ["Error. Say \"hi\""])
        #expect(d.buttons.map { text($0.action) }.sorted() == ["more", "retry"])
        let json = text(d.json)
        #expect(json.hasPrefix(#"{"busy":false,"statuses":[{"node":"feed/status","text":"Error. Say \"hi\""}],"buttons":["#), "\(json)")
        #expect(json.contains(#"{"node":"more","title":"More","action":"more","x":10,"y":320,"width":100,"height":44}"#), "\(json)")
    }

    @Test func aListThatRefreshesIsListedUntilRefreshingIsTurnedOff() throws {
        let json = #"{"canvas": {"width": 200, "height": 300}, "root": {"type": "list", "id": "inbox", "rowCount": 3, "refresh": true, "row": {"type": "label", "id": "l", "text": "x"}}}"#
        let s = Session(scene: try SceneReader.read(Array(json.utf8), file: "scene.json"))
        _ = s.tick(at: 0)
        #expect(s.accessibilityDescription().refreshable.map(text) == ["inbox"])
        #expect(text(s.accessibilityDescription().json).hasSuffix(#""refreshable":["inbox"]}"#))
        #expect(!s.accessibilityDescription().busy)
        try perform(s, #"{"refresh": {"node": "inbox", "begin": true}}"#)
        #expect(s.accessibilityDescription().busy, "busy while it refreshes")
        try perform(s, #"{"refresh": {"node": "inbox", "end": true}}"#)
        #expect(!s.accessibilityDescription().busy)
        try perform(s, #"{"refresh": {"node": "inbox", "enabled": false}}"#)
        #expect(s.accessibilityDescription().refreshable.isEmpty)
        #expect(try session().accessibilityDescription().refreshable.isEmpty, "no list, nothing to refresh")
    }

    @Test func aLoadingStatusIsBusyAndSaysLoading() throws {
        let s = try session()
        try perform(s, #"{"status": {"node": "feed", "state": "loading"}}"#)
        let d = s.accessibilityDescription()
        #expect(d.busy)
        #expect(d.statuses.map { text($0.text) } == ["Loading…"])
    }
}
