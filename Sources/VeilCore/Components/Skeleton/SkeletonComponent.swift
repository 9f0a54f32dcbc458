/// Skeleton placeholders (SkeletonView) on any skeletonable node: shown, updated and hidden by
/// command, with delays and cross-dissolves; a status covering its root pauses its animation.
final class SkeletonComponent: Component {
    private var skeletons = Skeletons()

    func perform(_ command: Command, _ context: inout CommandContext) throws(SessionError) -> CommandOutcome {
        guard case let .skeleton(node, command) = command else { return .passed }
        let scene = context.scene, t = context.time
        // Reduced motion: transitions are instant (and their durations not looked at).
        let reduced = scene.reducedMotion
        try SkeletonValidation.check(command, on: scene.root.node(at: try scene.find(node)), transitions: !reduced)
        switch command {
        case let .show(style, transition, delay):
            skeletons.show(style, root: node, transition: reduced ? .none : transition, delay: delay, at: t)
        case let .hide(transition):
            skeletons.hide(root: node, transition: reduced ? .none : transition, at: t)
        case let .update(style):
            try skeletons.update(style, root: node, at: t)
        }
        return .changed
    }

    func install(into root: Node, _ context: InstallContext) -> Node {
        skeletons.install(into: root, appearance: context.scene.skeletonAppearance, scheme: context.scene.appearance,
                          pauses: context.covered, still: context.scene.reducedMotion)
    }

    func settle(at t: Double) -> Bool { skeletons.settle(at: t) }

    var nextSettle: Double? { skeletons.nextSettle }

    /// A node under placeholders: loading, its content not on screen (a status or spinner over it
    /// is drawn over the placeholders, and read).
    func describe(_ box: LayoutBox, into semantics: inout BoxSemantics) {
        if box.node.skeletonMark != nil {
            semantics.busy = true
            semantics.contentCovered = true
        }
    }
}

extension Session {
    /// The skeleton tree of the node with `id` (default: the root) as JSON: per node its id, type,
    /// whether it is skeletonable and, while a skeleton is shown, whether it is a placeholder.
    public func skeletonTree(_ id: [UInt8]? = nil) throws(SessionError) -> String {
        let root = layout()
        guard let box = id.map({ root.box(of: $0) }) ?? root else {
            throw SessionError("no node with id \"\(id ?? [])\"")
        }
        return SkeletonTree.json(box)
    }
}
