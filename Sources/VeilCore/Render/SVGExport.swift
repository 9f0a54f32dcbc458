/// A frame as an SVG picture: what the canvas viewer draws, in a file a person can open.
/// Lives in the core so every host (CLI, wasm) exports the same bytes. Coordinates are written in
/// points, exactly (1/8 pt has three decimals); no Double → String anywhere.
public enum SVGExport {
    /// The font every host draws text with (DESIGN.md: text is laid out by the core with its widths).
    static let fontFamily: StaticString = "Inter"

    public static func svg(_ frame: Frame) -> [UInt8] {
        var out = TextBytes(capacity: 256 + FrameHash.entryCount(frame.items) * 120)
        out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
        out.points(frame.width)
        out.append("\" height=\"")
        out.points(frame.height)
        out.append("\" viewBox=\"0 0 ")
        out.points(frame.width)
        out.byte(0x20)
        out.points(frame.height)
        out.append("\" xml:space=\"preserve\">\n")
        gradients(frame.paints, into: &out)

        out.append("<rect width=\"")
        out.points(frame.width)
        out.append("\" height=\"")
        out.points(frame.height)
        out.append("\"")
        color(frame.background, attribute: .fill, into: &out)
        out.append("/>\n")

        var clipCount = 0
        entries(frame.items, paints: frame.paints, clipCount: &clipCount, into: &out)
        out.append("</svg>\n")
        return out.bytes
    }

    /// A child list. Consecutive items with the same clip share one clipped group; a layer is a
    /// group clipped in its parent's space, then translated and made transparent as a whole.
    private static func entries(_ items: [Item], paints: [Paint], clipCount: inout Int, into out: inout TextBytes) {
        var openClip: Clip? = nil
        for item in items {
            if item.clip != openClip {
                if openClip != nil { out.append("</g>\n") }
                if let clip = item.clip { openClipGroup(clip, clipCount: &clipCount, into: &out) }
                openClip = item.clip
            }
            if item.isLayer {
                out.append("<g transform=\"translate(")
                out.points(item.x)
                out.byte(0x20)
                out.points(item.y)
                out.append(")\"")
                if item.opacity < 255 {
                    out.append(" opacity=\"")
                    out.decimal(Int64(item.opacity), 255, digits: 3)
                    out.append("\"")
                }
                out.append(">\n")
                entries(item.children, paints: paints, clipCount: &clipCount, into: &out)
                out.append("</g>\n")
            } else {
                self.item(item, paints: paints, into: &out)
            }
        }
        if openClip != nil { out.append("</g>\n") }
    }

    private static func openClipGroup(_ clip: Clip, clipCount: inout Int, into out: inout TextBytes) {
        clipCount += 1
        out.append("<clipPath id=\"c")
        out.int(clipCount)
        out.append("\"><rect")
        box(x: clip.x, y: clip.y, width: clip.width, height: clip.height,
            cornerRadius: clip.cornerRadius, into: &out)
        out.append("/></clipPath>\n<g clip-path=\"url(#c")
        out.int(clipCount)
        out.append(")\">\n")
    }

    // MARK: - Paints

    private static func gradients(_ paints: [Paint], into out: inout TextBytes) {
        var opened = false
        for (slot, paint) in paints.enumerated() {
            let stops: [GradientStop]
            switch paint {
            case .solid:
                continue
            case let .linear(x0, y0, x1, y1, s):
                if !opened { out.append("<defs>\n"); opened = true }
                out.append("<linearGradient id=\"p")
                out.int(slot + 1)
                out.append("\" gradientUnits=\"userSpaceOnUse\" x1=\"")
                out.points(x0)
                out.append("\" y1=\"")
                out.points(y0)
                out.append("\" x2=\"")
                out.points(x1)
                out.append("\" y2=\"")
                out.points(y1)
                out.append("\">")
                stops = s
            case let .radial(cx, cy, radius, s):
                if !opened { out.append("<defs>\n"); opened = true }
                out.append("<radialGradient id=\"p")
                out.int(slot + 1)
                out.append("\" gradientUnits=\"userSpaceOnUse\" cx=\"")
                out.points(cx)
                out.append("\" cy=\"")
                out.points(cy)
                out.append("\" r=\"")
                out.points(max(0, radius))
                out.append("\">")
                stops = s
            }
            for stop in stops {
                out.append("<stop offset=\"")
                out.decimal(Int64(stop.offset), 65535, digits: 4)
                out.append("\"")
                color(stop.color, attribute: .stop, into: &out)
                out.append("/>")
            }
            if case .radial = paint {
                out.append("</radialGradient>\n")
            } else {
                out.append("</linearGradient>\n")
            }
        }
        if opened { out.append("</defs>\n") }
    }

    private enum ColorAttribute { case fill, stroke, stop }

    /// ` fill="#rrggbb"` plus ` fill-opacity="…"` when not opaque (and likewise stroke, stop).
    private static func color(_ c: Color, attribute: ColorAttribute, into out: inout TextBytes) {
        switch attribute {
        case .fill: out.append(" fill=\"#")
        case .stroke: out.append(" stroke=\"#")
        case .stop: out.append(" stop-color=\"#")
        }
        out.hex(c.r); out.hex(c.g); out.hex(c.b)
        out.append("\"")
        if c.a < 255 {
            switch attribute {
            case .fill: out.append(" fill-opacity=\"")
            case .stroke: out.append(" stroke-opacity=\"")
            case .stop: out.append(" stop-opacity=\"")
            }
            out.decimal(Int64(c.a), 255, digits: 3)
            out.append("\"")
        }
    }

    /// A fill or stroke attribute for paint `reference` (slot + 1; 0 or out of range = none).
    private static func paint(_ reference: UInt32, _ paints: [Paint], attribute: ColorAttribute,
                              into out: inout TextBytes) {
        guard reference > 0, Int(reference) <= paints.count else {
            out.append(attribute == .stroke ? " stroke=\"none\"" : " fill=\"none\"")
            return
        }
        switch paints[Int(reference) - 1] {
        case let .solid(c):
            color(c, attribute: attribute, into: &out)
        case .linear, .radial:
            out.append(attribute == .stroke ? " stroke=\"url(#p" : " fill=\"url(#p")
            out.int(reference)
            out.append(")\"")
        }
    }

    // MARK: - Items

    private static func item(_ item: Item, paints: [Paint], into out: inout TextBytes) {
        switch item.kind {
        case .rect:
            out.append("<rect")
            box(x: item.x, y: item.y, width: item.width, height: item.height,
                cornerRadius: item.cornerRadius, into: &out)
            paint(item.fill, paints, attribute: .fill, into: &out)
            stroke(item, paints, into: &out)
            common(item, into: &out)
            out.append("/>\n")
        case .image:
            image(item, paints: paints, into: &out)
        case .text:
            guard !item.text.isEmpty, item.fill != 0 else { return }
            out.append("<text x=\"")
            out.points(item.x)
            out.append("\" y=\"")
            out.points(item.y &+ item.baseline)
            out.append("\" font-family=\"")
            out.append(fontFamily)
            out.append("\" font-size=\"")
            out.points(item.fontSize)
            out.append("\" font-weight=\"")
            out.int(item.fontWeight)
            out.append("\" style=\"font-kerning:none\"")
            paint(item.fill, paints, attribute: .fill, into: &out)
            common(item, into: &out)
            out.append(">")
            out.text(item.text, escape: xmlEscape)
            out.append("</text>\n")
        case .arc:
            guard item.arcSweep != 0, item.stroke != 0, item.lineWidth > 0,
                  arcRadius(item) > 0 else { return }
            out.append("<path d=\"")
            arcPath(item, into: &out)
            out.append("\" fill=\"none\"")
            stroke(item, paints, into: &out)
            out.append(" stroke-linecap=\"round\"")
            common(item, into: &out)
            out.append("/>\n")
        case .activityIndicator:
            activityIndicator(item, paints: paints, into: &out)
        case .layer:
            break  // drawn by `entries`
        case .host:
            host(item, into: &out)
        }
    }

    /// A stand-in for content the host provides, as the viewer draws it: a light box with a dashed
    /// outline and "host" in the middle (the page's own element goes there when one is bound).
    private static func host(_ item: Item, into out: inout TextBytes) {
        out.append("<g")
        common(item, into: &out)
        out.append("><rect")
        box(x: item.x, y: item.y, width: item.width, height: item.height, cornerRadius: 0, into: &out)
        out.append(" fill=\"#8080801A\" stroke=\"#808080\" stroke-width=\"1\" stroke-dasharray=\"4 3\"/>")
        if item.width >= Fixed.from(40) && item.height >= Fixed.from(16) {
            out.append("<text x=\"")
            out.points(item.x &+ item.width / 2)
            out.append("\" y=\"")
            out.points(item.y &+ item.height / 2 &+ Fixed.from(4))
            out.append("\" font-family=\"")
            out.append(fontFamily)
            out.append("\" font-size=\"12\" text-anchor=\"middle\" fill=\"#808080\">host</text>")
        }
        out.append("</g>\n")
    }

    /// An image placeholder as the viewer draws it: the box in its paint (a translucent grey without
    /// one), a small mountain-and-sun glyph in the middle, then the outline if it has one.
    private static func image(_ item: Item, paints: [Paint], into out: inout TextBytes) {
        out.append("<g")
        common(item, into: &out)
        out.append("><rect")
        box(x: item.x, y: item.y, width: item.width, height: item.height,
            cornerRadius: item.cornerRadius, into: &out)
        if item.fill == 0 {
            color(Color(r: 120, g: 120, b: 128, a: 51), attribute: .fill, into: &out)
        } else {
            paint(item.fill, paints, attribute: .fill, into: &out)
        }
        out.append("/>")
        let w = Fixed.points(item.width), h = Fixed.points(item.height)
        let s = min(abs(w), abs(h)) * 0.5
        if s >= 4 {
            // The glyph spans the middle half of the box, so it never reaches the rounded corners.
            let gx = Fixed.points(item.x) + w / 2 - s / 2
            let gy = Fixed.points(item.y) + h / 2 - s / 2
            out.append("<g fill=\"none\" stroke=\"#000000\" stroke-opacity=\"0.22\" stroke-width=\"")
            out.points(max(1, s / 14))
            out.append("\" stroke-linecap=\"round\" stroke-linejoin=\"round\"><path d=\"")
            let mountains: [(Double, Double)] = [(0, 0.9), (0.35, 0.4), (0.6, 0.7), (0.75, 0.55), (1, 0.9)]
            for (i, (fx, fy)) in mountains.enumerated() {
                out.append(i == 0 ? "M" : " L")
                out.points(gx + s * fx); out.byte(0x20); out.points(gy + s * fy)
            }
            out.append(" Z\"/><circle cx=\"")
            out.points(gx + s * 0.78)
            out.append("\" cy=\"")
            out.points(gy + s * 0.2)
            out.append("\" r=\"")
            out.points(s * 0.12)
            out.append("\"/></g>")
        }
        if item.stroke != 0 && item.lineWidth > 0 {
            out.append("<rect")
            box(x: item.x, y: item.y, width: item.width, height: item.height,
                cornerRadius: item.cornerRadius, into: &out)
            out.append(" fill=\"none\"")
            stroke(item, paints, into: &out)
            out.append("/>")
        }
        out.append("</g>\n")
    }

    /// The activity indicator: 8 spokes around the box centre in the item's fill paint, `lineWidth`
    /// thick with round caps, from half the radius to the edge. The spoke at 12 o'clock (before
    /// `rotation` turns the whole) is the head at full opacity; going anticlockwise the spoke k
    /// behind it has opacity 1 − 0.75·k/7 (docs/PROTOCOL.md, as Web/draw-items.js draws it).
    private static func activityIndicator(_ item: Item, paints: [Paint], into out: inout TextBytes) {
        let radius = min(abs(Fixed.points(item.width)), abs(Fixed.points(item.height))) / 2
        let outer = radius - Fixed.points(item.lineWidth) / 2
        let inner = radius / 2
        guard item.fill != 0, item.lineWidth > 0, outer > inner else { return }
        let cx = Fixed.points(item.x) + Fixed.points(item.width) / 2
        let cy = Fixed.points(item.y) + Fixed.points(item.height) / 2
        out.append("<g fill=\"none\"")
        paint(item.fill, paints, attribute: .stroke, into: &out)
        out.append(" stroke-width=\"")
        out.points(item.lineWidth)
        out.append("\" stroke-linecap=\"round\"")
        common(item, into: &out)
        out.append(">")
        for spoke in 0..<8 {
            let (s, c) = Turns.sinCos(Int64(spoke) * 8192)
            out.append("<line x1=\"")
            out.points(cx + inner * s)
            out.append("\" y1=\"")
            out.points(cy - inner * c)
            out.append("\" x2=\"")
            out.points(cx + outer * s)
            out.append("\" y2=\"")
            out.points(cy - outer * c)
            let behind = (8 - spoke) % 8
            if behind > 0 {
                out.append("\" opacity=\"")
                out.decimal(Int64(((28 - 3 * behind) * 1000 + 14) / 28), 1000, digits: 3)
            }
            out.append("\"/>")
        }
        out.append("</g>\n")
    }

    /// ` x=… y=… width=… height=…` and the corner radius.
    private static func box(x: Int32, y: Int32, width: Int32, height: Int32, cornerRadius: Int32,
                            into out: inout TextBytes) {
        out.append(" x=\"")
        out.points(x)
        out.append("\" y=\"")
        out.points(y)
        out.append("\" width=\"")
        out.points(max(0, width))
        out.append("\" height=\"")
        out.points(max(0, height))
        out.append("\"")
        if cornerRadius > 0 {
            out.append(" rx=\"")
            out.points(cornerRadius)
            out.append("\"")
        }
    }

    private static func stroke(_ item: Item, _ paints: [Paint], into out: inout TextBytes) {
        guard item.stroke != 0, item.lineWidth > 0 else { return }
        paint(item.stroke, paints, attribute: .stroke, into: &out)
        out.append(" stroke-width=\"")
        out.points(item.lineWidth)
        out.append("\"")
    }

    /// Opacity and rotation (about the box centre), shared by every kind.
    private static func common(_ item: Item, into out: inout TextBytes) {
        if item.opacity < 255 {
            out.append(" opacity=\"")
            out.decimal(Int64(item.opacity), 255, digits: 3)
            out.append("\"")
        }
        if item.rotation != 0 {
            out.append(" transform=\"rotate(")
            out.decimal(Int64(item.rotation) * 360, 65536, digits: 3)
            out.byte(0x20)
            out.decimal(Int64(item.x) * 2 + Int64(item.width), 16, digits: 4)
            out.byte(0x20)
            out.decimal(Int64(item.y) * 2 + Int64(item.height), 16, digits: 4)
            out.append(")\"")
        }
    }

    /// The ring's centre line stays inside the box, as the viewer draws it: min(w, h)/2 − lineWidth/2.
    private static func arcRadius(_ item: Item) -> Double {
        min(abs(Fixed.points(item.width)), abs(Fixed.points(item.height))) / 2 - Fixed.points(item.lineWidth) / 2
    }

    /// The arc as path data: centred in the box, from `arcStart` clockwise over `arcSweep`
    /// (turns/65536, 0 = 12 o'clock; a negative sweep goes anticlockwise).
    private static func arcPath(_ item: Item, into out: inout TextBytes) {
        let cx = Fixed.points(item.x) + Fixed.points(item.width) / 2
        let cy = Fixed.points(item.y) + Fixed.points(item.height) / 2
        let r = arcRadius(item)
        func point(_ angle: Int64) -> (Double, Double) {
            let (s, c) = Turns.sinCos(angle)
            return (cx + r * s, cy - r * c)
        }
        func move(_ p: (Double, Double)) {
            out.append("M")
            out.points(p.0); out.byte(0x20); out.points(p.1)
        }
        func arc(to p: (Double, Double), large: Bool, clockwise: Bool) {
            out.append(" A")
            out.points(r); out.byte(0x20); out.points(r)
            out.append(large ? " 0 1 " : " 0 0 ")
            out.append(clockwise ? "1 " : "0 ")
            out.points(p.0); out.byte(0x20); out.points(p.1)
        }
        let start = Int64(item.arcStart)
        let sweep = Int64(item.arcSweep)
        if sweep >= 65536 || sweep <= -65536 {
            // A full ring: two half circles (one arc command cannot end where it starts).
            move(point(start))
            arc(to: point(start + 32768), large: true, clockwise: true)
            arc(to: point(start), large: true, clockwise: true)
            out.append(" Z")
        } else {
            move(point(start))
            arc(to: point(start + sweep), large: sweep > 32768 || sweep < -32768, clockwise: sweep > 0)
        }
    }

    /// XML character data and attribute values: markup characters as entities, characters XML 1.0
    /// does not allow as U+FFFD.
    private static func xmlEscape(_ out: inout TextBytes, _ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x26: out.append("&amp;")
        case 0x3C: out.append("&lt;")
        case 0x3E: out.append("&gt;")
        case 0x22: out.append("&quot;")
        case 0x27: out.append("&apos;")
        case 0x09: out.append("&#9;")
        case 0x0A: out.append("&#10;")
        case 0x0D: out.append("&#13;")
        case 0..<0x20, 0xFFFE, 0xFFFF: out.bytes.append(contentsOf: [0xEF, 0xBF, 0xBD])
        default: return false
        }
        return true
    }
}

/// Sine and cosine of an angle in turns/65536, in plain arithmetic: the core calls no libm
/// transcendental function (their last bit differs between glibc and wasi-libc).
enum Turns {
    static func sinCos(_ angle: Int64) -> (sin: Double, cos: Double) {
        // Reduce to the nearest quarter turn q and a remainder within ±1/8 turn.
        let a = ((angle % 65536) + 65536) % 65536
        let quarter = (a + 8192) / 16384
        let rest = Double(a - quarter * 16384) / 65536 * 2 * Double.pi
        let x2 = rest * rest
        // Taylor series; |rest| ≤ π/4 keeps the error below 1e-11.
        let s = rest * (1 - x2 / 6 * (1 - x2 / 20 * (1 - x2 / 42 * (1 - x2 / 72 * (1 - x2 / 110)))))
        let c = 1 - x2 / 2 * (1 - x2 / 12 * (1 - x2 / 30 * (1 - x2 / 56 * (1 - x2 / 90 * (1 - x2 / 132)))))
        switch quarter % 4 {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }
}
