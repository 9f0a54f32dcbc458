/// Encoding and decoding of frames, paints and items: the keyframe body, also used by deltas for
/// inserted items and replaced paints (docs/PROTOCOL.md, "Frame body").
enum FrameCoding {
    // MARK: writing

    static func write<S: ByteSink>(_ frame: Frame, to sink: inout S) {
        sink.writeZigzag(frame.width)
        sink.writeZigzag(frame.height)
        sink.writeColor(frame.background)
        sink.writeVarint(frame.paints.count)
        for paint in frame.paints { write(paint, to: &sink) }
        writeEntries(frame.items, to: &sink)
    }

    /// A child list: count, then each entry (a layer with its subtree).
    static func writeEntries<S: ByteSink>(_ entries: [Item], to sink: inout S) {
        sink.writeVarint(entries.count)
        for entry in entries { writeEntry(entry, to: &sink) }
    }

    /// An entry: its own fields, then, for a layer, its children.
    static func writeEntry<S: ByteSink>(_ item: Item, to sink: inout S) {
        writeFullItem(item, to: &sink)
        if item.isLayer { writeEntries(item.children, to: &sink) }
    }

    /// Paint code byte (bits 0-1 kind: 0 solid, 1 linear, 2 radial; bit 2 clear = full paint), then the paint.
    static func write<S: ByteSink>(_ paint: Paint, to sink: inout S) {
        switch paint {
        case let .solid(color):
            sink.write(0)
            sink.writeColor(color)
        case let .linear(x0, y0, x1, y1, stops):
            sink.write(1)
            sink.writeZigzag(x0); sink.writeZigzag(y0); sink.writeZigzag(x1); sink.writeZigzag(y1)
            write(stops, to: &sink)
        case let .radial(cx, cy, radius, stops):
            sink.write(2)
            sink.writeZigzag(cx); sink.writeZigzag(cy); sink.writeZigzag(radius)
            write(stops, to: &sink)
        }
    }

    static func write<S: ByteSink>(_ stops: [GradientStop], to sink: inout S) {
        sink.writeVarint(stops.count)
        for stop in stops {
            sink.writeVarint(UInt32(stop.offset))
            sink.writeColor(stop.color)
        }
    }

    /// Id, mask of the fields that differ from `Item.defaults`, those fields (never the children).
    static func writeFullItem<S: ByteSink>(_ item: Item, to sink: inout S) {
        sink.writeVarint(item.id)
        let mask = ItemFields.differing(Item.defaults, item)
        sink.writeVarint(mask.rawValue)
        writeFields(mask, of: item, to: &sink)
    }

    /// The fields in the mask, in bit order (ItemFields.table).
    static func writeFields<S: ByteSink>(_ mask: ItemFields, of item: Item, to sink: inout S) {
        var v = Writing<S>(mask: mask)
        ItemFields.table(&v, item, item, &sink)
    }

    // MARK: reading

    static func readFrame(_ r: inout ByteReader) throws(WireError) -> Frame {
        var frame = Frame()
        frame.width = try r.zigzag()
        frame.height = try r.zigzag()
        frame.background = try r.color()
        let paintCount = try r.count(max: WireLimits.maxPaints, minBytes: 5, of: "paints")
        frame.paints.reserveCapacity(paintCount)
        for _ in 0 ..< paintCount {
            let code = try r.byte()
            guard code <= 2 else { throw WireError(offset: r.offset - 1, reason: "paint code \(code) is not 0, 1 or 2") }
            frame.paints.append(try readPaint(kind: code, &r))
        }
        var reading = EntryReading()
        frame.items = try readEntries(&r, depth: 1, &reading)
        return frame
    }

    /// What reading a tree of entries has seen so far: every id (unique in the frame) and the count.
    struct EntryReading {
        var ids = IdIndex(capacity: 64)
        var count = 0
    }

    /// A child list at `depth` (the root's children are at depth 1).
    static func readEntries(_ r: inout ByteReader, depth: Int, _ reading: inout EntryReading) throws(WireError) -> [Item] {
        let n = try r.count(max: WireLimits.maxItems - reading.count, minBytes: 2, of: "entries")
        var entries: [Item] = []
        entries.reserveCapacity(n)
        for _ in 0 ..< n { entries.append(try readEntry(&r, depth: depth, &reading)) }
        return entries
    }

    /// One entry; a layer brings its subtree. Ids must be unique across the frame, layers nest at
    /// most `WireLimits.maxLayerDepth` deep, and the frame holds at most `WireLimits.maxItems` entries.
    static func readEntry(_ r: inout ByteReader, depth: Int, _ reading: inout EntryReading) throws(WireError) -> Item {
        let start = r.offset
        var item = try readFullItem(&r)
        reading.count += 1
        guard reading.count <= WireLimits.maxItems else {
            throw WireError(offset: start, reason: "more than \(WireLimits.maxItems) entries in a frame")
        }
        guard reading.ids.insert(item.id, at: reading.count) else {
            throw WireError(offset: start, reason: "item id \(item.id) appears twice")
        }
        if item.isLayer {
            guard depth < WireLimits.maxLayerDepth else {
                throw WireError(offset: start, reason: "layers nest deeper than \(WireLimits.maxLayerDepth)")
            }
            item.children = try readEntries(&r, depth: depth + 1, &reading)
        }
        return item
    }

    /// A full paint of kind 0 (solid), 1 (linear) or 2 (radial), after its code byte.
    static func readPaint(kind: UInt8, _ r: inout ByteReader) throws(WireError) -> Paint {
        switch kind {
        case 0:
            return .solid(try r.color())
        case 1:
            let x0 = try r.zigzag(), y0 = try r.zigzag(), x1 = try r.zigzag(), y1 = try r.zigzag()
            return .linear(x0: x0, y0: y0, x1: x1, y1: y1, stops: try readStops(&r))
        default:
            let cx = try r.zigzag(), cy = try r.zigzag(), radius = try r.zigzag()
            return .radial(cx: cx, cy: cy, radius: radius, stops: try readStops(&r))
        }
    }

    static func readStops(_ r: inout ByteReader) throws(WireError) -> [GradientStop] {
        let n = try r.count(max: WireLimits.maxStops, minBytes: 5, of: "gradient stops")
        var stops: [GradientStop] = []
        stops.reserveCapacity(n)
        for _ in 0 ..< n {
            let start = r.offset
            let offset = try r.varint()
            guard offset <= 65535 else { throw WireError(offset: start, reason: "stop offset \(offset) exceeds 65535") }
            stops.append(GradientStop(offset: UInt16(offset), color: try r.color()))
        }
        return stops
    }

    static func readFullItem(_ r: inout ByteReader) throws(WireError) -> Item {
        var item = Item(id: try readId(&r), kind: .rect)
        let mask = try readMask(&r)
        try readFields(mask, into: &item, &r)
        return item
    }

    /// An entry id: 1...maxId (0 names the root layer).
    static func readId(_ r: inout ByteReader) throws(WireError) -> UInt32 {
        let start = r.offset
        let id = try r.varint()
        guard id >= 1, id <= WireLimits.maxId else {
            throw WireError(offset: start, reason: "item id \(id) is not in 1...\(WireLimits.maxId)")
        }
        return id
    }

    static func readMask(_ r: inout ByteReader) throws(WireError) -> ItemFields {
        let start = r.offset
        let raw = try r.varint()
        guard raw & ~ItemFields.all.rawValue == 0 else {
            throw WireError(offset: start, reason: "item field mask has unknown bits set")
        }
        return ItemFields(rawValue: raw)
    }

    /// The fields in the mask, in bit order (ItemFields.table).
    static func readFields(_ mask: ItemFields, into item: inout Item, _ r: inout ByteReader) throws(WireError) {
        var v = Reading(mask: mask, r: r)
        defer { r = v.r }
        try ItemFields.table(&v, Item.defaults, Item.defaults, &item)
    }
}
