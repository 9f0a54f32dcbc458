/// The scroll component's commands (`refresh`, `loadMore`, `scroll`) and what a list's rows
/// edits tell it: a load answered, rows prepended above what is shown.
extension ScrollComponent {
    func perform(_ command: Command, _ context: inout CommandContext) throws(SessionError) -> CommandOutcome {
        let t = context.time
        switch command {
        case let .refresh(node, command):
            let path = try context.scene.find(node)
            let refused = SessionError("refresh: the node is not a list or scroll container with \"refresh\"")
            // Refused before any layout when the scene says so: a layout at the command's time (its
            // lists' windows, their rows asked for) would change the next tick of a refused command.
            let sceneNode = context.scene.root.node(at: path)
            guard sceneNode.scrollAxis != nil, sceneNode.refresh != nil else { throw refused }
            guard let box = context.layout().box(of: node), box.node.scrolls, box.node.refresh != nil else { throw refused }
            var outcome = CommandOutcome.moved
            if case let .enabled(on) = command {
                context.scene.root.update(at: path[...]) { $0.refresh?.enabled = on }
                outcome = .changed
            }
            refresh(box, command, at: t)
            return outcome
        case let .loadMore(node, command):
            let path = try context.scene.find(node)
            guard context.scene.root.node(at: path).loadMore != nil else {
                throw SessionError("loadMore: the node is not a list or scroll container with \"loadMore\"")
            }
            if case let .hasMore(more) = command { context.scene.root.update(at: path[...]) { $0.loadMore?.hasMore = more } }
            loadMore(node, command, at: t)
            return .changed
        case let .scroll(node, offset, animated):
            let path = try context.scene.find(node)  // the usual error for an unknown node
            let refused = SessionError("scroll: the node is not a list or a scroll container that scrolls now")
            guard context.scene.root.node(at: path).scrollAxis != nil else { throw refused }  // before any layout, as refresh
            guard let box = context.layout().box(of: node), box.node.scrolls else { throw refused }
            // Reduced motion: at once.
            scroll(box, to: offset, animated: animated && !context.scene.reducedMotion, at: t)
            return .moved
        default:
            return .passed
        }
    }

    /// Rows went in before the first one shown (the content shifts so what is shown stays), or
    /// were appended (a load answered).
    func rowsEdited(_ list: [UInt8], _ edit: RowsEdit, prepended: Int, rowLength: Double, at t: Double) {
        if prepended > 0 {
            shift(list, by: Double(prepended) * rowLength, at: t)
            rowsPrepended(list, at: t)
        }
        if case .append = edit { rowsArrived(list, at: t) }
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
    func travelled(_ c: Container, at t: Double) -> Double {
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
            // The node's style is the container's only from the next layout: the end text's room
            // (`footerRoom`) counts from now.
            if case .hasMore(false) = command { containers[i].loadMore?.hasMore = false }
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

    func beginRefresh(_ i: Int) {
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
}
