/// A field of one item that moves with time alone, declared once instead of sampled every tick
/// (issue 31, docs/ARCHITECTURE.md "Motions declared once"), as `PaintMotion` is for a paint slot:
/// an activity indicator's highlight stepping round, a status or spinner layer fading in or out.
/// The frame's item holds the field as it is at the motion's start, which never changes while the
/// motion runs; a host draws the field as `value(from: base, at: t)` for its own clock's time `t`.
/// Plain arithmetic on the declared values (no libm): Web/motions.js evaluates the same formulas
/// bit for bit (Tests/Vectors/motions.json).
public struct ItemMotion: Equatable, Sendable {
    /// How the field moves.
    public enum Path: Equatable, Sendable {
        /// `rate` steps a second of `increment` each, `count` steps round and back to the base:
        /// value = base + (⌊(t − start) × rate⌋ mod count) × increment.
        case steps(count: Int, rate: Double, increment: Int32)
        /// A layer's opacity fading (`Fade`, started at the motion's start), times `scale` (the
        /// node's own opacity): value = round(255 × scale × fade(t)), whatever the base.
        case fade(Fade, scale: Double)
        /// Values the core computed `interval` seconds apart from the start (a sheet's spring after
        /// release, sampled), joined by straight lines and held at the last: with u = (t − start) /
        /// interval and k = ⌊u⌋, value = values[k] + ⌊(values[k+1] − values[k]) × (u − k) + 0.5⌋,
        /// values[0] before the start — whatever the base. A host that runs motions on the page's
        /// compositor plays the same line as CSS `linear()` easing.
        case points(interval: Double, values: [Int32])
        /// Points that repeat for ever (a refresh animator while refreshing: one period sampled
        /// once): with n = count − 1 and u = (t − start) / interval, the points' value at
        /// u − ⌊u / n⌋ × n — the first point again at each period's start, values[0] before the start.
        case loop(interval: Double, values: [Int32])
    }

    /// The item's id in the frame.
    public var id: UInt32
    /// The field that moves: one of `ItemMotion.fields` for steps, `.opacity` for a fade.
    public var field: ItemFields
    public var path: Path
    /// Session time of the first step's start (before it, the field is its base).
    public var start: Double

    public init(id: UInt32, field: ItemFields, path: Path, start: Double) {
        self.id = id; self.field = field; self.path = path; self.start = start
    }

    /// The fields a motion may move: the plain numbers of an item (1/8 pt, turns/65536).
    public static let fields: ItemFields = [.x, .y, .width, .height, .rotation, .cornerRadius, .lineWidth,
                                            .arcStart, .arcSweep]

    /// Bounds of a step path: counts, and steps a second (a session never runs a million steps a second).
    public static let maxSteps = 65_536
    public static let maxRate = 1_000_000.0
    /// Bounds of a points path: how many (a spring settles within 10 s: 600 at 60 a second), and
    /// how far apart (seconds).
    public static let maxPoints = 1_024
    public static let maxInterval = 60.0

    /// The field's value at session time `t`, moving from `base`.
    public func value(from base: Int32, at t: Double) -> Int32 {
        switch path {
        case let .steps(count, rate, increment):
            let elapsed = t - start
            guard elapsed.isFinite, elapsed > 0, count > 0 else { return base }
            let steps = (elapsed * rate).rounded(.down)
            let step = steps - (steps / Double(count)).rounded(.down) * Double(count)
            let k = Int64(Int32.clamped(step, to: 0...Int32(count - 1)))
            return Int32(clamping: Int64(base) + k * Int64(increment))
        case let .fade(fade, scale):
            return Int32(Fixed.opacity(scale * fade.value(at: t)))
        case let .points(interval, values):
            return Self.along(values, at: (t - start) / interval) ?? base
        case let .loop(interval, values):
            let u = (t - start) / interval, n = Double(values.count - 1)
            return Self.along(values, at: u > 0 && n > 0 ? u - (u / n).rounded(.down) * n : u) ?? base
        }
    }

    /// Points `values` joined by straight lines at `u` points from the first, held at the last;
    /// the first before it (and at NaN); nil when there are none.
    private static func along(_ values: [Int32], at u: Double) -> Int32? {
        guard let first = values.first else { return nil }
        guard u > 0 else { return first }  // before the start, and NaN
        let k = u.rounded(.down)
        guard k < Double(values.count - 1) else { return values[values.count - 1] }
        let i = Int.clamped(k, to: 0 ... values.count - 2)
        let (a, b) = (Int64(values[i]), Int64(values[i + 1]))
        let step = Int64.clamped((Double(b - a) * (u - k) + 0.5).rounded(.down), to: -(1 << 33) ... (1 << 33))
        return Int32(clamping: a + step)
    }

    /// When it stops moving: the end of a fade or of a points path; nil for steps and loops (they never stop).
    public var end: Double? {
        switch path {
        case .steps, .loop: return nil
        case let .fade(fade, _): return start + fade.duration
        case let .points(interval, values): return start + Double(max(0, values.count - 1)) * interval
        }
    }

    /// The order of a frame's item motions (and the wire's): by item id, an item's by field.
    static func ordered(_ a: ItemMotion, _ b: ItemMotion) -> Bool {
        a.id != b.id ? a.id < b.id : a.field.rawValue < b.field.rawValue
    }

    /// The layer of `id` fading with `fade`, its node's own opacity being `scale`.
    static func fading(_ id: UInt32, _ fade: Fade, scale: Double) -> ItemMotion {
        ItemMotion(id: id, field: .opacity, path: .fade(fade, scale: scale), start: fade.start)
    }

    /// The points motions of the fields of item `id` that change along a path of `count` points
    /// `interval` apart from `start`, the item at point k being `itemAt(k)`: one motion a field that
    /// changes, in field order (loops when `repeating`); nil when another field changes (one no
    /// motion moves).
    @inline(never)  // for size
    static func along(_ id: UInt32, count: Int, interval: Double, start: Double, repeating: Bool = false,
                      _ itemAt: (Int) -> Item) -> [ItemMotion]? {
        let items = (0 ..< count).map(itemAt)
        var changing: ItemFields = []
        for other in items { changing.formUnion(ItemFields.differing(items[0], other)) }
        guard fields.union(.opacity).isSuperset(of: changing) else { return nil }
        var motions: [ItemMotion] = []
        for bit in 0 ..< 32 where changing.contains(ItemFields(rawValue: 1 << UInt32(bit))) {
            let field = ItemFields(rawValue: 1 << UInt32(bit))
            let values = items.map { number(field, of: $0) }
            motions.append(ItemMotion(id: id, field: field,
                                      path: repeating ? .loop(interval: interval, values: values) : .points(interval: interval, values: values),
                                      start: start))
        }
        return motions
    }

    /// The value of a field a motion moves (`fields`, or opacity) in `item`.
    static func number(_ field: ItemFields, of item: Item) -> Int32 {
        switch field {
        case .x: return item.x
        case .y: return item.y
        case .width: return item.width
        case .height: return item.height
        case .rotation: return item.rotation
        case .cornerRadius: return item.cornerRadius
        case .lineWidth: return item.lineWidth
        case .arcStart: return item.arcStart
        case .arcSweep: return item.arcSweep
        case .opacity: return Int32(item.opacity)
        default: return 0
        }
    }

    /// The item with the field at time `t`.
    func played(_ item: Item, at t: Double) -> Item {
        var item = item
        switch field {
        case .x: item.x = value(from: item.x, at: t)
        case .y: item.y = value(from: item.y, at: t)
        case .width: item.width = value(from: item.width, at: t)
        case .height: item.height = value(from: item.height, at: t)
        case .rotation: item.rotation = value(from: item.rotation, at: t)
        case .cornerRadius: item.cornerRadius = value(from: item.cornerRadius, at: t)
        case .lineWidth: item.lineWidth = value(from: item.lineWidth, at: t)
        case .arcStart: item.arcStart = value(from: item.arcStart, at: t)
        case .arcSweep: item.arcSweep = value(from: item.arcSweep, at: t)
        case .opacity: item.opacity = UInt8(clamping: value(from: Int32(item.opacity), at: t))
        default: break
        }
        return item
    }
}

extension Frame {
    /// The items as drawn at session time `t`: each item motion's field at that time. Item motions
    /// are ascending by id (an item's by field), so each entry finds its motions by binary search.
    func playedItems(_ items: [Item], at t: Double) -> [Item] {
        items.map { entry in
            var entry = entry
            var k = firstMotion(of: entry.id)
            while k < itemMotions.count, itemMotions[k].id == entry.id {
                entry = itemMotions[k].played(entry, at: t)
                k += 1
            }
            if entry.kind == .layer { entry.children = playedItems(entry.children, at: t) }
            return entry
        }
    }

    private func firstMotion(of id: UInt32) -> Int {
        var lo = 0, hi = itemMotions.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if itemMotions[mid].id < id { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
