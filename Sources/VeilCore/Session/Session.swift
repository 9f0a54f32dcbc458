/// The single entry point of the core. A session owns one scene and its state; hosts feed it
/// commands and input, and call `tick(at:)` with the time (never read from a clock) to get the
/// next message for the viewer, or nil when nothing changed.
///
/// A tick costs what changed (docs/ARCHITECTURE.md, "Ticks"): after a command, an input that
/// changes what is drawn, a resize or a component settling, it lays out, renders and diffs; when
/// only time moved, it re-evaluates the frame's animated fields in place (`FrameAnimations`); when
/// nothing is due, it returns nil without touching the frame.
public final class Session {
    /// The scene as loaded, with commands and resizes applied (overlays live beside it).
    public private(set) var scene: Scene
    /// Time of the latest tick or timed action, seconds. Never runs backwards.
    public private(set) var time: Double = 0
    /// Events not yet sent: they ride on the next tick's message.
    public private(set) var pendingEvents: [HostEvent] = []
    /// Timeline and reaction actions that did not apply, oldest first, not yet taken by the host
    /// (`takeRefused`): at most `Limits.maxRefusedKept`; `refusedDropped` counts those left out.
    public private(set) var refused: [RefusedAction] = []
    public private(set) var refusedDropped = 0

    private var timelineIndex = 0
    /// Actions scheduled by reactions to events.
    private var scheduled = ScheduledActions()
    /// The registered components, in install order (later ones lie above): `ComponentRegistry`.
    let components: [any Component]
    /// Those asked on every tick, called directly (`LiveComponents`).
    private let live: LiveComponents
    private var interaction = Interaction()
    private var gestures = GestureRouter()
    private var renderer = Renderer()
    private var stream = PatchStream()
    /// The layout of the scene with its overlays, recomputed lazily after anything changes it.
    private var cachedLayout: LayoutBox? = nil
    /// The layout before that: what did not change is taken from it (`Layout`).
    private var previousLayout: LayoutBox? = nil
    /// Something changed what is drawn beyond the animated fields: the next tick renders.
    private var needsRender = true
    /// The fields of the frame held by `stream` that change with time alone.
    private var animations = FrameAnimations()
    /// The last render had time-driven values no AnimatedField covers: every tick renders.
    private var animatesUnrecorded = false

    public init(scene: Scene) {
        self.scene = scene
        (components, live) = ComponentRegistry.components()
    }

    /// Applies a command now. Throws, changing nothing, when it names what the scene does not have.
    public func perform(_ command: Command) throws(SessionError) {
        try command.check()
        switch command {
        case let .set(node, changes):
            let path = try scene.find(node)
            var changed = scene.root
            changed.update(at: path[...]) { n in
                for change in changes { n.apply(change) }
            }
            if changes.contains(where: { if case .text = $0 { return true } else { return false } }) {
                try admit(changed, "set")
            }
            scene.root = changed
        case let .host(node, width, height):
            guard try scene.resizeHost(node, width: width, height: height) else { return }
        case let .appearance(appearance):
            scene.appearance = appearance
        case let .motion(reduced):
            scene.reducedMotion = reduced
            for component in components { component.reducedMotionChanged(reduced) }
        case let .rows(node, edit) where !edit.fills:  // a fill is the fetch component's
            let path = try scene.find(node)
            guard case var .list(style) = scene.root.node(at: path).kind else {
                throw SessionError("rows: the node is not a list")
            }
            switch edit {
            case let .append(r), let .prepend(r), let .replace(_, r): try style.checkNodes(of: r)
            case .remove, .fill: break
            }
            let prepended = try style.apply(edit)
            var grown = scene.root
            grown.update(at: path[...]) { $0.kind = .list(style) }
            try admit(grown, "rows")
            scene.root = grown
            for component in components {
                component.rowsEdited(node, edit, prepended: prepended, rowLength: style.rowLength, at: time)
            }
        default:
            // The components' commands: the first that takes it applies it.
            var context = CommandContext(scene: scene, time: time, measureRoom: { [unowned(unsafe) self] in
                let used = self.laidOut(self.scene.root)
                return TreeBound(nodes: Limits.maxNodes - used.nodes, textBytes: Limits.maxTextLaidOut - used.textBytes)
            }, layout: { [unowned(unsafe) self] in self.layout() })
            var outcome = CommandOutcome.passed
            for component in components where outcome == .passed {
                outcome = try component.perform(command, &context)
            }
            scene = context.scene
            if outcome == .moved || outcome == .unchanged { return }
        }
        invalidate()
    }

    /// The most a layout of `root` with every component's overlays can hold (`mostLaidOut`).
    private func laidOut(_ root: Node) -> TreeBound {
        components.reduce(root.mostLaidOut) { $0 + $1.installed }
    }

    /// Refuses a tree that could lay out more than `Limits.maxNodes` nodes or
    /// `Limits.maxTextLaidOut` bytes of text, before it is built.
    private func admit(_ root: Node, _ command: String) throws(SessionError) {
        let bound = laidOut(root)
        guard bound.nodes <= Limits.maxNodes else {
            let count: UTF8Text = bound.nodes < NodeBound.saturation ? "\(bound.nodes)" : "more than \(Limits.maxNodes)"
            throw SessionError("\(command): the scene could then lay out \(count) nodes; at most \(Limits.maxNodes)")
        }
        guard bound.textBytes <= Limits.maxTextLaidOut else {
            throw SessionError("\(command): the scene could then lay out more than \(Limits.maxTextLaidOut) bytes of text; at most \(Limits.maxTextLaidOut)")
        }
    }

    /// The scene or a component changed: lay out and render again at the next tick.
    private func invalidate() {
        if let cachedLayout { previousLayout = cachedLayout }
        cachedLayout = nil
        needsRender = true
    }

    /// Applies an input event now.
    public func input(_ event: InputEvent) throws(SessionError) {
        try event.check()
        switch event {
        case let .resize(width, height):
            scene.width = width
            scene.height = height
            invalidate()
        case let .pointer(p):
            let before = interaction.drawnState
            let root = layout()
            // A move hit-tests only while it follows a press (a drag's moves need no positions).
            let positions = p.phase == .move && !interaction.tracks(p.pointer) ? MovingValues() : self.positions(at: time)
            let point = Point(x: p.x, y: p.y)
            let decided: [GestureRouter.Event]
            switch p.phase {
            case .down:
                var chain = Interaction.targets(at: point, in: root, values: positions) { box in
                    components.reduce(into: GestureTarget.Interests()) { $0.formUnion($1.gestures(on: box)) }
                }
                for component in components { component.arbitrate(&chain, at: point, in: root, at: time) }
                var swallowed = false
                for component in components where component.pointerDown(over: chain, at: time) { swallowed = true }
                if swallowed { chain.removeAll { $0.wants.contains(.tap) } }
                decided = gestures.down(p.pointer, kind: p.kind, x: p.x, y: p.y, t: time, chain: chain)
            case .move:
                decided = gestures.move(p.pointer, x: p.x, y: p.y, t: time)
            case .up:
                decided = gestures.up(p.pointer, x: p.x, y: p.y, t: time) { id in
                    // A button taps when it is the topmost one there (UIControl); any other target
                    // (a sheet's header, its dim) when the pointer is still over it.
                    if case .button = root.box(of: id)?.node.kind {
                        return Interaction.button(at: point, in: root, values: positions)?.node.id == id
                    }
                    return Interaction.boxes(at: point, in: root, values: positions).contains { $0.node.id == id }
                }
            case .cancel:
                decided = gestures.cancel(p.pointer)
            }
            for event in decided { for component in components { component.pan(event, in: root, at: time) } }
            if let event = interaction.apply(decided, pointer: p, in: root, values: positions) { report(event) }
            if interaction.drawnState != before { needsRender = true }
        case let .key(k):
            let before = interaction.drawnState
            let root = layout()
            for component in components where component.key(k, focused: interaction.focused, in: root, at: time) { return }
            let trap = focusTrap.flatMap { root.box(of: $0) }
            if let event = interaction.key(k, in: root, trap: trap) { report(event) }
            if interaction.drawnState != before { needsRender = true }
        case let .wheel(w):
            let root = layout()
            let delta = WheelInput(deltaX: w.dx, deltaY: w.dy, deltaMode: w.mode, viewport: (scene.width, scene.height))
            let boxes = Interaction.boxes(at: Point(x: w.x, y: w.y), in: root, values: positions(at: time))
            for component in components where component.wheel(delta, over: boxes, at: time) { break }
        }
    }

    public func apply(_ action: Action) throws(SessionError) {
        switch action {
        case let .command(c): try perform(c)
        case let .input(e): try input(e)
        }
    }

    /// Advances to `t` (running the timeline up to it), then applies `action` at that moment, so
    /// its fades start exactly then and a gesture sees when its input happened. Time never runs
    /// backwards: an action stamped before the session's latest time applies at that time.
    /// (`veil stream` applies each events-file line at its "t"; hosts pass their input's time stamp.)
    public func apply(_ action: Action, at t: Double) throws(SessionError) {
        advance(to: t)
        try apply(action)
    }

    /// Applies a line of an events file or a host message: at its time when it has one, else now.
    public func apply(_ timed: TimedAction) throws(SessionError) {
        if timed.isTimed { try apply(timed.action, at: timed.time) } else { try apply(timed.action) }
    }

    /// The frame at time `t` (runs the scene's timeline up to `t`), without producing a message.
    public func frame(at t: Double) -> Frame {
        advance(to: t)
        if needsLayout { invalidate() }
        let root = layout()  // before the values: laying out places what moves (a sheet's anchor)
        let values = positions(at: time)
        var output = renderer.render(root, scene: scene, interaction: interaction, time: time, values: values)
        _ = declaringPaths(&output.frame, output.animations, output.reusedLayers, values)
        return output.frame
    }

    /// A render's frame with the paths the moving values follow declared (`FrameAnimations.step`),
    /// in place (a copy of the frame retained each of its arrays once more a render), and the
    /// animations that step it from then on.
    @inline(never)  // for size: two callers
    private func declaringPaths(_ frame: inout Frame, _ fields: [AnimatedField], _ reused: IdIndex, _ values: MovingValues)
        -> (animations: FrameAnimations, undeclared: Bool) {
        let animations = FrameAnimations(fields, in: frame, unanimated: reused)
        var undeclared = false
        if values.hasPaths {
            var hash: UInt32 = 0  // the stream hashes what it sends
            _ = animations.step(&frame, hash: &hash, at: time, values: values, undeclared: &undeclared)
        }
        return (animations, undeclared)
    }

    /// The next message for a viewer: a keyframe first, then deltas; nil when the frame did not
    /// change and there are no events to report.
    public func tick(at t: Double) -> [UInt8]? {
        advance(to: t)
        let events = pendingEvents
        pendingEvents.removeAll()
        if needsLayout { invalidate() }
        if needsRender || animatesUnrecorded || rendersEveryTick || !stream.hasSentFrame {
            return renderTick(events: events)
        }
        let scrolls = live.needsStep(at: time) || stepsEveryTick ? positions(at: time) : nil
        live.didStep(at: time)
        if !animations.hasTimeFields && scrolls == nil {
            return events.isEmpty ? nil : stream.next(events: events) { _, _ in Patch() }
        }
        let now = time
        var undeclared = false
        let message = stream.next(events: events) { [animations] frame, hash in
            animations.step(&frame, hash: &hash, at: now, values: scrolls, undeclared: &undeclared)
        }
        if scrolls != nil { stepsEveryTick = undeclared }
        return message
    }

    /// The last render left nodes out to stay within the wire's bounds.
    private var leftNodesOut = false
    /// A field following a path could not be declared (`FrameAnimations.step`): the moving values
    /// are stepped every tick until none is left so.
    private var stepsEveryTick = false

    /// Ticks that rendered (the others moved animated fields or sent nothing): for tests.
    private(set) var renderedTicks = 0
    /// Layers the last render took unchanged from an earlier one: for tests.
    private(set) var layersReusedAtLastRender = 0

    /// A tick that renders: layout (cached unless invalidated), render, diff.
    private func renderTick(events: [HostEvent]) -> [UInt8]? {
        renderedTicks += 1
        let root = layout()
        let values = positions(at: time)
        var output = renderer.render(root, scene: scene, interaction: interaction, time: time,
                                     values: values, sent: stream.lastFrame)
        let declared = declaringPaths(&output.frame, output.animations, output.reusedLayers, values)
        stepsEveryTick = declared.undeclared
        live.didStep(at: time)
        needsRender = false
        animatesUnrecorded = output.animatesUnrecorded
        var events = events
        // What the layout asked the host (a fetching list's rows) rides on the message that draws
        // it, not the next; past the bound, the rest wait for the next message.
        for event in live.takeLayoutEvents() { report(event) }
        while !pendingEvents.isEmpty && events.count < Limits.maxPendingEvents { events.append(pendingEvents.removeFirst()) }
        // Told once when frames start leaving nodes out (RenderBudget), not at every render.
        if let leftOut = output.leftOut, !leftNodesOut, events.count < Limits.maxPendingEvents {
            events.append(HostEvent(name: utf8("truncated"), node: leftOut))
        }
        leftNodesOut = output.leftOut != nil
        let message = stream.next(frame: output.frame, events: events)
        animations = declared.animations
        layersReusedAtLastRender = output.reusedLayers.count
        return message
    }

    /// What assistive technology should know of what is drawn now (`AccessibilityDescription`):
    /// buttons where the moving values put them, and what each component adds (busy while a list
    /// refreshes or loads more, the sheets presented with their anchors).
    public func accessibilityDescription() -> AccessibilityDescription {
        AccessibilityDescription(layout(), values: positions(at: time), components: components)
    }

    /// When a tick can next send something without new commands or input, on the clock of
    /// `tick(at:)`: the session's time while something moves or waits to be sent (an animated field,
    /// a scroll or sheet in motion, a render or events pending), else the time of the next timeline
    /// or scheduled action or delayed component start; nil when nothing changes by itself. A host
    /// stops its frame loop while this is nil and sleeps until it otherwise.
    public var nextChange: Double? {
        // A host asks after every tick: the session's own flags first, then the components.
        if needsRender || animatesUnrecorded || rendersEveryTick || stepsEveryTick || !pendingEvents.isEmpty
            || animations.hasTimeFields || !stream.hasSentFrame {
            return time
        }
        let step = live.nextStep(at: time) ?? Double.infinity
        if step <= time || needsLayout { return time }
        var next = min(step, timelineIndex < scene.timeline.count ? scene.timeline[timelineIndex].time : Double.infinity)
        if let t = scheduled.nextTime { next = min(next, t) }
        for component in components { if let t = component.nextSettle { next = min(next, t) } }
        return next.isFinite ? max(next, time) : nil
    }

    /// Renders at every tick from now on, as before ticks cost what changed: for tests that check
    /// the animated path produces the same bytes.
    var rendersEveryTick = false

    /// Lays out and draws everything at every render, reusing nothing from earlier ones: for tests
    /// that check reuse changes no byte.
    var reusesNothing = false {
        didSet { renderer.reusesNothing = reusesNothing }
    }

    /// Item keys the session holds ids for: bounded by about twice what its frames draw.
    public var internedIds: Int { renderer.internedIds }

    /// The key "<node id>#<role>" an item id of the frames this session sends stands for now (ids are
    /// interned per session and may be given out again once a frame no longer uses them), nil when
    /// the id is not in use: for tools that name items (`veil test`, `veil stream --format text`).
    public func itemKey(_ id: UInt32) -> [UInt8]? { renderer.itemKey(id) }

    /// The frame of the last message `tick` returned, its hash and its sequence number: what a
    /// viewer that received every message holds (hosts sharing one session among viewers diff a
    /// lagging viewer's frame against it).
    public var sentFrame: Frame? { stream.lastFrame }
    public var sentHash: UInt32 { stream.lastHash }
    public var sentSequence: UInt32 { stream.sequence }

    /// The next tick sends a keyframe (a viewer lost track of its mirror).
    public func requestKeyframe() {
        stream.forceKeyframe()
        needsRender = true
    }

    /// Swaps in a new version of the scene (its file was edited while a viewer watches), keeping
    /// what the session holds by node id — skeletons, status views, spinners, scroll positions,
    /// sheets, focus, scheduled reactions — and, when `keepingSize`, the canvas size the viewer
    /// set. The timeline goes on from the session's time: entries before it do not run again.
    /// The next tick sends a patch from the frame the viewer holds to the new one.
    public func replaceScene(_ newScene: Scene, keepingSize: Bool) {
        var next = newScene
        if keepingSize {
            next.width = scene.width
            next.height = scene.height
        }
        scene = next
        timelineIndex = scene.timeline.firstIndex { $0.time > time } ?? scene.timeline.count
        // Nothing laid out from the old scene may be reused: its nodes are not the new ones.
        previousLayout = nil
        cachedLayout = nil
        needsRender = true
    }

    /// The current layout (what hit-testing and rendering see): the scene with every component
    /// installed, laid out; cached until something changes it.
    public func layout() -> LayoutBox {
        if let cachedLayout { return cachedLayout }
        var effective = scene
        let context = InstallContext(scene: scene, covered: components.flatMap { $0.covers })
        for component in components { effective.root = component.install(into: effective.root, context) }
        let positions = self.positions(at: time)
        var box = Layout.layout(effective, reusing: reusesNothing ? nil : previousLayout, values: positions)
        live.didLayOut(box, with: positions, at: time)
        if needsLayout {
            // A container that just got its place (a chat opening at its end): its rows, at once.
            let moved = self.positions(at: time)
            box = Layout.layout(effective, reusing: reusesNothing ? nil : box, values: moved)
            live.didLayOut(box, with: moved, at: time)
        }
        cachedLayout = box
        previousLayout = nil
        return box
    }

    /// Queues an event for the host and schedules the scene's reactions to it.
    private func report(_ event: HostEvent) {
        guard pendingEvents.count < Limits.maxPendingEvents else { return }
        pendingEvents.append(event)
        for reaction in scene.reactions where reaction.event == event.name {
            if let node = reaction.node, node != event.node { continue }
            for a in reaction.actions where scheduled.count < Limits.maxTimeline {
                var due = TimedAction(time: time + a.time, action: a.action)
                due.place = a.place
                due.reactionTo = event.name
                scheduled.add(due)
            }
        }
    }

    /// The focused button's id, if any: for tests.
    var focused: [UInt8]? { interaction.focused }

    /// Keyboard focus stays inside an expanded modal sheet and returns when it collapses or goes.
    private func updateFocusTrap() {
        let trap = focusTrap
        guard interaction.trapChanges(to: trap) else { return }
        let inside = trap.flatMap { id in interaction.focused.flatMap { layout().box(of: id)?.box(of: $0) } } != nil
        if interaction.trapFocus(trap, keep: inside) { needsRender = true }
    }

    /// What the components move at `t` (`MovingValues`): what layout, drawing and hit-testing read.
    func positions(at t: Double) -> MovingValues {
        var p = MovingValues()
        live.publish(into: &p, at: t)
        return p
    }

    /// Some component's values need a new layout (`Component.needsLayout`).
    private var needsLayout: Bool { live.needsLayout(at: time) }

    /// The node keyboard focus stays inside, if a component keeps one (`Component.focusTrap`).
    private var focusTrap: [UInt8]? {
        live.focusTrap
    }

    /// The registered component of type `C`.
    func component<C: Component>(_ type: C.Type) -> C? {
        for component in components { if let c = component as? C { return c } }
        return nil
    }

    /// Moves time forward to `t`, applying timeline and scheduled actions due by then, in time order
    /// — at most `Limits.maxActionsPerAdvance` of them: the rest stay due and apply, in order, as
    /// time next moves (a tick, a timed action), so one tick's work stays bounded.
    private func advance(to t: Double) {
        let target = t.isFinite ? max(time, t) : time
        for _ in 0 ..< Limits.maxActionsPerAdvance {
            let nextTimeline = timelineIndex < scene.timeline.count ? scene.timeline[timelineIndex].time : Double.infinity
            let nextScheduled = scheduled.nextTime ?? Double.infinity
            let next = min(nextTimeline, nextScheduled)
            guard next <= target else { break }
            time = max(time, next)
            settleComponents()
            let due: TimedAction
            if nextTimeline <= nextScheduled {
                due = scene.timeline[timelineIndex]
                timelineIndex += 1
            } else {
                guard let scheduledAction = scheduled.takeFirst() else { break }
                due = scheduledAction
            }
            // One that does not apply changes nothing and is kept for the host to report.
            do throws(SessionError) {
                try apply(due.action)
            } catch {
                refuse(due, error)
            }
        }
        time = target
        settleComponents()
    }

    /// Keeps `action`'s refusal for the host (bounded: past `Limits.maxRefusedKept`, only counted).
    private func refuse(_ action: TimedAction, _ error: SessionError) {
        guard refused.count < Limits.maxRefusedKept else { refusedDropped += 1; return }
        refused.append(RefusedAction(time: time, place: action.place, reactionTo: action.reactionTo, message: error.message))
    }

    /// The refused actions not taken yet, and how many more were left out; empties the list.
    public func takeRefused() -> (actions: [RefusedAction], dropped: Int) {
        defer { refused.removeAll(); refusedDropped = 0 }
        return (refused, refusedDropped)
    }

    /// Drops finished fade-outs and starts delayed skeletons due by `time`.
    private func settleComponents() {
        var changed = false
        for component in components where component.settle(at: time) { changed = true }
        if changed { invalidate() }
        for event in live.takeEvents() { report(event) }
        updateFocusTrap()
    }
}
