/// A hash table from keys to values that does not use Swift's `Hasher`: keys hash themselves with
/// FNV-1a (`TableKey`). Dictionary and Set of byte arrays pulled SipHash, the generic hashed-collection
/// machinery and a copy of it per key and value type into veil.wasm; this is one small
/// open-addressing table, deterministic on every platform. Nothing iterates it, so the order in which
/// keys went in never shows.
struct KeyTable<Key: TableKey, Value> {
    private var keys: [Key] = []
    private var values: [Value] = []
    /// Open addressing, linear probing: index in `keys` + 1, 0 = empty; a power of two, at most half full.
    private var slots: [Int32] = []

    init() {}

    var count: Int { keys.count }

    subscript(key: Key) -> Value? {
        get {
            guard !slots.isEmpty else { return nil }
            let (slot, found) = find(key)
            return found ? values[Int(slots[slot]) - 1] : nil
        }
        set {
            guard let newValue else { preconditionFailure("KeyTable has no removal") }
            var slot = 0
            if !slots.isEmpty {
                let (at, found) = find(key)
                if found {
                    values[Int(slots[at]) - 1] = newValue
                    return
                }
                slot = at
            }
            append(key, newValue, at: slot)
        }
    }

    /// Inserts `key` with `value` unless it is present; returns whether it was inserted. One lookup.
    mutating func insert(_ key: Key, _ new: Value) -> Bool {
        value(for: key, inserting: new).inserted
    }

    /// The value `key` has, after inserting it with `new` when it was absent. One lookup.
    mutating func value(for key: Key, inserting new: Value) -> (value: Value, inserted: Bool) {
        var slot = 0
        if !slots.isEmpty {
            let (at, found) = find(key)
            if found { return (values[Int(slots[at]) - 1], false) }
            slot = at
        }
        append(key, new, at: slot)
        return (new, true)
    }

    /// Adds a key that is absent; `slot` is the empty slot `find` gave for it (unused when the
    /// table grows and is hashed again).
    private mutating func append(_ key: Key, _ value: Value, at slot: Int) {
        keys.append(key)
        values.append(value)
        if keys.count * 2 > slots.count { rehash() } else { slots[slot] = Int32(keys.count) }
    }

    /// The slot holding `key`, or the empty slot where it would go. Out of line: copied into each
    /// lookup and insertion it cost veil.wasm more than a call costs a lookup.
    @inline(never)
    private func find(_ key: Key) -> (slot: Int, found: Bool) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: key.tableHash) & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return (slot, false) }
            if keys[entry - 1] == key { return (slot, true) }
            slot = (slot + 1) & mask
        }
    }

    private mutating func rehash() {
        var size = 16
        while size < keys.count * 2 { size *= 2 }
        slots = [Int32](repeating: 0, count: size)
        for index in keys.indices {
            slots[find(keys[index]).slot] = Int32(index + 1)
        }
    }
}

extension KeyTable: Sendable where Key: Sendable, Value: Sendable {}

/// A key of a `KeyTable`: equality plus a 32-bit hash of its own.
protocol TableKey: Equatable {
    var tableHash: UInt32 { get }
}

extension FNV1a {
    mutating func write(_ bytes: [UInt8]) {
        for byte in bytes { write(byte) }
    }

    mutating func write(word: UInt32) {
        write(UInt8(truncatingIfNeeded: word))
        write(UInt8(truncatingIfNeeded: word >> 8))
        write(UInt8(truncatingIfNeeded: word >> 16))
        write(UInt8(truncatingIfNeeded: word >> 24))
    }
}

extension Array: TableKey where Element == UInt8 {
    var tableHash: UInt32 {
        var h = FNV1a()
        h.write(self)
        return h.value
    }
}

extension Paint: TableKey {
    var tableHash: UInt32 {
        var h = FNV1a()
        switch self {
        case let .solid(color):
            h.write(UInt8(0))
            h.write(word: color.rgba)
        case let .linear(x0, y0, x1, y1, stops):
            h.write(UInt8(1))
            h.write(word: UInt32(bitPattern: x0)); h.write(word: UInt32(bitPattern: y0))
            h.write(word: UInt32(bitPattern: x1)); h.write(word: UInt32(bitPattern: y1))
            Self.add(stops, to: &h)
        case let .radial(cx, cy, radius, stops):
            h.write(UInt8(2))
            h.write(word: UInt32(bitPattern: cx)); h.write(word: UInt32(bitPattern: cy)); h.write(word: UInt32(bitPattern: radius))
            Self.add(stops, to: &h)
        }
        return h.value
    }

    private static func add(_ stops: [GradientStop], to h: inout FNV1a) {
        for stop in stops {
            h.write(word: UInt32(stop.offset))
            h.write(word: stop.color.rgba)
        }
    }
}
