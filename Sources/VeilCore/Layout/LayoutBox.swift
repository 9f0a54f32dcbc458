/// A node placed on the canvas: the layout's output and the renderer's and hit-tester's input.
public struct LayoutBox: Sendable {
    /// The node (for list rows, a copy of the template with instance ids "<list>/<row>/<id>").
    public var node: Node
    /// Frame in canvas coordinates, points.
    public var frame: Rect
    public var children: [LayoutBox]
    /// A scroll container's layout (Components/Scroll: what it was laid out for, its content
    /// length, its refresh view); empty for other boxes.
    var scrolling = ScrollLayout()
    /// A scroll container lies below it: its boxes depend on scroll positions as well.
    var nestsScroll = false

    public init(node: Node, frame: Rect, children: [LayoutBox]) {
        self.node = node; self.frame = frame; self.children = children
    }

    /// A scroll container's viewport length along its axis (its content box).
    var viewportLength: Double {
        let content = frame.inset(by: node.padding)
        return node.scrollAxis == .horizontal ? content.width : content.height
    }
}

extension LayoutBox {
    /// The boxes from this one down to the box of `id`, both included; nil if it is not below.
    func path(to id: [UInt8]) -> [LayoutBox]? {
        if node.id == id { return [self] }
        for child in children {
            if let rest = child.path(to: id) { return [self] + rest }
        }
        return nil
    }

    /// True when both boxes hold the very same child array (a subtree the layout reused): O(1).
    static func sameChildren(_ a: LayoutBox, _ b: LayoutBox) -> Bool {
        a.children.count == b.children.count && a.children.withUnsafeBufferPointer { pa in
            b.children.withUnsafeBufferPointer { pb in pa.baseAddress == pb.baseAddress }
        }
    }
}

extension Node {
    /// Lists and scroll containers always clip their content; other nodes when `clipsToBounds` says so.
    var clipsChildren: Bool { scrollAxis != nil || clipsToBounds }

    /// Whether it scrolls now: a scroll container not under a shown skeleton (whose placeholders
    /// are drawn in two flat layers, so a skeleton's lists rest at their start).
    var scrolls: Bool {
        @inline(never) get { scrollAxis != nil && skeletonMark == nil }  // for size: read at thirty places
    }

    /// The axis a scroll container scrolls along (a list: vertical); nil for other nodes.
    var scrollAxis: Axis? {
        @inline(never) get {  // for size: read at thirty places
            switch kind {
            case let .list(style): return style.axis
            case let .scroll(style): return style.axis
            default: return nil
            }
        }
    }
}
