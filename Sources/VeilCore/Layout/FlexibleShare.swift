/// How a stack shares the room its fixed children leave among its flexible ones (spacers, and in a
/// horizontal stack children with no width): equally, but never below a child's floor (a spacer's
/// `minLength`) — the level is raised past floors that exceed it, as water fills a vessel.
enum FlexibleShare {
    /// Lengths for children with these floors sharing `room`: each max(floor, level), the level
    /// chosen so they sum to `room`, or each its floor when the floors alone exceed it. With floors
    /// of 0 the level is larger(0, room) / count, as stacks always computed it.
    static func lengths(room: Double, floors: [Double]) -> [Double] {
        guard !floors.isEmpty else { return [] }
        var pinned = [Bool](repeating: false, count: floors.count)
        var left = larger(0, room)
        var open = floors.count
        var level = left / Double(open)
        // Each pass pins at least one floor above the level, or stops: at most `count` passes.
        while open > 0 {
            var changed = false
            for i in floors.indices where !pinned[i] && floors[i] > level {
                pinned[i] = true
                left -= floors[i]
                open -= 1
                changed = true
            }
            if !changed { break }
            level = open > 0 ? larger(0, left) / Double(open) : 0
        }
        return floors.indices.map { pinned[$0] ? floors[$0] : level }
    }
}

extension Node {
    /// A spacer's `minLength`; nil for any other node.
    var spacerMinLength: Double? {
        if case let .spacer(style) = kind { return style.minLength }
        return nil
    }
}
