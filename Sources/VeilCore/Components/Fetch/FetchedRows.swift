/// The rows a fetching list holds and the pages it waits for, kept only near its window: memory
/// follows the window, never `rowCount` (a list of 1,000,000 rows holds what a few screens show).
///
/// Contract: a page is asked for (`want`) only when it is neither held nor waited for, so a range
/// is never asked twice while it stays in the kept span; a page that leaves the kept span is let go
/// (held rows and the wait both), and asked for again if it comes back. Rows are stored only for
/// pages in the kept span, or, before the first window, up to `Limits.maxRowsHeld`.
struct FetchedRows: Sendable {
    /// Rows per page (`RowFetchStyle.page`).
    let page: Int
    /// Held pages, ascending by index; a row no fill gave is nil (drawn as waiting).
    private(set) var held: [HeldPage] = []
    /// Pages asked for and not answered yet, ascending.
    private(set) var asked: [Int] = []
    /// Pages that may be held: those near the window last laid out (nil before the first one).
    private(set) var kept: Range<Int>? = nil
    /// The most text one held row puts into the template, ever (the text bound counts it).
    private(set) var mostText = 0

    struct HeldPage: Sendable {
        var index: Int
        var rows: [ListRow?]
    }

    init(page: Int) { self.page = max(1, page) }

    /// Rows held now.
    var heldRows: Int { held.reduce(0) { $0 + $1.rows.count } }

    /// Row `i`'s data, when held.
    func row(_ i: Int) -> ListRow? {
        guard i >= 0, let p = heldIndex(i / page) else { return nil }
        let rows = held[p].rows, r = i - held[p].index * page
        return r < rows.count ? rows[r] : nil
    }

    /// Whether the page is waited for.
    func isAsked(_ pageIndex: Int) -> Bool { Self.search(asked, pageIndex) { $0 } != nil }

    /// The window moved: rows `need` should be there soon, rows `keep` (a span around `need`) may
    /// stay. Lets go of the pages outside `keep` and returns the pages of `need` to ask for, as row
    /// ranges (each now waited for), ascending: at most `most` of them, the others left for a later
    /// call (a page is waited for only once it is asked for).
    mutating func want(_ need: Range<Int>, keep: Range<Int>, rowCount: Int, most: Int = .max) -> [Range<Int>] {
        defer { checkInvariants() }
        let keptPages = pages(of: keep, rowCount: rowCount)
        kept = keptPages
        held.removeAll { !keptPages.contains($0.index) }
        asked.removeAll { !keptPages.contains($0) }
        var ranges: [Range<Int>] = []
        for p in pages(of: need, rowCount: rowCount) where keptPages.contains(p) && ranges.count < most {
            guard heldIndex(p) == nil, !isAsked(p) else { continue }
            asked.insert(p, at: asked.firstIndex { $0 > p } ?? asked.count)
            ranges.append(p * page ..< min(rowCount, (p + 1) * page))
        }
        return ranges
    }

    /// Rows from `at` on, from the host: each stored when its page may be held. Returns whether any
    /// row was stored. The caller checked that they lie within the list's `rowCount`.
    mutating func fill(at: Int, _ rows: [ListRow], rowCount: Int) -> Bool {
        defer { checkInvariants() }
        var stored = false
        var i = 0
        while i < rows.count {
            let row = at + i
            let p = row / page
            let start = p * page
            let end = min(rowCount, start + page)
            let upTo = min(rows.count, i + end - row)  // rows of this fill in page p
            if mayHold(p, adding: end - start) {
                let slot: Int
                if let h = heldIndex(p) {
                    slot = h
                } else {
                    slot = held.firstIndex { $0.index > p } ?? held.count
                    held.insert(HeldPage(index: p, rows: Array(repeating: nil, count: end - start)), at: slot)
                }
                for k in i ..< upTo {
                    held[slot].rows[at + k - start] = rows[k]
                    mostText = max(mostText, rows[k].addedText)
                }
                if let a = Self.search(asked, p, { $0 }) { asked.remove(at: a) }
                stored = true
            }
            i = upTo
        }
        return stored
    }

    /// What every mutation keeps true, checked in debug builds (swift-collections' `_checkInvariants`):
    /// held and asked pages ascend, each once, and are never both; a held page has at most `page`
    /// rows; once a window was laid out, every held or asked page lies in the kept span.
    /// - Complexity: O(held + asked) in debug builds, nothing in release ones.
    func checkInvariants() {
        assert(zip(held, held.dropFirst()).allSatisfy { $0.index < $1.index }, "held pages ascend, each once")
        assert(zip(asked, asked.dropFirst()).allSatisfy { $0 < $1 }, "asked pages ascend, each once")
        assert(held.allSatisfy { !isAsked($0.index) && $0.rows.count <= page }, "a held page is not asked, and fits a page")
        assert(kept.map { k in held.allSatisfy { k.contains($0.index) } && asked.allSatisfy { k.contains($0) } } ?? true,
               "held and asked pages lie in the kept span")
    }

    /// Page `p` may be held: it is in the kept span, or (before the first window) the rows held
    /// stay within `Limits.maxRowsHeld`.
    private func mayHold(_ p: Int, adding rows: Int) -> Bool {
        if let kept { return kept.contains(p) }
        return heldIndex(p) != nil || heldRows + rows <= Limits.maxRowsHeld
    }

    /// The pages rows `rows` fall on, within `rowCount` rows.
    private func pages(of rows: Range<Int>, rowCount: Int) -> Range<Int> {
        let first = max(0, rows.lowerBound), last = min(rowCount, rows.upperBound)
        guard first < last else { return 0 ..< 0 }
        return first / page ..< (last - 1) / page + 1
    }

    private func heldIndex(_ p: Int) -> Int? { Self.search(held, p) { $0.index } }

    /// Binary search of `items`, ascending by `key`, for `value`.
    private static func search<T>(_ items: [T], _ value: Int, _ key: (T) -> Int) -> Int? {
        var low = 0, high = items.count
        while low < high {
            let mid = (low + high) / 2
            let k = key(items[mid])
            if k == value { return mid }
            if k < value { low = mid + 1 } else { high = mid }
        }
        return nil
    }
}
