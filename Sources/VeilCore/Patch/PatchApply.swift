extension Patch {
    /// Replays the patch on `frame`. Checks everything first and assigns at the end, so on error the
    /// frame is unchanged. The algorithm is the one in docs/PROTOCOL.md ("Applying a patch"), which
    /// Web/wire.js implements line for line.
    public func apply(to frame: inout Frame) throws(PatchError) {
        let paints = try appliedPaints(frame.paints)
        let items = try appliedItems(frame.items)
        frame.width = width ?? frame.width
        frame.height = height ?? frame.height
        frame.background = background ?? frame.background
        frame.paints = paints
        frame.items = items
    }

    /// 1. Resize the paint table (truncate, or grow with slots that must be replaced),
    /// 2. apply the paint edits in ascending slot order.
    func appliedPaints(_ old: [Paint]) throws(PatchError) -> [Paint] {
        var paints = old
        let newCount = paintCount ?? old.count
        guard newCount >= 0, newCount <= WireLimits.maxPaints else {
            throw PatchError("paint table of \(newCount) slots exceeds the limit of \(WireLimits.maxPaints)")
        }
        if newCount < paints.count { paints.removeLast(paints.count - newCount) }
        var previous = -1
        for edit in paintEdits {
            guard edit.slot > previous, edit.slot < newCount else {
                throw PatchError("paint edit for slot \(edit.slot) is out of order or beyond the table (\(newCount) slots)")
            }
            previous = edit.slot
            switch edit.change {
            case let .replace(paint):
                if edit.slot < paints.count {
                    paints[edit.slot] = paint
                } else {
                    // Ascending edits and the check below make this exactly the next new slot.
                    guard edit.slot == paints.count else { throw PatchError("new paint slot \(paints.count) is not set") }
                    paints.append(paint)
                }
            case let .adjust(adjustment):
                guard edit.slot < paints.count, let paint = adjustment.applied(to: paints[edit.slot]) else {
                    throw PatchError("paint slot \(edit.slot) is not a gradient of the kind the adjustment expects")
                }
                paints[edit.slot] = paint
            }
        }
        guard paints.count == newCount else { throw PatchError("new paint slot \(paints.count) is not set") }
        return paints
    }

    /// 1. Detach the removed items and the sources of moves (by old index).
    /// 2. The rest ("stayers") keep their relative order. Walk the placements in ascending final
    ///    index, filling the gap before each from the stayers, then the placed item (a new item, or
    ///    the moved one). Append the remaining stayers.
    /// 3. Apply the field updates by final index.
    /// 4. If anything was inserted, check the ids are still unique.
    func appliedItems(_ old: [Item]) throws(PatchError) -> [Item] {
        if removes.isEmpty && placements.isEmpty && updates.isEmpty { return old }
        var detached = [Bool](repeating: false, count: old.count)
        var previous = -1
        for index in removes {
            guard index > previous, index < old.count else {
                throw PatchError("removed index \(index) is out of order or beyond the \(old.count) items")
            }
            detached[index] = true
            previous = index
        }
        var inserts = 0
        for placement in placements {
            switch placement {
            case let .move(_, from):
                guard from >= 0, from < old.count, !detached[from] else {
                    throw PatchError("moved index \(from) is beyond the \(old.count) items or already detached")
                }
                detached[from] = true
            case .insert:
                inserts += 1
            }
        }
        let finalCount = old.count - removes.count + inserts
        guard finalCount <= WireLimits.maxItems else {
            throw PatchError("\(finalCount) items exceed the limit of \(WireLimits.maxItems)")
        }

        var items: [Item] = []
        items.reserveCapacity(finalCount)
        var stayer = 0
        func nextStayer() -> Int? {
            while stayer < old.count && detached[stayer] { stayer += 1 }
            guard stayer < old.count else { return nil }
            defer { stayer += 1 }
            return stayer
        }
        for placement in placements {
            let at = placement.index
            guard at >= items.count else {
                throw PatchError("placement at \(at) is out of order")
            }
            while items.count < at {
                guard let s = nextStayer() else {
                    throw PatchError("placement at \(at) is beyond the end of the list")
                }
                items.append(old[s])
            }
            switch placement {
            case let .insert(_, item): items.append(item)
            case let .move(_, from): items.append(old[from])
            }
        }
        while let s = nextStayer() { items.append(old[s]) }

        previous = -1
        for update in updates {
            guard update.index > previous, update.index < items.count else {
                throw PatchError("update of index \(update.index) is out of order or beyond the \(items.count) items")
            }
            guard !update.fields.isEmpty else { throw PatchError("update of index \(update.index) changes nothing") }
            update.fields.copy(from: update.values, to: &items[update.index])
            previous = update.index
        }

        if inserts > 0 {
            var ids = IdIndex(capacity: items.count)
            for (i, item) in items.enumerated() where !ids.insert(item.id, at: i) {
                throw PatchError("item id \(item.id) would appear twice")
            }
        }
        return items
    }
}
