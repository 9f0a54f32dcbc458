import VeilCore

/// How values of a frame are written for people: lengths in points, colours as #RRGGBBAA, opacity as
/// a fraction, angles in degrees, text quoted. Numbers are rounded with integers (half away from
/// zero, at most 3 decimals, trailing zeros dropped) so Web/stream.js writes the same text.
public enum Words {
    /// `numerator / denominator` with at most `digits` decimals.
    public static func decimal(_ numerator: Int64, _ denominator: Int64, digits: Int = 3) -> String {
        var scale: Int64 = 1
        for _ in 0 ..< digits { scale *= 10 }
        let negative = numerator < 0
        let magnitude = negative ? -numerator : numerator
        let scaled = (magnitude * scale * 2 + denominator) / (denominator * 2)
        var out = negative && scaled != 0 ? "-" : ""
        out += String(scaled / scale)
        var fraction = scaled % scale
        if fraction == 0 { return out }
        var width = digits
        while fraction % 10 == 0 { fraction /= 10; width -= 1 }
        let text = String(fraction)
        return out + "." + String(repeating: "0", count: width - text.count) + text
    }

    /// A length of the frame (1/8 pt) in points, without the unit.
    public static func number(_ fixed: Int32) -> String { decimal(Int64(fixed), 8) }
    public static func points(_ fixed: Int32) -> String { number(fixed) + " pt" }
    public static func opacity(_ value: UInt8) -> String { decimal(Int64(value), 255) }
    /// Turns/65536 in degrees.
    public static func angle(_ value: Int32) -> String { decimal(Int64(value) * 360, 65536) + "°" }

    public static func color(_ c: Color) -> String {
        let digits = Array("0123456789ABCDEF")
        var out = "#"
        for b in [c.r, c.g, c.b, c.a] { out.append(digits[Int(b >> 4)]); out.append(digits[Int(b & 15)]) }
        return out
    }

    /// Text quoted, with quotes, backslashes and control characters escaped as in JSON.
    public static func quoted(_ bytes: [UInt8]) -> String {
        String(decoding: FrameJSON.stringLiteral(bytes), as: UTF8.self)
    }

    public static func kind(_ kind: ItemKind) -> String {
        switch kind {
        case .rect: return "rect"
        case .text: return "text"
        case .image: return "image"
        case .arc: return "arc"
        case .activityIndicator: return "activity indicator"
        case .layer: return "layer"
        case .host: return "host"
        }
    }

    /// A declared motion (Web/stream.js `motion` writes the same): "motion on paint 1: a sliding
    /// gradient of 3 colours, 1.5 s ease-in, repeating, from t = 0.3 s".
    public static func motion(_ m: PaintMotion) -> String {
        let seconds = { (v: Double) in decimal(Int64((v * 1000).rounded()), 1000) + " s" }
        let what: String
        switch m.path {
        case let .mix(from, to): what = "a colour \(color(from)) → \(color(to))"
        case let .slide(colors, _, _, _, _, _): what = "a sliding gradient of \(plural(colors.count, "colour"))"
        }
        let curve = curveName(m.curve)
        var text = "motion on paint \(m.slot + 1): \(what), \(seconds(m.duration)) \(curve), "
            + (m.autoreverse ? "back and forth" : "repeating") + ", from t = \(seconds(m.start))"
        if let p = m.pausedAt { text += ", paused at t = \(seconds(p))" }
        return text
    }

    /// A declared item motion (Web/stream.js `itemMotion` writes the same): "motion on id 12:
    /// rotation in 8 steps of 8192, 8 a second, from t = 0 s"; "motion on id 9: opacity fading
    /// 0 → 1 × 1, 0.25 s ease-in-out, from t = 1.5 s"; "motion on id 4: y along 31 points 2400 → 0,
    /// every 0.017 s, from t = 2 s"; "motion on id 5: opacity in a loop of 65 points 255 → 64, every
    /// 0.016 s, repeating, from t = 0 s". `item` names the item.
    public static func itemMotion(_ m: ItemMotion, item: String) -> String {
        var field = "field"
        ItemFields.forEach { bit, _, words in if bit == m.field { field = words.description } }
        let thousandths = { (v: Double) in decimal(Int64((v * 1000).rounded()), 1000) }
        switch m.path {
        case let .steps(count, rate, increment):
            return "motion on \(item): \(field) in \(plural(count, "step")) of \(increment), "
                + "\(thousandths(rate)) a second, from t = \(thousandths(m.start)) s"
        case let .fade(fade, scale):
            return "motion on \(item): \(field) fading \(thousandths(fade.from)) → \(thousandths(fade.to)) × \(thousandths(scale)), "
                + "\(thousandths(fade.duration)) s \(curveName(fade.tween.curve)), from t = \(thousandths(m.start)) s"
        case let .points(interval, values):
            return "motion on \(item): \(field) along \(plural(values.count, "point")) \(values[0]) → \(values[values.count - 1]), "
                + "every \(thousandths(interval)) s, from t = \(thousandths(m.start)) s"
        case let .loop(interval, values):
            return "motion on \(item): \(field) in a loop of \(plural(values.count, "point")) \(values[0]) → \(values[values.count - 1]), "
                + "every \(thousandths(interval)) s, repeating, from t = \(thousandths(m.start)) s"
        }
    }

    /// A timing curve's CSS name, or "custom curve".
    static func curveName(_ curve: TimingCurve) -> String {
        let names: [(TimingCurve, String)] = [(.linear, "linear"), (.easeIn, "ease-in"), (.easeOut, "ease-out"), (.easeInOut, "ease-in-out")]
        return names.first { $0.0 == curve }?.1 ?? "custom curve"
    }

    public static func paint(_ paint: Paint) -> String {
        switch paint {
        case let .solid(c): return color(c)
        case let .linear(x0, y0, x1, y1, stops):
            return "linear (\(number(x0)), \(number(y0))) → (\(number(x1)), \(number(y1))) pt, " + self.stops(stops)
        case let .radial(cx, cy, radius, stops):
            return "radial at (\(number(cx)), \(number(cy))) radius \(points(radius)), " + self.stops(stops)
        }
    }

    static func stops(_ stops: [GradientStop]) -> String {
        stops.map { "\(color($0.color)) at \(decimal(Int64($0.offset), 65535))" }.joined(separator: ", ")
    }

    /// A fill or stroke reference (paint slot + 1) as what it paints: a solid colour, or the slot of
    /// a gradient; `full` writes a gradient out.
    public static func paintReference(_ reference: UInt32, _ paints: [Paint], full: Bool = false) -> String {
        if reference == 0 { return "none" }
        guard Int(reference) <= paints.count else { return "paint \(reference) (missing)" }
        let paint = paints[Int(reference) - 1]
        if case .solid = paint { return self.paint(paint) }
        if full { return self.paint(paint) }
        switch paint {
        case .linear: return "paint \(reference) (linear)"
        default: return "paint \(reference) (radial)"
        }
    }

    public static func clip(_ clip: Clip?) -> String {
        guard let clip else { return "none" }
        var out = "\(number(clip.x)), \(number(clip.y)), \(number(clip.width)) × \(number(clip.height)) pt"
        if clip.cornerRadius != 0 { out += " radius \(points(clip.cornerRadius))" }
        return out
    }

    /// The fields of the wire's field table, in bit order, with their names.
    public static let fields: [(ItemFields, String)] = {
        var list: [(ItemFields, String)] = []
        ItemFields.forEach { field, _, words in list.append((field, words.description)) }
        return list
    }()

    /// The value of one field of `item` (paints resolved in `paints`).
    public static func value(_ field: ItemFields, of item: Item, _ paints: [Paint], fullPaint: Bool = false) -> String {
        switch field {
        case .x: return points(item.x)
        case .y: return points(item.y)
        case .width: return points(item.width)
        case .height: return points(item.height)
        case .fill: return paintReference(item.fill, paints, full: fullPaint)
        case .opacity: return opacity(item.opacity)
        case .rotation: return angle(item.rotation)
        case .cornerRadius: return points(item.cornerRadius)
        case .stroke: return paintReference(item.stroke, paints, full: fullPaint)
        case .lineWidth: return points(item.lineWidth)
        case .clip: return clip(item.clip)
        case .arcStart: return angle(item.arcStart)
        case .arcSweep: return angle(item.arcSweep)
        case .text: return quoted(item.text)
        case .kind: return kind(item.kind)
        case .fontSize: return points(item.fontSize)
        case .fontWeight: return String(item.fontWeight)
        case .baseline: return points(item.baseline)
        default: return "?"
        }
    }

    /// `name old → new` for each field in `fields` (a value alone when there is no old item).
    public static func changes(_ fields: ItemFields, from old: Item?, _ oldPaints: [Paint], to new: Item,
                               _ newPaints: [Paint]) -> String {
        var parts: [String] = []
        for (field, name) in Self.fields where fields.contains(field) {
            // Both sides of a paint change written out when either is a gradient.
            let full = field == .fill || field == .stroke
            let after = value(field, of: new, newPaints, fullPaint: full)
            if let old {
                parts.append("\(name) \(value(field, of: old, oldPaints, fullPaint: full)) → \(after)")
            } else {
                parts.append("\(name) \(after)")
            }
        }
        return parts.joined(separator: ", ")
    }

    /// What an item is and the fields it sets: `text "Hi" at 16, 80 pt, 150 × 22 pt, fill #1C1C1EFF, …`.
    /// A layer says how many entries it holds (at every depth).
    public static func summary(_ item: Item, _ paints: [Paint], countingEntries: Bool = true) -> String {
        var parts: [String] = []
        var head = kind(item.kind)
        if item.kind == .text || !item.text.isEmpty { head += " " + quoted(item.text) }
        parts.append(head + " at \(number(item.x)), \(number(item.y)) pt, \(number(item.width)) × \(number(item.height)) pt")
        if item.fill != 0 { parts.append("fill " + paintReference(item.fill, paints)) }
        if item.stroke != 0 { parts.append("stroke " + paintReference(item.stroke, paints)) }
        if item.lineWidth != 0 { parts.append("line width " + points(item.lineWidth)) }
        if item.cornerRadius != 0 { parts.append("corner radius " + points(item.cornerRadius)) }
        if item.opacity != 255 { parts.append("opacity " + opacity(item.opacity)) }
        if item.rotation != 0 { parts.append("rotation " + angle(item.rotation)) }
        if item.clip != nil { parts.append("clip " + clip(item.clip)) }
        if item.fontSize != 0 || item.kind == .text {
            parts.append("font \(points(item.fontSize)) \(item.fontWeight)")
        } else if item.fontWeight != 400 {
            parts.append("font weight \(item.fontWeight)")
        }
        if item.baseline != 0 { parts.append("baseline " + points(item.baseline)) }
        if item.arcStart != 0 || item.arcSweep != 0 {
            parts.append("arc \(angle(item.arcStart)) + \(angle(item.arcSweep))")
        }
        if item.isLayer && countingEntries {
            let n = entryCount(item.children)
            parts.append(n == 1 ? "1 entry" : "\(n) entries")
        }
        return parts.joined(separator: ", ")
    }

    static func entryCount(_ items: [Item]) -> Int {
        items.reduce(0) { $0 + 1 + ($1.isLayer ? entryCount($1.children) : 0) }
    }

    public static func events(_ events: [HostEvent]) -> String {
        if events.isEmpty { return "none" }
        return events.map { event in
            let rows = event.range.map { " \($0.lowerBound)..<\($0.upperBound)" } ?? ""
            return "\(String(decoding: event.name, as: UTF8.self))\(rows) on \(String(decoding: event.node, as: UTF8.self))"
        }.joined(separator: ", ")
    }

    public static func hex32(_ value: UInt32) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: 8 - text.count) + text
    }

    public static func seconds(_ t: Double) -> String {
        decimal(Int64((t * 1000).rounded()), 1000) + " s"
    }

    public static func plural(_ n: Int, _ word: String) -> String {
        if n == 1 { return "1 \(word)" }
        return word.hasSuffix("y") ? "\(n) \(word.dropLast())ies" : "\(n) \(word)s"
    }
}

/// Names of item ids: the key `"<node id>#<role>"` a session interned an id from, when known.
public struct ItemNames: Sendable {
    public var keys: [UInt32: String]
    public init(_ keys: [UInt32: String] = [:]) { self.keys = keys }

    /// `title#t0`, or `id 7` when the name is not known; the root layer is `root`.
    public func name(_ id: UInt32) -> String {
        if id == 0 { return "root" }
        return keys[id] ?? "id \(id)"
    }

    /// `title#t0 (text)`.
    public func label(_ item: Item) -> String { "\(name(item.id)) (\(Words.kind(item.kind)))" }
}

/// Where each entry of a frame is: the entry, its parent layer's id (0 = root) and its index there.
struct FrameIndex {
    struct Place { var item: Item; var parent: UInt32; var index: Int }
    var places: [UInt32: Place] = [:]
    /// Ids in painter's order (a layer before its children).
    var order: [UInt32] = []

    init(_ frame: Frame) { add(frame.items, parent: 0) }

    private mutating func add(_ items: [Item], parent: UInt32) {
        for (i, item) in items.enumerated() {
            places[item.id] = Place(item: item, parent: parent, index: i)
            order.append(item.id)
            if item.isLayer { add(item.children, parent: item.id) }
        }
    }

    subscript(id: UInt32) -> Place? { places[id] }
}
