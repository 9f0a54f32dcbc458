/// Computes the patch from one frame to the next (docs/PROTOCOL.md, "Patch").
///
/// Items are matched by id. Unmatched old items are removed, unmatched new ones inserted. Of the
/// survivors, those on a longest increasing subsequence of old positions stay; the rest are moved.
/// Every survivor whose fields changed gets an update carrying only those fields.
///
/// Ids are unique in a frame the renderer makes. Should a frame repeat an id anyway, the first
/// occurrence is matched and later ones are treated as other items; the wire cannot carry such a
/// frame (decoders reject duplicate ids), so `Patch.apply` refuses the result.
public enum Differ {
    public static func diff(from a: Frame, to b: Frame) -> Patch {
        var patch = Patch()
        if a.width != b.width { patch.width = b.width }
        if a.height != b.height { patch.height = b.height }
        if a.background != b.background { patch.background = b.background }
        diffPaints(a.paints, b.paints, into: &patch)
        diffItems(a.items, b.items, into: &patch)
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

    static func diffItems(_ a: [Item], _ b: [Item], into patch: inout Patch) {
        var oldIndex = IdIndex(capacity: a.count)
        for i in a.indices { _ = oldIndex.insert(a[i].id, at: i) }

        // For each new item: the old index it survives from, or -1 when it is new.
        var matched = [Bool](repeating: false, count: a.count)
        var source = [Int](repeating: -1, count: b.count)
        var survivorOld: [Int] = []
        survivorOld.reserveCapacity(b.count)
        for j in b.indices {
            if let i = oldIndex.index(of: b[j].id), !matched[i] {
                matched[i] = true
                source[j] = i
                survivorOld.append(i)
            }
        }
        for i in 0 ..< a.count where !matched[i] { patch.removes.append(i) }

        let stays = LongestIncreasingSubsequence.members(of: survivorOld)
        var survivor = 0
        for j in 0 ..< b.count {
            let i = source[j]
            if i < 0 {
                patch.placements.append(.insert(at: j, b[j]))
                continue
            }
            if !stays[survivor] { patch.placements.append(.move(at: j, from: i)) }
            survivor += 1
            let fields = ItemFields.differing(a[i], b[j])
            if !fields.isEmpty { patch.updates.append(ItemUpdate(index: j, fields: fields, from: b[j])) }
        }
    }
}
