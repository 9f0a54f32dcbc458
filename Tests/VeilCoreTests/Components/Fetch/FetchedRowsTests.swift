import PropertyBased
import Testing
@testable import VeilCore

/// The store of a list that fetches its rows, against a model: random windows wandering over a
/// million rows, a host that answers some pages at once, some late and some never.
@Suite struct FetchedRowsTests {
    static let rowCount = 1_000_000

    static func row(_ i: Int) -> ListRow { ListRow([(node: utf8("t"), changes: [.text(Array("row \(i)".utf8))])]) }

    @Test func neverAsksTwiceWhileKeptAndHoldsOnlyWhatIsKept() async {
        await propertyCheck(count: 200, input: Gen.uint64()) { seed in
            var random = RandomFrames(seed: seed)
            var store = FetchedRows(page: random.int(1 ... 100))
            let page = store.page
            // The model: pages asked for or held, which must not be asked for again.
            var live = Set<Int>()
            var late: [Range<Int>] = []
            var start = random.int(0 ... Self.rowCount - 1)
            for _ in 0 ..< 200 {
                // The window jumps (a scroll command), creeps (a drag) or stays.
                switch random.int(0 ... 3) {
                case 0: start = random.int(0 ... Self.rowCount - 1)
                case 1: start = max(0, min(Self.rowCount - 1, start + random.int(-40 ... 40)))
                default: break
                }
                let length = random.int(1 ... 60), ahead = random.int(0 ... 60)
                let need = start - ahead ..< start + length + ahead
                let keep = need.lowerBound - 2 * ahead - length ..< need.upperBound + 2 * ahead + length
                let kept = Self.pages(keep, page)
                live = live.filter { kept.contains($0) }
                for range in store.want(need, keep: keep, rowCount: Self.rowCount) {
                    #expect(range.lowerBound % page == 0 && !range.isEmpty && range.count <= page)
                    #expect(range.upperBound == min(Self.rowCount, range.lowerBound + page))
                    let p = range.lowerBound / page
                    #expect(!live.contains(p), "page \(p) asked again while kept (seed \(seed))")
                    #expect(kept.contains(p))
                    live.insert(p)
                    switch random.int(0 ... 2) {
                    case 0: _ = store.fill(at: range.lowerBound, range.map(Self.row), rowCount: Self.rowCount)
                    case 1: late.append(range)
                    default: break  // never answered
                    }
                }
                if !late.isEmpty, random.chance(50) {
                    let range = late.removeFirst()
                    let stored = store.fill(at: range.lowerBound, range.map(Self.row), rowCount: Self.rowCount)
                    #expect(stored == kept.contains(range.lowerBound / page), "a late answer is kept only while its page is")
                }
                // Held pages are kept ones; what is held is what the host gave.
                for held in store.held {
                    #expect(kept.contains(held.index))
                    #expect(!store.isAsked(held.index), "an answered page is no longer waited for")
                }
                #expect(store.heldRows <= keep.count + 2 * page)
                for i in [need.lowerBound, start, need.upperBound - 1] where i >= 0 && i < Self.rowCount {
                    if let row = store.row(i) { #expect(Self.text(row) == "row \(i)") }
                }
            }
        }
    }

    @Test func beforeTheFirstWindowRowsAreHeldUpToTheBound() {
        var store = FetchedRows(page: 100)
        let stored = store.fill(at: 0, (0 ..< 100).map(Self.row), rowCount: Self.rowCount)
        #expect(stored)
        #expect(store.row(42).map(Self.text) == "row 42")
        #expect(store.row(100) == nil)
        var at = 100
        while store.fill(at: at, (at ..< at + 100).map(Self.row), rowCount: Self.rowCount) { at += 100 }
        #expect(store.heldRows == Limits.maxRowsHeld)
        // The first window lets go of everything far from it.
        _ = store.want(500_000 ..< 500_020, keep: 499_900 ..< 500_120, rowCount: Self.rowCount)
        #expect(store.heldRows == 0)
    }

    @Test func theLastPageIsCutAtTheRowCount() {
        var store = FetchedRows(page: 30)
        let asked = store.want(90 ..< 200, keep: 0 ..< 300, rowCount: 100)
        #expect(asked == [90 ..< 100])
        let stored = store.fill(at: 95, (95 ..< 100).map(Self.row), rowCount: 100)
        #expect(stored)
        #expect(store.row(94) == nil && store.row(95) != nil && store.row(99) != nil)
        let again = store.want(90 ..< 200, keep: 0 ..< 300, rowCount: 100)
        #expect(again.isEmpty, "answered, even in part: not asked again")
    }

    @Test func pagesPastTheMostAskedAtOnceAreAskedLaterNotLost() {
        var store = FetchedRows(page: 1)
        let first = store.want(0 ..< 1_000, keep: 0 ..< 2_000, rowCount: 1_000, most: 256)
        #expect(first == (0 ..< 256).map { $0 ..< $0 + 1 })
        #expect(!store.isAsked(256), "a page not asked for is not waited for")
        let second = store.want(0 ..< 1_000, keep: 0 ..< 2_000, rowCount: 1_000, most: 256)
        #expect(second.first == 256 ..< 257 && second.count == 256)
    }

    static func text(_ row: ListRow) -> String? {
        guard case let .text(t) = row.changes.first?.changes.first else { return nil }
        return String(decoding: t, as: UTF8.self)
    }

    static func pages(_ rows: Range<Int>, _ page: Int) -> Range<Int> {
        let first = max(0, rows.lowerBound), last = min(rowCount, rows.upperBound)
        return first < last ? first / page ..< (last - 1) / page + 1 : 0 ..< 0
    }
}
