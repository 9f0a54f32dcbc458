/// Item id → index, an open-addressing table that grows as ids are added. Deterministic and free
/// of the standard library's seeded hashing (which needs `arc4random_buf` in Embedded Swift);
/// O(1) per lookup.
struct IdIndex {
    private var keys: [UInt32]
    private var values: [Int32]   // -1 = empty slot
    private var mask: Int
    private var shift: UInt32
    /// Ids held.
    private(set) var count = 0

    init(capacity: Int) {
        var size = 16
        var bits: UInt32 = 4
        while size < capacity * 2 { size <<= 1; bits += 1 }
        keys = [UInt32](repeating: 0, count: size)
        values = [Int32](repeating: -1, count: size)
        mask = size - 1
        shift = 32 - bits
    }

    /// Fibonacci hashing: the top bits of id × 2^32/φ spread sequential and structured ids evenly.
    @inline(__always)
    private func slot(_ id: UInt32) -> Int {
        Int(truncatingIfNeeded: (id &* 0x9E37_79B1) >> shift) & mask
    }

    /// Adds id → index; false (and no change) when the id is already there.
    mutating func insert(_ id: UInt32, at index: Int) -> Bool {
        if (count + 1) * 2 > keys.count { grow() }
        var s = slot(id)
        while values[s] >= 0 {
            if keys[s] == id { return false }
            s = (s + 1) & mask
        }
        keys[s] = id
        values[s] = Int32(truncatingIfNeeded: index)
        count += 1
        return true
    }

    func index(of id: UInt32) -> Int? {
        var s = slot(id)
        while values[s] >= 0 {
            if keys[s] == id { return Int(values[s]) }
            s = (s + 1) & mask
        }
        return nil
    }

    /// Doubles the table, keeping every entry (keeps the load factor at most ½).
    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        var bigger = IdIndex(capacity: oldKeys.count)
        for s in oldKeys.indices where oldValues[s] >= 0 {
            _ = bigger.insert(oldKeys[s], at: Int(oldValues[s]))
        }
        self = bigger
    }
}
