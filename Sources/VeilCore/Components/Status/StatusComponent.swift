/// Loading / error / empty status views over host nodes (StatusProvider): one per host, replaced by
/// the next, optionally cross-dissolving. It covers its hosts, so a skeleton under one pauses.
final class StatusComponent: Component {
    private var overlays = Overlays()

    func perform(_ command: Command, _ context: inout CommandContext) throws(SessionError) -> CommandOutcome {
        guard case let .status(node, status, asked) = command else { return .passed }
        let scene = context.scene
        // Reduced motion: no cross-dissolve.
        let transition = scene.reducedMotion ? OverlayTransition.none : asked
        let host = scene.root.node(at: try scene.find(node))
        let view = status.map {
            StatusView.build($0, host: host, custom: scene.statusViews.view(for: $0.kind), palette: .of(scene.appearance))
        }
        try Overlays.admit(view, room: context.room, "status")
        overlays.setStatus(view, host: node, transition: transition, at: context.time)
        return .changed
    }

    func install(into root: Node, _ context: InstallContext) -> Node { overlays.install(into: root) }

    var installed: TreeBound { overlays.laidOut }

    func settle(at t: Double) -> Bool { overlays.removeFinished(at: t) }

    var nextSettle: Double? { overlays.nextSettle }

    var covers: [(host: [UInt8], since: Double)] { overlays.covers }

    /// A status view it shows (not one leaving) is announced: no other node, whatever its name.
    func describe(_ box: LayoutBox, into semantics: inout BoxSemantics) {
        if overlays.entries.contains(where: { $0.removeAt == nil && $0.node.id == box.node.id }) { semantics.status = true }
    }
}
