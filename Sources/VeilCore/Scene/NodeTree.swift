/// Finding and changing nodes by id inside the tree.
extension Node {
    /// Child indices from this node to the node with `id`, or nil.
    public func path(to id: [UInt8]) -> [Int]? {
        if self.id == id { return [] }
        for (i, child) in children.enumerated() {
            if let rest = child.path(to: id) { return [i] + rest }
        }
        return nil
    }

    mutating func update(at path: ArraySlice<Int>, _ body: (inout Node) -> Void) {
        guard let first = path.first else { body(&self); return }
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
