import Foundation
import Testing
@testable import VeilCore

/// Every id a layout holds is unique by construction: what a row instance, a leaving overlay, a
/// status or a spinner view derives renames everything in it, and an id in the file may not read
/// as one of those.
@Suite struct DerivedIDTests {
    static func ids(_ box: LayoutBox) -> [String] {
        [String(decoding: box.node.id, as: UTF8.self)] + box.children.flatMap(ids)
    }

    /// A header and footer with ids of their own in a list inside a row template: one per row.
    @Test func headersInsideRowTemplatesAreNamedPerRow() throws {
        let json = """
        {"root": {"type": "list", "id": "outer", "rowCount": 3, "rowHeight": 100, "skeletonRows": 0,
          "row": {"type": "list", "id": "inner", "rowCount": 1, "rowHeight": 20, "skeletonRows": 0,
                  "header": {"type": "label", "id": "h", "text": "Head"},
                  "footer": {"type": "label", "id": "f", "text": "Foot"},
                  "row": {"type": "view"}}}}
        """
        let s = Session(scene: try SceneReader.read(Array(json.utf8), file: "ids.json"))
        let ids = Self.ids(s.layout())
        #expect(Set(ids).count == ids.count, "\(ids)")
        #expect(ids.contains("outer/2/h") && ids.contains("outer/0/f"))
        var mirror = FrameMirror()
        #expect(throws: Never.self) { _ = try mirror.apply(s.tick(at: 0)!) }
    }

    @Test(arguments: [
        #"{"type": "list", "id": "l", "rowCount": 2, "row": {"type": "view", "id": "x"}, "header": {"type": "view", "id": "l/1/x"}}"#,
        #"{"type": "view", "id": "card", "children": [{"type": "view", "id": "card/status"}]}"#,
        #"{"type": "view", "id": "card", "children": [{"type": "view", "id": "card/spinner/indicator"}]}"#,
    ])
    func anIdThatReadsAsADerivedOneIsRefused(_ root: String) {
        #expect(throws: SceneError.self) { try SceneReader.read(Array(#"{"root": \#(root)}"#.utf8), file: "ids.json") }
    }

    @Test func idsThatOnlyLookAlikeAreFine() throws {
        _ = try SceneReader.read(Array(#"""
        {"root": {"type": "view", "id": "card", "children": [{"type": "view", "id": "card/statusBar"},
          {"type": "view", "id": "card/0"}, {"type": "list", "id": "l", "row": {"type": "view"}, "header": {"type": "view", "id": "l/x"}}]}}
        """#.utf8), file: "ids.json")
    }
}
