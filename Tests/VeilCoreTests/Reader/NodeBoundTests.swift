import Foundation
import Testing
@testable import VeilCore

/// `Limits.maxNodes` holds for every tree a session can build: skeleton rows, list rows, nested
/// lists, overlays and status views count as a layout could make them, and what would pass the
/// bound is refused before it is built (docs/SCENE.md, "Bounds").
@Suite struct NodeBoundTests {
    static func boxes(_ box: LayoutBox) -> Int { box.children.reduce(1) { $0 + boxes($1) } }

    static func session(_ json: String) throws -> Session {
        Session(scene: try SceneReader.read(Array(json.utf8), file: "bound.json"))
    }

    static func run(_ s: Session, _ json: String) throws {
        try s.apply(try SceneReader.readAction(Array(json.utf8), file: "c", line: 1).action)
    }

    /// A view with `n - 1` children: `n` nodes.
    static func block(_ n: Int) -> String {
        #"{"type": "view", "children": ["# + Array(repeating: #"{"type": "view"}"#, count: n - 1).joined(separator: ", ") + "]}"
    }

    /// A few hundred bytes that a skeleton once grew to a million nodes: automatic skeleton rows
    /// fill any height, so each list counts 1,000 rows, and the outer rows hold a list each.
    static let nestedLists = """
    {"root": {"type": "list", "id": "outer", "rowCount": 1, "rowHeight": 1, "skeletonable": true,
      "row": {"type": "list", "id": "inner", "rowCount": 1, "rowHeight": 1, "skeletonable": true,
              "row": {"type": "view", "skeletonable": true}}}}
    """

    @Test func nestedListsUnderAutomaticSkeletonRowsAreRefusedWhenRead() throws {
        do {
            _ = try SceneReader.read(Array(Self.nestedLists.utf8), file: "bound.json")
            Issue.record("read")
        } catch {
            #expect(error.message.contains("too many nodes: 1000 skeleton rows of 1001 nodes"), "\(error.description)")
            let line = Self.nestedLists.split(separator: "\n")[error.line - 1]
            #expect(line.dropFirst(error.column - 1).hasPrefix("1, \"rowHeight\""), "at the outer rowCount: \(error.description)")
        }
        // With a number of skeleton rows, the same lists fit.
        let counted = Self.nestedLists.replacingOccurrences(of: #""id": "outer","#, with: #""id": "outer", "skeletonRows": 2,"#)
        let s = try Self.session(counted)
        try Self.run(s, #"{"command": {"skeleton": {"node": "outer", "show": true}}}"#)
        try Self.run(s, #"{"command": {"set": {"node": "outer", "frame": {"x": 0, "y": 0, "width": 100, "height": 1000000000}}}}"#)
        #expect(Self.boxes(s.layout()) <= s.scene.root.mostNodesLaidOut)
        #expect(s.scene.root.mostNodesLaidOut <= Limits.maxNodes)
    }

    /// Rows put in by a client count as rows a layout may make: a list framed a billion points high
    /// makes its 1,000 rows, so rows of 100 nodes stop at 200 rows.
    @Test func rowsThatWouldPassTheBoundAreRefusedAndChangeNothing() throws {
        let s = try Self.session(#"{"root": {"type": "list", "id": "l", "skeletonRows": 0, "rowHeight": 1, "row": \#(Self.block(100))}}"#)
        let rows = Array(repeating: "{}", count: 300).joined(separator: ", ")
        #expect(throws: SessionError.self) { try Self.run(s, #"{"command": {"rows": {"node": "l", "append": [\#(rows)]}}}"#) }
        guard case let .list(style) = s.scene.root.kind else { Issue.record("not a list"); return }
        #expect(style.rowCount == 0)
        try Self.run(s, #"{"command": {"rows": {"node": "l", "append": [\#(Array(repeating: "{}", count: 199).joined(separator: ", "))]}}}"#)
        try Self.run(s, #"{"command": {"set": {"node": "l", "frame": {"x": 0, "y": 0, "width": 100, "height": 1000000000}}}}"#)
        let laidOut = Self.boxes(s.layout())
        #expect(laidOut == 1 + 199 * 100)
        #expect(laidOut <= Limits.maxNodes)
    }

    /// Status views lie over their hosts: each one shown counts, the ones fading out too.
    @Test func statusViewsCountAgainstTheBound() throws {
        let big = #"{"type": "list", "rowCount": 900, "skeletonRows": 0, "row": \#(Self.block(10))}"#  // 9,001 nodes
        let s = try Self.session("""
        {"root": {"type": "stack", "children": [{"type": "view", "id": "a"}, {"type": "view", "id": "b"}, {"type": "view", "id": "c"}]},
         "statusViews": {"empty": \(big)}}
        """)
        try Self.run(s, #"{"command": {"status": {"node": "a", "state": "empty"}}}"#)
        try Self.run(s, #"{"command": {"status": {"node": "b", "state": "empty"}}}"#)
        #expect(throws: SessionError.self) { try Self.run(s, #"{"command": {"status": {"node": "c", "state": "empty"}}}"#) }
        // Replacing one with a cross-dissolve keeps the leaving view until its fade ends.
        #expect(throws: SessionError.self) {
            try Self.run(s, #"{"command": {"status": {"node": "a", "state": "empty", "transition": "crossDissolve"}}}"#)
        }
        try Self.run(s, #"{"command": {"status": {"node": "a", "state": "loading", "transition": "crossDissolve"}}}"#)
        #expect(Self.boxes(s.layout()) <= Limits.maxNodes)
    }
}
