import Foundation
import Testing
@testable import VeilCore

/// Rows from data: a list's rows fill its template from the scene's "rows" and from the rows
/// command (append, prepend, replace, remove); rows put in above keep what is shown in place.
@Suite struct ListRowsTests {
    static let json = #"""
    {"canvas": {"width": 300, "height": 200}, "root": {"type": "list", "id": "l", "rowHeight": 50,
      "row": {"type": "stack", "id": "r", "axis": "horizontal", "children": [
        {"type": "label", "id": "name", "text": "Name"}, {"type": "label", "id": "badge", "text": "new"}]},
      "rows": [{"name": "Ada"}, {"name": {"text": "Grace", "textColor": "#FF0000"}, "badge": {"hidden": true}}, {}]}}
    """#

    static func texts(_ s: Session, at t: Double) -> [String] {
        s.frame(at: t).canvasItems.filter { $0.kind == .text }.map { String(decoding: $0.text, as: UTF8.self) }
    }

    @Test func rowsFillTheTemplateAndTheCountFollowsThem() throws {
        let scene = try SceneReader.read(Array(Self.json.utf8), file: "l.json")
        guard case let .list(style) = scene.root.kind else { Issue.record("not a list"); return }
        #expect(style.rowCount == 3)
        let s = Session(scene: scene)
        #expect(Self.texts(s, at: 0) == ["Ada", "new", "Grace", "Name", "new"])
        let grace = s.frame(at: 0).canvasItems.first { $0.text == utf8("Grace") }
        #expect(grace.map { s.frame(at: 0).paints[Int($0.fill) - 1] } == .solid(Color(r: 255, g: 0, b: 0)))
    }

    @Test func rowsNameOnlyTemplateNodes() {
        let bad = Self.json.replacingOccurrences(of: #"{"name": "Ada"}"#, with: #"{"nmae": "Ada"}"#)
        #expect(throws: SceneError.self) { try SceneReader.read(Array(bad.utf8), file: "l.json") }
        do {
            _ = try SceneReader.read(Array(bad.utf8), file: "l.json")
        } catch {
            #expect(error.message.contains("no node \"nmae\" in the list's row template"))
            let line = bad.split(separator: "\n", omittingEmptySubsequences: false)[error.line - 1]
            #expect(line.dropFirst(error.column - 1).hasPrefix("\"nmae\""), "\(error.description)")
        }
    }

    @Test func theRowsCommandAppendsPrependsReplacesAndRemoves() throws {
        let s = Session(scene: try SceneReader.read(Array(Self.json.utf8), file: "l.json"))
        func run(_ json: String) throws { try s.apply(try SceneReader.readAction(Array(json.utf8), file: "c", line: 1).action) }
        try run(#"{"command": {"rows": {"node": "l", "append": [{"name": "Alan"}]}}}"#)
        #expect(Self.texts(s, at: 0.1) == ["Ada", "new", "Grace", "Name", "new", "Alan", "new"])
        try run(#"{"command": {"rows": {"node": "l", "remove": {"at": 1, "count": 2}}}}"#)
        #expect(Self.texts(s, at: 0.2) == ["Ada", "new", "Alan", "new"])
        try run(#"{"command": {"rows": {"node": "l", "replace": {"at": 0, "rows": [{"badge": "2"}]}}}}"#)
        #expect(Self.texts(s, at: 0.3) == ["Name", "2", "Alan", "new"])
        try run(#"{"command": {"rows": {"node": "l", "prepend": [{"name": "Edsger"}]}}}"#)
        #expect(Self.texts(s, at: 0.4).prefix(2) == ["Edsger", "new"])
        #expect(throws: SessionError.self) { try run(#"{"command": {"rows": {"node": "l", "append": [{"oops": "x"}]}}}"#) }
        #expect(throws: SessionError.self) { try run(#"{"command": {"rows": {"node": "l", "remove": {"at": 2, "count": 5}}}}"#) }
        #expect(throws: SceneError.self) {
            try SceneReader.readAction(Array(#"{"command": {"rows": {"node": "l", "append": [], "prepend": []}}}"#.utf8), file: "c", line: 1)
        }
    }

    /// Messages name keys as text (issue 29): a row's value of the wrong type, an unknown key in
    /// a command, were once printed as the key's bytes ("[110, 97, 109, 101]").
    @Test func messagesNameKeysAsText() {
        func message(_ json: String) -> String? {
            do { _ = try SceneReader.readAction(Array(json.utf8), file: "c", line: 1); return nil } catch { return error.message }
        }
        let row = message(#"{"command": {"rows": {"node": "l", "fill": {"at": 0, "rows": [{"name": 5}]}}}}"#)
        #expect(row == #"expected an object for a row's "name", found a number"#)
        let key = message(#"{"command": {"rows": {"node": "l", "apend": []}}}"#)
        #expect(key?.hasPrefix(#"unknown key "apend" in "rows"; did you mean "append"?"#) == true, "\(key ?? "")")
    }

    /// Chat: older messages loaded above keep the one being read where it is.
    @Test func rowsPutInAboveKeepWhatIsShownInPlace() throws {
        var scene = try SceneReader.read(Array(Self.json.utf8), file: "l.json")
        if case var .list(style) = scene.root.kind {
            style.rowData = (0 ..< 100).map { ListRow([(utf8("name"), [.text(Array("Row \($0)".utf8))])]) }
            style.rowCount = 100
            scene.root.kind = .list(style)
        }
        let s = Session(scene: scene)
        _ = s.tick(at: 0)
        try s.apply(.input(.wheel(WheelEvent(x: 100, y: 100, dy: 500))), at: 0.1)  // row 10 at the top
        // What is on screen: texts within the 200 pt canvas (eighths of a point).
        func shown(_ f: Frame) -> [(Int32, [UInt8])] {
            f.canvasItems.filter { $0.kind == .text && $0.y >= 0 && $0.y < 1600 }.map { ($0.y, $0.text) }
        }
        let before = shown(s.frame(at: 0.2))
        try s.apply(.command(.rows(node: utf8("l"), .prepend([ListRow(), ListRow(), ListRow()]))), at: 0.3)
        let after = shown(s.frame(at: 0.4))
        #expect(before.count >= 6)
        // The same texts at the same places on the canvas (row ids moved by three, what shows did not).
        #expect(after.map(\.0) == before.map(\.0))
        #expect(after.map(\.1) == before.map(\.1))
    }
}
