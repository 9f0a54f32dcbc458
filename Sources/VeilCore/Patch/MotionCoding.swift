/// Extension record 3 (must be understood, docs/PROTOCOL.md "Motions"): the frame's paint motions
/// (`PaintMotion`) then its item motions (`ItemMotion`), in a keyframe when it has any and in a
/// delta when they change (both whole new lists; counts 0 = none any more). Times and geometry are
/// numbers that decode to exactly the double the core holds, so a host evaluates exactly the values
/// the core does: a multiple of 1/8 (most geometry, named curves' 0 and 1, whole and half seconds)
/// as `varint zigzag(v × 8) << 1`, any other as `varint 1` then the IEEE 754 double, little-endian.
///
///     varint count, then per motion (slots ascending):
///       varint slot gap (slot = previous + 1 + gap), u8 path (0 mix, 1 slide),
///       u8 flags (bit 0 autoreverse, bit 1 paused; others 0),
///       number start, duration, x1, y1, x2, y2 (the curve), [number pausedAt],
///       mix: colour from, colour to;
///       slide: number bounds x, y, width, height, startFrom x, y, startTo x, y, endFrom x, y, endTo x, y,
///              varint colour count (1…maxStops), the colours;
///     varint item count, then per item motion (ids ascending; an item's fields ascending):
///       varint id gap (id = previous + 1 + gap, previous starting at 0) unless the motion before
///       continues (then the same item, no gap), u8 field (its bit; bit 7 set: this item's next motion
///       follows at once), u8 path (0 steps, 1 fade, 2 points, 3 loop), number start,
///       steps: varint count, number rate, svarint increment;
///       fade (field opacity): number duration, x1, y1, x2, y2 (the curve), from, to, scale;
///       points, loop: number interval, varint count (2…maxPoints), svarint first, svarint each next − previous.
enum MotionCoding {
    static let tag: UInt32 = 3

    /// What a record holds: the paints' motions and the items'.
    typealias Lists = (paints: [PaintMotion], items: [ItemMotion])
    static let steps: UInt8 = 0
    static let fade: UInt8 = 1
    static let points: UInt8 = 2
    static let loop: UInt8 = 3

    static let mix: UInt8 = 0
    static let slide: UInt8 = 1
    static let autoreverse: UInt8 = 1 << 0
    static let paused: UInt8 = 1 << 1
    /// In an item motion's field byte: the same item's next motion follows (its field greater).
    static let continues: UInt8 = 1 << 7

    /// The record of `motions` (an empty list is a record too: in a delta it says "none any more").
    static func record(_ motions: [PaintMotion], _ items: [ItemMotion]) -> WireExtension {
        var w = ByteWriter(capacity: 16 + motions.count * 96 + items.count * 8)
        write(motions, items, to: &w)
        return WireExtension(tag: tag, payload: w.bytes)
    }

    static func write<S: ByteSink>(_ motions: [PaintMotion], _ items: [ItemMotion], to w: inout S) {
        w.writeVarint(motions.count)
        var previous = -1
        for m in motions {
            w.writeVarint(m.slot - previous - 1)
            previous = m.slot
            switch m.path {
            case .mix: w.write(mix)
            case .slide: w.write(slide)
            }
            w.write((m.autoreverse ? autoreverse : 0) | (m.pausedAt != nil ? paused : 0))
            for v in [m.start, m.duration, m.curve.x1, m.curve.y1, m.curve.x2, m.curve.y2] { writeNumber(v, to: &w) }
            if let p = m.pausedAt { writeNumber(p, to: &w) }
            switch m.path {
            case let .mix(from, to):
                w.writeColor(from)
                w.writeColor(to)
            case let .slide(colors, r, sf, st, ef, et):
                for v in [r.x, r.y, r.width, r.height, sf.x, sf.y, st.x, st.y, ef.x, ef.y, et.x, et.y] { writeNumber(v, to: &w) }
                w.writeVarint(colors.count)
                for c in colors { w.writeColor(c) }
            }
        }
        w.writeVarint(items.count)
        var previousId: UInt32 = 0
        for (i, m) in items.enumerated() {
            if i == 0 || items[i - 1].id != m.id { w.writeVarint(m.id - previousId - 1) }
            previousId = m.id
            let more = i + 1 < items.count && items[i + 1].id == m.id
            w.write(UInt8(m.field.rawValue.trailingZeroBitCount) | (more ? continues : 0))
            switch m.path {
            case let .steps(count, rate, increment):
                w.write(steps)
                writeNumber(m.start, to: &w)
                w.writeVarint(count)
                writeNumber(rate, to: &w)
                w.writeZigzag(increment)
            case let .fade(f, scale):
                w.write(fade)
                for v in [m.start, f.duration, f.tween.curve.x1, f.tween.curve.y1, f.tween.curve.x2, f.tween.curve.y2,
                          f.from, f.to, scale] { writeNumber(v, to: &w) }
            case let .points(interval, values), let .loop(interval, values):
                if case .loop = m.path { w.write(loop) } else { w.write(points) }
                writeNumber(m.start, to: &w)
                writeNumber(interval, to: &w)
                w.writeVarint(values.count)
                var previous: Int32 = 0
                for v in values {
                    w.writeZigzag(v &- previous)
                    previous = v
                }
            }
        }
    }

    /// The motions of a record's payload (which starts at `offset` in the message).
    static func read(_ payload: [UInt8], at offset: Int) throws(WireError) -> Lists {
        var r = ByteReader(payload)
        do throws(WireError) {
            let n = try r.count(max: WireLimits.maxPaints, minBytes: 17, of: "motions")
            var motions: [PaintMotion] = []
            motions.reserveCapacity(n)
            var previous = -1
            for _ in 0 ..< n {
                let at = r.offset
                let slot = previous + 1 + (try r.bounded(max: WireLimits.maxPaints, of: "motion slot gap"))
                guard slot < WireLimits.maxPaints else {
                    throw WireError(offset: at, reason: "motion slot \(slot) exceeds the limit of \(WireLimits.maxPaints)")
                }
                previous = slot
                let path = try r.byte()
                guard path == mix || path == slide else { throw r.error("unknown motion path \(path)") }
                let flags = try r.byte()
                guard flags & ~(autoreverse | paused) == 0 else { throw r.error("motion flags \(flags) have reserved bits set") }
                let start = try time(&r, "start"), duration = try time(&r, "duration")
                guard duration > 0 else { throw r.error("a motion's duration must be more than 0 (got \(duration))") }
                let x1 = try unit(&r), y1 = try finite(&r, "curve"), x2 = try unit(&r), y2 = try finite(&r, "curve")
                let pausedAt = flags & paused != 0 ? try time(&r, "pause") : nil
                let kind: PaintMotion.Path
                if path == mix {
                    kind = .mix(from: try r.color(), to: try r.color())
                } else {
                    var v: [Double] = []
                    for _ in 0 ..< 12 { v.append(try finite(&r, "geometry")) }
                    let colors = try r.count(max: WireLimits.maxStops, minBytes: 4, of: "motion colours")
                    guard colors > 0 else { throw r.error("a sliding motion has no colours") }
                    var list: [Color] = []
                    for _ in 0 ..< colors { list.append(try r.color()) }
                    kind = .slide(colors: list, bounds: Rect(x: v[0], y: v[1], width: v[2], height: v[3]),
                                  startFrom: Point(x: v[4], y: v[5]), startTo: Point(x: v[6], y: v[7]),
                                  endFrom: Point(x: v[8], y: v[9]), endTo: Point(x: v[10], y: v[11]))
                }
                motions.append(PaintMotion(slot: slot, path: kind, start: start, duration: duration,
                                           curve: TimingCurve(x1, y1, x2, y2), autoreverse: flags & autoreverse != 0,
                                           pausedAt: pausedAt))
            }
            let items = try readItems(&r)
            guard r.isAtEnd else { throw r.error("\(r.remaining) unexpected bytes after the motions") }
            return (motions, items)
        } catch {
            throw WireError(offset: offset + error.offset, reason: error.reason)
        }
    }

    /// The item motions that follow the paints' in a record.
    private static func readItems(_ r: inout ByteReader) throws(WireError) -> [ItemMotion] {
        // Six bytes at the least: an item's next motion has no id gap, and steps need no more.
        let n = try r.count(max: WireLimits.maxItems, minBytes: 6, of: "item motions")
        var items: [ItemMotion] = []
        items.reserveCapacity(n)
        var previous: UInt32 = 0
        var sameItem: UInt8? = nil  // the field bit of the motion before, when this one is its item's next
        for _ in 0 ..< n {
            let at = r.offset
            if sameItem == nil {
                let gap = try r.varint()
                guard gap < WireLimits.maxId, previous < WireLimits.maxId - gap else {
                    throw WireError(offset: at, reason: "item motion id past the limit of \(WireLimits.maxId)")
                }
                previous = previous + 1 + gap
            }
            let id = previous
            let byte = try r.byte()
            let bit = byte & ~continues
            if let before = sameItem, bit <= before {
                throw r.error("item \(id)'s motions must name its fields in ascending order, each once")
            }
            sameItem = byte & continues != 0 ? bit : nil
            let field = bit < 32 ? ItemFields(rawValue: 1 << UInt32(bit)) : []
            guard !field.isEmpty, ItemMotion.fields.contains(field) || field == .opacity else {
                throw r.error("item field \(bit) cannot move (a motion moves a number field)")
            }
            let path = try r.byte()
            guard path <= loop else { throw r.error("unknown item motion path \(path)") }
            guard path >= points || (path == fade) == (field == .opacity) else {
                throw r.error("item field \(bit) cannot move by path \(path) (a fade moves opacity, steps a number field)")
            }
            let start = try time(&r, "start")
            if path >= points {
                let (interval, values) = try readPoints(&r, opacity: field == .opacity)
                items.append(ItemMotion(id: id, field: field, path: path == loop ? .loop(interval: interval, values: values)
                                            : .points(interval: interval, values: values), start: start))
                continue
            }
            if path == fade {
                let duration = try time(&r, "duration")
                guard duration >= 0 else { throw r.error("a fade's duration is negative (\(duration))") }
                let x1 = try unit(&r), y1 = try finite(&r, "curve"), x2 = try unit(&r), y2 = try finite(&r, "curve")
                let from = try fraction(&r), to = try fraction(&r), scale = try fraction(&r)
                items.append(.fading(id, Fade(from: from, to: to, start: start, duration: duration,
                                              curve: TimingCurve(x1, y1, x2, y2)), scale: scale))
                continue
            }
            let countAt = r.offset
            let count = try r.bounded(max: ItemMotion.maxSteps, of: "motion steps")
            guard count > 0 else { throw WireError(offset: countAt, reason: "a step motion has no steps") }
            let rate = try finite(&r, "rate")
            guard rate > 0, rate <= ItemMotion.maxRate else {
                throw r.error("a step motion's rate of \(rate) a second is not within (0, \(Int(ItemMotion.maxRate))]")
            }
            let increment = try r.zigzag()
            items.append(ItemMotion(id: id, field: field, path: .steps(count: count, rate: rate, increment: increment),
                                    start: start))
        }
        if sameItem != nil { throw r.error("the last item motion says another of its item's follows") }
        return items
    }

    /// A points or loop path after its start: the interval, then the values, each the change from
    /// the one before, wrapping at 32 bits (an opacity's within 0…255).
    private static func readPoints(_ r: inout ByteReader, opacity: Bool) throws(WireError) -> (interval: Double, values: [Int32]) {
        let interval = try finite(&r, "interval")
        guard interval > 0, interval <= ItemMotion.maxInterval else {
            throw r.error("a points motion's interval of \(interval) s is not within (0, \(Int(ItemMotion.maxInterval))]")
        }
        let countAt = r.offset
        let count = try r.bounded(max: ItemMotion.maxPoints, of: "motion points")
        guard count >= 2 else { throw WireError(offset: countAt, reason: "a points motion has \(count) points, not 2 or more") }
        var values: [Int32] = []
        values.reserveCapacity(count)
        var previous: Int32 = 0
        for _ in 0 ..< count {
            let at = r.offset
            let v = previous &+ (try r.zigzag())  // wrapping, as the writer's differences do
            guard !opacity || (0 ... 255).contains(v) else {
                throw WireError(offset: at, reason: "a point's value of \(v) is not an opacity (0...255)")
            }
            values.append(v)
            previous = v
        }
        return (interval, values)
    }

    /// The motions' term of the frame hash: 0 without motions (frames without them hash as before),
    /// else the FNV-1a of the record's payload.
    static func hashTerm(_ motions: [PaintMotion], _ items: [ItemMotion]) -> UInt32 {
        guard !motions.isEmpty || !items.isEmpty else { return 0 }
        var h = FNV1a()
        write(motions, items, to: &h)
        return h.value
    }

    /// Seconds: finite, within ±10⁹ (a session never runs that long).
    private static func time(_ r: inout ByteReader, _ what: String) throws(WireError) -> Double {
        let v = try finite(&r, what)
        guard v >= -1e9, v <= 1e9 else { throw r.error("a motion's \(what) of \(v) s is out of range") }
        return v
    }

    /// An opacity: within 0…1.
    private static func fraction(_ r: inout ByteReader) throws(WireError) -> Double {
        let v = try finite(&r, "opacity")
        guard v >= 0, v <= 1 else { throw r.error("a fade's opacity \(v) is not within 0...1") }
        return v
    }

    /// A curve's x control point: within 0…1, so the curve is a function of time.
    private static func unit(_ r: inout ByteReader) throws(WireError) -> Double {
        let v = try finite(&r, "curve")
        guard v >= 0, v <= 1 else { throw r.error("a motion curve's x control point \(v) is not within 0...1") }
        return v
    }

    /// A number as `writeNumber` wrote it: finite.
    private static func finite(_ r: inout ByteReader, _ what: String) throws(WireError) -> Double {
        let start = r.offset
        let code = try r.varint()
        if code & 1 == 0 { return Double(Zigzag.decode(code >> 1)) / 8 }
        guard code == 1 else { throw WireError(offset: start, reason: "a motion's \(what) has an unknown number code \(code)") }
        let v = try r.float64LE()
        guard v.isFinite else { throw r.error("a motion's \(what) is not a finite number") }
        return v
    }

    /// A multiple of 1/8 within ±2^26 in one to four bytes; any other double (-0 included) in nine.
    static func writeNumber<S: ByteSink>(_ v: Double, to w: inout S) {
        let scaled = v * 8
        if scaled == scaled.rounded(), scaled.magnitude < 67_108_864, !(v == 0 && v.sign == .minus) {
            w.writeVarint(Zigzag.encode(Int32.clamped(scaled, to: -67_108_864...67_108_864)) << 1)
        } else {
            w.writeVarint(UInt32(1))
            w.writeFloat64LE(v)
        }
    }
}
