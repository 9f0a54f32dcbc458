import Foundation
import PropertyBased
import Testing
@testable import VeilCore

/// Content insets and the safe area: at rest a scrolled list starts below the status bar and ends
/// above the home indicator, while its rows still pass under both (docs/SCENE.md, "Insets and the
/// safe area").
@Suite struct ScrollInsetsTests {
    typealias Run = ScrollingTests.Run

    /// The canvas frame of the first drawn item whose key starts with `prefix` (a row's text, the
    /// heading), found by walking the frame's layers.
    static func rect(of prefix: String, in session: Session, _ frame: Frame) -> Rect? {
        func walk(_ items: [Item], dx: Double, dy: Double) -> Rect? {
            for item in items {
                let x = dx + Double(item.x) / Fixed.scale, y = dy + Double(item.y) / Fixed.scale
                if let key = session.itemKey(item.id), String(decoding: key, as: UTF8.self).hasPrefix(prefix) {
                    return Rect(x: x, y: y, width: Double(item.width) / Fixed.scale, height: Double(item.height) / Fixed.scale)
                }
                if item.isLayer, let found = walk(item.children, dx: x, dy: y) { return found }
            }
            return nil
        }
        return walk(frame.items, dx: 0, dy: 0)
    }

    @Test func theInboxStartsBelowTheStatusBarAndEndsAboveTheHomeIndicator() throws {
        let run = Run(try ScrollingTests.inbox())
        let heading = try #require(Layout.layout(run.session.scene).box(of: utf8("heading")))
        #expect(heading.frame.y == 47, "the safe area's top (47 pt) is the content's top inset")
        #expect(ScrollingTests.contentOffset(try run.tick(until: 0.1)) == 0, "at rest, at offset 0")
        try run.apply(.input(.key(KeyEvent(phase: .down, key: utf8("End")))), at: 0.2)
        let end = try run.tick(until: 1.5)
        let expectedEnd: Double = 2_965  // 47 + 64 + 40 × 88 + 34 − 700
        #expect(ScrollingTests.contentOffset(end) == expectedEnd)
        let last = try #require(Self.rect(of: "inbox/39/row#layer", in: run.session, end))
        #expect(last.y + last.height == 700 - 34, "the last row ends at the safe area's bottom")
    }

    @Test func withoutAdjustmentTheContentStartsAtTheTop() throws {
        var scene = try ScrollingTests.inbox()
        scene.root.scrollInsets.adjustsForSafeArea = false
        let heading = try #require(Layout.layout(scene).box(of: utf8("heading")))
        #expect(heading.frame.y == 0)
    }

    /// A horizontal scroll container with a content inset: its first page starts `left` points in,
    /// the cross-axis insets narrow it, and it scrolls to `right` points past its last page.
    @Test func aHorizontalContentInsetPadsTheContentAlongAndAcross() throws {
        let json = #"""
        {"canvas": {"width": 300, "height": 200}, "safeArea": {"left": 30},
         "root": {"type": "scroll", "id": "s", "axis": "horizontal", "spacing": 10,
                  "contentInset": {"left": 16, "right": 16, "top": 8, "bottom": 8},
                  "children": [{"type": "view", "id": "a", "width": 200, "background": "#FF0000"},
                               {"type": "view", "id": "b", "width": 200, "background": "#00FF00"}]}}
        """#
        let scene = try SceneReader.read(Array(json.utf8), file: "s.json")
        let box = Layout.layout(scene)
        let a = try #require(box.box(of: utf8("a"))), b = try #require(box.box(of: utf8("b")))
        #expect(a.frame == Rect(x: 46, y: 8, width: 200, height: 184))
        #expect(b.frame.x == 256)
        let length: Double = 30 + 16 + 410 + 16
        #expect(box.contentLength == length)
        let run = Run(scene)
        try run.apply(.input(.key(KeyEvent(phase: .down, key: utf8("End")))), at: 0.1)
        let frame = try run.tick(until: 1)
        let content = try #require(frame.items.first?.children.first { $0.isLayer })
        #expect(-Double(content.x) / Fixed.scale == length - 300)
    }

    /// Pulled to refresh, the animator opens below the status bar, not under it.
    @Test func theRefreshAnimatorOpensBelowTheTopInset() throws {
        let run = Run(try ScrollingTests.inbox())
        try run.apply(.command(.refresh(node: utf8("inbox"), .begin)), at: 0.1)
        let frame = try run.tick(until: 1)
        #expect(ScrollingTests.contentOffset(frame) == -60)
        let spinner = try #require(Self.rect(of: "inbox#ptrspin", in: run.session, frame))
        #expect(spinner.y > 47 && spinner.y + spinner.height < 47 + 60, "between the status bar and the first row: \(spinner)")
    }

    /// Whatever the frame and the safe area, a vertical list's first row at rest starts inside the
    /// safe area and, scrolled to its end, its last row ends inside it; inside the safe area no
    /// inset is added.
    @Test func restingContentStaysInsideTheSafeArea() async {
        await propertyCheck(input: Gen.int(in: 0 ... 100), Gen.int(in: 0 ... 100), Gen.int(in: -50 ... 300),
                            Gen.int(in: 200 ... 600)) { safeTopPoints, safeBottomPoints, yPoints, heightPoints in
            let safeTop = Double(safeTopPoints), safeBottom = Double(safeBottomPoints)
            let y = Double(yPoints), height = Double(heightPoints)
            let json = """
            {"canvas": {"width": 320, "height": 700}, "safeArea": {"top": \(safeTop), "bottom": \(safeBottom)},
             "root": {"type": "view", "children": [
               {"type": "list", "id": "l", "frame": {"x": 0, "y": \(y), "width": 320, "height": \(height)},
                "rowHeight": 50, "rowCount": 40, "row": {"type": "view", "id": "t", "background": "#EEEEEE"}}]}}
            """
            guard let scene = try? SceneReader.read(Array(json.utf8), file: "p.json") else {
                Issue.record("unreadable scene"); return
            }
            let box = Layout.layout(scene)
            guard let list = box.box(of: utf8("l")), let first = list.children.first else {
                Issue.record("no rows"); return
            }
            let safeStart = safeTop, safeEnd = 700 - safeBottom
            #expect(list.insets.top == max(0, safeStart - y))
            #expect(list.insets.bottom == max(0, y + height - safeEnd))
            #expect(first.frame.y == max(y, safeStart))
            // Scrolled to its end, the last row ends where the safe area (or the list) does.
            let session = Session(scene: scene)
            _ = session.tick(at: 0)
            try? session.perform(.scroll(node: utf8("l"), to: 1e9, animated: false))
            guard let last = Self.rect(of: "l/39/t#bg", in: session, session.frame(at: 0.1)) else {
                Issue.record("the last row is not drawn"); return
            }
            #expect(abs(last.y + last.height - min(safeEnd, y + height)) < 0.2, "last row ends at \(last.y + last.height)")
        }
    }
}
