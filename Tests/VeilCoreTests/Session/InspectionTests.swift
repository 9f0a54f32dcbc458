import Testing
@testable import VeilCore

/// `Session.nodes(at:)` and `inspect(_:)`: what an inspector shows — ids, types and where nodes
/// are drawn, scroll offsets included.
struct InspectionTests {
    static let scene = #"""
    {"canvas": {"width": 200, "height": 300},
     "root": {"type": "view", "id": "root", "children": [
       {"type": "list", "id": "list", "frame": {"x": 0, "y": 50, "width": 200, "height": 250}, "rowCount": 100,
        "row": {"type": "view", "id": "row", "frame": {"width": 200, "height": 40}, "children": [
          {"type": "label", "id": "name", "text": "Row", "frame": {"x": 10, "y": 10, "width": 100, "height": 20}}]}}]}}
    """#

    func session() throws -> Session { Session(scene: try SceneReader.read(Array(Self.scene.utf8), file: "inspect.json")) }

    @Test func thePathUnderAPointOutermostFirst() throws {
        let session = try session()
        _ = session.tick(at: 0)
        let path = session.nodes(at: Point(x: 20, y: 50 + 40 + 15))
        #expect(path.map { String(decoding: $0.id, as: UTF8.self) } == ["root", "list", "list/1/row", "list/1/name"])
        #expect(path.map(\.type) == ["view", "list", "view", "label"])
        // A row is 44 points (the list's row height), its label laid out across it.
        #expect(path.last?.frame == Rect(x: 0, y: 94, width: 200, height: 44))
    }

    @Test func aScrolledRowIsWhereItIsDrawn() throws {
        let session = try session()
        try session.apply(.command(.scroll(node: Array("list".utf8), to: 440, animated: false)), at: 0.1)
        _ = session.tick(at: 0.2)
        // Row 10 starts at 440 in the list's content: at the list's top once scrolled by 440.
        let row = try #require(session.inspect(Array("list/10/row".utf8)))
        #expect(row.frame == Rect(x: 0, y: 50, width: 200, height: 44))
        #expect(session.nodes(at: Point(x: 5, y: 55)).map { String(decoding: $0.id, as: UTF8.self) }.suffix(2) == ["list/10/row", "list/10/name"])
        // Scrolled out of the list's viewport: not drawn.
        #expect(session.inspect(Array("list/0/row".utf8)) == nil)
        #expect(session.inspect(Array("nope".utf8)) == nil)
    }
}
