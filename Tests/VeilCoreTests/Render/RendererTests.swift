import Testing
@testable import VeilCore

@Suite struct RendererTests {
    let red = Color(r: 255, g: 0, b: 0)
    let blue = Color(r: 0, g: 0, b: 255)

    @Test func backgroundsBecomeRectsInPaintersOrderWithSharedPaints() {
        let root = view("root", background: blue, children: [
            view("a", frame: Rect(x: 10, y: 10, width: 20, height: 20), background: red),
            view("b", frame: Rect(x: 40, y: 10, width: 20, height: 20), background: red),
        ])
        let f = Session(scene: scene(root)).frame(at: 0)
        #expect(f.canvasItems.count == 3)
        #expect(f.canvasItems.map(\.kind) == [.rect, .rect, .rect])
        #expect(f.canvasItems[1].x == Fixed.from(10) && f.canvasItems[1].width == Fixed.from(20))
        #expect(f.canvasItems[1].fill == f.canvasItems[2].fill, "one paint for one colour")
        #expect(f.paint(of: f.canvasItems[1].fill) == .solid(red))
        #expect(f.paints.count == 2)
        #expect(Set(f.canvasItems.map(\.id)).count == 3)
    }

    @Test func idsAreStableAcrossFramesAndChanges() throws {
        let root = view("root", children: [view("a", frame: Rect(x: 0, y: 0, width: 5, height: 5), background: red)])
        let s = Session(scene: scene(root))
        let before = s.frame(at: 0).canvasItems.map(\.id)
        try s.perform(.set(node: bytes("a"), changes: [.background(blue)]))
        let after = s.frame(at: 1)
        #expect(after.canvasItems.map(\.id) == before)
        #expect(after.paint(of: after.canvasItems[0].fill) == .solid(blue))
    }

    @Test func hiddenAndTransparentNodesDrawNothing() {
        var a = view("a", background: red); a.hidden = true
        var b = view("b", background: red); b.opacity = 0
        var c = view("c", background: red); c.opacity = 0.5
        let f = Session(scene: scene(view("root", children: [a, b, c]))).frame(at: 0)
        #expect(f.canvasItems.count == 1)
        #expect(f.canvasItems[0].opacity == 128)
    }

    @Test func labelLinesAreTextItemsCentredVerticallyWithBaseline() {
        var l = label("l", "Hello world", fontSize: 10)
        l.frame = Rect(x: 0, y: 0, width: 200, height: 100)
        let f = Session(scene: scene(view("root", children: [l]))).frame(at: 0)
        let texts = f.canvasItems.filter { $0.kind == .text }
        #expect(texts.count == 1)
        #expect(texts[0].text == bytes("Hello world"))
        #expect(texts[0].fontSize == Fixed.from(10))
        #expect(texts[0].y == Fixed.from(44)) // (100 − 12) / 2
        #expect(texts[0].baseline > 0 && texts[0].baseline < Fixed.from(12))
    }

    @Test func labelShowsOnlyLinesThatFit() {
        var l = label("l", String(repeating: "word ", count: 200), fontSize: 10, lines: 0)
        l.frame = Rect(x: 0, y: 0, width: 100, height: 36) // room for 3 lines of 12
        let f = Session(scene: scene(view("root", children: [l]))).frame(at: 0)
        #expect(f.canvasItems.filter { $0.kind == .text }.count == 3)
    }

    /// A list of 10,000 rows makes the rows of its window only (the viewport and a margin, by
    /// chunks: ContentWindow), in a content layer its own layer clips.
    @Test func listMakesOnlyTheRowsNearItsViewportAndClipsThem() {
        var style = ListStyle(row: view("cell", background: red))
        style.rowCount = 10_000
        style.rowHeight = 10
        var list = Node(id: bytes("list"), kind: .list(style))
        list.frame = Rect(x: 0, y: 0, width: 100, height: 95)
        let f = Session(scene: scene(view("root", children: [list]))).frame(at: 0)
        let window = ContentWindow.range(chunk: 0, viewport: 95)
        #expect(f.canvasItems.count == Int((window.end / 10).rounded(.up)), "rows from the start to the window's end")
        let listLayer = try? #require(f.items.first?.children.first { $0.isLayer })
        #expect(listLayer?.clip == Clip(x: 0, y: 0, width: Fixed.from(100), height: Fixed.from(95)))
    }

    /// A button as wide as its title asks shows the whole title, whatever rounding adding and
    /// taking away its padding does (it showed "Se…" for "Send").
    @Test func aButtonSizedToItsTitleShowsAllOfIt() {
        for title in ["Send", "Share", "Like", "Retry", "Open", "Mark all as read", "OK", "Ünïcödé", "W", "iiiiiii"] {
            let row = stack("row", .horizontal, spacing: 12, children: [button("b", title)])
            let f = Session(scene: scene(view("root", children: [row]))).frame(at: 0)
            let texts = f.canvasItems.filter { $0.kind == .text }.map { String(decoding: $0.text, as: UTF8.self) }
            #expect(texts == [title])
        }
    }

    @Test func buttonHasBackgroundAndCentredTitle() {
        let f = Session(scene: scene(view("root", children: [
            button("ok", "OK", frame: Rect(x: 0, y: 0, width: 200, height: 44))]))).frame(at: 0)
        #expect(f.canvasItems.count == 2)
        #expect(f.canvasItems[0].kind == .rect && f.canvasItems[0].cornerRadius == Fixed.from(10))
        let title = f.canvasItems[1]
        #expect(title.kind == .text)
        let centre = Double(title.x) + Double(title.width) / 2
        #expect(abs(centre - Double(Fixed.from(100))) <= 1)
    }

    @Test func darkAppearanceChangesDefaults() {
        var s = scene(view("root", children: [label("l", "Hi")]))
        s.appearance = .dark
        let f = Session(scene: s).frame(at: 0)
        #expect(f.background == .black)
        #expect(f.paint(of: f.canvasItems[0].fill) == .solid(.white))
    }
}
