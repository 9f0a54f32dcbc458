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

    /// The fields in the mask, in bit order.
    static func writeFields<S: ByteSink>(_ mask: ItemFields, of item: Item, to sink: inout S) {
        if mask.contains(.x) { sink.writeZigzag(item.x) }
        if mask.contains(.y) { sink.writeZigzag(item.y) }
        if mask.contains(.width) { sink.writeZigzag(item.width) }
        if mask.contains(.height) { sink.writeZigzag(item.height) }
        if mask.contains(.fill) { sink.writeVarint(item.fill) }
        if mask.contains(.opacity) { sink.write(item.opacity) }
        if mask.contains(.rotation) { sink.writeZigzag(item.rotation) }
        if mask.contains(.cornerRadius) { sink.writeZigzag(item.cornerRadius) }
        if mask.contains(.stroke) { sink.writeVarint(item.stroke) }
        if mask.contains(.lineWidth) { sink.writeZigzag(item.lineWidth) }
        if mask.contains(.clip) {
            if let clip = item.clip {
                sink.write(1)
                sink.writeZigzag(clip.x); sink.writeZigzag(clip.y)
                sink.writeZigzag(clip.width); sink.writeZigzag(clip.height)
                sink.writeZigzag(clip.cornerRadius)
            } else {
                sink.write(0)
            }
        }
        if mask.contains(.arcStart) { sink.writeZigzag(item.arcStart) }
        if mask.contains(.arcSweep) { sink.writeZigzag(item.arcSweep) }
        if mask.contains(.text) { sink.writeLengthPrefixed(item.text) }
        if mask.contains(.kind) { sink.write(item.kind.rawValue) }
        if mask.contains(.fontSize) { sink.writeZigzag(item.fontSize) }
        if mask.contains(.fontWeight) { sink.writeVarint(UInt32(item.fontWeight)) }
        if mask.contains(.baseline) { sink.writeZigzag(item.baseline) }
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

    static func readFields(_ mask: ItemFields, into item: inout Item, _ r: inout ByteReader) throws(WireError) {
        if mask.contains(.x) { item.x = try r.zigzag() }
        if mask.contains(.y) { item.y = try r.zigzag() }
        if mask.contains(.width) { item.width = try r.zigzag() }
        if mask.contains(.height) { item.height = try r.zigzag() }
        if mask.contains(.fill) { item.fill = try r.varint() }
        if mask.contains(.opacity) { item.opacity = try r.byte() }
        if mask.contains(.rotation) { item.rotation = try r.zigzag() }
        if mask.contains(.cornerRadius) { item.cornerRadius = try r.zigzag() }
        if mask.contains(.stroke) { item.stroke = try r.varint() }
        if mask.contains(.lineWidth) { item.lineWidth = try r.zigzag() }
        if mask.contains(.clip) {
            let flag = try r.byte()
            switch flag {
            case 0: item.clip = nil
            case 1:
                let x = try r.zigzag(), y = try r.zigzag(), w = try r.zigzag(), h = try r.zigzag()
                item.clip = Clip(x: x, y: y, width: w, height: h, cornerRadius: try r.zigzag())
            default:
                throw WireError(offset: r.offset - 1, reason: "clip flag \(flag) is not 0 or 1")
            }
        }
        if mask.contains(.arcStart) { item.arcStart = try r.zigzag() }
        if mask.contains(.arcSweep) { item.arcSweep = try r.zigzag() }
        if mask.contains(.text) { item.text = try r.utf8(max: WireLimits.maxTextBytes, of: "text") }
        if mask.contains(.kind) {
            let k = try r.byte()
            guard let kind = ItemKind(rawValue: k) else {
                throw WireError(offset: r.offset - 1, reason: "item kind \(k) is not 0...6")
            }
            item.kind = kind
        }
        if mask.contains(.fontSize) { item.fontSize = try r.zigzag() }
        if mask.contains(.fontWeight) {
            let start = r.offset
            let w = try r.varint()
            guard w <= 65535 else { throw WireError(offset: start, reason: "font weight \(w) exceeds 65535") }
            item.fontWeight = UInt16(w)
        }
        if mask.contains(.baseline) { item.baseline = try r.zigzag() }
    }
}
