/// A sheet's input (the Component seam's input hooks): what it takes from a pointer, the scroll
/// hand-off that splits a pan between the sheet and the list inside it, the release, the wheel
/// and the keys (docs/SCENE.md, "Sheets").
extension SheetComponent {
    func gestures(on box: LayoutBox) -> GestureTarget.Interests {
        if box.node.sheet != nil, let i = index(box.node.id), sheets[i].slide == nil, !sheets[i].closing { return [.panY, .tap] }
        if box.node.link?.role == .opacity, let i = sheets.firstIndex(where: { $0.keys.dim == box.node.id }),
           sheets[i].style.collapsesOnDimTap {
            return .tap
        }
        return []
    }

    /// A vertical scroll container inside a sheet gives its pans to the sheet, which hands them on.
    func arbitrate(_ chain: inout [GestureTarget], at point: Point, in root: LayoutBox, at t: Double) {
        downPoint = point
        guard let s = chain.firstIndex(where: { index($0.id) != nil && $0.wants.contains(.panY) }),
              let i = index(chain[s].id) else { return }
        sheets[i].handoff = nil
        if sheets[i].style.cancelsTouchesInCollapsedState, sheets[i].anchor == sheets[i].geometry.ys.count - 1 {
            // Collapsed: the content takes nothing; the sheet takes the tap (and expands) or the pan.
            for k in 0 ..< s { chain[k].wants = [] }
        }
        for k in 0 ..< s where chain[k].wants.contains(.panY) {
            guard let box = root.box(of: chain[k].id), box.node.scrolls, box.node.scrollAxis == .vertical else { continue }
            chain[k].wants.remove(.panY)
            if sheets[i].handoff == nil {
                sheets[i].handoff = Handoff(inner: chain[k].id, box: box, contentStart: scroll.positions(at: t).offset(of: chain[k].id))
            }
        }
        // A touch on a moving sheet catches it where it is drawn.
        if sheets[i].motion.isMoving(at: t), !sheets[i].closing {
            sheets[i].motion.move(to: sheets[i].motion.drawnY(at: t), animated: false, at: t)
            moved = true
        }
    }

    func pan(_ event: GestureRouter.Event, in root: LayoutBox, at t: Double) {
        switch event {
        case let .panBegan(id):
            guard let i = index(id) else { return }
            sheets[i].motion.beginDrag(at: t)
            sheets[i].wheelSnapAt = nil
            sheets[i].lastDy = 0
            sheets[i].dragStart = sheets[i].anchor
            sheets[i].contentMovedLast = false
            if let h = sheets[i].handoff { sheets[i].handoff?.contentStart = scroll.positions(at: t).offset(of: h.inner) }
            moved = true
        case let .panChanged(id, _, dy):
            guard let i = index(id), sheets[i].motion.isDragging else { return }
            let delta = dy - sheets[i].lastDy
            sheets[i].lastDy = dy
            split(i, delta, at: t)
            moved = true
        case let .panEnded(id, _, vy):
            guard let i = index(id), sheets[i].motion.isDragging else { return }
            finishPan(i, velocity: vy, at: t)
        case let .panCancelled(id):
            guard let i = index(id), sheets[i].motion.isDragging else { return }
            finishPan(i, velocity: 0, at: t)
        case let .tap(id):
            if let i = index(id) {
                let y = sheets[i].motion.y(at: t)
                let cancels = sheets[i].style.cancelsTouchesInCollapsedState
                if sheets[i].style.expandsOnHeaderTap, cancels || downPoint.y - y < sheets[i].style.headerHeight,
                   sheets[i].anchor == sheets[i].geometry.ys.count - 1, sheets[i].geometry.ys.count > 1 {
                    go(i, to: 0, animated: true, at: t)
                }
            } else if let i = sheets.firstIndex(where: { $0.keys.dim == id }) {
                if sheets[i].anchor == 0 { go(i, to: sheets[i].geometry.ys.count - 1, animated: true, at: t) }
            } else if let i = sheets.firstIndex(where: { $0.keys.grabber == id }) {
                cycle(i, at: t)
            } else if let i = sheets.firstIndex(where: { $0.keys.close == id }),
                      sheets[i].stack.count > 1, sheets[i].slide == nil {
                slide(i, sheets[i].topPage, popping: true, at: t)
                report("pagePopped", sheets[i].id, sheets[i].topPage)
                moved = true
            }
        case .pressBegan, .pressCancelled: break
        }
    }

    /// Gives one move of the pointer (`delta`, down positive) to the sheet and its content.
    private func split(_ i: Int, _ delta: Double, at t: Double) {
        guard let raw = sheets[i].motion.rawPosition else { return }
        var forSheet = delta
        if var h = sheets[i].handoff {
            let box = h.box
            let c = scroll.bounds(of: box, at: t)
            let content = h.contentStart - h.contentTranslation
            var forContent = 0.0
            if delta < 0 {
                // Up: the sheet rises to its top anchor; the rest scrolls the content (if it can).
                let room = max(0, raw - sheets[i].geometry.top)
                let sheetPart = max(delta, -room)
                if c.upper > c.lower { forContent = delta - sheetPart; forSheet = sheetPart }
            } else if delta > 0 {
                // Down: the content goes back to its start; the rest lowers the sheet.
                forContent = min(delta, max(0, content - c.lower))
                forSheet = delta - forContent
            }
            if forContent != 0 {
                // The content's drag begins with its first share (its indicator shows from then on).
                if !h.contentDragging { scroll.beginDrag(box, at: t); h.contentDragging = true }
                h.contentTranslation += forContent
                sheets[i].handoff = h
                scroll.drag(h.inner, dx: 0, dy: h.contentTranslation)
                sheets[i].contentMovedLast = true
            }
        }
        if forSheet != 0 {
            sheets[i].motion.drag(by: forSheet)
            sheets[i].contentMovedLast = false
        }
    }

    private func finishPan(_ i: Int, velocity: Double, at t: Double) {
        let atTop = sheets[i].motion.y(at: t) <= sheets[i].geometry.top + 0.5
        if let h = sheets[i].handoff, h.contentDragging {
            let contentTakes = sheets[i].contentMovedLast && atTop
            scroll.release(h.inner, vx: 0, vy: contentTakes ? velocity : 0, at: t)
            sheets[i].handoff?.contentDragging = false
            if contentTakes {
                sheets[i].motion.move(to: sheets[i].geometry.top, animated: false, at: t)
                moved = true
                return
            }
        }
        release(i, velocity: velocity, at: t)
    }

    /// Lets go at `velocity` (pt/s): the release rule's anchor, or closing or asking to.
    func release(_ i: Int, velocity: Double, at t: Double) {
        let g = sheets[i].geometry
        let y = sheets[i].motion.y(at: t)
        moved = true
        if sheets[i].style.dismissible, y > g.bottom + 0.5 {
            let projected = y + velocity / 1000 * SheetGeometry.projectionRate / (1 - SheetGeometry.projectionRate)
            if projected > g.bottom + (g.height - g.bottom) / 2 {
                if sheets[i].style.confirmsDismiss {
                    sheets[i].askedToDismiss = true
                    report("dismissRequested", sheets[i].id)
                } else {
                    dismiss(i, velocity: velocity, at: t)
                    return
                }
            }
        }
        let p = g.release(from: y, velocity: velocity, start: sheets[i].dragStart, nextOnly: sheets[i].style.snapsToNextAnchor)
        let changed = p != sheets[i].anchor
        sheets[i].anchor = p
        sheets[i].motion.release(to: g.ys[p], velocity: velocity, at: t)
        if changed { anchorChanged(i) }
    }

    /// Enter or Space on the grabber, or a tap on it: the next anchor up, from the top back to the bottom.
    private func cycle(_ i: Int, at t: Double) {
        let n = sheets[i].geometry.ys.count
        go(i, to: sheets[i].anchor == 0 ? n - 1 : sheets[i].anchor - 1, animated: true, at: t)
    }

    /// Over a sheet, the wheel moves the sheet and its content as a drag would (without rubber
    /// band), and 0.15 s after the last turn the sheet snaps to the nearest anchor.
    func wheel(_ delta: WheelInput, over boxes: [LayoutBox], at t: Double) -> Bool {
        guard let s = boxes.lastIndex(where: { $0.node.sheet != nil }), let i = index(boxes[s].node.id),
              !sheets[i].closing, sheets[i].slide == nil, !sheets[i].motion.isDragging else { return false }
        let inner = boxes[(s + 1)...].last { $0.node.scrolls && $0.node.scrollAxis == .vertical }
        let g = sheets[i].geometry
        var y = sheets[i].motion.y(at: t)
        var dy = delta.dy
        if dy > 0 {
            let part = min(dy, max(0, y - g.top))
            y -= part; dy -= part
            if dy > 0, let inner { scroll.wheel(inner, dx: 0, dy: dy, at: t) }
        } else if dy < 0 {
            if let inner {
                let offset = scroll.positions(at: t).offset(of: inner.node.id)
                let part = max(dy, -max(0, offset))
                if part < 0 { scroll.wheel(inner, dx: 0, dy: part, at: t) }
                dy -= part
            }
            y = min(g.bottom, y - dy)
        } else {
            return false
        }
        sheets[i].motion.move(to: y, animated: false, at: t)
        sheets[i].dragStart = sheets[i].anchor
        if abs(y - g.ys[sheets[i].anchor]) > 0.5 { sheets[i].wheelSnapAt = t + 0.15 }
        moved = true
        return true
    }

    /// The grabber focused: Enter/Space cycle anchors, arrows step, Escape collapses (or closes,
    /// or asks to, when collapsed and dismissible). Escape anywhere collapses an expanded sheet.
    func key(_ k: KeyEvent, focused: [UInt8]?, in root: LayoutBox, at t: Double) -> Bool {
        guard k.phase == .down else { return false }
        if let focused, let i = sheets.firstIndex(where: { $0.keys.grabber == focused && !$0.closed }) {
            let n = sheets[i].geometry.ys.count
            switch k.key {
            case utf8("Enter"), utf8(" "): cycle(i, at: t)
            case utf8("ArrowUp"): go(i, to: sheets[i].anchor - 1, animated: true, at: t)
            case utf8("ArrowDown"): go(i, to: sheets[i].anchor + 1, animated: true, at: t)
            case utf8("Home"): go(i, to: 0, animated: true, at: t)
            case utf8("End"): go(i, to: n - 1, animated: true, at: t)
            case utf8("Escape"): _ = escape(i, at: t)
            default: return false
            }
            return true
        }
        if k.key == utf8("Escape"), let i = sheets.lastIndex(where: { !$0.closed && !$0.closing }) {
            return escape(i, at: t)
        }
        return false
    }

    /// Collapses, or closes (or asks to) a collapsed dismissible sheet; false when it did neither.
    private func escape(_ i: Int, at t: Double) -> Bool {
        let last = sheets[i].geometry.ys.count - 1
        if sheets[i].anchor < last { go(i, to: last, animated: true, at: t); return true }
        guard sheets[i].style.dismissible else { return false }
        if sheets[i].style.confirmsDismiss {
            sheets[i].askedToDismiss = true
            report("dismissRequested", sheets[i].id)
        } else {
            dismiss(i, velocity: 0, at: t)
        }
        return true
    }
}
