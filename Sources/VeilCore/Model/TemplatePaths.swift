/// Where each node of a template is, by id: one walk of the tree, then a lookup per id.
///
/// Reading or filling a row that names many nodes of a big template (a custom refresh view of
/// thousands of labels, each changed per state) would otherwise search the whole template once per
/// name. Built in O(nodes) and looked up in O(1), so both stay linear in the template and the row.
/// The paths are those of `Node.path(to:)`: on a repeated id, the first in its search order.
struct TemplatePaths {
    /// Index in `paths` by id (the key table's most used shape, so it adds no code to veil.wasm).
    private var index = KeyTable<[UInt8], UInt32>()
    private var paths: [[Int]] = []

    init(_ template: Node) {
        var path: [Int] = []
        add(template, &path)
    }

    func path(to id: [UInt8]) -> [Int]? { index[id].map { paths[Int($0)] } }

    private mutating func add(_ node: Node, _ path: inout [Int]) {
        if !node.id.isEmpty, index[node.id] == nil {
            index[node.id] = UInt32(paths.count)
            paths.append(path)
        }
        for (i, child) in node.children.enumerated() { descend(child, i, &path) }
        guard case let .list(style) = node.kind else { return }
        if let header = style.header { descend(header, Node.headerStep, &path) }
        if let footer = style.footer { descend(footer, Node.footerStep, &path) }
        for (i, section) in style.sections.enumerated() {
            if let header = section.header { descend(header, Node.sectionHeaderStep(i), &path) }
            if let footer = section.footer { descend(footer, Node.sectionFooterStep(i), &path) }
        }
    }

    private mutating func descend(_ node: Node, _ step: Int, _ path: inout [Int]) {
        path.append(step)
        add(node, &path)
        path.removeLast()
    }
}
