import Foundation
import Testing
@testable import VeilCore

/// The text a layout measures and a frame carries is bounded like the nodes (`TreeBound`): 1 MiB of
/// labels' and buttons' text, list rows counted per row; a scene or command past it is refused.
@Suite struct TextBoundTests {
    static func rows(_ count: Int, labels: Int, bytes: Int) -> String {
        let text = String(repeating: "lorem ipsum ", count: bytes / 12)
        let label = #"{"type": "label", "text": "\#(text)", "numberOfLines": 0}"#
        return """
        {"root": {"type": "list", "id": "l", "rowCount": \(count), "rowHeight": 10, "skeletonRows": 0,
                  "frame": {"x": 0, "y": 0, "width": 390, "height": 1000000000},
                  "row": {"type": "stack", "children": [\(Array(repeating: label, count: labels).joined(separator: ","))]}}}
        """
    }

    /// 999 rows of 19 labels of 16 KB: 300 MB of text to break into lines, which took minutes.
    @Test func longTextsInManyRowsAreRefusedWhenRead() {
        do {
            _ = try SceneReader.read(Array(Self.rows(999, labels: 19, bytes: 16_000).utf8), file: "text.json")
            Issue.record("read")
        } catch {
            #expect(error.message.contains("too much text"), "\(error.description)")
            #expect((error.line, error.column) == (1, 50), "at rowCount: \(error.description)")
        }
    }

    @Test func textCommandsThatWouldPassTheBoundAreRefused() throws {
        let s = Session(scene: try SceneReader.read(Array(Self.rows(60, labels: 1, bytes: 16_000).utf8), file: "text.json"))
        let more = String(repeating: "x", count: 16_000)
        func run(_ json: String) throws { try s.apply(try SceneReader.readAction(Array(json.utf8), file: "c", line: 1).action) }
        // A data row's text counts for every row a layout can make.
        #expect(throws: SessionError.self) { try run(#"{"command": {"rows": {"node": "l", "append": [{"row/0": "\#(more)"}]}}}"#) }
        // The tick's work is bounded (counted, not timed): the nodes it lays out and the text it
        // draws stay within the session's bounds, whatever the rows hold.
        let message = try #require(s.tick(at: 0))
        var mirror = FrameMirror()
        let frame = try mirror.apply(try WireDecoder.decode(message))
        #expect(Self.count(s.layout()) <= Limits.maxNodes)
        let text = frame.canvasItems.reduce(0) { $0 + $1.text.count }
        #expect(text <= Limits.maxTextLaidOut + 3 * WireLimits.maxItems, "\(text) bytes of text drawn")
        #expect(text > 0, "the rows are drawn")
    }

    /// Boxes in a laid-out tree.
    static func count(_ box: LayoutBox) -> Int { 1 + box.children.reduce(0) { $0 + count($1) } }
}
