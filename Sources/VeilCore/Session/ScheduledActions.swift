/// Actions reactions scheduled, taken in time order — equal times in the order they were
/// scheduled, as recorded streams expect. A binary min-heap on (time, order of scheduling): adding
/// and taking one are O(log n), so a scene of many reactions costs what it schedules, not its square.
struct ScheduledActions {
    private struct Entry {
        var action: TimedAction
        var order: UInt64
        func precedes(_ other: Entry) -> Bool {
            action.time < other.action.time || (action.time == other.action.time && order < other.order)
        }
    }

    private var heap: [Entry] = []
    private var scheduledSoFar: UInt64 = 0
    /// Entries moved by the sifts so far: the work scheduling cost (tests hold it to O(n log n)).
    private(set) var moves = 0

    var count: Int { heap.count }
    /// When the earliest one is due.
    var nextTime: Double? { heap.first?.action.time }

    mutating func add(_ action: TimedAction) {
        heap.append(Entry(action: action, order: scheduledSoFar))
        scheduledSoFar += 1
        var i = heap.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard heap[i].precedes(heap[parent]) else { break }
            heap.swapAt(i, parent)
            moves += 1
            i = parent
        }
        checkPlace(i)
    }

    /// Takes the earliest one (nil when there is none).
    mutating func takeFirst() -> TimedAction? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let first = heap.removeLast()
        var i = 0
        while true {
            let left = 2 * i + 1, right = left + 1
            var least = i
            if left < heap.count && heap[left].precedes(heap[least]) { least = left }
            if right < heap.count && heap[right].precedes(heap[least]) { least = right }
            if least == i { break }
            heap.swapAt(i, least)
            moves += 1
            i = least
        }
        if !heap.isEmpty { checkPlace(i) }
        return first.action
    }

    /// The heap's order where a sift left an entry, checked in debug builds: it does not precede
    /// its parent, and neither child precedes it (the whole heap would cost O(n) per action).
    private func checkPlace(_ i: Int) {
        assert(i == 0 || !heap[i].precedes(heap[(i - 1) / 2]), "an entry does not precede its parent")
        assert([2 * i + 1, 2 * i + 2].allSatisfy { $0 >= heap.count || !heap[$0].precedes(heap[i]) },
               "no child precedes its parent")
    }
}
