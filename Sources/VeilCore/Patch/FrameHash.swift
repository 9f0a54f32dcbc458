/// The 32-bit hash a message carries of the frame it produces (docs/PROTOCOL.md, "Frame hash").
///
/// It is a sum (mod 2^32) of independent terms, each an FNV-1a over a few canonical bytes: one for
/// the frame's header, one per paint slot, one per entry (item or layer) naming its parent layer and
/// its index there; and, when the frame has motions, one for them (`MotionCoding.hashTerm`). A change to one paint or one entry changes one term, so a session keeps the
/// hash of its retained frame up to date in time proportional to what changed, while a mirror that
/// recomputes it still checks every field, the tree's shape and the painter's order.
public enum FrameHash {
    public static func of(_ frame: Frame) -> UInt32 {
        var sum = head(frame, entryCount: entryCount(frame.items))
        for (slot, paint) in frame.paints.enumerated() { sum &+= paintTerm(slot: slot, paint) }
        sum &+= entriesTerm(parent: 0, frame.items)
        return sum &+ MotionCoding.hashTerm(frame.motions, frame.itemMotions)
    }

    /// The same as `of(frame)`, taking the terms of child lists hashed before from `memo`: a child
    /// list that is the very same array as then (a layer the renderer reused) costs O(1).
    public static func of(_ frame: Frame, memo: inout SubtreeHashes) -> UInt32 {
        let (entries, count) = memo.terms(parent: 0, frame.items)
        var sum = head(frame, entryCount: count)
        for (slot, paint) in frame.paints.enumerated() { sum &+= paintTerm(slot: slot, paint) }
        return sum &+ entries &+ MotionCoding.hashTerm(frame.motions, frame.itemMotions)
    }

    /// Width, height, background, the paint count and the number of entries in the whole tree.
    public static func head(_ frame: Frame, entryCount: Int) -> UInt32 {
        var h = FNV1a()
        h.writeZigzag(frame.width)
        h.writeZigzag(frame.height)
        h.writeColor(frame.background)
        h.writeVarint(frame.paints.count)
        h.writeVarint(entryCount)
        return h.value
    }

    /// The slot, then the paint as a keyframe writes it (its code byte first).
    public static func paintTerm(slot: Int, _ paint: Paint) -> UInt32 {
        var h = FNV1a()
        h.writeVarint(slot)
        FrameCoding.write(paint, to: &h)
        return h.value
    }

    /// The parent layer's id (0 = root), the index in its child list, then the entry's own fields as
    /// a keyframe writes them (id, mask, fields; a layer's children have terms of their own).
    public static func entryTerm(parent: UInt32, index: Int, _ item: Item) -> UInt32 {
        var h = FNV1a()
        h.writeVarint(parent)
        h.writeVarint(index)
        FrameCoding.writeFullItem(item, to: &h)
        return h.value
    }

    /// The terms of a child list and of every subtree below it.
    public static func entriesTerm(parent: UInt32, _ entries: [Item]) -> UInt32 {
        var sum: UInt32 = 0
        for (i, e) in entries.enumerated() {
            sum &+= entryTerm(parent: parent, index: i, e)
            if e.isLayer { sum &+= entriesTerm(parent: e.id, e.children) }
        }
        return sum
    }

    /// Entries in a tree (items and layers, at every depth).
    public static func entryCount(_ entries: [Item]) -> Int {
        var n = entries.count
        for e in entries where e.isLayer { n += entryCount(e.children) }
        return n
    }

    public static func of(bytes: ArraySlice<UInt8>) -> UInt32 {
        var hasher = FNV1a()
        for b in bytes { hasher.write(b) }
        return hasher.value
    }
}

/// The hash terms and entry counts of child lists, by parent layer id, kept with the lists they
/// were computed from (so an array cannot be mistaken for a newer one at the same address).
/// Bounded by the ids in use: the renderer's ids are dense and reused.
public struct SubtreeHashes: Sendable {
    private struct Known: Sendable {
        var entries: [Item]
        var term: UInt32
        var count: Int
    }
    private var known: [Known?] = []
    /// Larger ids are not remembered (a frame not made by the renderer may use any).
    static let maxRemembered = 1 << 20

    public init() {}

    /// `FrameHash.entriesTerm(parent:entries)` and `FrameHash.entryCount(entries)`.
    mutating func terms(parent: UInt32, _ entries: [Item]) -> (term: UInt32, count: Int) {
        let p = Int(parent)
        if p < known.count, let k = known[p], Differ.isSameStorage(k.entries, entries) { return (k.term, k.count) }
        var term: UInt32 = 0
        var count = entries.count
        for (i, e) in entries.enumerated() {
            term &+= FrameHash.entryTerm(parent: parent, index: i, e)
            if e.isLayer {
                let inner = terms(parent: e.id, e.children)
                term &+= inner.term
                count += inner.count
            }
        }
        if p < SubtreeHashes.maxRemembered {
            if p >= known.count { known.append(contentsOf: repeatElement(nil, count: p + 1 - known.count)) }
            known[p] = Known(entries: entries, term: term, count: count)
        }
        return (term, count)
    }
}

/// 32-bit FNV-1a as a byte sink: offset basis 2166136261, prime 16777619.
public struct FNV1a: ByteSink {
    public private(set) var value: UInt32 = 2_166_136_261
    public init() {}
    @inline(__always)
    public mutating func write(_ byte: UInt8) {
        value = (value ^ UInt32(byte)) &* 16_777_619
    }
}
