import Testing
@testable import VeilCore

/// Lists under a skeleton: rows filling the height, sections, headers and footers, preparations.
@Suite struct SkeletonListTests {
    func list(rows: Int = 2, height: Double = 300, configure: (inout ListStyle) -> Void = { _ in }) -> Scene {
        let row = SK.skeletonable(view("row", children: [
            SK.skeletonable(SK.framed(label("name", "Name"), Rect(x: 16, y: 4, width: 200, height: 20))),
            SK.skeletonable(SK.framed(label("detail", "Detail"), Rect(x: 16, y: 24, width: 200, height: 20))),
        ]))
        var style = ListStyle(row: row)
        style.rowCount = rows
        style.rowHeight = 44
        configure(&style)
        var list = SK.skeletonable(Node(id: bytes("list"), kind: .list(style)))
        list.frame = Rect(x: 0, y: 0, width: 400, height: height)
        return scene(SK.skeletonable(view("root", children: [list])), width: 400, height: 600)
    }

    func rowIds(_ s: Session) -> [String] {
        (s.layout().find("list")?.children ?? []).map { String(decoding: $0.node.id, as: UTF8.self) }
    }

    @Test func automaticRowsFillTheVisibleHeightAndTheRealRowsComeBack() throws {
        let s = Session(scene: list())
        #expect(rowIds(s).count == 2)
        try SK.show(s, "root")
        #expect(rowIds(s).count == 7, "ceil(300 / 44)")
        let f = s.frame(at: 0)
        // Two one-line labels per row; the last row is cut by the list's clip but still drawn.
        #expect(f.items(filledWith: .solid(SK.tint)).count == 14)
        try SK.hide(s, "root", at: 1)
        #expect(rowIds(s).count == 2)
        #expect(s.frame(at: 1).texts() == ["Name", "Detail", "Name", "Detail"])
    }

    @Test func resizingRecountsTheRowsAndMovesThePlaceholders() throws {
        var sc = list()
        sc.root.children[0].frame = nil   // the list fills the canvas
        let s = Session(scene: sc)
        try SK.show(s, "root")
        #expect(rowIds(s).count == 14, "ceil(600 / 44)")
        let wide = s.frame(at: 0).items(filledWith: .solid(SK.tint))
        try s.apply(.input(.resize(width: 300, height: 200)), at: 1)
        #expect(rowIds(s).count == 5, "ceil(200 / 44)")
        let narrow = s.frame(at: 1).items(filledWith: .solid(SK.tint))
        #expect(narrow.count == 10 && wide.count == 28)
    }

    @Test func sectionsWithHeadersFootersAndCounts() throws {
        func titled(_ id: String) -> Node { SK.skeletonable(label(id, id)) }
        let s = Session(scene: list { style in
            var a = ListSection(); a.header = titled("h0"); a.rowCount = 1; a.skeletonRows = .count(2)
            var b = ListSection(); b.header = titled("h1"); b.footer = titled("f1"); b.rowCount = 3; b.skeletonRows = .count(1)
            style.sections = [a, b]
        })
        #expect(rowIds(s) == ["h0", "list/0/row", "h1", "list/1/row", "list/2/row", "list/3/row", "f1"])
        try SK.show(s, "root")
        #expect(rowIds(s) == ["h0", "list/0/row", "list/1/row", "h1", "list/2/row", "f1"])
        // Headers and footers are skeletonable too: one line each.
        let boxes = s.layout().find("list")!.children
        let f = s.frame(at: 0)
        let lines = f.items(filledWith: .solid(SK.tint))
        #expect(lines.count == 3 + 3 * 2)
        #expect(lines.contains { f.rect($0).y >= boxes[0].frame.y && f.rect($0).maxY <= boxes[0].frame.maxY })
        #expect(boxes.map { Fixed.from($0.frame.y) } == [0, 20.4, 64.4, 108.4, 128.8, 172.8].map { Fixed.from($0) })
    }

    @Test func rowsArePreparedBeforeBeingSkeletonized() throws {
        let s = Session(scene: list { style in
            style.skeletonPreparations = [RowPreparation(row: 0, node: bytes("detail"), changes: [.hidden(true)])]
        })
        #expect(s.layout().find("list/0/detail")?.node.hidden == false, "only while the skeleton is shown")
        try SK.show(s, "root")
        #expect(s.layout().find("list/0/detail")?.node.hidden == true)
        #expect(s.layout().find("list/1/detail")?.node.hidden == false)
        #expect(s.frame(at: 0).items(filledWith: .solid(SK.tint)).count == 13)
    }

    @Test func aNonSkeletonableRowTemplateMakesTheListOnePlaceholder() throws {
        var sc = list()
        if case var .list(st) = sc.root.children[0].kind { st.row.skeleton.skeletonable = false; sc.root.children[0].kind = .list(st) }
        let s = Session(scene: sc)
        try SK.show(s, "root")
        let f = s.frame(at: 0)
        #expect(f.items(filledWith: .solid(SK.tint)).map { f.rect($0) } == [Rect(x: 0, y: 0, width: 400, height: 300)])
    }
}
