/// The session's paint slots: each distinct paint keeps one slot for as long as frames use it, so
/// a subtree drawn in an earlier render can be reused as it is (its items' paint references stay
/// valid), and a paint that appears in one place does not renumber the slots of all the others.
///
/// Bounded like `IdTable`: once more slots are held than twice those in use at the last
/// collection (plus a margin), `forget(allBut:)` frees every slot the frame does not reference;
/// freed slots are handed out again, smallest first. A freed slot keeps its old paint in the frame
/// until it is reused, so freeing costs no bytes.
struct PaintTable {
    /// Slot k's paint at k - 1 (the frame's paint list).
    private(set) var paints: [Paint] = []
    private var slots = KeyTable<Paint, UInt32>()
    /// Animated paints: one slot per owner (a skeleton root), whatever value it has now.
    private var owned = KeyTable<[UInt8], UInt32>()
    /// Per slot, its owner when it is dedicated (nil: keyed by its paint).
    private var owners: [[UInt8]?] = []
    /// Dedicated slots the render under way has drawn with (its owners are drawing): kept by a
    /// collection even when no item refers to them (a skeleton whose placeholders are all hidden),
    /// so whether such a slot survives does not depend on how many renders ran.
    private var ownedThisRender: [UInt32] = []
    /// Freed references, largest first, so `popLast` hands out the smallest.
    private var free: [UInt32] = []
    /// Slots in use after the last collection.
    private var liveAtCollection = 0
    /// What semantic colours resolve to (set per render).
    var appearance = Appearance.light

    /// Slots in use (the frame's paint list is as long as the most ever held at once).
    var held: Int { paints.count - free.count }

    /// The item reference for `paint`: slot + 1.
    mutating func reference(_ paint: Paint) -> UInt32 {
        let paint = paint.resolved(appearance)
        if let s = slots[paint] { return s }
        let ref = allocate(paint)
        slots[paint] = ref
        return ref
    }

    /// Out of line (for size): the renderer draws a solid colour from a dozen places.
    @inline(never)
    mutating func solid(_ color: Color) -> UInt32 { reference(.solid(color)) }

    /// The slot of the paint `owner` animates, set to its value now: never shared with an equal
    /// paint, and kept while the owner draws, so stepping it in place touches one slot.
    mutating func dedicated(owner: [UInt8], _ paint: Paint) -> UInt32 {
        let paint = paint.resolved(appearance)
        if let ref = owned[owner] {
            paints[Int(ref) - 1] = paint
            ownedThisRender.append(ref)
            return ref
        }
        let ref = allocate(paint)
        owned[owner] = ref
        owners[Int(ref) - 1] = owner
        ownedThisRender.append(ref)
        return ref
    }

    /// Where a render starts: takes the animated slots' values from the frame last sent, which
    /// ticks stepped in place since this table drew it (a slot no longer drawn then keeps the value
    /// the viewer has).
    mutating func adoptAnimatedValues(of sent: Frame?) {
        ownedThisRender.removeAll(keepingCapacity: true)
        guard let sent else { return }
        for i in owners.indices where owners[i] != nil && i < sent.paints.count { paints[i] = sent.paints[i] }
    }

    private mutating func allocate(_ paint: Paint) -> UInt32 {
        if let ref = free.popLast() {
            paints[Int(ref) - 1] = paint
            owners[Int(ref) - 1] = nil
            return ref
        }
        paints.append(paint)
        owners.append(nil)
        return UInt32(paints.count)
    }

    /// Frees the slots `frame` does not reference, when the table has grown past twice what was
    /// in use at the last collection (amortized O(1) per slot handed out).
    /// `always` collects whatever the table holds (after a render that ran out of slots).
    mutating func forget(allBut frame: Frame, always: Bool = false) {
        guard always || held > 2 * liveAtCollection + 32 else { return }
        var used = [Bool](repeating: false, count: paints.count + 1)
        PaintTable.mark(frame.items, &used)
        for ref in ownedThisRender where Int(ref) < used.count { used[Int(ref)] = true }
        var kept = KeyTable<Paint, UInt32>()
        var keptOwned = KeyTable<[UInt8], UInt32>()
        free = []
        for ref in (1 ... paints.count).reversed() {
            if !used[ref] { free.append(UInt32(ref)); continue }
            if let owner = owners[ref - 1] { keptOwned[owner] = UInt32(ref) } else { kept[paints[ref - 1]] = UInt32(ref) }
        }
        slots = kept
        owned = keptOwned
        liveAtCollection = held
    }

    private static func mark(_ entries: [Item], _ used: inout [Bool]) {
        for e in entries {
            if Int(e.fill) < used.count { used[Int(e.fill)] = true }
            if Int(e.stroke) < used.count { used[Int(e.stroke)] = true }
            if e.isLayer { mark(e.children, &used) }
        }
    }
}
