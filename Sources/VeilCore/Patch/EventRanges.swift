/// Extension record 2 (optional, docs/PROTOCOL.md "Row ranges"): the row range of each event that
/// has one, as `varint count, count × {varint event index, varint first row, varint row count}`,
/// indices ascending. An event list without ranges sends no record, so older streams are unchanged.
enum EventRanges {
    static let tag: UInt32 = 2

    /// The record for `events`, or nil when none has a range.
    static func record(_ events: [HostEvent]) -> WireExtension? {
        var n = 0
        for event in events where event.range != nil { n += 1 }
        guard n > 0 else { return nil }
        var w = ByteWriter(capacity: 16)
        w.writeVarint(n)
        for (i, event) in events.enumerated() {
            guard let range = event.range else { continue }
            w.writeVarint(i)
            w.writeVarint(range.lowerBound)
            w.writeVarint(range.count)
        }
        return WireExtension(tag: tag, payload: w.bytes)
    }

    /// Puts the ranges of `payload` (which starts at `offset` in the message) on `events`.
    static func apply(_ payload: [UInt8], at offset: Int, to events: inout [HostEvent]) throws(WireError) {
        var r = ByteReader(payload)
        do throws(WireError) {
            let n = try r.count(max: events.count, minBytes: 3, of: "event ranges")
            guard n > 0 else { throw r.error("the event ranges record is empty") }
            var next = 0
            for _ in 0 ..< n {
                let at = r.offset
                let index = try r.bounded(max: events.count - 1, of: "event index")
                guard index >= next else { throw WireError(offset: at, reason: "event ranges must name events in ascending order, each once") }
                let first = try r.bounded(max: Limits.maxListRows - 1, of: "first row")
                let count = try r.bounded(max: Limits.maxListRows - first, of: "row count")
                guard count > 0 else { throw WireError(offset: at, reason: "an event's row range is empty") }
                events[index].range = first ..< first + count
                next = index + 1
            }
            guard r.isAtEnd else { throw r.error("\(r.remaining) unexpected bytes after the event ranges") }
        } catch {
            throw WireError(offset: offset + error.offset, reason: error.reason)
        }
    }
}
