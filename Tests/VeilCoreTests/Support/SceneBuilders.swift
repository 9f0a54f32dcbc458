@testable import VeilCore

/// Small helpers to build scenes in tests without going through the reader.
func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

func view(_ id: String, frame: Rect? = nil, background: Color? = nil, children: [Node] = []) -> Node {
    var n = Node(id: bytes(id), kind: .view)
    n.frame = frame
    n.background = background
    n.children = children
    return n
}

func label(_ id: String, _ text: String, fontSize: Double = 17, lines: Int = 1) -> Node {
    var s = LabelStyle()
    s.text = bytes(text)
    s.fontSize = fontSize
    s.numberOfLines = lines
    return Node(id: bytes(id), kind: .label(s))
}

func button(_ id: String, _ title: String, action: String = "tap", frame: Rect? = nil) -> Node {
    var s = ButtonStyle()
    s.title = bytes(title)
    s.action = bytes(action)
    var n = Node(id: bytes(id), kind: .button(s))
    n.frame = frame
    return n
}

func stack(_ id: String, _ axis: Axis, spacing: Double = 0, alignment: StackAlignment = .fill,
           children: [Node]) -> Node {
    var s = StackStyle()
    s.axis = axis
    s.spacing = spacing
    s.alignment = alignment
    var n = Node(id: bytes(id), kind: .stack(s))
    n.children = children
    return n
}

func scene(_ root: Node, width: Double = 400, height: Double = 300) -> Scene {
    var s = Scene(root: root)
    s.width = width
    s.height = height
    return s
}

extension LayoutBox {
    /// The box of the node with `id` (depth first).
    func find(_ id: String) -> LayoutBox? {
        if node.id == bytes(id) { return self }
        for c in children { if let b = c.find(id) { return b } }
        return nil
    }
}

extension Frame {
    func paint(of ref: UInt32) -> Paint? { ref == 0 ? nil : paints[Int(ref) - 1] }
}
