import PropertyBased
import Testing
@testable import VeilCore

/// `sortStably` replaces the standard library's sort in the core (one copy of the code in veil.wasm
/// for every element type); frames depend on it giving exactly the order `sort(by:)` gives.
@Suite struct StableOrderTests {
    @Test func ordersLikeTheStandardLibrarysStableSort() async {
        await propertyCheck(count: 1000, input: Gen.uint64()) { seed in
            var random = RandomFrames(seed: seed)
            // Lengths across the insertion-sort limit; few distinct keys, so many ties.
            let count = Int(random.next() % 80)
            let keys = Int(random.next() % 8) + 1
            let pairs = (0..<count).map { (key: Int(random.next() % UInt64(keys)), position: $0) }
            var ours = pairs
            ours.sortStably { $0.key < $1.key }
            let theirs = pairs.sorted { $0.key < $1.key }
            #expect(ours.map(\.position) == theirs.map(\.position), "seed \(seed)")
            var descending = pairs.map(\.key)
            descending.sortStably(by: >)
            #expect(descending == pairs.map(\.key).sorted(by: >), "seed \(seed)")
        }
    }

    @Test func indicesOfEqualElementsStayInOrder() {
        // Nil: already in order, nothing to move.
        #expect(StableOrder.indices(0) { _, _ in false } == nil)
        #expect(StableOrder.indices(40) { _, _ in false } == nil)
        #expect(StableOrder.indices(40) { $0 < $1 } == nil)
        #expect(StableOrder.indices(40) { $0 > $1 } == Array((0..<40).reversed()))
        #expect(StableOrder.indices(3) { [2, 0, 1][$0] < [2, 0, 1][$1] } == [1, 2, 0])
    }
}
