import Testing
@testable import VeilCore

/// The skeleton keys and commands of the scene format: every key read, defaults, and bad input
/// reported at file:line:column.
@Suite struct SkeletonReaderTests {
    func read(_ json: String) throws(SceneError) -> Scene {
        try SceneReader.read(Array(json.utf8), file: "s.json")
    }

    func command(_ json: String) throws(SceneError) -> Command? {
        guard case let .command(c) = try SceneReader.readAction(Array(json.utf8), file: "ws", line: 1).action else { return nil }
        return c
    }

    @Test func nodeAndLabelKeys() throws {
        let s = try read(#"""
        {"root": {"type": "view", "id": "card", "skeletonable": true, "hiddenWhenSkeletonIsActive": true,
                  "interactiveWhenSkeleton": true, "skeletonCornerRadius": 6,
          "children": [
            {"type": "label", "id": "a", "skeletonable": true, "lastLineFillPercent": 50, "linesCornerRadius": 4,
             "skeletonLineSpacing": 6, "skeletonPaddingInsets": {"left": 8, "top": 2}, "skeletonTextLineHeight": "relativeToFont",
             "skeletonTextNumberOfLines": 3},
            {"type": "label", "id": "b", "skeletonTextLineHeight": 12, "skeletonTextNumberOfLines": "inherited"}
          ]}}
        """#)
        let t = s.root.skeleton
        #expect(t.skeletonable && t.hiddenWhenSkeletonIsActive && t.interactiveWhenSkeleton && t.cornerRadius == 6)
        let a = s.root.children[0].skeleton
        #expect(a.skeletonable && a.text.lastLineFillPercent == 50 && a.text.linesCornerRadius == 4 && a.text.lineSpacing == 6)
        #expect(a.text.paddingInsets == EdgeInsets(top: 2, left: 8) && a.text.lineHeight == .relativeToFont && a.text.numberOfLines == .custom(3))
        let b = s.root.children[1].skeleton
        #expect(!b.skeletonable && !b.hiddenWhenSkeletonIsActive && !b.interactiveWhenSkeleton && b.cornerRadius == nil)
        #expect(b.text.lineHeight == .fixed(12) && b.text.numberOfLines == .inherited && b.text.lastLineFillPercent == nil)
    }

    @Test func sceneAppearanceKeysAndDefaults() throws {
        let d = try read(##"{"root": {"type": "view"}}"##).skeletonAppearance
        #expect(d.tint == Color(rgba: 0xECF0F1FF) && d.darkTint == Color(rgba: 0x1C2325FF) && d.gradient == nil)
        #expect(d.textLineHeight == .fixed(15) && d.multilineSpacing == 10 && d.multilineLastLineFillPercent == 70)
        #expect(d.multilineCornerRadius == 0 && d.skeletonCornerRadius == 0)
        let a = try read(#"""
        {"root": {"type": "view"}, "skeleton": {"tint": "#3498db", "darkTint": "#000", "gradient": ["#111", "#222"],
          "textLineHeight": 12, "multilineSpacing": 4, "multilineLastLineFillPercent": 40, "multilineCornerRadius": 3,
          "skeletonCornerRadius": 5}}
        """#).skeletonAppearance
        #expect(a.tint == Color(rgba: 0x3498DBFF) && a.darkTint == .black && a.gradient == [Color(rgba: 0x111111FF), Color(rgba: 0x222222FF)])
        #expect(a.textLineHeight == .fixed(12) && a.multilineSpacing == 4 && a.multilineLastLineFillPercent == 40)
        #expect(a.multilineCornerRadius == 3 && a.skeletonCornerRadius == 5)
    }

    @Test func listSectionsSkeletonRowsAndPreparations() throws {
        let s = try read(#"""
        {"root": {"type": "list", "id": "table", "rowHeight": 50, "skeletonRows": 4,
          "row": {"type": "view", "id": "cell", "children": [{"type": "label", "id": "detail"}]},
          "sections": [
            {"header": {"type": "label", "id": "h0", "text": "Today"}, "rowCount": 2},
            {"footer": {"type": "label", "text": "End"}, "rowCount": 1, "skeletonRows": "automatic"},
            {"skeletonRows": 2}
          ],
          "skeletonPreparations": [{"row": 0, "node": "detail", "hidden": true}, {"section": 1, "row": 2, "node": "cell", "background": "#fff"}]}}
        """#)
        guard case let .list(style) = s.root.kind else { Issue.record("not a list"); return }
        #expect(style.skeletonRows == .count(4) && style.sections.count == 3)
        #expect(style.sections[0].header?.id == bytes("h0") && style.sections[0].rowCount == 2 && style.sections[0].skeletonRows == .automatic)
        #expect(style.sections[1].footer?.id == bytes("table/1/footer") && style.sections[1].rowCount == 1)
        #expect(style.sections[2].rowCount == 0 && style.sections[2].skeletonRows == .count(2))
        #expect(style.skeletonPreparations.count == 2)
        let p = style.skeletonPreparations[1]
        #expect(p.section == 1 && p.row == 2 && p.node == bytes("cell") && p.changes.count == 1)
        #expect(style.skeletonPreparations[0].section == nil)
    }

    @Test func showHideUpdateAndAppearanceCommands() throws {
        guard case let .skeleton(node, .show(style, transition, delay))? = try command(#"""
        {"command": {"skeleton": {"node": "feed", "show": true, "style": "sliding", "color": "#3498db",
          "gradient": ["#111", "#222", "#333"], "direction": "bottomRightTopLeft", "duration": 2, "curve": "linear",
          "transition": {"crossDissolve": 0.5}, "delay": 0.3}}}
        """#) else { Issue.record("not a show"); return }
        #expect(node == bytes("feed") && transition == .crossDissolve(0.5) && delay == 0.3)
        #expect(style.kind == .sliding && style.color == Color(rgba: 0x3498DBFF) && style.gradient?.count == 3)
        #expect(style.direction == .bottomRightTopLeft && style.duration == 2 && style.curve == .linear)

        guard case let .skeleton(_, .show(plain, t2, d2))? = try command(##"{"command": {"skeleton": {"node": "feed", "show": true}}}"##) else {
            Issue.record("not a show"); return
        }
        #expect(plain.kind == nil && t2 == .crossDissolve(0.25) && d2 == 0, "solid, crossDissolve(0.25), no delay")

        guard case let .skeleton(_, .hide(t3))? = try command(##"{"command": {"skeleton": {"node": "feed", "hide": true, "transition": "none"}}}"##) else {
            Issue.record("not a hide"); return
        }
        #expect(t3 == .none)
        guard case let .skeleton(_, .update(u))? = try command(##"{"command": {"skeleton": {"node": "feed", "update": {"style": "pulse", "color": "#e74c3c"}}}}"##) else {
            Issue.record("not an update"); return
        }
        #expect(u.kind == .pulse && u.color == Color(rgba: 0xE74C3CFF) && u.duration == nil)
        guard case .appearance(.dark)? = try command(##"{"command": {"appearance": "dark"}}"##) else { Issue.record("not appearance"); return }
    }

    @Test(arguments: [
        (##"{"command": {"skeleton": {"node": "f"}}}"##, 26, "needs one of \"show\": true"),
        (##"{"command": {"skeleton": {"show": true}}}"##, 26, "missing required key \"node\""),
        (##"{"command": {"skeleton": {"node": "f", "show": false}}}"##, 48, "must be true"),
        (##"{"command": {"skeleton": {"node": "f", "show": true, "hide": true}}}"##, 54, "found \"hide\" after \"show\""),
        (##"{"command": {"skeleton": {"node": "f", "hide": true, "style": "pulse"}}}"##, 54, "\"style\" goes with \"show\""),
        (##"{"command": {"skeleton": {"node": "f", "update": {"curve": "linear"}, "delay": 1}}}"##, 71, "put style keys inside"),
        (##"{"command": {"skeleton": {"node": "f", "update": {}, "transition": "none"}}}"##, 54, "not \"update\""),
        (##"{"command": {"skeleton": {"node": "f", "show": true, "style": "shimmer"}}}"##, 63, "\"shimmer\""),
        (##"{"command": {"skeleton": {"node": "f", "show": true, "direction": "up"}}}"##, 67, "\"up\""),
        (##"{"command": {"skeleton": {"node": "f", "show": true, "duration": 0}}}"##, 66, "duration"),
        (##"{"command": {"skeleton": {"node": "f", "show": true, "gradient": []}}}"##, 66, "1 to 16 colours"),
        (##"{"command": {"skeleton": {"node": "f", "show": true, "gradient": ["#12"]}}}"##, 67, "colour"),
        (##"{"command": {"skeleton": {"node": "f", "show": true, "delay": -1}}}"##, 63, "delay"),
        (##"{"command": {"skeleton": {"node": "f", "update": {"speed": 2}}}}"##, 51, "unknown key \"speed\""),
        (##"{"command": {"appearance": "sepia"}}"##, 28, "\"sepia\""),
    ])
    func badCommands(json: String, column: Int, fragment: String) {
        var e: SceneError? = nil
        do { _ = try command(json) } catch { e = error }
        #expect(e?.line == 1)
        #expect(e?.column == column, "\(e?.description ?? "no error")")
        #expect(e?.message.contains(fragment) == true, "\(e?.description ?? "no error")")
    }

    @Test(arguments: [
        (##"{"root": {"type": "view", "skeletonable": 1}}"##, 1, 43, "expected true or false"),
        (##"{"root": {"type": "view", "lastLineFillPercent": 50}}"##, 1, 27, "unknown key \"lastLineFillPercent\" in view"),
        (##"{"root": {"type": "label", "lastLineFillPercent": 120}}"##, 1, 51, "120"),
        (##"{"root": {"type": "label", "skeletonTextLineHeight": "font"}}"##, 1, 54, "\"font\""),
        (##"{"root": {"type": "label", "skeletonTextNumberOfLines": -1}}"##, 1, 57, "-1"),
        ("{\"root\": {\"type\": \"view\"},\n \"skeleton\": {\"tint\": \"red\"}}", 2, 23, "colour"),
        (##"{"root": {"type": "view"}, "skeleton": {"glow": 1}}"##, 1, 41, "unknown key \"glow\" in \"skeleton\""),
        (##"{"root": {"type": "list", "row": {"type": "view"}, "skeletonRows": "all"}}"##, 1, 68, "\"all\""),
        (##"{"root": {"type": "list", "row": {"type": "view"}, "sections": [{"rows": 2}]}}"##, 1, 66, "unknown key \"rows\" in a section"),
        (##"{"root": {"type": "list", "row": {"type": "view"}, "skeletonPreparations": [{"node": "row"}]}}"##, 1, 77, "missing required key \"row\""),
        (##"{"root": {"type": "list", "row": {"type": "view"}, "skeletonPreparations": [{"row": 0, "node": "x"}]}}"##, 1, 96, "no node \"x\" in the list's row template"),
        (##"{"root": {"type": "list", "row": {"type": "view"}, "skeletonPreparations": [{"row": 0}]}}"##, 1, 77, "missing required key \"node\""),
    ])
    func badScenes(json: String, line: Int, column: Int, fragment: String) {
        var e: SceneError? = nil
        do { _ = try read(json) } catch { e = error }
        #expect(e?.file == "s.json")
        #expect(e?.line == line && e?.column == column, "\(e?.description ?? "no error")")
        #expect(e?.message.contains(fragment) == true, "\(e?.description ?? "no error")")
    }

    @Test func sectionRowsCountTowardsTheNodeBound() {
        let cells = Array(repeating: #"{"type": "view"}"#, count: 20).joined(separator: ", ")
        let json = #"{"root": {"type": "list", "row": {"type": "view", "children": ["# + cells
            + #"]}, "sections": [{"rowCount": 600}, {"rowCount": 600}]}}"#
        #expect(throws: SceneError.self) { try read(json) }
    }
}
