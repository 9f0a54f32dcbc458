/// Scroll containers (lists and `scroll` nodes): where each one's content is and how it moves,
/// driven by pans the gesture router gives it, wheel deltas, keys and the `scroll` command
/// (docs/SCENE.md, "Scrolling"). A container has state here from the first time it moves;
/// until then it rests at its start.
///
/// What the rest of the session reads is `positions(at:)`: layout makes a list's rows for the
/// window around its offset, the renderer places each content layer at minus its offset and draws
/// the indicator, and ticks step those two fields in place while the content moves. A new window
/// (every `ScrollWindow.chunkLength` points of travel) needs a new layout: `needsLayout`.
final class ScrollComponent: Component {
    struct Container {
        var id: [UInt8]
        var horizontal: Bool
        var motion = ScrollMotion()
        /// The window chunk the current layout made rows for, and the state its custom refresh
        /// view was made in.
        var laidOutChunk = 0
        var laidOutRefreshState = RefreshViewState.idle
        /// When it last came to rest (its indicator fades out after), or nil while it moves.
        var restedAt: Double? = -1_000
        /// It moved by itself or by input since it was last at rest (a `scrolled` event is due).
        var travelled = false
        /// Its pull-to-refresh (from the node), and whether a refresh is under way (the top
        /// inset then holds the animator open).
        var refresh: RefreshStyle? = nil
        var refreshing = false

        /// Where the offset may rest at the start: above the content while refreshing or loading
        /// more at the start.
        var lower: Double {
            if refreshing { return -(refresh?.height ?? 0) }
            return loadingMore && loadMore?.edge == .start ? -(loadMore?.height ?? 0) : 0
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

        /// Where the offset may rest at the end: the content's end, and the footer while loading.
        var upper: Double {
            max(lower, content - viewport + (loadingMore && loadMore?.edge != .start ? loadMore?.height ?? 0 : 0))
        }
    }

    /// Ids of the nodes with infinite scroll in the tree last installed: they get state at once,
    /// so content shorter than its viewport asks for more without being touched.
    private var loadMoreNodes: [[UInt8]] = []

    private(set) var containers: [Container] = []
    /// Pans under way on containers nested on one axis (one per pointer: a pan is named by the
    /// container it began on, its first id).
    private var nested: [NestedDrag] = []
    /// Input or a command moved something since the last tick stepped the frame.
    private var moved = false
    /// When the frame's scroll fields were last stepped or drawn.
    private var steppedAt = -Double.infinity
    /// `scrolled` events (a container came to rest after moving), for the session to report.
    private(set) var events: [HostEvent] = []

    /// The indicator stays this long after the content rests, then fades out over `indicatorFade`.
    static let indicatorHold = 0.5
    static let indicatorFade = 0.25
    /// Arrow keys move this far; Page Up/Down and Space a viewport less this much.
    static let keyStep = 40.0
    /// Reduced motion (the session's `motion` command): keys move the content at once.
    var reducedMotion = false

    func perform(_ command: Command, on scene: Scene, room: TreeBound, at t: Double) throws(SessionError) -> Bool { false }

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
    private func askForMore(_ i: Int, at t: Double) {
        let c = containers[i]
        guard let more = c.loadMore, more.hasMore, !c.loadingMore, !c.refreshing else { return }
        let offset = c.motion.offset(at: t)
        // Measured from the edge more comes at: after the end, or (a chat) before the start.
        let travelled = more.edge == .start ? c.upper - offset : offset
        let left = more.edge == .start ? offset : c.content - offset - c.viewport
        if let answered = c.answered, travelled <= answered.offset + 1, c.content <= answered.content { return }
        guard left < (more.prefetch ?? c.viewport) else { return }
        containers[i].loadingMore = true
        containers[i].answered = nil
        containers[i].motion.lower = containers[i].lower
        containers[i].motion.upper = containers[i].upper
        if events.count < Limits.maxPendingEvents { events.append(HostEvent(name: utf8("loadMore"), node: c.id)) }
        moved = true
    }

    /// Rows were appended to a list: its load is answered (it asks again once the layout has the
    /// longer content, or the user scrolls on).
    func rowsArrived(_ id: [UInt8], at t: Double) {
        guard let i = containerIndex(id) else { return }
        let c = containers[i]
        if c.loadMore?.edge == .start {
            // A chat: a new message at the end is followed when the end shows.
            if c.motion.offset(at: t) >= c.upper - 1 { containers[i].followsEnd = true; moved = true }
            return
        }
        guard c.loadingMore else { return }
        containers[i].loadingMore = false
        containers[i].answered = (travelled(c, at: t), c.content)
        moved = true
    }

    /// How far it has come from the edge it loads more at (its end, or its start's opposite).
    private func travelled(_ c: Container, at t: Double) -> Double {
        c.loadMore?.edge == .start ? c.upper - c.motion.offset(at: t) : c.motion.offset(at: t)
    }

    /// Rows went in before the first: a load at the start is answered.
    func rowsPrepended(_ id: [UInt8], at t: Double) {
        guard let i = containerIndex(id), containers[i].loadingMore,
              containers[i].loadMore?.edge == .start else { return }
        containers[i].loadingMore = false
        containers[i].answered = (travelled(containers[i], at: t), containers[i].content)
        containers[i].motion.lower = containers[i].lower
        moved = true
    }

    /// The `loadMore` command: `end` — nothing more this time; `hasMore(false)` ends asking.
    func loadMore(_ id: [UInt8], _ command: LoadMoreCommand, at t: Double) {
        guard let i = containerIndex(id) else { return }
        switch command {
        case .end, .hasMore(false):
            guard containers[i].loadingMore else { return }
            containers[i].loadingMore = false
            containers[i].answered = (travelled(containers[i], at: t), containers[i].content)
            containers[i].motion.lower = containers[i].lower
            containers[i].motion.upper = containers[i].upper
            let offset = containers[i].motion.offset(at: t)
            if offset > containers[i].motion.upper || offset < containers[i].motion.lower {
                let to = offset < containers[i].motion.lower ? containers[i].motion.lower : containers[i].motion.upper
                containers[i].motion.scroll(to: to, animated: true, at: t)
            }
            moved = true
        case .hasMore(true):
            containers[i].answered = nil
        }
    }

    private func finishTravel(_ i: Int) {
        guard containers[i].travelled else { return }
        containers[i].travelled = false
        if events.count < Limits.maxPendingEvents { events.append(HostEvent(name: utf8("scrolled"), node: containers[i].id)) }
    }

    func takeEvents() -> [HostEvent] {
        defer { events.removeAll() }
        return events
    }

    // MARK: What the session reads

    func positions(at t: Double) -> ScrollPositions {
        var p = ScrollPositions()
        p.entries.reserveCapacity(containers.count)
        for c in containers {
            p.entries.append(.init(id: c.id, offset: c.motion.offset(at: t), indicator: indicatorOpacity(c, at: t),
                                   refreshing: c.refreshing, loadingMore: c.loadingMore, refreshState: refreshState(c, at: t)))
        }
        return p
    }

    private func indicatorOpacity(_ c: Container, at t: Double) -> Double {
        guard let rested = c.restedAt, !c.motion.isMoving(at: t) else { return 1 }
        if c.motion.isDragging { return 1 }
        let faded = (t - rested - Self.indicatorHold) / Self.indicatorFade
        return 1 - min(1, max(0, faded))
    }

    /// Whether the frame's scroll fields may differ from what was last stepped or drawn: input
    /// moved something, or a container moved or its indicator faded after that step.
    func needsStep(at t: Double) -> Bool {
        if moved { return true }
        for c in containers where lastChange(c) > steppedAt { return true }
        return false
    }

    /// When the scroll fields next change by themselves, from `t` on: `t` while input moved
    /// something, a container moves or its indicator fades; when an indicator that only holds
    /// after a rest already drawn starts to fade; nil when nothing will. (A host's frame loop sleeps
    /// through the hold instead of drawing the same frame for half a second.)
    func nextStep(at t: Double) -> Double? {
        if moved { return t }
        var next = Double.infinity
        for c in containers where lastChange(c) > steppedAt {
            // At rest (no motion started since), drawn at rest, its indicator holding: nothing
            // changes until the fade.
            guard let rested = c.restedAt, rested <= steppedAt, c.motion.isResting, !c.refreshing, !c.loadingMore,
                  t < rested + Self.indicatorHold else { return t }
            next = min(next, rested + Self.indicatorHold)
        }
        return next.isFinite ? next : nil
    }

    /// When what `positions` says of `c` stops changing (infinity while a pointer drags it).
    private func lastChange(_ c: Container) -> Double {
        if c.motion.isDragging || c.refreshing || c.loadingMore { return .infinity }  // their indicators turn
        let rest = c.motion.restTime ?? c.restedAt ?? .infinity
        return max(rest, (c.restedAt ?? rest) + Self.indicatorHold + Self.indicatorFade)
    }

    /// The frame's scroll fields show `t` now.
    func didStep(at t: Double) {
        moved = false
        steppedAt = t
    }

    /// What a container's custom refresh view shows at `t` (idle without one: nothing to lay out).
    private func refreshState(_ c: Container, at t: Double) -> RefreshViewState {
        guard let refresh = c.refresh, refresh.view != nil else { return .idle }
        return RefreshViewState(offset: c.motion.offset(at: t), height: refresh.height, dragging: c.motion.isDragging,
                                refreshing: c.refreshing)
    }

    /// Whether some container's offset left the window its rows were laid out for, or its custom
    /// refresh view has a new state to show.
    func needsLayout(at t: Double) -> Bool {
        containers.contains {
            ScrollWindow.chunk($0.motion.offset(at: t)) != $0.laidOutChunk || refreshState($0, at: t) != $0.laidOutRefreshState
        }
    }

    /// The session laid out with `positions`; `root` is the result: bounds follow the content.
    func didLayOut(_ root: LayoutBox, with positions: ScrollPositions, at t: Double) {
        var kept: [Container] = []
        for var c in containers {
            guard let box = root.box(of: c.id), box.node.scrolls else { continue }  // gone: forget it
            c.laidOutChunk = positions.chunk(of: c.id)
            c.laidOutRefreshState = positions.entry(c.id)?.refreshState ?? .idle
            Self.follow(&c, box, at: t)
            kept.append(c)
        }
        containers = kept
        for id in loadMoreNodes where containerIndex(id) == nil {
            if let box = root.box(of: id), box.node.scrolls { _ = index(of: box, at: t) }
        }
    }

    /// Takes what the node and its layout say now: its refresh and load-more settings, its lengths.
    private static func follow(_ c: inout Container, _ box: LayoutBox, at t: Double) {
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

    // MARK: Input (the Component seam)

    func gestures(on box: LayoutBox) -> GestureTarget.Interests {
        guard box.node.scrolls else { return [] }
        return box.node.scrollAxis == .horizontal ? .panX : .panY
    }

    /// A touch on moving content stops it, and is no tap on what lies under it (UIScrollView).
    func pointerDown(over chain: [GestureTarget], at t: Double) -> Bool {
        catchMoving(chain.filter { !$0.wants.contains(.tap) }.map { $0.id }, at: t)
    }

    func pan(_ event: GestureRouter.Event, in root: LayoutBox, at t: Double) {
        switch event {
        case let .panBegan(id):
            guard let path = root.path(to: id), let box = path.last, box.node.scrolls else { return }
            // Containers around it on the same axis share the pan (innermost first).
            let chain = path.reversed().filter { $0.node.scrolls && $0.node.scrollAxis == box.node.scrollAxis }
            for b in chain { beginDrag(b, at: t) }
            nested.removeAll { $0.ids[0] == id }
            if chain.count > 1 { nested.append(NestedDrag(ids: chain.map { $0.node.id })) }
        case let .panChanged(id, dx, dy):
            if let k = nested.firstIndex(where: { $0.ids[0] == id }) { dragNested(k, dx: dx, dy: dy) } else { drag(id, dx: dx, dy: dy) }
        case let .panEnded(id, vx, vy):
            releaseAll(id, vx: vx, vy: vy, at: t)
        case let .panCancelled(id):
            releaseAll(id, vx: 0, vy: 0, at: t)
        case .pressBegan, .pressCancelled, .tap: break
        }
    }

    /// Hands the finger's translation out along the nested chain (`NestedDrag`).
    private func dragNested(_ index: Int, dx: Double, dy: Double) {
        var n = nested[index]
        guard let first = containerIndex(n.ids[0]) else { return }
        let indices = n.ids.map { id in containerIndex(id) ?? first }
        n.distribute(containers[first].horizontal ? dx : dy) { k in
            let m = containers[indices[k]].motion
            return (m.lower, m.upper, m.dragOrigin ?? m.offset(at: 0))
        }
        for (k, i) in indices.enumerated() {
            containers[i].motion.drag(n.translations[k])
            if n.translations[k] != 0 { containers[i].travelled = true }
        }
        nested[index] = n
        moved = true
    }

    /// The pan on `id` ended: a nested chain's last mover takes the velocity, the others rest.
    private func releaseAll(_ id: [UInt8], vx: Double, vy: Double, at t: Double) {
        guard let k = nested.firstIndex(where: { $0.ids[0] == id }) else { return release(id, vx: vx, vy: vy, at: t) }
        let n = nested.remove(at: k)
        for (k, other) in n.ids.enumerated() {
            release(other, vx: k == n.last ? vx : 0, vy: k == n.last ? vy : 0, at: t)
        }
    }

    /// The innermost container under the pointer that can still move the wheel's way takes it.
    func wheel(_ delta: WheelInput, over boxes: [LayoutBox], at t: Double) -> Bool {
        let containers = boxes.filter { $0.node.scrolls }.reversed()
        guard let box = delta.route(Array(containers), canScroll: { canScroll($0, dx: $1, dy: $2, at: t) }) else { return false }
        wheel(box, dx: delta.dx, dy: delta.dy, at: t)
        return true
    }

    /// Scrolling keys go to the innermost container around the focused node, else to the first
    /// one on screen. Space with a focused button is the button's.
    func key(_ k: KeyEvent, focused: [UInt8]?, in root: LayoutBox, at t: Double) -> Bool {
        guard k.phase == .down, !(k.key == utf8(" ") && focused != nil) else { return false }
        var found: LayoutBox? = nil
        var first: LayoutBox? = nil
        func search(_ box: LayoutBox, _ around: LayoutBox?) {
            guard !box.node.hidden else { return }
            var around = around
            if box.node.scrolls {
                if first == nil { first = box }
                around = box
            }
            if let focused, box.node.id == focused { found = around }
            for child in box.children where found == nil { search(child, around) }
        }
        search(root, nil)
        guard let box = found ?? first else { return false }
        return key(k, for: box, at: t)
    }

    /// Where the container `id` is in `containers` (out of line for size: a dozen callers).
    @inline(never)
    private func containerIndex(_ id: [UInt8]) -> Int? {
        containers.firstIndex { $0.id == id }
    }

    private func index(of box: LayoutBox, at t: Double) -> Int {
        if let i = containerIndex(box.node.id) { return i }
        var c = Container(id: box.node.id, horizontal: box.node.scrollAxis == .horizontal)
        Self.follow(&c, box, at: t)
        // A chat opens at its end, at its latest messages.
        if box.node.loadMore?.edge == .start { c.motion.scroll(to: c.upper, animated: false, at: t) }
        containers.append(c)
        return containers.count - 1
    }

    /// A pointer went down over these containers: any that moves stops where it is. True if one did.
    func catchMoving(_ ids: [[UInt8]], at t: Double) -> Bool {
        var caught = false
        for i in containers.indices where ids.contains(containers[i].id) && containers[i].motion.isMoving(at: t) {
            containers[i].motion.catchAt(t)
            containers[i].restedAt = nil
            caught = true
            moved = true
        }
        return caught
    }

    func beginDrag(_ box: LayoutBox, at t: Double) {
        let i = index(of: box, at: t)
        containers[i].motion.beginDrag(at: t)
        containers[i].restedAt = nil
        moved = true
    }

    /// The pan's translation (dx, dy) since it began.
    func drag(_ id: [UInt8], dx: Double, dy: Double) {
        guard let i = containerIndex(id) else { return }
        containers[i].motion.drag(containers[i].horizontal ? dx : dy)
        containers[i].travelled = true
        moved = true
    }

    func release(_ id: [UInt8], vx: Double, vy: Double, at t: Double) {
        guard let i = containerIndex(id) else { return }
        // Let go past the trigger height: refresh. Only a drag's release does it (never a bounce
        // or momentum), and not while one is under way.
        if let r = containers[i].refresh, r.enabled, !containers[i].refreshing, !containers[i].horizontal,
           containers[i].motion.isDragging, containers[i].motion.offset(at: t) <= -r.height {
            beginRefresh(i)
        }
        containers[i].motion.release(pointerVelocity: containers[i].horizontal ? vx : vy, at: t)
        if !containers[i].motion.isMoving(at: t) {
            containers[i].restedAt = t
            finishTravel(i)
        }
        moved = true
    }

    /// Where the container `box` may rest: its start and its end (from its layout until it moves).
    func bounds(of box: LayoutBox, at t: Double) -> (lower: Double, upper: Double) {
        if let i = containerIndex(box.node.id) { return (containers[i].motion.lower, containers[i].motion.upper) }
        return (0, max(0, box.contentLength - box.viewportLength))
    }

    /// Whether a wheel's delta along the container's axis would move it.
    func canScroll(_ box: LayoutBox, dx: Double, dy: Double, at t: Double) -> Bool {
        let delta = box.node.scrollAxis == .horizontal ? dx : dy
        guard delta != 0 else { return false }
        if let i = containerIndex(box.node.id) { return containers[i].motion.canScroll(by: delta, at: t) }
        return delta > 0 && box.contentLength > box.viewportLength
    }

    func wheel(_ box: LayoutBox, dx: Double, dy: Double, at t: Double) {
        let i = index(of: box, at: t)
        containers[i].motion.scroll(by: containers[i].horizontal ? dx : dy, at: t)
        containers[i].restedAt = t
        containers[i].travelled = true
        finishTravel(i)
        moved = true
    }

    /// Scrolls to `offset` (clamped), at once or animated.
    func scroll(_ box: LayoutBox, to offset: Double, animated: Bool, at t: Double) {
        let i = index(of: box, at: t)
        containers[i].motion.scroll(to: offset, animated: animated, at: t)
        containers[i].travelled = true
        if containers[i].motion.isMoving(at: t) { containers[i].restedAt = nil } else {
            containers[i].restedAt = t
            finishTravel(i)
        }
        moved = true
    }

    private func beginRefresh(_ i: Int) {
        containers[i].refreshing = true
        containers[i].motion.lower = containers[i].lower
        if events.count < Limits.maxPendingEvents { events.append(HostEvent(name: utf8("refresh"), node: containers[i].id)) }
        moved = true
    }

    /// The `refresh` command on the container `box`: `begin` scrolls to the top and refreshes as a
    /// pull would; `end` closes the animator (the content slides back up over 0.3 s).
    func refresh(_ box: LayoutBox, _ command: RefreshCommand, at t: Double) {
        let i = index(of: box, at: t)
        switch command {
        case .begin:
            guard containers[i].refresh?.enabled == true, !containers[i].refreshing else { return }
            beginRefresh(i)
            scroll(box, to: containers[i].lower, animated: true, at: t)
        case .end, .enabled(false):
            guard containers[i].refreshing else { return }
            containers[i].refreshing = false
            containers[i].motion.lower = 0
            if containers[i].motion.offset(at: t) < 0 { scroll(box, to: 0, animated: true, at: t) }
            moved = true
        case .enabled(true):
            break
        }
    }

    /// Rows went in before the first one shown: the content moves by `delta` so what is shown stays
    /// where it is, mid-drag or mid-coast too (chat: older messages loaded above) — unless the
    /// container is at its top (a refresh's new rows), where they show.
    func shift(_ id: [UInt8], by delta: Double, at t: Double) {
        guard let i = containerIndex(id),
              containers[i].motion.offset(at: t) > 0 || containers[i].loadMore?.edge == .start else { return }
        containers[i].motion.shift(by: delta)
        moved = true
    }

    /// A key for the container `box`; true when it is a scrolling key and was taken. Arrows move
    /// 40 pt, Page Up/Down and Space (Shift: up) a viewport less 40, Home/End to the ends; all
    /// animated (0.3 s), at once under reduced motion. "." refreshes a container with pull-to-refresh (End reaches its end, where
    /// infinite scroll asks for more by itself).
    func key(_ k: KeyEvent, for box: LayoutBox, at t: Double) -> Bool {
        let horizontal = box.node.scrollAxis == .horizontal
        let page = max(Self.keyStep, box.viewportLength - Self.keyStep)
        let i = index(of: box, at: t)
        let now = containers[i].motion.offset(at: t)
        let target: Double
        switch k.key {
        case utf8("ArrowDown") where !horizontal, utf8("ArrowRight") where horizontal: target = now + Self.keyStep
        case utf8("ArrowUp") where !horizontal, utf8("ArrowLeft") where horizontal: target = now - Self.keyStep
        case utf8("PageDown"): target = now + page
        case utf8("PageUp"): target = now - page
        case utf8(" "): target = now + (k.shift ? -page : page)
        case utf8("Home"): target = containers[i].motion.lower
        case utf8("End"): target = containers[i].motion.upper
        case utf8(".") where containers[i].refresh?.enabled == true:
            // "Load new posts", as X and Mastodon bind it: the keyboard's pull to refresh.
            guard !containers[i].refreshing else { return true }
            refresh(box, .begin, at: t)
            return true
        default: return false
        }
        scroll(box, to: target, animated: !reducedMotion, at: t)
        return true
    }
}
