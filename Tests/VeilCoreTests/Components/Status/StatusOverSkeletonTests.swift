import Testing
@testable import VeilCore

/// A status and a skeleton on the same node: the status wins (drawn over it) and the skeleton's
/// light holds still (its motion is declared paused), so the covered shimmer costs nothing; it moves
/// again once the status goes.
@Suite struct StatusOverSkeletonTests {
    let source = #"""
    {"canvas": {"width": 300, "height": 300},
     "root": {"type": "view", "id": "feed", "skeletonable": true, "background": "#FFFFFF", "children": [
        {"type": "label", "id": "title", "skeletonable": true, "frame": {"x": 10, "y": 10, "width": 200, "height": 20}, "text": "Hello"}]}}
    """#

    func action(_ json: String) throws -> Action {
        try SceneReader.readAction(Array(json.utf8), file: "test", line: 1).action
    }

    @Test func statusPausesTheShimmerAndHidingItResumes() throws {
        let s = Session(scene: try SceneReader.read(Array(source.utf8), file: "s.json"))
        try s.apply(try action(#"{"command": {"skeleton": {"node": "feed", "show": true, "style": "sliding", "transition": "none"}}}"#))
        _ = s.tick(at: 0)
        var sent = 0
        for k in 1...30 where s.tick(at: Double(k) / 60) != nil { sent += 1 }
        #expect(sent == 0, "the shimmer is declared once and played by the host")
        #expect(s.frame(at: 0.5).motions.map(\.pausedAt) == [nil])

        try s.apply(try action(#"{"command": {"status": {"node": "feed", "state": "loading"}}}"#), at: 0.5)
        _ = s.tick(at: 0.5)
        #expect(s.frame(at: 0.5).motions.map(\.pausedAt) == [0.5], "the light holds still from the status on")
        var messages: [[UInt8]] = []
        for k in 31...90 { if let m = s.tick(at: Double(k) / 60) { messages.append(m) } }
        // Only the status's own activity indicator still changes: 8 steps a second.
        #expect(messages.count <= 8, "\(messages.count) messages while covered")
        #expect(s.frame(at: 1.5).canvasItems.contains { $0.text == Array("Loading…".utf8) })
        let covered = s.frame(at: 1.5)
        #expect(covered.played(at: 0.6) == covered.played(at: 1.5), "a paused light plays as still")

        try s.apply(try action(#"{"command": {"status": {"node": "feed", "state": "none"}}}"#), at: 1.6)
        _ = s.tick(at: 1.6)
        #expect(s.frame(at: 1.6).motions.map(\.pausedAt) == [nil], "the shimmer moves again")
    }

    /// A status or spinner fading in inside a skeleton (on a node the skeleton's flat layers are
    /// drawn over) is declared once, as any fade: the message that shows it carries the fade, and
    /// the frames of the fade send nothing; played, its layer goes from clear to opaque.
    @Test(arguments: ["status", "spinner"])
    func aFadeInsideASkeletonIsDeclaredOnce(_ overlay: String) throws {
        let nested = #"""
        {"canvas": {"width": 300, "height": 300},
         "root": {"type": "view", "id": "screen", "skeletonable": true, "background": "#FFFFFF", "children": [
           {"type": "view", "id": "feed", "skeletonable": true, "frame": {"x": 0, "y": 40, "width": 300, "height": 200}, "children": [
             {"type": "label", "id": "title", "skeletonable": true, "frame": {"x": 10, "y": 10, "width": 200, "height": 20}, "text": "Hello"}]}]}}
        """#
        let s = Session(scene: try SceneReader.read(Array(nested.utf8), file: "s.json"))
        try s.apply(try action(#"{"command": {"skeleton": {"node": "screen", "show": true, "style": "solid", "transition": "none"}}}"#))
        _ = s.tick(at: 0)
        let show = overlay == "status" ? #"{"command": {"status": {"node": "feed", "state": "error", "message": "Offline", "transition": "crossDissolve"}}}"#
            : #"{"command": {"spinner": {"node": "feed", "show": true}}}"#
        try s.apply(try action(show), at: 0.5)
        #expect(s.tick(at: 0.5) != nil, "the message that shows it")
        let frame = s.frame(at: 0.5)
        var sent: [Int] = []
        for k in 31 ... 60 { if let m = s.tick(at: Double(k) / 60) { sent.append(m.count) } }
        // Then the one its end settles (a spinner's turn steps besides: it is not sent).
        #expect(sent.count <= 1, "\(sent)")
        #expect(frame.itemMotions.contains { if case .fade = $0.path { return true } else { return false } }, "the fade is declared")
        let key = Array("feed/\(overlay)#layer".utf8)
        func layer(_ f: Frame) -> Item? {
            func find(_ items: [Item]) -> Item? {
                for item in items {
                    if s.itemKey(item.id) == key { return item }
                    if let found = find(item.children) { return found }
                }
                return nil
            }
            return find(f.items)
        }
        #expect(layer(frame)?.opacity == 0, "held at the fade's start")
        #expect(layer(frame.played(at: 0.9))?.opacity == 255, "played: faded in")
    }

    /// Painter's order: the status view and the spinner overlay come after the skeleton's
    /// placeholder layer in the host's layer, so they are drawn above its placeholders.
    @Test(arguments: [#"{"command": {"status": {"node": "feed", "state": "error", "message": "Offline"}}}"#,
                      #"{"command": {"spinner": {"node": "feed", "show": true}}}"#])
    func overlaysLieAbovePlaceholders(_ overlay: String) throws {
        let s = Session(scene: try SceneReader.read(Array(source.utf8), file: "s.json"))
        try s.apply(try action(#"{"command": {"skeleton": {"node": "feed", "show": true, "style": "solid", "transition": "none"}}}"#))
        try s.apply(try action(overlay))
        let frame = s.frame(at: 1)
        let host = try #require(frame.items.first)
        let keys = host.children.map { String(decoding: s.itemKey($0.id) ?? [], as: UTF8.self) }
        let placeholders = try #require(keys.firstIndex(of: "feed#skp"), "\(keys)")
        let over = try #require(keys.firstIndex { $0.hasPrefix("feed/status") || $0.hasPrefix("feed/spinner") }, "\(keys)")
        #expect(over > placeholders, "\(keys)")
    }
}
