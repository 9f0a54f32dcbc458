/// Skeleton placeholders (SkeletonView) on any skeletonable node: shown, updated and hidden by
/// command, with delays and cross-dissolves; a status covering its root pauses its animation.
final class SkeletonComponent: Component {
    private var skeletons = Skeletons()

    func perform(_ command: Command, on scene: Scene, room: TreeBound, at t: Double) throws(SessionError) -> Bool {
        guard case let .skeleton(node, command) = command else { return false }
        try SkeletonValidation.check(command, on: scene.root.node(at: try scene.find(node)))
        switch command {
        case let .show(style, transition, delay):
            skeletons.show(style, root: node, transition: transition, delay: delay, at: t)
        case let .hide(transition):
            skeletons.hide(root: node, transition: transition, at: t)
        case let .update(style):
            try skeletons.update(style, root: node, at: t)
        }
        return true
    }

    func install(into root: Node, _ context: InstallContext) -> Node {
        skeletons.install(into: root, appearance: context.scene.skeletonAppearance, scheme: context.scene.appearance,
                          pauses: context.covered, still: context.scene.reducedMotion)
    }

    func settle(at t: Double) -> Bool { skeletons.settle(at: t) }

    var nextSettle: Double? { skeletons.nextStart }
}
