import Foundation
import Testing
@testable import VeilCore

/// A custom refresh animator: a node subtree of the scene, in the room above the content, shown
/// with the changes of the state the refresh is in (docs/SCENE.md, "Pull to refresh").
@Suite struct RefreshViewTests {
    static let refreshJSON = #"""
    {"height": 64,
     "view": {"type": "stack", "id": "ptr", "axis": "horizontal", "spacing": 8, "alignment": "center", "justify": "center",
              "children": [{"type": "activityIndicator", "id": "ptrSpin", "hidden": true},
                           {"type": "label", "id": "ptrText", "text": "Pull to refresh", "color": "#8E8E93"}]},
     "states": {"ready": {"ptrText": "Release to refresh"},
                "refreshing": {"ptrText": "Checking for mail…", "ptrSpin": {"hidden": false}}}}
    """#

    /// The refresh of a scene whose list has `refreshJSON`.
    static func customRefresh() throws -> RefreshStyle {
        let json = #"{"root": {"type": "list", "id": "l", "row": {"type": "view"}, "refresh": "# + refreshJSON + "}}"
        return try #require(try SceneReader.read(Array(json.utf8), file: "r.json").root.refresh)
    }

    static func inbox() throws -> Scene {
        var scene = try ScrollingTests.inbox()
        scene.root.refresh = try customRefresh()
        return scene
    }

    /// The text the view shows in the frame, if it is drawn.
    static func label(_ run: ScrollingTests.Run, _ frame: Frame) -> String? {
        for item in frame.canvasItems where item.kind == .text {
            let key = String(decoding: run.session.itemKey(item.id) ?? [], as: UTF8.self)
            if key.hasPrefix("ptrText#") { return String(decoding: item.text, as: UTF8.self) }
        }
        return nil
    }

    static func spinnerShows(_ run: ScrollingTests.Run, _ frame: Frame) -> Bool {
        frame.canvasItems.contains { $0.kind == .activityIndicator && run.session.itemKey($0.id).map { String(decoding: $0, as: UTF8.self).hasPrefix("ptrSpin#") } == true }
    }

    /// Flung at its top, the content coasts past it and springs back along one declared path; the
    /// session still wakes where the view's state changes on the way, so the view is laid out
    /// "pulling" while the content is drawn past the top, and "idle" once it is back.
    @Test func aCoastPastTheTopLaysTheViewOutOnTheWay() throws {
        let run = ScrollingTests.Run(try Self.inbox())
        try run.apply(.command(.scroll(node: utf8("inbox"), to: 300, animated: false)), at: 0.2)
        try run.pointer(.down, y: 100, at: 0.5)
        for k in 1 ... 4 { try run.pointer(.move, y: 100 + Double(k) * 60, at: 0.5 + Double(k) / 60) }
        try run.pointer(.up, y: 340, at: 0.5 + 5.0 / 60)
        var pulledAndLaidOut = false
        for k in 0 ..< 120 {
            let frame = try run.tick(until: 0.6 + Double(k) / 60)
            if ScrollingTests.contentOffset(frame) < -5, run.session.scroll.containers[0].laidOutRefreshState == .pulling {
                pulledAndLaidOut = true
            }
        }
        #expect(pulledAndLaidOut, "laid out as pulled while drawn past the top")
        #expect(run.session.scroll.containers[0].laidOutRefreshState == .idle)
    }

    @Test func theViewFollowsThePullThroughItsStates() throws {
        let run = ScrollingTests.Run(try Self.inbox())
        #expect(Self.label(run, try run.tick(until: 0.1)) == "Pull to refresh", "above the content at rest, out of sight")
        try run.pointer(.down, y: 300, at: 0.2)
        try run.pointer(.move, y: 340, at: 0.25)
        #expect(Self.label(run, try run.tick(until: 0.25)) == "Pull to refresh")
        try run.pointer(.move, y: 500, at: 0.3)  // far past 64 points, rubber band and all
        let ready = try run.tick(until: 0.3)
        #expect(Self.label(run, ready) == "Release to refresh")
        #expect(!Self.spinnerShows(run, ready))
        try run.pointer(.up, y: 500, at: 0.35)
        let refreshing = try run.tick(until: 1)
        #expect(Self.label(run, refreshing) == "Checking for mail…")
        #expect(Self.spinnerShows(run, refreshing))
        #expect(ScrollingTests.contentOffset(refreshing) == -64, "held open by the view's height")
        #expect(run.events.contains("refresh"))
        try run.apply(.command(.refresh(node: utf8("inbox"), .end)), at: 1.1)
        let ended = try run.tick(until: 2)
        #expect(Self.label(run, ended) == "Pull to refresh")
        #expect(ScrollingTests.contentOffset(ended) == 0)
    }

    /// Pulled past the height and brought back before letting go: back to pulling, no refresh.
    @Test func backBelowTheHeightBeforeLettingGoDoesNotRefresh() throws {
        let run = ScrollingTests.Run(try Self.inbox())
        try run.pointer(.down, y: 300, at: 0.2)
        try run.pointer(.move, y: 320, at: 0.22)  // past the slop: the pan begins here
        try run.pointer(.move, y: 520, at: 0.25)
        #expect(Self.label(run, try run.tick(until: 0.25)) == "Release to refresh")
        try run.pointer(.move, y: 330, at: 0.3)
        #expect(Self.label(run, try run.tick(until: 0.3)) == "Pull to refresh")
        try run.pointer(.up, y: 330, at: 0.35)
        try run.tick(until: 2)
        #expect(!run.events.contains("refresh"))
    }

    /// The view lies in the room above the content, below the top inset (the safe area's 47 pt).
    @Test func theViewOpensBelowTheTopInset() throws {
        let run = ScrollingTests.Run(try Self.inbox())
        try run.apply(.command(.refresh(node: utf8("inbox"), .begin)), at: 0.1)
        let frame = try run.tick(until: 1)
        let text = try #require(frame.canvasItems.first { $0.kind == .text && run.session.itemKey($0.id).map { String(decoding: $0, as: UTF8.self).hasPrefix("ptrText#") } == true })
        let y = Double(text.y) / Fixed.scale
        #expect(y > 47 && y < 47 + 64)
    }

    @Test func statesNameNodesOfTheView() {
        let json = #"{"root": {"type": "list", "id": "l", "row": {"type": "view"}, "refresh": {"view": {"type": "label", "id": "a", "text": "x"}, "states": {"ready": {"b": "y"}}}}}"#
        #expect(throws: SceneError.self) { try SceneReader.read(Array(json.utf8), file: "r.json") }
        let noView = #"{"root": {"type": "list", "id": "l", "row": {"type": "view"}, "refresh": {"states": {"ready": {"b": "y"}}}}}"#
        #expect(throws: SceneError.self) { try SceneReader.read(Array(noView.utf8), file: "r.json") }
        let badState = #"{"root": {"type": "list", "id": "l", "row": {"type": "view"}, "refresh": {"view": {"type": "label", "id": "a", "text": "x"}, "states": {"armed": {"a": "y"}}}}}"#
        #expect(throws: SceneError.self) { try SceneReader.read(Array(badState.utf8), file: "r.json") }
    }

    /// A list in a row template renames its refresh view per row: ids stay unique.
    @Test func aRefreshViewInARowTemplateIsRenamedPerRow() throws {
        let json = #"""
        {"root": {"type": "list", "id": "outer", "rowHeight": 300, "rowCount": 3, "skeletonRows": 1,
          "row": {"type": "list", "id": "inner", "rowCount": 5, "skeletonRows": 1,
                  "row": {"type": "label", "id": "t", "text": "Row"},
                  "refresh": {"view": {"type": "label", "id": "v", "text": "Pull"}}}}}
        """#
        let scene = try SceneReader.read(Array(json.utf8), file: "r.json")
        let box = Layout.layout(scene)
        var ids: [String] = []
        func collect(_ b: LayoutBox) {
            ids.append(String(decoding: b.node.id, as: UTF8.self))
            b.children.forEach(collect)
            b.refreshView.forEach(collect)
        }
        collect(box)
        #expect(ids.contains("outer/0/v") && ids.contains("outer/1/v"))
        #expect(Set(ids).count == ids.count)
    }
}
