/// The input a scroll container takes (the Component seam's input hooks): pans along its axis
/// (nested containers on one axis share one, `NestedDrag`), a touch that catches moving content,
/// wheel turns and scrolling keys; and the calls a sheet's hand-off drives it with (`beginDrag`,
/// `drag`, `release`).
extension ScrollComponent {
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
