/// A component of a session — sheet, scroll (with pull-to-refresh and load-more), fetched rows,
/// skeleton, status, spinner. It
/// keeps its state beside the scene, never in it, so hiding it restores the scene as it is by then.
/// A component is one folder: its model, the readers of its command and scene keys, what it
/// installs into the tree, what it draws beyond that (`ComponentDrawing`), the values it moves,
/// the input it takes, and this seam; registering it is one line of `ComponentRegistry`.
///
/// The session asks each registered component, in registration order (later ones install above):
/// `perform` for every command until one takes it, `install` when it lays out, `settle` as time
/// passes; `publish` for the values it moves every frame, with `needsStep`/`nextStep`/`didStep`
/// for ticks and `needsLayout`/`didLayOut` for layouts; for input, `gestures(on:)` while
/// hit-testing a pointer, `pointerDown`, `pan` for the pans the gesture router gives its nodes,
/// and `wheel` and `key` until one takes them. Every hook but `perform`, `install` and `settle`
/// defaults to doing nothing. Class-bound, so `[any Component]` works in Embedded Swift.
protocol Component: AnyObject {
    /// Applies `command` and says whether it was this component's (`.passed` leaves it to the next)
    /// and what changed. Throws, changing nothing, when it is this component's but cannot apply —
    /// also when what it would lay over the tree does not fit in `context.room` (nodes, text).
    func perform(_ command: Command, _ context: inout CommandContext) throws(SessionError) -> CommandOutcome

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

    // MARK: Values that move every frame, and layouts

    // A component that moves values every frame, reports events or keeps the focus is live: the
    // session asks it on every tick (the hooks below), through `LiveComponents`. The others are
    // asked only for commands, installs, settles and input, so a tick costs what the live ones need.

    /// Publishes the values it moves at `t` (a scroll offset, a sheet's translation): what layout,
    /// drawing, hit-testing and the frame's animated fields read.
    func publish(into values: inout MovingValues, at t: Double)

    /// Whether what it publishes may differ from what the frame's fields were last stepped or
    /// drawn with (input moved something, or something moves by itself).
    func needsStep(at t: Double) -> Bool

    /// When what it publishes next changes by itself, from `t` on (`t`: now); nil when it will not.
    func nextStep(at t: Double) -> Double?

    /// The frame's fields now show what it publishes at `t`.
    func didStep(at t: Double)

    /// Whether what it publishes needs a new layout (a list's window of rows moved on).
    func needsLayout(at t: Double) -> Bool

    /// The session laid out `root` with `values`.
    func didLayOut(_ root: LayoutBox, with values: MovingValues, at t: Double)

    // MARK: What else the session asks

    /// Events for the host since it was last asked (`scrolled`, a sheet's `anchorChanged`).
    func takeEvents() -> [HostEvent]

    /// The node keyboard focus must stay inside (an expanded modal sheet), if any.
    var focusTrap: [UInt8]? { get }

    /// Reduced motion (`{"motion": "reduced"}`, a viewer's prefers-reduced-motion) was turned on
    /// or off: what moves by itself stands still. Skeletons show sliding as a still gradient and
    /// pulse as solid; skeleton and status transitions and `scroll` are instant (a component's own
    /// commands read `scene.reducedMotion`), and so are scrolling keys and sheet moves not driven by
    /// a finger (commands, keys, taps on a grabber, header or dim: this hook). Sheets and scrolling
    /// still follow the pointer and settle with their springs (motion the user drives), and the
    /// spinner still turns, as a system one does.
    func reducedMotionChanged(_ reduced: Bool)

    /// Rows of the list `list` were edited: `prepended` rows of `rowLength` went in before the first.
    func rowsEdited(_ list: [UInt8], _ edit: RowsEdit, prepended: Int, rowLength: Double, at t: Double)

    /// Adds what assistive technology should know of it as a whole (busy while a list loads, the
    /// sheets presented), after the walk.
    func describe(_ description: inout AccessibilityDescription, values: MovingValues)

    /// Adds what assistive technology should know of `box`, one of its own (a skeleton's covered
    /// content, a status view, a refreshable list): asked for every box the walk reaches.
    func describe(_ box: LayoutBox, into semantics: inout BoxSemantics)

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
    func publish(into values: inout MovingValues, at t: Double) {}
    func needsStep(at t: Double) -> Bool { false }
    func nextStep(at t: Double) -> Double? { nil }
    func didStep(at t: Double) {}
    func needsLayout(at t: Double) -> Bool { false }
    func didLayOut(_ root: LayoutBox, with values: MovingValues, at t: Double) {}
    func takeEvents() -> [HostEvent] { [] }
    var focusTrap: [UInt8]? { nil }
    func reducedMotionChanged(_ reduced: Bool) {}
    func rowsEdited(_ list: [UInt8], _ edit: RowsEdit, prepended: Int, rowLength: Double, at t: Double) {}
    func describe(_ description: inout AccessibilityDescription, values: MovingValues) {}
    func describe(_ box: LayoutBox, into semantics: inout BoxSemantics) {}
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

/// What a component may use and change while it performs a command.
struct CommandContext {
    /// The scene as the command finds it; a component may change its own keys on its nodes (a
    /// list's `refresh.enabled`). The session keeps the change unless `perform` throws.
    var scene: Scene
    /// The session's time.
    let time: Double
    /// What the tree may still grow by (`TreeBound`: nodes, text), measured when asked.
    var room: TreeBound { measureRoom() }
    let measureRoom: () -> TreeBound
    /// The current layout (laid out when needed), for commands that act on laid-out boxes.
    let layout: () -> LayoutBox
}

/// What `perform` did with a command.
enum CommandOutcome: Equatable {
    /// Not this component's: the next one is asked.
    case passed
    /// Applied: the tree or what is drawn changed (the session lays out and renders again).
    case changed
    /// Applied: only what the component publishes in `MovingValues` changed (no new layout).
    case moved
    /// Applied, and nothing shown changed (rows that came for pages a list let go of).
    case unchanged
}
