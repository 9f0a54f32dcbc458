/// Finding and changing nodes by id inside the tree. A path is a list of steps from a node to one of
/// its descendants: a child index, or `headerStep`/`footerStep` for a list's header and footer.
extension Node {
    static let headerStep = -1
    static let footerStep = -2

    /// Steps from this node to the node with `id`, or nil.
    public func path(to id: [UInt8]) -> [Int]? {
        if self.id == id { return [] }
        for (i, child) in children.enumerated() {
            if let rest = child.path(to: id) { return [i] + rest }
        }
        if case let .list(style) = kind {
            if let rest = style.header?.path(to: id) { return [Node.headerStep] + rest }
            if let rest = style.footer?.path(to: id) { return [Node.footerStep] + rest }
        }
        return nil
    }

    func node(at path: [Int]) -> Node {
        var n = self
        for step in path { n = n.child(step) }
        return n
    }

    private func child(_ step: Int) -> Node {
        if case let .list(style) = kind {
            if step == Node.headerStep, let h = style.header { return h }
            if step == Node.footerStep, let f = style.footer { return f }
        }
        return children[step]
    }

    mutating func update(at path: ArraySlice<Int>, _ body: (inout Node) -> Void) {
        guard let first = path.first else { body(&self); return }
        if case var .list(style) = kind, first < 0 {
            if first == Node.headerStep { style.header?.update(at: path.dropFirst(), body) }
            if first == Node.footerStep { style.footer?.update(at: path.dropFirst(), body) }
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
