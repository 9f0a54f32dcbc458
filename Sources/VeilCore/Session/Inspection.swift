/// A node as drawn, for an inspector: its id, its type and where it is on the canvas.
public struct InspectedNode: Sendable, Equatable {
    public var id: [UInt8]
    /// Its `"type"` as the scene writes it (`label`, `list`…).
    public var type: String
    /// Where it is drawn, canvas points: its layout frame moved by the scroll offsets and sheet
    /// positions around it.
    public var frame: Rect
}

extension Session {
    /// The nodes drawn under `point` (canvas points) that take input, outermost first — list rows
    /// by their instance ids (`"<list>/<row>/<id>"`), the overlays components install too.
    public func nodes(at point: Point) -> [InspectedNode] {
        var found: [InspectedNode] = []
        Interaction.visit(layout(), positions(at: time)) { target in
            if target.contains(point) { found.append(Self.inspected(target)) }
        }
        return found
    }

    /// Where the node `id` is drawn now; nil when it is not (hidden, scrolled out of its list's
    /// rows, or no such node).
    public func inspect(_ id: [UInt8]) -> InspectedNode? {
        var found: InspectedNode? = nil
        Interaction.visit(layout(), positions(at: time)) { target in
            guard found == nil, target.box.node.id == id else { return }
            let drawn = Self.inspected(target)
            // Out of its container's viewport (a row scrolled away) it is not drawn.
            if let clip = target.clip, clip.intersection(drawn.frame).width <= 0 || clip.intersection(drawn.frame).height <= 0 { return }
            found = drawn
        }
        return found
    }

    private static func inspected(_ target: Interaction.Target) -> InspectedNode {
        InspectedNode(id: target.box.node.id, type: target.box.node.kind.typeName,
                      frame: target.placement.frame(of: target.box))
    }
}
