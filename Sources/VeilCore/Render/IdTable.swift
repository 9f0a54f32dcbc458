/// Interns item keys ("<node id>#<role>") to stable UInt32 ids for the life of a session.
/// Interning (rather than hashing) cannot collide, and the same inputs give the same ids.
struct IdTable {
    private var ids = KeyTable<[UInt8], UInt32>()

    mutating func id(for key: [UInt8]) -> UInt32 {
        if let id = ids[key] { return id }
        let id = UInt32(ids.count + 1)
        ids[key] = id
        return id
    }

    mutating func id(node: [UInt8], role: StaticString) -> UInt32 {
        var key = node
        key.append(0x23) // "#"
        role.withUTF8Buffer { key.append(contentsOf: $0) }
        return id(for: key)
    }

    mutating func id(node: [UInt8], role: StaticString, index: Int) -> UInt32 {
        var key = node
        key.append(0x23)
        role.withUTF8Buffer { key.append(contentsOf: $0) }
        key.append(contentsOf: UTF8Text("\(index)").bytes)
        return id(for: key)
    }
}
