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
        sink.writeVarint(frame.items.count)
        for item in frame.items { writeFullItem(item, to: &sink) }
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

    /// Id, mask of the fields that differ from `Item.defaults`, those fields.
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
        let itemCount = try r.count(max: WireLimits.maxItems, minBytes: 2, of: "items")
        frame.items.reserveCapacity(itemCount)
        var ids = IdIndex(capacity: itemCount)
        for _ in 0 ..< itemCount {
            let start = r.offset
            let item = try readFullItem(&r)
            guard ids.insert(item.id, at: frame.items.count) else {
                throw WireError(offset: start, reason: "item id \(item.id) appears twice")
            }
            frame.items.append(item)
        }
        return frame
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
        var item = Item(id: try r.varint(), kind: .rect)
        let mask = try readMask(&r)
        try readFields(mask, into: &item, &r)
        return item
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
                throw WireError(offset: r.offset - 1, reason: "item kind \(k) is not 0...3")
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
