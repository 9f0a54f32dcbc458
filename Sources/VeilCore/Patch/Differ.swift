/// Computes the patch from one frame to the next (docs/PROTOCOL.md, "How the differ builds it").
///
/// Each layer's child list is diffed on its own, entries matched by id: unmatched old entries are
/// removed, unmatched new ones inserted (a layer with its subtree). Of the survivors, those on a
/// longest increasing subsequence of old positions stay; the rest are moved. Every survivor whose
/// own fields changed gets an update by id; surviving layers are diffed recursively. A child list
/// that is the very same array in both frames (a subtree the renderer reused) costs O(1).
///
/// An entry that moves to another layer is removed from one and inserted into the other. Ids are
/// unique in a frame the renderer makes; the wire cannot carry a frame that repeats one.
public enum Differ {
    public static func diff(from a: Frame, to b: Frame) -> Patch {
        var patch = Patch()
        if a.width != b.width { patch.width = b.width }
        if a.height != b.height { patch.height = b.height }
        if a.background != b.background { patch.background = b.background }
        diffPaints(a.paints, b.paints, into: &patch)
        if a.motions != b.motions || a.itemMotions != b.itemMotions {
            patch.motions = b.motions
            patch.itemMotions = b.itemMotions
        }
        diffEntries(layer: 0, a.items, b.items, into: &patch)
        patch.updates.sortStably { $0.id < $1.id }
        return patch
    }

    static func diffPaints(_ a: [Paint], _ b: [Paint], into patch: inout Patch) {
        if a.count != b.count { patch.paintCount = b.count }
        for slot in 0 ..< b.count {
            if slot < a.count {
                if a[slot] == b[slot] { continue }
                patch.paintEdits.append(PaintEdit(slot: slot, change: change(from: a[slot], to: b[slot])))
            } else {
                patch.paintEdits.append(PaintEdit(slot: slot, change: .replace(b[slot])))
            }
        }
    }

    /// A gradient that keeps its kind sends only what moved; anything else is replaced.
    static func change(from old: Paint, to new: Paint) -> PaintChange {
        func pick(_ o: Int32, _ n: Int32) -> Int32? { o == n ? nil : n }
        switch (old, new) {
        case let (.linear(ax0, ay0, ax1, ay1, astops), .linear(bx0, by0, bx1, by1, bstops)):
            return .adjust(GradientAdjustment(
                kind: .linear,
                coordinates: [pick(ax0, bx0), pick(ay0, by0), pick(ax1, bx1), pick(ay1, by1)],
                stops: astops == bstops ? nil : bstops))
        case let (.radial(acx, acy, ar, astops), .radial(bcx, bcy, br, bstops)):
            return .adjust(GradientAdjustment(
                kind: .radial,
                coordinates: [pick(acx, bcx), pick(acy, bcy), pick(ar, br), nil],
                stops: astops == bstops ? nil : bstops))
        default:
            return .replace(new)
        }
    }

    /// True when both are the same array storage: a reused subtree, equal without looking inside.
    static func isSameStorage(_ a: [Item], _ b: [Item]) -> Bool {
        a.count == b.count && a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in pa.baseAddress == pb.baseAddress }
        }
    }

    static func diffEntries(layer: UInt32, _ a: [Item], _ b: [Item], into patch: inout Patch) {
        if isSameStorage(a, b) { return }
        var oldIndex = IdIndex(capacity: a.count)
        for i in a.indices { _ = oldIndex.insert(a[i].id, at: i) }

        // For each new entry: the old index it survives from, or -1 when it is new. An item that
        // became a layer (or back) is a new entry.
        var matched = [Bool](repeating: false, count: a.count)
        var source = [Int](repeating: -1, count: b.count)
        var survivorOld: [Int] = []
        survivorOld.reserveCapacity(b.count)
        for j in b.indices {
            if let i = oldIndex.index(of: b[j].id), !matched[i], a[i].isLayer == b[j].isLayer {
                matched[i] = true
                source[j] = i
                survivorOld.append(i)
            }
        }
        var edit = LayerEdit(layer: layer)
        for i in 0 ..< a.count where !matched[i] { edit.removes.append(i) }

        let stays = LongestIncreasingSubsequence.members(of: survivorOld)
        var survivor = 0
        for j in 0 ..< b.count {
            let i = source[j]
            if i < 0 {
                edit.placements.append(.insert(at: j, b[j]))
                continue
            }
            if !stays[survivor] { edit.placements.append(.move(at: j, from: i)) }
            survivor += 1
        }
        if !edit.isEmpty { patch.structure.append(edit) }

        for j in 0 ..< b.count where source[j] >= 0 {
            let old = a[source[j]]
            let fields = ItemFields.differing(old, b[j])
            if !fields.isEmpty { patch.updates.append(ItemUpdate(fields: fields, from: b[j])) }
            if b[j].isLayer { diffEntries(layer: b[j].id, old.children, b[j].children, into: &patch) }
        }
    }
}
