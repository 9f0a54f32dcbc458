/// A node placed on the canvas: the layout's output and the renderer's and hit-tester's input.
public struct LayoutBox: Sendable {
    /// The node (for list rows, a copy of the template with instance ids "<list>/<row>/<id>").
    public var node: Node
    /// Frame in canvas coordinates, points.
    public var frame: Rect
    public var children: [LayoutBox]
}

extension Node {
    /// Lists always clip their rows; other nodes when `clipsToBounds` says so.
    var clipsChildren: Bool {
        if case .list = kind { return true }
        return clipsToBounds
    }
}
