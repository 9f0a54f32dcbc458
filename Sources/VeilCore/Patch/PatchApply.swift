extension Patch {
    /// Replays the patch on `frame`. Checks everything first and assigns at the end, so on error the
    /// frame is unchanged. The algorithm is the one in docs/PROTOCOL.md ("Applying a patch"), which
    /// Web/wire-patch.js implements step for step.
    public func apply(to frame: inout Frame) throws(PatchError) {
        let paints = try appliedPaints(frame.paints)
        if let bad = (motions ?? frame.motions).first(where: { $0.slot >= paints.count }) {
            throw PatchError("a motion names paint slot \(bad.slot) of a table of \(paints.count)")
        }
        var items = try appliedStructure(frame.items)
        try checkAndUpdate(&items, inserted: structure.contains { edit in
            edit.placements.contains { if case .insert = $0 { return true } else { return false } }
        })
        frame.width = width ?? frame.width
        frame.height = height ?? frame.height
        frame.background = background ?? frame.background
        frame.paints = paints
        frame.items = items
        if let motions { frame.motions = motions }
        if let itemMotions { frame.itemMotions = itemMotions }
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

    /// Applies the layer edits: each names a layer of the base frame (0 = the root) at most once.
    /// Deeper layers are edited first, so every edit finds its layer where the base frame had it, and
    /// a moved layer carries its already edited children.
    func appliedStructure(_ root: [Item]) throws(PatchError) -> [Item] {
        if structure.isEmpty { return root }
        var paths = LayerPaths()
        paths.collect(root, prefix: [])
        var targets: [(path: [Int], edit: LayerEdit)] = []
        var named = IdIndex(capacity: structure.count)
        for edit in structure {
            guard let path = edit.layer == 0 ? [] : paths.path(of: edit.layer) else {
                throw PatchError("layer edit names \(edit.layer), which is not a layer of the frame")
            }
            guard named.insert(edit.layer, at: 0) else { throw PatchError("layer \(edit.layer) is edited twice") }
            targets.append((path, edit))
        }
        // Stable: equal depths keep the patch's order (they are independent).
        let order = targets.indices.sorted { a, b in
            targets[a].path.count != targets[b].path.count ? targets[a].path.count > targets[b].path.count : a < b
        }
        var items = root
        for i in order {
            try Patch.modify(&items, at: targets[i].path[...]) { (children: inout [Item]) throws(PatchError) in
                children = try targets[i].edit.applied(to: children)
            }
        }
        return items
    }

    /// Runs `body` on the child list of the layer at `path` (indices from the root).
    static func modify(_ entries: inout [Item], at path: ArraySlice<Int>,
                       _ body: (inout [Item]) throws(PatchError) -> Void) throws(PatchError) {
        guard let first = path.first else { return try body(&entries) }
        try modify(&entries[first].children, at: path.dropFirst(), body)
    }

    /// Checks the edited tree (entry count, layer depth, and — when anything was inserted — unique
    /// ids), then applies the field updates by id.
    func checkAndUpdate(_ items: inout [Item], inserted: Bool) throws(PatchError) {
        var walk = UpdateWalk(updates: updates, checkIds: inserted)
        var previous: UInt32 = 0
        for (i, u) in updates.enumerated() {
            guard u.id > previous else { throw PatchError("update of id \(u.id) is out of order") }
            guard !u.fields.isEmpty else { throw PatchError("update of id \(u.id) changes nothing") }
            previous = u.id
            _ = walk.byId.insert(u.id, at: i)
        }
        try walk.visit(&items, depth: 1)
        guard walk.applied == updates.count else {
            throw PatchError("an update names an id that is not in the frame")
        }
    }
}

/// Layer id → path of indices from the root, for the layers of a frame.
private struct LayerPaths {
    private var index = IdIndex(capacity: 16)
    private var paths: [[Int]] = []

    mutating func collect(_ entries: [Item], prefix: [Int]) {
        for (i, e) in entries.enumerated() where e.isLayer {
            let path = prefix + [i]
            _ = index.insert(e.id, at: paths.count)
            paths.append(path)
            collect(e.children, prefix: path)
        }
    }

    func path(of id: UInt32) -> [Int]? { index.index(of: id).map { paths[$0] } }
}

/// One walk over an edited tree: counts entries, bounds the depth, checks ids, applies updates.
private struct UpdateWalk {
    let updates: [ItemUpdate]
    let checkIds: Bool
    var byId = IdIndex(capacity: 16)
    var seen = IdIndex(capacity: 64)
    var count = 0
    var applied = 0

    init(updates: [ItemUpdate], checkIds: Bool) { self.updates = updates; self.checkIds = checkIds }

    mutating func visit(_ entries: inout [Item], depth: Int) throws(PatchError) {
        guard depth <= WireLimits.maxLayerDepth else {
            throw PatchError("layers would nest deeper than \(WireLimits.maxLayerDepth)")
        }
        for i in entries.indices {
            count += 1
            guard count <= WireLimits.maxItems else {
                throw PatchError("more than \(WireLimits.maxItems) entries")
            }
            let id = entries[i].id
            if checkIds, !seen.insert(id, at: 0) { throw PatchError("item id \(id) would appear twice") }
            if let u = byId.index(of: id) {
                let update = updates[u]
                if update.fields.contains(.kind), (update.values.kind == .layer) != entries[i].isLayer {
                    throw PatchError("update of id \(id) would turn an item into a layer or back")
                }
                update.fields.copy(from: update.values, to: &entries[i])
                applied += 1
            }
            if entries[i].isLayer { try visit(&entries[i].children, depth: depth + 1) }
        }
    }
}

extension LayerEdit {
    /// 1. Detach the removed entries and the sources of moves (by old index).
    /// 2. The rest ("stayers") keep their relative order. Walk the placements in ascending final
    ///    index, filling the gap before each from the stayers, then the placed entry (a new one,
    ///    or the moved one). Append the remaining stayers.
    func applied(to old: [Item]) throws(PatchError) -> [Item] {
        var detached = [Bool](repeating: false, count: old.count)
        var previous = -1
        for index in removes {
            guard index > previous, index < old.count else {
                throw PatchError("removed index \(index) is out of order or beyond the \(old.count) entries of layer \(layer)")
            }
            detached[index] = true
            previous = index
        }
        var inserts = 0
        for placement in placements {
            switch placement {
            case let .move(_, from):
                guard from >= 0, from < old.count, !detached[from] else {
                    throw PatchError("moved index \(from) is beyond the \(old.count) entries or already detached")
                }
                detached[from] = true
            case .insert:
                inserts += 1
            }
        }
        let finalCount = old.count - removes.count + inserts
        guard finalCount <= WireLimits.maxItems else {
            throw PatchError("\(finalCount) entries exceed the limit of \(WireLimits.maxItems)")
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
        return items
    }
}
