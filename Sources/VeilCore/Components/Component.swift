/// A component of a session — skeleton, status, spinner (sheets and refresh to come). It keeps its
/// state beside the scene, never in it, so hiding it restores the scene as it is by then. A
/// component is one folder: its model, the readers of its command and scene keys, what it installs
/// into the tree, and this seam; registering it is one line of `Session.components`.
///
/// The session asks each registered component, in registration order (later ones install above):
/// `perform` for every command until one takes it, `install` when it lays out, `settle` as time
/// passes. Class-bound, so `[any Component]` works in Embedded Swift.
protocol Component: AnyObject {
    /// Applies `command` at time `t` and returns true if it is this component's; false leaves it to
    /// the next. Throws, changing nothing, when it is this component's but cannot apply.
    func perform(_ command: Command, on scene: Scene, at t: Double) throws(SessionError) -> Bool

    /// The tree with what the component shows laid over it or marked in it, for layout and drawing.
    func install(into root: Node, _ context: InstallContext) -> Node

    /// Time passed to `t`: starts what was delayed, ends finished fades, drops what left; true when
    /// what `install` produces changed.
    func settle(at t: Double) -> Bool

    /// Hosts this component covers since a time (a status over a skeleton pauses it).
    var covers: [(host: [UInt8], since: Double)] { get }
}

extension Component {
    var covers: [(host: [UInt8], since: Double)] { [] }
}

/// What a component may know of the session when it installs itself.
struct InstallContext {
    var scene: Scene
    /// Every registered component's `covers`.
    var covered: [(host: [UInt8], since: Double)]
}
