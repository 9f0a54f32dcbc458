import PropertyBased
import Testing
@testable import VeilCore

/// `TemplatePaths` finds what `Node.path(to:)` finds, for every id of random trees (repeated ids,
/// lists with headers, footers and sections among them), and filling a row through it changes the
/// same nodes as filling it one search at a time.
@Suite struct TemplatePathsTests {
    static func tree(_ r: inout RandomFrames, depth: Int = 0) -> Node {
        // Few names, so that ids repeat and the first in search order must win.
        let id = r.next() % 5 == 0 ? "" : "n\(r.next() % 24)"
        let children = depth > 4 ? [] : (0 ..< Int(r.next() % 4)).map { _ in tree(&r, depth: depth + 1) }
        guard depth < 4, r.next() % 4 == 0 else { return view(id, children: children) }
        var style = ListStyle(row: view("row"))
        if r.next() % 2 == 0 { style.header = tree(&r, depth: depth + 1) }
        if r.next() % 2 == 0 { style.footer = tree(&r, depth: depth + 1) }
        for _ in 0 ..< Int(r.next() % 3) {
            var section = ListSection()
            if r.next() % 2 == 0 { section.header = tree(&r, depth: depth + 1) }
            if r.next() % 2 == 0 { section.footer = tree(&r, depth: depth + 1) }
            style.sections.append(section)
        }
        var node = Node(id: bytes(id), kind: .list(style))
        node.children = children
        return node
    }

    /// Every node's `hidden`, in search order.
    static func hiddenFlags(_ node: Node) -> [Bool] {
        var flags = [node.hidden]
        for child in node.children { flags += hiddenFlags(child) }
        if case let .list(style) = node.kind {
            for n in [style.header, style.footer] + style.sections.flatMap({ [$0.header, $0.footer] }) {
                if let n { flags += hiddenFlags(n) }
            }
        }
        return flags
    }

    @Test func findsWhatASearchFinds() async {
        await propertyCheck(count: 300, input: Gen.uint64()) { seed in
            var r = RandomFrames(seed: seed)
            let template = Self.tree(&r)
            let paths = TemplatePaths(template)
            for n in 0 ..< 26 {
                let id = bytes("n\(n)")
                #expect(paths.path(to: id) == template.path(to: id), "n\(n) in seed \(seed)")
            }
        }
    }

    @Test func fillingManyChangesEqualsFillingThemOneByOne() async {
        await propertyCheck(count: 100, input: Gen.uint64()) { seed in
            var r = RandomFrames(seed: seed)
            let template = Self.tree(&r)
            let changes = (0 ..< ListRow.searchedChanges + 1 + Int(r.next() % 20)).map { i in
                (node: bytes("n\(r.next() % 26)"), changes: [NodeChange.hidden(i % 2 == 0)])
            }
            let many = ListRow(changes).filling(template)
            var oneByOne = template
            for change in changes { oneByOne = ListRow([change]).filling(oneByOne) }
            #expect(Self.hiddenFlags(many) == Self.hiddenFlags(oneByOne), "seed \(seed)")
        }
    }
}
