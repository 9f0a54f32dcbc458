import Testing
@testable import VeilCore

/// `{index}` in a row template's text: each row shows its index, for previews without data.
struct RowIndexTextTests {
    @Test func eachRowShowsItsIndexAndDataStillWins() throws {
        let scene = try SceneReader.read(Array(#"""
        {"canvas": {"width": 200, "height": 400},
         "root": {"type": "list", "id": "list", "rowCount": 1000000, "rows": [{"name": "Ada"}],
                  "row": {"type": "view", "id": "row", "children": [
                    {"type": "label", "id": "name", "text": "Row {index} of many"},
                    {"type": "button", "id": "go", "title": "Open {index}"}]}}}
        """#.utf8), file: "index.json")
        let session = Session(scene: scene)
        func texts(_ box: LayoutBox) -> [String] {
            var out: [String] = []
            if case let .label(style) = box.node.kind { out.append(String(decoding: style.text, as: UTF8.self)) }
            if case let .button(style) = box.node.kind { out.append(String(decoding: style.title, as: UTF8.self)) }
            return out + box.children.flatMap(texts)
        }
        let shown = texts(session.layout())
        #expect(shown.prefix(4) == ["Ada", "Open 0", "Row 1 of many", "Open 1"])
        try session.apply(.command(.scroll(node: Array("list".utf8), to: 44 * 999_990, animated: false)), at: 0.1)
        _ = session.tick(at: 0.2)
        #expect(texts(session.layout()).contains("Row 999999 of many"))
    }
}
