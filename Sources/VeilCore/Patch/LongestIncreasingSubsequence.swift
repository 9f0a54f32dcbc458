/// Which elements of a sequence form a longest strictly increasing subsequence (patience sorting,
/// O(n log n)). The differ keeps the surviving items on such a subsequence in place and moves only
/// the others: the fewest moves that reorder the list.
public enum LongestIncreasingSubsequence {
    public static func members(of values: [Int]) -> [Bool] {
        let n = values.count
        // Already increasing (nothing moved: every tick of a list that only changes values): all of
        // it, without the search's two arrays.
        var increasing = true
        for i in values.indices.dropFirst() where values[i - 1] >= values[i] { increasing = false; break }
        if increasing { return [Bool](repeating: true, count: n) }
        var inSequence = [Bool](repeating: false, count: n)
        // tails[k]: index (into values) of the smallest tail of an increasing run of length k + 1.
        var tails: [Int] = []
        tails.reserveCapacity(n)
        var predecessor = [Int](repeating: -1, count: n)
        for i in 0 ..< n {
            let v = values[i]
            var lo = 0, hi = tails.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if values[tails[mid]] < v { lo = mid + 1 } else { hi = mid }
            }
            if lo > 0 { predecessor[i] = tails[lo - 1] }
            if lo == tails.count { tails.append(i) } else { tails[lo] = i }
        }
        var k = tails[tails.count - 1]
        while k >= 0 {
            inSequence[k] = true
            k = predecessor[k]
        }
        return inSequence
    }
}
