/// Stable sorting through one non-generic merge sort of indices.
///
/// Embedded Swift specializes the standard library's `sort(by:)` per element type and comparator
/// (a merge, a run-finding closure and insertion sort, each a copy in veil.wasm). The core sorts in a
/// handful of places, so they all go through this one copy; only the small `sortStably` wrapper is
/// specialized. The order is the one `sort(by:)` gives: ascending by `before`, equal elements kept in
/// their original order.
enum StableOrder {
    /// Up to this many elements, insertion sort (fewer moves than merging for short runs).
    static let insertionLimit = 16

    /// The indices `0..<count` in sorted order: `before(i, j)` says element `i` belongs strictly
    /// before element `j`. Stable: indices of equal elements stay ascending. Nil when the elements
    /// are already in order (the usual case: ids and anchors come in order), so nothing is copied.
    @inline(never)
    static func indices(_ count: Int, by before: (Int, Int) -> Bool) -> [Int]? {
        var sorted = 1
        while sorted < count, !before(sorted, sorted - 1) { sorted += 1 }
        if sorted >= count { return nil }
        var order = Array(0..<count)
        var scratch = order
        sort(&order, &scratch, 0, count, before)
        return order
    }

    /// Sorts `order[low..<high]` stably; `scratch` is space of the same size.
    private static func sort(_ order: inout [Int], _ scratch: inout [Int], _ low: Int, _ high: Int,
                             _ before: (Int, Int) -> Bool) {
        if high - low <= insertionLimit {
            var i = low + 1
            while i < high {
                let moving = order[i]
                var j = i
                // Only strictly smaller elements move past: equal ones keep their order.
                while j > low, before(moving, order[j - 1]) {
                    order[j] = order[j - 1]
                    j -= 1
                }
                order[j] = moving
                i += 1
            }
            return
        }
        let mid = low + (high - low) / 2
        sort(&order, &scratch, low, mid, before)
        sort(&order, &scratch, mid, high, before)
        // Already in order across the halves: nothing to merge.
        if !before(order[mid], order[mid - 1]) { return }
        var left = low, right = mid, out = low
        while left < mid, right < high {
            // Ties take the left element first, which keeps the sort stable.
            if before(order[right], order[left]) {
                scratch[out] = order[right]; right += 1
            } else {
                scratch[out] = order[left]; left += 1
            }
            out += 1
        }
        while left < mid { scratch[out] = order[left]; left += 1; out += 1 }
        while right < high { scratch[out] = order[right]; right += 1; out += 1 }
        for k in low..<high { order[k] = scratch[k] }
    }
}

extension Array {
    /// Sorts in place like `sort(by:)` (stable, ascending by `before`), through `StableOrder` so that
    /// every element type shares one sort.
    mutating func sortStably(by before: (Element, Element) -> Bool) {
        guard let order = StableOrder.indices(count, by: { before(self[$0], self[$1]) }) else { return }
        self = order.map { self[$0] }
    }
}
