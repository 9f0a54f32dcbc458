/// Scroll containers (lists and `scroll` nodes): where each one's content is and how it moves,
/// driven by pans the gesture router gives it, wheel deltas, keys and the `scroll` command
/// (docs/SCENE.md, "Scrolling"). A container has state here from the first time it moves;
/// until then it rests at its start.
///
/// What the rest of the session reads is `positions(at:)`: layout makes a list's rows for the
/// window around its offset, the renderer places each content layer at minus its offset and draws
/// the indicator, and ticks step those two fields in place while the content moves. A new window
/// (every `ContentWindow.chunkLength` points of travel) needs a new layout: `needsLayout`.
final class ScrollComponent: Component {
    struct Container {
        var id: [UInt8]
        var horizontal: Bool
        var motion = ScrollMotion()
        /// The window chunk the current layout made rows for, and the state its custom refresh
        /// view was made in.
        var laidOutChunk = 0
        var laidOutRefreshState = RefreshViewState.idle
        /// Whether its animator's parts were drawn looping (`loops`).
        var laidOutLooping = false
        /// When it last came to rest (its indicator fades out after), or nil while it moves.
        var restedAt: Double? = -1_000
        /// It moved by itself or by input since it was last at rest (a `scrolled` event is due).
        var travelled = false
        /// When the path of its motion began as the frame was last stepped, and when a tick is
        /// due on it then (`pathWake`).
        var steppedPathStart: Double? = nil
        var wakeAt: Double? = nil
        /// Its pull-to-refresh (from the node), and whether a refresh is under way (the top
        /// inset then holds the animator open).
        var refresh: RefreshStyle? = nil
        var refreshing = false

        /// Where the offset may rest at the start: above the content while refreshing, and the
        /// footer's room when it loads more at the start (a chat).
        var lower: Double {
            if refreshing { return -(refresh?.height ?? 0) }
            return loadMore?.edge == .start ? -footerRoom : 0
        }
        /// Rows were appended while it showed its end: the next layout follows them (a chat).
        var followsEnd = false

        /// Its infinite scroll (from the node), whether a load is under way (the bottom inset then
        /// holds the footer open), and after a load that brought nothing, the offset and content
        /// length it ended at: it asks again only once scrolled further or the content grew.
        var loadMore: LoadMoreStyle? = nil
        var loadingMore = false
        var answered: (offset: Double, content: Double)? = nil
        /// Content and viewport lengths at the last layout.
        var content = 0.0
        var viewport = 0.0

        /// Where the offset may rest at the end: the content's end, and the footer's room when it
        /// loads more at the end.
        var upper: Double { max(lower, content - viewport + (loadMore?.edge == .start ? 0 : footerRoom)) }
        /// Room for infinite scroll's footer past the edge it loads more at: while loading, and
        /// once there is no more if an end text shows there (else it could never be scrolled to).
        var footerRoom: Double {
            guard let more = loadMore else { return 0 }
            return loadingMore || (!more.hasMore && !more.endText.isEmpty) ? more.height : 0
        }
    }

    /// Ids of the nodes with infinite scroll in the tree last installed: they get state at once,
    /// so content shorter than its viewport asks for more without being touched.
    var loadMoreNodes: [[UInt8]] = []

    var containers: [Container] = []
    /// Pans under way on containers nested on one axis (one per pointer: a pan is named by the
    /// container it began on, its first id).
    var nested: [NestedDrag] = []
    /// Input or a command moved something since the last tick stepped the frame.
    var moved = false
    /// When the frame's scroll fields were last stepped or drawn.
    var steppedAt = -Double.infinity
    /// `scrolled` events (a container came to rest after moving), for the session to report.
    var events: [HostEvent] = []

    /// The indicator stays this long after the content rests, then fades out over `indicatorFade`.
    static let indicatorHold = 0.5
    static let indicatorFade = 0.25
    /// Arrow keys move this far; Page Up/Down and Space a viewport less this much.
    static let keyStep = 40.0
    /// Reduced motion (the session's `motion` command): keys move the content at once.
    var reducedMotion = false

    func install(into root: Node, _ context: InstallContext) -> Node {
        loadMoreNodes.removeAll()
        func find(_ n: Node) {
            if n.loadMore != nil && n.scrollAxis != nil { loadMoreNodes.append(n.id) }
            n.children.forEach(find)
        }
        find(root)
        return root
    }

    /// Ends motions that ran their course (a `scrolled` event for each). True never: what moved is
    /// in `positions`, and a new window is `needsLayout`.
    func settle(at t: Double) -> Bool {
        for i in containers.indices { askForMore(i, at: t) }
        for i in containers.indices {
            // When it came to rest, not when this tick saw it: the fade does not depend on the tick rate.
            guard let rest = containers[i].motion.restTime, containers[i].motion.settle(at: t) else { continue }
            containers[i].restedAt = rest
            finishTravel(i)
        }
        return false
    }

    /// Sends `loadMore` when what is left below the viewport is under the prefetch distance.
    func askForMore(_ i: Int, at t: Double) {
        let c = containers[i]
        guard Self.mayAskForMore(c), Self.wantsMore(c, at: c.motion.offset(at: t)) else { return }
        containers[i].loadingMore = true
        containers[i].answered = nil
        containers[i].motion.lower = containers[i].lower
        containers[i].motion.upper = containers[i].upper
        if events.count < Limits.maxPendingEvents { events.append(HostEvent(name: utf8("loadMore"), node: c.id)) }
        moved = true
    }

    /// Whether `c` at `offset` asks for more: it loads more, is not loading or refreshing, and
    /// what is left before the edge more comes at is under the prefetch distance (and it has
    /// travelled past where a load that brought nothing ended, or its content grew since).
    @inline(never)  // for size
    static func wantsMore(_ c: Container, at offset: Double) -> Bool {
        guard mayAskForMore(c), let more = c.loadMore else { return false }
        // Measured from the edge more comes at: after the end, or (a chat) before the start.
        let travelled = more.edge == .start ? c.upper - offset : offset
        let left = more.edge == .start ? offset : c.content - offset - c.viewport
        if let answered = c.answered, travelled <= answered.offset + 1, c.content <= answered.content { return false }
        return left < (more.prefetch ?? c.viewport)
    }

    /// Whether `c` loads more and is not loading or refreshing (then where it is decides).
    static func mayAskForMore(_ c: Container) -> Bool {
        c.loadMore?.hasMore == true && !c.loadingMore && !c.refreshing
    }

    func finishTravel(_ i: Int) {
        guard containers[i].travelled else { return }
        containers[i].travelled = false
        if events.count < Limits.maxPendingEvents { events.append(HostEvent(name: utf8("scrolled"), node: containers[i].id)) }
    }

    func takeEvents() -> [HostEvent] {
        defer { events.removeAll() }
        return events
    }

    // MARK: What the session reads

    /// Each container's offset, its indicator's opacity, and whether it refreshes or loads more
    /// (`ScrollValues.swift`).
    func publish(into values: inout MovingValues, at t: Double) {
        values.reserveCapacity(2 * containers.count)
        for c in containers {
            values.set(c.motion.drawnOffset(at: t), of: c.id, .offset)
            if let path = c.motion.path { values.setPath(path, of: c.id, .offset) }
            let indicator = indicatorOpacity(c, at: t)
            if indicator != 0 {
                values.set(indicator, of: c.id, .scrollIndicator)
                if let fade = indicatorFade(c) { values.setPath(fade, of: c.id, .scrollIndicator) }
            }
            if c.refreshing { values.set(1, of: c.id, .refreshing) }
            if c.loadingMore { values.set(1, of: c.id, .loadingMore) }
            let state = refreshState(c, at: t)
            if state != .idle { values.set(Double(state.rawValue), of: c.id, .refreshState) }
        }
    }

    /// What it publishes at `t` alone.
    func positions(at t: Double) -> MovingValues {
        var p = MovingValues()
        publish(into: &p, at: t)
        return p
    }

    /// At rest, its indicator's hold and fade out, as a path hosts are told once (two points:
    /// opaque until the fade begins, then a straight line to transparent); nil while it moves.
    func indicatorFade(_ c: Container) -> SampledPath? {
        guard let rested = c.restedAt, c.motion.isResting else { return nil }
        return SampledPath(start: rested + Self.indicatorHold, interval: Self.indicatorFade, values: [1, 0])
    }

    func indicatorOpacity(_ c: Container, at t: Double) -> Double {
        guard let rested = c.restedAt, !c.motion.isMoving(at: t) else { return 1 }
        if c.motion.isDragging { return 1 }
        let faded = (t - rested - Self.indicatorHold) / Self.indicatorFade
        return 1 - min(1, max(0, faded))
    }

    /// Whether the frame's scroll fields may differ from what was last stepped or drawn: input
    /// moved something, or a container moved or its indicator faded after that step.
    func needsStep(at t: Double) -> Bool {
        if moved { return true }
        for c in containers where lastChange(c) > steppedAt {
            if let wake = pathWake(c) ?? quietUntil(c), t < wake { continue }
            return true
        }
        return false
    }

    /// For a container at rest and drawn at rest, with nothing under way, the end of its
    /// indicator's fade (declared once: `indicatorFade`): nothing to step before then; nil otherwise.
    func quietUntil(_ c: Container) -> Double? {
        guard let rested = c.restedAt, rested <= steppedAt, c.motion.isResting else { return nil }
        return rested + Self.indicatorHold + Self.indicatorFade
    }

    /// For a container coasting on a path the frame already declares (`ScrollMotion.path`), when
    /// a tick is next due (`Container.wakeAt`); nil when its fields are stepped as usual.
    func pathWake(_ c: Container) -> Double? {
        guard let wake = c.wakeAt, c.motion.path?.start == c.steppedPathStart else { return nil }
        return wake
    }

    /// Whether its animator's parts loop with time, declared at the render (`RefreshAnimator.loops`):
    /// while it refreshes with the arrow, circle or spark animator. A layout (and so a render) is
    /// due when that changes. (The standard animator's turn, a custom view's spinners and infinite
    /// scroll's footer spinner are declared for as long as they are drawn.)
    static func loops(_ c: Container) -> Bool {
        c.refreshing && c.refresh?.view == nil && c.refresh?.animator != .standard
    }

    /// When a container on `path` next needs a tick after `t`: its rest, the first point after `t`
    /// in a new window chunk (a new layout), or the first within the prefetch distance
    /// (`loadMore`). (A custom refresh view's state changes on a path only where the content
    /// crosses its start, offset 0, which is a chunk's edge too: it is laid out anew there.)
    @inline(never)  // for size
    static func wake(_ c: Container, on path: SampledPath, after t: Double) -> Double? {
        guard let rest = c.motion.restTime else { return nil }
        let first = Int.clamped(((t - path.start) / path.interval).rounded(.down) + 1, to: 0 ... path.values.count)
        for k in first ..< path.values.count
        where ContentWindow.chunk(path.values[k]) != c.laidOutChunk || wantsMore(c, at: path.values[k]) {
            return min(rest, path.start + Double(k) * path.interval)
        }
        return rest
    }

    /// When the scroll fields next change by themselves, from `t` on: `t` while input moved
    /// something or a container moves other than along its declared path; where such a path
    /// next needs a tick; when the declared fade of an indicator at rest ends; nil when nothing
    /// will. (A host's frame loop sleeps through the hold and the fade.)
    func nextStep(at t: Double) -> Double? {
        if moved { return t }
        var next = Double.infinity
        for c in containers where lastChange(c) > steppedAt {
            if let wake = pathWake(c) {
                // Coasting on a declared path: nothing to step before it wakes.
                if wake <= t { return t }
                next = min(next, wake)
                continue
            }
            // At rest (no motion started since), drawn at rest, its indicator holding and fading
            // as declared: nothing to step until the fade ends.
            guard let quiet = quietUntil(c), t < quiet else { return t }
            next = min(next, quiet)
        }
        return next.isFinite ? next : nil
    }

    /// When what `positions` says of `c` stops changing (infinity while a pointer drags it).
    func lastChange(_ c: Container) -> Double {
        if c.motion.isDragging { return .infinity }
        let rest = c.motion.restTime ?? c.restedAt ?? .infinity
        return max(rest, (c.restedAt ?? rest) + Self.indicatorHold + Self.indicatorFade)
    }

    /// The frame's scroll fields show `t` now.
    func didStep(at t: Double) {
        moved = false
        steppedAt = t
        for i in containers.indices {
            containers[i].steppedPathStart = containers[i].motion.path?.start
            let c = containers[i]
            containers[i].wakeAt = c.motion.path.flatMap { Self.wake(c, on: $0, after: t) }
        }
    }

    /// What a container's custom refresh view shows at `t` (idle without one: nothing to lay out).
    func refreshState(_ c: Container, at t: Double) -> RefreshViewState {
        guard let refresh = c.refresh, refresh.view != nil else { return .idle }
        return RefreshViewState(offset: c.motion.offset(at: t), height: refresh.height, dragging: c.motion.isDragging,
                                refreshing: c.refreshing)
    }

    /// Whether some container's offset left the window its rows were laid out for, its custom
    /// refresh view has a new state to show, or its animator starts or stops looping.
    func needsLayout(at t: Double) -> Bool {
        containers.contains {
            ContentWindow.chunk($0.motion.drawnOffset(at: t)) != $0.laidOutChunk || refreshState($0, at: t) != $0.laidOutRefreshState
                || Self.loops($0) != $0.laidOutLooping
        }
    }

    /// The session laid out with `positions`; `root` is the result: bounds follow the content.
    func didLayOut(_ root: LayoutBox, with positions: MovingValues, at t: Double) {
        var kept: [Container] = []
        for var c in containers {
            guard let box = root.box(of: c.id), box.node.scrolls else { continue }  // gone: forget it
            c.laidOutChunk = positions.chunk(of: c.id)
            c.laidOutRefreshState = positions.refreshState(of: c.id)
            Self.follow(&c, box, at: t)
            c.laidOutLooping = Self.loops(c)
            kept.append(c)
        }
        containers = kept
        for id in loadMoreNodes where containerIndex(id) == nil {
            if let box = root.box(of: id), box.node.scrolls { _ = index(of: box, at: t) }
        }
    }

    /// Takes what the node and its layout say now: its refresh and load-more settings, its lengths.
    static func follow(_ c: inout Container, _ box: LayoutBox, at t: Double) {
        c.refresh = box.node.refresh
        if c.refreshing && c.refresh?.enabled != true { c.refreshing = false }
        c.loadMore = box.node.loadMore
        if c.loadingMore && c.loadMore?.hasMore != true { c.loadingMore = false }
        // A chat showing its end keeps showing it when its viewport changes size (a canvas laid
        // out again at the host's size), unless a finger or a coast has it.
        let pinnedToEnd = c.loadMore?.edge == .start && c.viewport != box.viewportLength
            && c.motion.offset(at: t) >= c.upper - 1 && !c.motion.isDragging && !c.motion.isMoving(at: t)
        c.content = box.contentLength
        c.viewport = box.viewportLength
        c.motion.setBounds(lower: c.lower, upper: c.upper, viewport: box.viewportLength, at: t)
        if pinnedToEnd { c.motion.scroll(to: c.upper, animated: false, at: t) }
        if c.followsEnd {
            c.followsEnd = false
            c.motion.scroll(to: c.upper, animated: true, at: t)
            c.restedAt = nil
        }
    }

    /// Where the container `id` is in `containers` (out of line for size: a dozen callers).
    @inline(never)
    func containerIndex(_ id: [UInt8]) -> Int? {
        containers.firstIndex { $0.id == id }
    }

    func index(of box: LayoutBox, at t: Double) -> Int {
        if let i = containerIndex(box.node.id) { return i }
        var c = Container(id: box.node.id, horizontal: box.node.scrollAxis == .horizontal)
        Self.follow(&c, box, at: t)
        // A chat opens at its end, at its latest messages.
        if box.node.loadMore?.edge == .start { c.motion.scroll(to: c.upper, animated: false, at: t) }
        containers.append(c)
        return containers.count - 1
    }

    func reducedMotionChanged(_ reduced: Bool) { reducedMotion = reduced }

    /// A container a pull would refresh, and where its end is when it loads more there.
    func describe(_ box: LayoutBox, into semantics: inout BoxSemantics) {
        let node = box.node
        guard node.scrolls else { return }
        if node.refresh?.enabled == true { semantics.refreshable = true }
        if let more = node.loadMore, more.hasMore {
            semantics.loadsMoreAt = more.edge == .start ? 0 : max(0, box.contentLength - box.viewportLength)
        }
    }

    /// Busy while a list refreshes or loads more.
    func describe(_ description: inout AccessibilityDescription, values: MovingValues) {
        if containers.contains(where: { $0.refreshing || $0.loadingMore }) { description.busy = true }
    }
}

extension Session {
    /// The session's scroll component (for tests: offsets, motion).
    var scroll: ScrollComponent { component(ScrollComponent.self)! }
}
