/// Decodes `veil.v2` messages. Rejects truncated, corrupt or oversized input with a `WireError`;
/// never traps, and allocates no more than the input's size justifies (counts are checked against
/// `WireLimits` and against the bytes left before anything is reserved).
public enum WireDecoder {
    public static func decode(_ bytes: [UInt8]) throws(WireError) -> Message {
        guard bytes.count <= WireLimits.maxMessageBytes else {
            throw WireError(offset: 0, reason: "message of \(bytes.count) bytes exceeds the limit of \(WireLimits.maxMessageBytes)")
        }
        var r = ByteReader(bytes)
        guard try r.byte() == WireHeader.magic else { throw WireError(offset: 0, reason: "not a veil message (magic byte is not 0x56)") }
        let version = try r.byte()
        guard version == WireHeader.version else { throw WireError(offset: 1, reason: "unsupported version \(version), expected 2") }
        let flags = try r.byte()
        let type = flags & WireHeader.typeMask
        guard type == WireHeader.keyframe || type == WireHeader.delta else {
            throw WireError(offset: 2, reason: "unknown message type \(type)")
        }
        guard flags & ~WireHeader.knownBits == 0 else {
            throw WireError(offset: 2, reason: "type byte \(flags) has reserved bits set (bits 5-7 must be 0)")
        }
        if type == WireHeader.keyframe && flags & WireHeader.hasBaseDistance != 0 {
            throw WireError(offset: 2, reason: "a keyframe has no base")
        }
        let sequence = try r.varint()
        var base: UInt32 = sequence &- 1
        if flags & WireHeader.hasBaseDistance != 0 {
            let start = r.offset
            let distance = try r.varint()
            guard distance != 0 else { throw WireError(offset: start, reason: "a delta cannot be based on itself (distance 0)") }
            base = sequence &- distance
        }
        let hash = try r.uint32LE()
        var events = flags & WireHeader.hasEvents != 0 ? try readEvents(&r) : []
        var motions: MotionCoding.Lists? = nil
        let extensions = flags & WireHeader.hasExtensions != 0 ? try readExtensions(&r, events: &events, motions: &motions) : []
        let body: Message.Body
        if type == WireHeader.keyframe {
            var frame = try FrameCoding.readFrame(&r)
            frame.motions = motions?.paints ?? []
            frame.itemMotions = motions?.items ?? []
            if let bad = frame.motions.first(where: { $0.slot >= frame.paints.count }) {
                throw WireError(offset: r.offset, reason: "a motion names paint slot \(bad.slot) of a table of \(frame.paints.count)")
            }
            body = .keyframe(frame)
        } else {
            var patch = try readPatch(&r)
            patch.motions = motions?.paints
            patch.itemMotions = motions?.items
            body = .delta(base: base, patch)
        }
        guard r.isAtEnd else { throw r.error("\(r.remaining) unexpected bytes after the message") }
        return Message(sequence: sequence, hash: hash, events: events, extensions: extensions, body: body)
    }

    static func readEvents(_ r: inout ByteReader) throws(WireError) -> [HostEvent] {
        let start = r.offset
        let n = try r.count(max: WireLimits.maxEvents, minBytes: 2, of: "events")
        guard n > 0 else { throw WireError(offset: start, reason: "the events section is present but empty") }
        var events: [HostEvent] = []
        events.reserveCapacity(n)
        for _ in 0 ..< n {
            let name = try r.utf8(max: WireLimits.maxEventFieldBytes, of: "event name")
            let node = try r.utf8(max: WireLimits.maxEventFieldBytes, of: "event node")
            events.append(HostEvent(name: name, node: node))
        }
        return events
    }

    /// Extension records: the events' row ranges (tag 2, `EventRanges`) go onto `events`, the motions
    /// (tag 3, `MotionCoding`) into `motions`; any other is kept as unknown when optional (even tag)
    /// and refused when it must be understood (odd tag).
    static func readExtensions(_ r: inout ByteReader, events: inout [HostEvent],
                               motions: inout MotionCoding.Lists?) throws(WireError) -> [WireExtension] {
        let start = r.offset
        let n = try r.count(max: WireLimits.maxExtensions, minBytes: 2, of: "extensions")
        guard n > 0 else { throw WireError(offset: start, reason: "the extensions section is present but empty") }
        var records: [WireExtension] = []
        var sawRanges = false
        for _ in 0 ..< n {
            let at = r.offset
            let tag = try r.varint()
            let length = try r.count(max: WireLimits.maxMessageBytes, minBytes: 1, of: "extension bytes")
            let payloadStart = r.offset
            let payload = try r.take(length)
            if tag == EventRanges.tag {
                guard !sawRanges else { throw WireError(offset: at, reason: "extension 2 (event ranges) appears twice") }
                sawRanges = true
                try EventRanges.apply(payload, at: payloadStart, to: &events)
                continue
            }
            if tag == MotionCoding.tag {
                guard motions == nil else { throw WireError(offset: at, reason: "extension 3 (motions) appears twice") }
                motions = try MotionCoding.read(payload, at: payloadStart)
                continue
            }
            let record = WireExtension(tag: tag, payload: payload)
            if record.isRequired {
                throw WireError(offset: at, reason: "extension \(tag) must be understood and is not supported")
            }
            records.append(record)
        }
        return records
    }

    static func readPatch(_ r: inout ByteReader) throws(WireError) -> Patch {
        var p = Patch()
        let sections = try r.byte()
        guard sections & ~PatchSections.known == 0 else {
            throw WireError(offset: r.offset - 1, reason: "patch sections byte \(sections) has reserved bit 7 set")
        }
        if sections & PatchSections.width != 0 { p.width = try r.zigzag() }
        if sections & PatchSections.height != 0 { p.height = try r.zigzag() }
        if sections & PatchSections.background != 0 { p.background = try r.color() }
        if sections & PatchSections.paintCount != 0 {
            p.paintCount = try r.bounded(max: WireLimits.maxPaints, of: "paint table length")
        }
        if sections & PatchSections.paintEdits != 0 {
            // No count: each slot gap carries a bit saying whether another edit follows. Slots
            // ascend below the paint limit, so the list is bounded by it.
            var previous = -1
            var more = true
            while more {
                let start = r.offset
                let code = try r.bounded(max: 2 * WireLimits.maxPaints + 1, of: "paint slot gap")
                let slot = previous + 1 + code >> 1
                guard slot < WireLimits.maxPaints else {
                    throw WireError(offset: start, reason: "paint slot \(slot) exceeds the limit of \(WireLimits.maxPaints)")
                }
                previous = slot
                more = code & ListEnd.more != 0
                p.paintEdits.append(PaintEdit(slot: slot, change: try readPaintChange(&r)))
            }
        }
        if sections & PatchSections.structure != 0 {
            let n = try sectionCount(&r, max: WireLimits.maxItems, minBytes: 4, of: "layer edits")
            p.structure.reserveCapacity(n)
            for _ in 0 ..< n { p.structure.append(try readLayerEdit(&r)) }
        }
        if sections & PatchSections.updates != 0 {
            // No count, like the paint edits: ids ascend below maxId, and each update takes bytes.
            var previous: UInt32 = 0
            var more = true
            while more {
                let start = r.offset
                let code = try r.varint()
                let id = UInt64(previous) + 1 + UInt64(code >> 1)
                guard id <= UInt64(WireLimits.maxId) else {
                    throw WireError(offset: start, reason: "updated id \(id) exceeds \(WireLimits.maxId)")
                }
                previous = UInt32(id)
                more = code & 1 != 0
                let maskAt = r.offset
                let fields = try FrameCoding.readMask(&r)
                guard !fields.isEmpty else { throw WireError(offset: maskAt, reason: "an update must change a field") }
                var values = Item.defaults
                try FrameCoding.readFields(fields, into: &values, &r)
                p.updates.append(ItemUpdate(id: previous, fields: fields, values: values))
            }
        }
        return p
    }

    /// Layer id, ops byte, then the removes and placements of that layer's child list.
    static func readLayerEdit(_ r: inout ByteReader) throws(WireError) -> LayerEdit {
        let layerAt = r.offset
        let layer = try r.varint()
        guard layer <= WireLimits.maxId else { throw WireError(offset: layerAt, reason: "layer id \(layer) exceeds \(WireLimits.maxId)") }
        var edit = LayerEdit(layer: layer)
        let opsAt = r.offset
        let ops = try r.byte()
        guard ops != 0, ops & ~(LayerEditOps.removes | LayerEditOps.placements) == 0 else {
            throw WireError(offset: opsAt, reason: "layer edit ops byte \(ops) is not 1, 2 or 3")
        }
        if ops & LayerEditOps.removes != 0 {
            let n = try sectionCount(&r, max: WireLimits.maxItems, minBytes: 1, of: "removes")
            edit.removes.reserveCapacity(n)
            var previous = -1
            for _ in 0 ..< n {
                previous = try nextIndex(&r, after: previous, limit: WireLimits.maxItems, of: "removed index")
                edit.removes.append(previous)
            }
        }
        if ops & LayerEditOps.placements != 0 {
            let n = try sectionCount(&r, max: WireLimits.maxItems, minBytes: 2, of: "placements")
            edit.placements.reserveCapacity(n)
            var previous = -1
            var reading = FrameCoding.EntryReading()
            for _ in 0 ..< n {
                let start = r.offset
                let code = try r.bounded(max: 2 * WireLimits.maxItems + 1, of: "placement gap")
                let at = previous + 1 + code >> 1
                guard at < WireLimits.maxItems else { throw WireError(offset: start, reason: "placement index \(at) exceeds the item limit") }
                previous = at
                if code & 1 == 1 {
                    let from = try r.bounded(max: WireLimits.maxItems - 1, of: "moved index")
                    edit.placements.append(.move(at: at, from: from))
                } else {
                    edit.placements.append(.insert(at: at, try FrameCoding.readEntry(&r, depth: 1, &reading)))
                }
            }
        }
        return edit
    }

    /// A present section holds at least one entry.
    static func sectionCount(_ r: inout ByteReader, max: Int, minBytes: Int, of what: String) throws(WireError) -> Int {
        let start = r.offset
        let n = try r.count(max: max, minBytes: minBytes, of: what)
        guard n > 0 else { throw WireError(offset: start, reason: "section of \(what) is present but empty") }
        return n
    }

    /// Indices are sent as gaps: the first as is, each next one as (index - previous - 1).
    static func nextIndex(_ r: inout ByteReader, after previous: Int, limit: Int, of what: String) throws(WireError) -> Int {
        let start = r.offset
        let gap = try r.bounded(max: limit, of: what)
        let index = previous + 1 + gap
        guard index < limit else { throw WireError(offset: start, reason: "\(what) \(index) exceeds the limit of \(limit)") }
        return index
    }

    static func readPaintChange(_ r: inout ByteReader) throws(WireError) -> PaintChange {
        let start = r.offset
        let code = try r.byte()
        let kind = code & 3
        guard kind <= 2 else { throw WireError(offset: start, reason: "paint kind 3 does not exist") }
        if code & PaintCode.adjust == 0 {
            guard code == kind else { throw WireError(offset: start, reason: "full paint code \(code) has extra bits set") }
            return .replace(try FrameCoding.readPaint(kind: kind, &r))
        }
        guard let gradient = GradientAdjustment.Kind(rawValue: kind) else {
            throw WireError(offset: start, reason: "a solid paint cannot be adjusted, only replaced")
        }
        guard code >> PaintCode.firstCoordinate != 0 else {
            throw WireError(offset: start, reason: "paint adjustment changes nothing")
        }
        if gradient == .radial && code & (1 << (PaintCode.firstCoordinate + 3)) != 0 {
            throw WireError(offset: start, reason: "a radial gradient has three coordinates")
        }
        var adjustment = GradientAdjustment(kind: gradient)
        for i in 0 ..< 4 where code & (1 << (PaintCode.firstCoordinate + UInt8(i))) != 0 {
            adjustment.coordinates[i] = try r.zigzag()
        }
        if code & PaintCode.stops != 0 { adjustment.stops = try FrameCoding.readStops(&r) }
        return .adjust(adjustment)
    }
}
