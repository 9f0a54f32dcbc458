/// A component of a session — sheet, scroll, skeleton, status, spinner. It
/// keeps its state beside the scene, never in it, so hiding it restores the scene as it is by then.
/// A component is one folder: its model, the readers of its command and scene keys, what it
/// installs into the tree, the input it takes, and this seam; registering it is one line of
/// `Session.components`.
///
/// The session asks each registered component, in registration order (later ones install above):
/// `perform` for every command until one takes it, `install` when it lays out, `settle` as time
/// passes; for input, `gestures(on:)` while hit-testing a pointer, `pointerDown`, `pan` for the
/// pans the gesture router gives its nodes, and `wheel` and `key` until one takes them. All input
/// hooks default to taking nothing. Class-bound, so `[any Component]` works in Embedded Swift.
protocol Component: AnyObject {
    /// Applies `command` at time `t` and returns true if it is this component's; false leaves it to
    /// the next. Throws, changing nothing, when it is this component's but cannot apply — also when
    /// what it would lay over the tree does not fit in `room` (`TreeBound`: nodes, text).
    func perform(_ command: Command, on scene: Scene, room: TreeBound, at t: Double) throws(SessionError) -> Bool

    /// The most what it installs adds to a layout (`mostLaidOut` of its overlays).
    var installed: TreeBound { get }

    /// The tree with what the component shows laid over it or marked in it, for layout and drawing.
    func install(into root: Node, _ context: InstallContext) -> Node

    /// Time passed to `t`: starts what was delayed, ends finished fades, drops what left; true when
    /// what `install` produces changed.
    func settle(at t: Double) -> Bool

    /// The earliest time `settle` will change something by itself (a delayed start); nil when none.
    /// Fades are not listed: while one runs, the frame animates (`Session.nextChange`).
    var nextSettle: Double? { get }

    /// Hosts this component covers since a time (a status over a skeleton pauses it).
    var covers: [(host: [UInt8], since: Double)] { get }

    /// The gestures it takes from a pointer on `box` (a pan along a scroll container's axis).
    func gestures(on box: LayoutBox) -> GestureTarget.Interests

    /// A pointer went down at `point` over `chain` (innermost first): a component may change what
    /// the candidates take (a sheet takes the vertical pans of the scroll containers inside it).
    func arbitrate(_ chain: inout [GestureTarget], at point: Point, in root: LayoutBox, at t: Double)

    /// A pointer went down over `chain` (innermost first); true to keep the tap from what lies
    /// under it (a touch that stops moving content).
    func pointerDown(over chain: [GestureTarget], at t: Double) -> Bool

    /// A pan the gesture router decided (began, changed, ended, cancelled) for one of the chain's
    /// candidates; a component acts on its own nodes' pans.
    func pan(_ event: GestureRouter.Event, in root: LayoutBox, at t: Double)

    /// A wheel turn over `boxes` (outermost first); true when taken.
    func wheel(_ delta: WheelInput, over boxes: [LayoutBox], at t: Double) -> Bool

    /// A key going down while `focused` has the focus; true when taken (then no one else sees it).
    func key(_ k: KeyEvent, focused: [UInt8]?, in root: LayoutBox, at t: Double) -> Bool
}

extension Component {
    var installed: TreeBound { TreeBound() }
    var covers: [(host: [UInt8], since: Double)] { [] }
    var nextSettle: Double? { nil }
    func gestures(on box: LayoutBox) -> GestureTarget.Interests { [] }
    func arbitrate(_ chain: inout [GestureTarget], at point: Point, in root: LayoutBox, at t: Double) {}
    func pointerDown(over chain: [GestureTarget], at t: Double) -> Bool { false }
    func pan(_ event: GestureRouter.Event, in root: LayoutBox, at t: Double) {}
    func wheel(_ delta: WheelInput, over boxes: [LayoutBox], at t: Double) -> Bool { false }
    func key(_ k: KeyEvent, focused: [UInt8]?, in root: LayoutBox, at t: Double) -> Bool { false }
}

/// What a component may know of the session when it installs itself.
struct InstallContext {
    var scene: Scene
    /// Every registered component's `covers`.
    var covered: [(host: [UInt8], since: Double)]
}
