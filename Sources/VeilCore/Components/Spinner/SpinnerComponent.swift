/// The loading spinner overlay over host nodes (SpinnerView): fades in and out in 0.25 s, never
/// stacks. Registered after the status, so a spinner shows above a status on the same host.
final class SpinnerComponent: Component {
    private var overlays = Overlays()

    func perform(_ command: Command, _ context: inout CommandContext) throws(SessionError) -> CommandOutcome {
        guard case let .spinner(node, show) = command else { return .passed }
        let host = context.scene.root.node(at: try context.scene.find(node))
        let overlay = show ? SpinnerOverlay.build(host: host) : nil
        if let overlay { try Overlays.admit(overlay, room: context.room, "spinner") }
        overlays.toggle(overlay, host: host.id, fade: SpinnerOverlay.fadeDuration, at: context.time)
        return .changed
    }

    func install(into root: Node, _ context: InstallContext) -> Node { overlays.install(into: root) }

    var installed: TreeBound { overlays.laidOut }

    func settle(at t: Double) -> Bool { overlays.removeFinished(at: t) }

    var nextSettle: Double? { overlays.nextSettle }
}
