import Foundation
import Testing
@testable import VeilCore

/// Horizontal lists (carousels): rows left to right, virtual like vertical lists, scrolled by
/// horizontal pans, the wheel's x and the arrow keys, and with infinite scroll sideways.
@Suite struct HorizontalListTests {
    static func scene(rows: Int = 1_000_000, loadMore: String = "", extra: String = "") throws -> Scene {
        let json = """
        {"canvas": {"width": 390, "height": 400},
         "root": {"type": "stack", "id": "page", "children": [
           {"type": "label", "id": "title", "text": "For you", "height": 44},
           {"type": "list", "id": "shelf", "axis": "horizontal", "rowWidth": 150, "rowHeight": 200, "rowCount": \(rows),
            "separatorColor": "#C6C6C8" \(loadMore) \(extra),
            "row": {"type": "view", "id": "card", "background": "#EEEEEE", "cornerRadius": 12}}]}}
        """
        return try SceneReader.read(Array(json.utf8), file: "shelf.json")
    }

    /// Row indices laid out now, in order.
    static func laidOutRows(_ session: Session) -> [Int] {
        guard let shelf = session.layout().box(of: utf8("shelf")) else { return [] }
        return shelf.children.compactMap { box in
            let id = String(decoding: box.node.id, as: UTF8.self)
            guard id.hasPrefix("shelf/"), id.hasSuffix("/card") else { return nil }
            return Int(id.dropFirst(6).dropLast(5))
        }
    }

    @Test func rowsGoLeftToRightAtTheirWidthAndTheListIsAsTallAsItsRows() throws {
        let box = Layout.layout(try Self.scene(rows: 10))
        let shelf = try #require(box.box(of: utf8("shelf")))
        #expect(shelf.frame == Rect(x: 0, y: 44, width: 390, height: 200), "a vertical stack gives it its rows' height")
        let cards = shelf.children.map(\.frame)
        #expect(cards.first == Rect(x: 0, y: 44, width: 150, height: 200))
        #expect(cards.dropFirst().first?.x == 150)
        #expect(shelf.contentLength == 1_500)
    }

    /// A million rows cost what the visible ones cost, wherever the list is scrolled.
    @Test func aMillionRowsAreVirtual() throws {
        let run = ScrollingTests.Run(try Self.scene())
        try run.tick(until: 0.1)
        #expect(Self.laidOutRows(run.session).max()! < 10)
        try run.apply(.command(.scroll(node: utf8("shelf"), to: 150 * 500_000, animated: false)), at: 0.2)
        let frame = try run.tick(until: 0.3)
        let rows = Self.laidOutRows(run.session)
        #expect(rows.contains(500_000) && rows.contains(500_002))
        #expect(rows.count < 12, "the viewport and its margin only: \(rows.count)")
        #expect(frame.canvasItems.count < 60)
    }

    /// A horizontal drag moves it 1:1, then it coasts; a vertical drag leaves it where it is.
    @Test func horizontalPansScrollItAndVerticalOnesDoNot() throws {
        let run = ScrollingTests.Run(try Self.scene())
        func pointer(_ phase: PointerPhase, x: Double, y: Double, at t: Double) throws {
            try run.apply(.input(.pointer(PointerEvent(phase: phase, x: x, y: y, pointer: 1, kind: .touch))), at: t)
        }
        try pointer(.down, x: 300, y: 150, at: 0.1)
        try pointer(.move, x: 250, y: 150, at: 0.12)
        try pointer(.move, x: 200, y: 150, at: 0.14)
        // The pan takes the finger where it crossed the slop (x 250), so it starts without a jump.
        #expect(run.session.scroll.positions(at: 0.14).offset(of: utf8("shelf")) == 50)
        try pointer(.up, x: 180, y: 150, at: 0.16)
        let released = run.session.scroll.positions(at: 0.16).offset(of: utf8("shelf"))
        #expect(run.session.scroll.positions(at: 0.5).offset(of: utf8("shelf")) > released + 50, "it coasts")

        let other = ScrollingTests.Run(try Self.scene())
        try other.apply(.input(.pointer(PointerEvent(phase: .down, x: 200, y: 150, pointer: 1, kind: .touch))), at: 0.1)
        try other.apply(.input(.pointer(PointerEvent(phase: .move, x: 200, y: 100, pointer: 1, kind: .touch))), at: 0.12)
        try other.apply(.input(.pointer(PointerEvent(phase: .up, x: 200, y: 50, pointer: 1, kind: .touch))), at: 0.14)
        #expect(other.session.scroll.positions(at: 1).offset(of: utf8("shelf")) == 0)
    }

    @Test func theWheelsXAndTheArrowKeysScrollIt() throws {
        let run = ScrollingTests.Run(try Self.scene())
        try run.apply(.input(.wheel(WheelEvent(x: 200, y: 150, dx: 120, dy: 0))), at: 0.1)
        #expect(run.session.scroll.positions(at: 0.1).offset(of: utf8("shelf")) == 120)
        try run.apply(.input(.key(KeyEvent(phase: .down, key: utf8("ArrowRight")))), at: 0.2)
        #expect(run.session.scroll.positions(at: 1).offset(of: utf8("shelf")) == 160)
    }

    /// Separators of a carousel stand between its cards.
    @Test func separatorsAreVertical() throws {
        let session = Session(scene: try Self.scene(rows: 5))
        let frame = session.frame(at: 0)
        func named(_ prefix: String) -> [Item] {
            frame.canvasItems.filter { String(decoding: session.itemKey($0.id) ?? [], as: UTF8.self).hasPrefix(prefix) }
        }
        let separators = named("shelf#sep"), cards = named("shelf/")
        #expect(cards.count >= 3 && separators.count == cards.count - 1, "one between each two cards drawn")
        #expect(zip(separators, cards).allSatisfy { $0.x == $1.x + $1.width - Fixed.from(0.5) })
        #expect(separators.allSatisfy { $0.width == Fixed.from(0.5) && $0.height == Fixed.from(200) })
    }

    /// Sideways infinite scroll: asks once near the end, shows its spinner after the content,
    /// answered by rows; `hasMore: false` stops asking.
    @Test func infiniteScrollSideways() throws {
        let run = ScrollingTests.Run(try Self.scene(rows: 6, loadMore: #", "loadMore": {"prefetch": 100, "endText": "End"}"#))
        try run.tick(until: 0.1)
        #expect(run.events.isEmpty, "900 pt of cards, 390 on screen: nothing to ask yet")
        try run.apply(.command(.scroll(node: utf8("shelf"), to: 450, animated: false)), at: 0.2)
        try run.tick(until: 0.5)
        #expect(run.events.filter { $0 == "loadMore" }.count == 1)
        // While loading, the end inset grows by the footer's 60 pt, and the spinner turns after the cards.
        try run.apply(.input(.key(KeyEvent(phase: .down, key: utf8("End")))), at: 0.6)
        let loading = try run.tick(until: 1.2)
        #expect(run.session.scroll.positions(at: 1.2).offset(of: utf8("shelf")) == 900 + 60 - 390)
        let spinner = try #require(loading.canvasItems.first { String(decoding: run.session.itemKey($0.id) ?? [], as: UTF8.self) == "shelf#more" })
        // In the middle of the 60 pt after the last card (900), on the canvas scrolled by 570.
        #expect(spinner.opacity == 255 && Double(spinner.x) / Fixed.scale == 900 + 30 - 10 - 570)
        try run.apply(.command(.rows(node: utf8("shelf"), .append([ListRow()]))), at: 1.3)
        try run.tick(until: 1.5)
        #expect(run.events.filter { $0 == "loadMore" }.count == 2, "the new card leaves 90 pt, under 100: it asks again")
        try run.apply(.command(.loadMore(node: utf8("shelf"), .hasMore(false))), at: 1.6)
        try run.apply(.input(.key(KeyEvent(phase: .down, key: utf8("End")))), at: 1.7)
        try run.tick(until: 3)
        #expect(run.events.filter { $0 == "loadMore" }.count == 2)
    }

    @Test func pullToRefreshOnAHorizontalListIsASceneError() {
        #expect(throws: SceneError.self) { try Self.scene(extra: #", "refresh": true"#) }
    }
}
