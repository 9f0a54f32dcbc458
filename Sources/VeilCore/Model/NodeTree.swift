/// Finding and changing nodes by id inside the tree. A path is a list of steps from a node to one of
/// its descendants: a child index (≥ 0), or a negative step for a list's header and footer:
/// −1 / −2 for the single section's, −(3 + 2i) / −(4 + 2i) for section i's.
extension Node {
    static let headerStep = -1
    static let footerStep = -2

    static func sectionHeaderStep(_ i: Int) -> Int { -(3 + 2 * i) }
    static func sectionFooterStep(_ i: Int) -> Int { -(4 + 2 * i) }

    /// Steps from this node to the node with `id`, or nil.
    public func path(to id: [UInt8]) -> [Int]? {
        if self.id == id { return [] }
        for (i, child) in children.enumerated() {
            if let rest = child.path(to: id) { return [i] + rest }
        }
        if case let .list(style) = kind {
            if let rest = style.header?.path(to: id) { return [Node.headerStep] + rest }
            if let rest = style.footer?.path(to: id) { return [Node.footerStep] + rest }
            for (i, section) in style.sections.enumerated() {
                if let rest = section.header?.path(to: id) { return [Node.sectionHeaderStep(i)] + rest }
                if let rest = section.footer?.path(to: id) { return [Node.sectionFooterStep(i)] + rest }
            }
        }
        return nil
    }

    func node(at path: [Int]) -> Node {
        var n = self
        for step in path {
            if step >= 0 {
                n = n.children[step]
            } else if case var .list(style) = n.kind {
                var found: Node? = nil
                style.withSupplementary(step) { found = $0 }
                guard let found else { return n }
                n = found
            }
        }
        return n
    }

    mutating func update(at path: ArraySlice<Int>, _ body: (inout Node) -> Void) {
        guard let first = path.first else { body(&self); return }
        if first < 0, case var .list(style) = kind {
            style.withSupplementary(first) { $0.update(at: path.dropFirst(), body) }
            kind = .list(style)
            return
        }
        children[first].update(at: path.dropFirst(), body)
    }

    mutating func apply(_ change: NodeChange) {
        switch change {
        case let .text(t):
            switch kind {
            case var .label(s): s.text = t; kind = .label(s)
            case var .button(s): s.title = t; kind = .button(s)
            default: break
            }
        case let .hidden(h): hidden = h
        case let .background(c): background = c
        case let .textColor(c):
            switch kind {
            case var .label(s): s.color = c; kind = .label(s)
            case var .button(s): s.titleColor = c; kind = .button(s)
            default: break
            }
        case let .opacity(o): opacity = min(1, max(0, o))
        case let .frame(r): frame = r
        }
    }
}

extension ListStyle {
    /// Runs `body` on the header or footer a negative path step names, if it exists.
    mutating func withSupplementary(_ step: Int, _ body: (inout Node) -> Void) {
        switch step {
        case Node.headerStep: if header != nil { body(&header!) }
        case Node.footerStep: if footer != nil { body(&footer!) }
        default:
            let i = (-step - 3) / 2
            guard i >= 0, i < sections.count else { return }
            if (-step - 3) % 2 == 0 {
                if sections[i].header != nil { body(&sections[i].header!) }
            } else {
                if sections[i].footer != nil { body(&sections[i].footer!) }
            }
        }
    }
}
