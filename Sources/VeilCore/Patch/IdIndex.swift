/// Item id → index, an open-addressing table. Deterministic and free of the standard library's
/// seeded hashing (which needs `arc4random_buf` in Embedded Swift); O(1) per lookup.
struct IdIndex {
    private var keys: [UInt32]
    private var values: [Int32]   // -1 = empty slot
    private let mask: Int
    private let shift: UInt32

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

    /// Adds id → index; false (and no change) when the id is already there. At most `capacity` ids.
    mutating func insert(_ id: UInt32, at index: Int) -> Bool {
        var s = slot(id)
        while values[s] >= 0 {
            if keys[s] == id { return false }
            s = (s + 1) & mask
        }
        keys[s] = id
        values[s] = Int32(truncatingIfNeeded: index)
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
}
