/// One pan shared by scroll containers nested on the same axis, innermost (the one touched) first
/// (docs/SCENE.md, "Scrolling": nested containers). Each move of the finger goes to the innermost
/// container that can still move that way within its bounds, the rest outward in turn; what none
/// can take rubber-bands the innermost, which UIScrollView bounces too. The release velocity goes
/// to whichever moved last; the others come to rest where they are.
///
/// Pure bookkeeping: `distribute` says how far each container has been dragged since the pan
/// began (its `ScrollMotion.drag` translation), given their bounds and where each drag began.
struct NestedDrag: Sendable {
    /// The containers, innermost first.
    var ids: [[UInt8]]
    /// Per container, its drag's translation since the pan began.
    var translations: [Double]
    /// The finger's translation handed out so far.
    var finger = 0.0
    /// The container that took the latest move (its index in `ids`).
    var last = 0

    init(ids: [[UInt8]]) {
        self.ids = ids
        translations = Array(repeating: 0, count: ids.count)
    }

    /// The finger is at `translation` (along the axis, since the pan began; positive moves the
    /// content toward its start). `bounds(k)` is container k's lower and upper bound and the
    /// unbanded offset its drag began at.
    mutating func distribute(_ translation: Double, bounds: (Int) -> (lower: Double, upper: Double, origin: Double)) {
        var d = translation - finger
        finger = translation
        for k in ids.indices where d != 0 {
            let b = bounds(k)
            let raw = b.origin - translations[k]
            // What this one can take within its bounds, in the finger's direction.
            let take = d > 0 ? min(d, max(0, raw - b.lower)) : max(d, -max(0, b.upper - raw))
            guard take != 0 else { continue }
            translations[k] += take
            d -= take
            last = k
        }
        if d != 0 {
            translations[0] += d  // past every edge: the one touched rubber-bands
            last = 0
        }
    }
}
