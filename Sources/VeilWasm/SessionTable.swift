import VeilCore

/// Live sessions, by handle. Hosts hold small integers, never pointers: a stale, freed or forged
/// handle finds nothing and becomes an error instead of a wild memory access. Handles are never
/// reused, so a freed handle stays invalid after new sessions are made.
struct SessionTable {
    /// Live sessions at once; a page needs a few.
    static let capacity = 1024

    private var entries: [(handle: Int32, session: Session)] = []
    private var lastHandle: Int32 = 0

    var isFull: Bool { entries.count >= Self.capacity }

    /// A new handle for `session` (1, 2, 3, …), or nil when the table is full or handles ran out.
    mutating func insert(_ session: Session) -> Int32? {
        guard !isFull, lastHandle < Int32.max else { return nil }
        lastHandle += 1
        entries.append((lastHandle, session))
        return lastHandle
    }

    @inline(never)  // for size: every export looks its handle up
    func session(_ handle: Int32) -> Session? {
        entries.first { $0.handle == handle }?.session
    }

    /// Drops the session; false when the handle names none.
    mutating func remove(_ handle: Int32) -> Bool {
        guard let i = entries.firstIndex(where: { $0.handle == handle }) else { return false }
        entries.remove(at: i)
        return true
    }
}
