/// Interns item keys ("<node id>#<role>") to stable UInt32 ids while they are in use.
/// Interning (rather than hashing) cannot collide, and the same inputs give the same ids.
///
/// Bounded: once the table holds more than twice the entries of the frame just drawn (plus a
/// margin), `forget(allBut:)` drops every key the frame does not use and their ids are given out
/// again, smallest first — so a session whose overlays come and go for hours keeps a flat table
/// and small ids. Reusing an id is safe: a freed id is in neither the frame drawn nor the next one
/// until it is handed out again, and the differ only ever pairs equal ids within one frame pair.
struct IdTable {
    private var ids = KeyTable<[UInt8], UInt32>()
    /// The key of id k at k - 1 (empty once forgotten).
    private var keys: [[UInt8]] = []
    /// Forgotten ids, largest first, so `popLast` hands out the smallest.
    private var free: [UInt32] = []

    /// Keys held.
    var count: Int { ids.count }

    /// The key id `id` stands for now ("<node id>#<role>"), nil when it is free or never given out.
    func key(of id: UInt32) -> [UInt8]? {
        guard id >= 1, Int(id) <= keys.count, !keys[Int(id) - 1].isEmpty else { return nil }
        return keys[Int(id) - 1]
    }

    mutating func id(for key: [UInt8]) -> UInt32 {
        // The id a new key would get: the smallest forgotten one, else the next.
        let next = free.last ?? UInt32(keys.count + 1)
        let (id, inserted) = ids.value(for: key, inserting: next)
        guard inserted else { return id }
        if free.last != nil {
            free.removeLast()
            keys[Int(id) - 1] = key
        } else {
            keys.append(key)
        }
        assert(self.key(of: id) == key, "a new key's id stands for it")
        return id
    }

    mutating func id(node: [UInt8], role: StaticString) -> UInt32 {
        id(for: IdTable.key(node, role, index: nil))
    }

    mutating func id(node: [UInt8], role: StaticString, index: Int) -> UInt32 {
        id(for: IdTable.key(node, role, index: index))
    }

    /// "<node>#<role>" or "<node>#<role><index>", built in one allocation (a frame interns one per entry).
    /// Appends into reserved capacity: writing into `[UInt8](unsafeUninitializedCapacity:)` or a
    /// zero-filled array was smaller in veil.wasm, but natively neither initializer is specialized,
    /// and the generic metadata lookups slowed the 10k grid's first frame (docs/EMBED.md).
    private static func key(_ node: [UInt8], _ role: StaticString, index: Int?) -> [UInt8] {
        var key: [UInt8] = []
        key.reserveCapacity(node.count + 1 + role.utf8CodeUnitCount + 20)
        key.append(contentsOf: node)
        key.append(0x23) // "#"
        role.withUTF8Buffer { key.append(contentsOf: $0) }
        guard let index else { return key }
        if index < 0 { key.append(0x2D) } // "-"
        // Decimal digits, least significant first, then put in order.
        let start = key.count
        var value = index.magnitude
        repeat {
            key.append(UInt8(truncatingIfNeeded: 0x30 + value % 10))
            value /= 10
        } while value > 0
        key[start...].reverse()
        return key
    }

    /// Drops the keys `frame` (of `live` entries) does not use, when the table has grown past twice
    /// its entries (amortized O(1) per entry drawn). Returns which ids stay in use when it did.
    @discardableResult
    mutating func forget(allBut frame: Frame, live: Int) -> [Bool]? {
        guard ids.count > 2 * live + 256 else { return nil }
        var used = [Bool](repeating: false, count: keys.count + 1)
        IdTable.mark(frame.items, &used)
        var table = KeyTable<[UInt8], UInt32>()
        var freed: [UInt32] = []
        for k in keys.indices where !keys[k].isEmpty {
            let id = UInt32(k + 1)
            if used[k + 1] {
                table[keys[k]] = id
            } else {
                keys[k] = []
                freed.append(id)
            }
        }
        ids = table
        free += freed
        free.sortStably(by: >)
        checkInvariants()
        return used
    }

    /// What interning and forgetting keep true, checked in debug builds (swift-collections'
    /// `_checkInvariants`), after each `forget` (O(keys), as the forget is): every key held maps
    /// to the id it is stored at and back; the free ids are exactly the forgotten ones, largest first.
    func checkInvariants() {
        assert(ids.count + free.count == keys.count, "every id is held or free")
        assert(zip(free, free.dropFirst()).allSatisfy { $0 > $1 }, "free ids descend, each once")
        assert(free.allSatisfy { $0 >= 1 && Int($0) <= keys.count && keys[Int($0) - 1].isEmpty }, "a free id has no key")
        assert(keys.indices.allSatisfy { keys[$0].isEmpty || ids[keys[$0]] == UInt32($0 + 1) }, "a held key maps to its id")
    }

    private static func mark(_ entries: [Item], _ used: inout [Bool]) {
        for e in entries {
            if Int(e.id) < used.count { used[Int(e.id)] = true }
            if e.isLayer { mark(e.children, &used) }
        }
    }
}
