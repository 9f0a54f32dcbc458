/// Places the node tree on the canvas. Pure: the same scene gives the same boxes.
///
/// Rules (docs/SCENE.md, "Layout"): a child with a `frame` sits at that frame inside its parent's
/// content box (bounds inset by padding); otherwise a stack or list places it; otherwise it fills
/// the content box, with `width`/`height` overriding and labels, buttons and stacks taking their
/// intrinsic height. Hidden nodes take no space in stacks.
public enum Layout {
    public static func layout(_ scene: Scene) -> LayoutBox {
        let canvas = Rect(x: 0, y: 0, width: scene.width, height: scene.height)
        let root = scene.root
        let frame = root.frame.map { $0.offsetBy(dx: canvas.x, dy: canvas.y) } ?? canvas
        return place(root, in: frame)
    }

    /// Lays out `node` at `frame` and its children inside it.
    static func place(_ node: Node, in frame: Rect) -> LayoutBox {
        let content = frame.inset(by: node.padding)
        var children: [LayoutBox] = []
        switch node.kind {
        case let .stack(style):
            children = stack(node.children, style: style, in: content)
        case let .list(style):
            children = list(node, style: style, in: content)
        default:
            children.reserveCapacity(node.children.count)
            for child in node.children {
                children.append(place(child, in: freeFrame(of: child, in: content)))
            }
        }
        return LayoutBox(node: node, frame: frame, children: children)
    }

    /// Where a child not placed by a stack or list goes.
    static func freeFrame(of child: Node, in content: Rect) -> Rect {
        if let f = child.frame { return f.offsetBy(dx: content.x, dy: content.y) }
        let w = child.width ?? content.width
        let h = child.height ?? Intrinsic.height(of: child, width: w) ?? content.height
        return Rect(x: content.x, y: content.y, width: w, height: h)
    }

    static func stack(_ nodes: [Node], style: StackStyle, in content: Rect) -> [LayoutBox] {
        let visible = nodes.filter { !$0.hidden }
        let gaps = style.spacing * Double(max(0, visible.count - 1))
        var boxes: [LayoutBox] = []
        boxes.reserveCapacity(nodes.count)
        switch style.axis {
        case .vertical:
            var y = content.y
            for child in nodes {
                if child.hidden { boxes.append(place(child, in: Rect(x: content.x, y: y, width: 0, height: 0))); continue }
                let (x, w) = cross(child, requested: child.width, style.alignment, start: content.x, length: content.width,
                                   intrinsic: { Intrinsic.width(of: child) })
                let h = child.height ?? Intrinsic.height(of: child, width: w) ?? 0
                boxes.append(place(child, in: Rect(x: x, y: y, width: w, height: h)))
                y += h + style.spacing
            }
        case .horizontal:
            // Children with a width or an intrinsic width keep it; the others share what is left.
            var fixed = 0.0
            var flexible = 0
            for child in visible {
                if let w = child.width ?? Intrinsic.width(of: child) { fixed += w } else { flexible += 1 }
            }
            let share = flexible > 0 ? max(0, content.width - gaps - fixed) / Double(flexible) : 0
            var x = content.x
            for child in nodes {
                if child.hidden { boxes.append(place(child, in: Rect(x: x, y: content.y, width: 0, height: 0))); continue }
                let w = child.width ?? Intrinsic.width(of: child) ?? share
                let (y, h) = cross(child, requested: child.height, style.alignment, start: content.y,
                                   length: content.height, intrinsic: { Intrinsic.height(of: child, width: w) })
                boxes.append(place(child, in: Rect(x: x, y: y, width: w, height: h)))
                x += w + style.spacing
            }
        }
        return boxes
    }

    /// Cross-axis position and length of a stack child.
    static func cross(_ child: Node, requested: Double?, _ alignment: StackAlignment, start: Double, length: Double,
                      intrinsic: () -> Double?) -> (Double, Double) {
        if alignment == .fill && requested == nil { return (start, length) }
        let size = min(length, requested ?? intrinsic() ?? length)
        switch alignment {
        case .fill, .leading: return (start, size)
        case .center: return (start + (length - size) / 2, size)
        case .trailing: return (start + length - size, size)
        }
    }

    /// Header, rows from the template (ids "<list>/<row>/<template id>"), footer, top to bottom.
    static func list(_ node: Node, style: ListStyle, in content: Rect) -> [LayoutBox] {
        var boxes: [LayoutBox] = []
        var y = content.y
        func section(_ n: Node) {
            let h = n.height ?? Intrinsic.height(of: n, width: content.width) ?? style.rowHeight
            boxes.append(place(n, in: Rect(x: content.x, y: y, width: content.width, height: h)))
            y += h
        }
        if let header = style.header { section(header) }
        for row in 0..<max(0, style.rowCount) {
            let instance = style.row.instantiated(prefix: node.id + Array("/\(row)/".utf8))
            boxes.append(place(instance, in: Rect(x: content.x, y: y, width: content.width, height: style.rowHeight)))
            y += style.rowHeight
        }
        if let footer = style.footer { section(footer) }
        return boxes
    }
}

extension Node {
    /// A copy with every id in the subtree prefixed, for list row instances.
    func instantiated(prefix: [UInt8]) -> Node {
        var copy = self
        copy.id = prefix + id
        copy.frame = nil
        copy.children = children.map { $0.instantiated(prefix: prefix) }
        return copy
    }
}
