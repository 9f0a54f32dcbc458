/// Encodes messages in the `veil.v2` format (docs/PROTOCOL.md).
public enum WireEncoder {
    /// A keyframe of `frame`, which hashes to `hash` (`FrameHash.of(frame)` when not given).
    public static func keyframe(_ frame: Frame, sequence: UInt32, events: [HostEvent] = [],
                                hash: UInt32? = nil) -> [UInt8] {
        var w = ByteWriter(capacity: 16 + frame.items.count * 16)
        let motions = motionRecords(frame)
        let hashOffset = writeHeader(type: WireHeader.keyframe, sequence: sequence, base: nil, events: events,
                                     extensions: motions, to: &w)
        w.patchUInt32LE(hash ?? FrameHash.of(frame), at: hashOffset)
        writeEvents(events, to: &w)
        writeExtensions(motions, of: events, to: &w)
        FrameCoding.write(frame, to: &w)
        return w.bytes
    }

    /// A delta: `patch` applies to the frame of message `base` and yields a frame with hash `hash`.
    public static func delta(_ patch: Patch, sequence: UInt32, base: UInt32, hash: UInt32,
                             events: [HostEvent] = [], extensions: [WireExtension] = []) -> [UInt8] {
        var w = ByteWriter(capacity: 32)
        let sendsMotions = patch.motions != nil || patch.itemMotions != nil
        let extensions = extensions + (sendsMotions ? [MotionCoding.record(patch.motions ?? [], patch.itemMotions ?? [])] : [])
        let hashOffset = writeHeader(type: WireHeader.delta, sequence: sequence, base: base, events: events,
                                     extensions: extensions, to: &w)
        w.patchUInt32LE(hash, at: hashOffset)
        writeEvents(events, to: &w)
        writeExtensions(extensions, of: events, to: &w)
        writePatch(patch, to: &w)
        return w.bytes
    }

    /// Any message, with the hash it states (tests use this to forge a wrong one).
    public static func encode(_ message: Message) -> [UInt8] {
        switch message.body {
        case let .keyframe(frame):
            var w = ByteWriter()
            let extensions = message.extensions + motionRecords(frame)
            let hashOffset = writeHeader(type: WireHeader.keyframe, sequence: message.sequence, base: nil,
                                         events: message.events, extensions: extensions, to: &w)
            w.patchUInt32LE(message.hash, at: hashOffset)
            writeEvents(message.events, to: &w)
            writeExtensions(extensions, of: message.events, to: &w)
            FrameCoding.write(frame, to: &w)
            return w.bytes
        case let .delta(base, patch):
            return delta(patch, sequence: message.sequence, base: base, hash: message.hash, events: message.events,
                         extensions: message.extensions)
        }
    }

    /// A keyframe's motions record, when its frame has motions.
    static func motionRecords(_ frame: Frame) -> [WireExtension] {
        frame.hasMotions ? [MotionCoding.record(frame.motions, frame.itemMotions)] : []
    }

    /// Magic, version, type/flags, sequence, base distance (deltas whose base is not seq - 1), then
    /// four bytes for the hash; returns where the hash goes. Out of line (for size): four callers.
    @inline(never)
    static func writeHeader(type: UInt8, sequence: UInt32, base: UInt32?, events: [HostEvent],
                            extensions: [WireExtension], to w: inout ByteWriter) -> Int {
        w.write(WireHeader.magic)
        w.write(WireHeader.version)
        let distance = base.map { sequence &- $0 }
        var flags = type
        if !events.isEmpty { flags |= WireHeader.hasEvents }
        if let distance, distance != 1 { flags |= WireHeader.hasBaseDistance }
        if !extensions.isEmpty || events.contains(where: { $0.range != nil }) { flags |= WireHeader.hasExtensions }
        w.write(flags)
        w.writeVarint(sequence)
        if flags & WireHeader.hasBaseDistance != 0, let distance { w.writeVarint(distance) }
        let hashOffset = w.bytes.count
        w.writeUInt32LE(0)
        return hashOffset
    }

    /// The events section: present only when there are events (the header's flag says so).
    static func writeEvents(_ events: [HostEvent], to w: inout ByteWriter) {
        if events.isEmpty { return }
        w.writeVarint(events.count)
        for event in events {
            w.writeLengthPrefixed(event.name)
            w.writeLengthPrefixed(event.node)
        }
    }

    /// The extensions section: present only when there are extension records — `extensions`, after
    /// the events' row ranges (`EventRanges`) when an event has one.
    static func writeExtensions(_ extensions: [WireExtension], of events: [HostEvent], to w: inout ByteWriter) {
        let ranges = events.isEmpty ? nil : EventRanges.record(events)
        let count = extensions.count + (ranges == nil ? 0 : 1)
        if count == 0 { return }
        w.writeVarint(count)
        if let ranges { write(ranges, to: &w) }
        for e in extensions { write(e, to: &w) }
    }

    private static func write(_ record: WireExtension, to w: inout ByteWriter) {
        w.writeVarint(record.tag)
        w.writeLengthPrefixed(record.payload)
    }

    static func writePatch(_ p: Patch, to w: inout ByteWriter) {
        var sections: UInt8 = 0
        if p.width != nil { sections |= PatchSections.width }
        if p.height != nil { sections |= PatchSections.height }
        if p.background != nil { sections |= PatchSections.background }
        if p.paintCount != nil { sections |= PatchSections.paintCount }
        if !p.paintEdits.isEmpty { sections |= PatchSections.paintEdits }
        if !p.structure.isEmpty { sections |= PatchSections.structure }
        if !p.updates.isEmpty { sections |= PatchSections.updates }
        w.write(sections)

        if let width = p.width { w.writeZigzag(width) }
        if let height = p.height { w.writeZigzag(height) }
        if let background = p.background { w.writeColor(background) }
        if let paintCount = p.paintCount { w.writeVarint(paintCount) }
        if !p.paintEdits.isEmpty {
            var previous = -1
            for (i, edit) in p.paintEdits.enumerated() {
                let more = i + 1 < p.paintEdits.count ? ListEnd.more : 0
                w.writeVarint((edit.slot - previous - 1) << 1 | more)
                previous = edit.slot
                writePaintChange(edit.change, to: &w)
            }
        }
        if !p.structure.isEmpty {
            w.writeVarint(p.structure.count)
            for edit in p.structure { writeLayerEdit(edit, to: &w) }
        }
        if !p.updates.isEmpty {
            var previous: UInt32 = 0
            for (i, update) in p.updates.enumerated() {
                let more: UInt32 = i + 1 < p.updates.count ? 1 : 0
                w.writeVarint((update.id - previous - 1) << 1 | more)
                previous = update.id
                w.writeVarint(update.fields.rawValue)
                FrameCoding.writeFields(update.fields, of: update.values, to: &w)
            }
        }
    }

    /// Layer id, ops byte, then the removes and placements of its child list (gaps of ascending indices).
    static func writeLayerEdit(_ edit: LayerEdit, to w: inout ByteWriter) {
        w.writeVarint(edit.layer)
        var ops: UInt8 = 0
        if !edit.removes.isEmpty { ops |= LayerEditOps.removes }
        if !edit.placements.isEmpty { ops |= LayerEditOps.placements }
        w.write(ops)
        if !edit.removes.isEmpty {
            w.writeVarint(edit.removes.count)
            var previous = -1
            for index in edit.removes {
                w.writeVarint(index - previous - 1)
                previous = index
            }
        }
        if !edit.placements.isEmpty {
            w.writeVarint(edit.placements.count)
            var previous = -1
            for placement in edit.placements {
                let gap = placement.index - previous - 1
                previous = placement.index
                switch placement {
                case let .insert(_, item):
                    w.writeVarint(gap << 1)
                    FrameCoding.writeEntry(item, to: &w)
                case let .move(_, from):
                    w.writeVarint(gap << 1 | 1)
                    w.writeVarint(from)
                }
            }
        }
    }

    static func writePaintChange(_ change: PaintChange, to w: inout ByteWriter) {
        switch change {
        case let .replace(paint):
            FrameCoding.write(paint, to: &w)
        case let .adjust(a):
            var code = a.kind.rawValue | PaintCode.adjust
            for (i, c) in a.coordinates.prefix(4).enumerated() where c != nil {
                code |= 1 << (PaintCode.firstCoordinate + UInt8(i))
            }
            if a.stops != nil { code |= PaintCode.stops }
            w.write(code)
            for c in a.coordinates.prefix(4) { if let c { w.writeZigzag(c) } }
            if let stops = a.stops { FrameCoding.write(stops, to: &w) }
        }
    }
}
