/// A frame as JSON in the shape Web/wire.js decodes it to (the "JS frame shape" of the brief):
/// raw wire integers (1/8 pt, turns/65536, opacity 0...255, paint slot + 1), colours as unsigned
/// 0xRRGGBBAA numbers, text as a JSON string. Tests compare it with what the JS decoder produces.
///
/// Layout: one key group per line — the frame header, then each paint and each item on a line of
/// its own — so golden files diff line by line.
public enum FrameJSON {
    public static func json(_ frame: Frame) -> [UInt8] {
        var out = TextBytes(capacity: 128 + frame.paints.count * 80 + FrameHash.entryCount(frame.items) * 260)
        out.append("{\"width\":")
        out.int(frame.width)
        out.append(",\"height\":")
        out.int(frame.height)
        out.append(",\"background\":")
        out.int(frame.background.rgba)
        out.append(",\n\"paints\":[")
        for (i, paint) in frame.paints.enumerated() {
            out.append(i == 0 ? "\n" : ",\n")
            self.paint(paint, into: &out)
        }
        out.append(frame.paints.isEmpty ? "],\n\"items\":" : "\n],\n\"items\":")
        entries(frame.items, into: &out)
        out.append("}\n")
        return out.bytes
    }

    /// A child list: each entry on a line of its own; a layer's children follow it, nested.
    private static func entries(_ items: [Item], into out: inout TextBytes) {
        out.append("[")
        for (i, item) in items.enumerated() {
            out.append(i == 0 ? "\n" : ",\n")
            self.item(item, into: &out)
        }
        out.append(items.isEmpty ? "]" : "\n]")
    }

    private static func paint(_ paint: Paint, into out: inout TextBytes) {
        switch paint {
        case let .solid(c):
            out.append("{\"kind\":\"solid\",\"color\":")
            out.int(c.rgba)
            out.append("}")
        case let .linear(x0, y0, x1, y1, stops):
            out.append("{\"kind\":\"linear\",\"x0\":")
            out.int(x0)
            out.append(",\"y0\":")
            out.int(y0)
            out.append(",\"x1\":")
            out.int(x1)
            out.append(",\"y1\":")
            out.int(y1)
            self.stops(stops, into: &out)
            out.append("}")
        case let .radial(cx, cy, radius, stops):
            out.append("{\"kind\":\"radial\",\"cx\":")
            out.int(cx)
            out.append(",\"cy\":")
            out.int(cy)
            out.append(",\"radius\":")
            out.int(radius)
            self.stops(stops, into: &out)
            out.append("}")
        }
    }

    private static func stops(_ stops: [GradientStop], into out: inout TextBytes) {
        out.append(",\"stops\":[")
        for (i, stop) in stops.enumerated() {
            if i > 0 { out.append(",") }
            out.append("{\"offset\":")
            out.int(stop.offset)
            out.append(",\"color\":")
            out.int(stop.color.rgba)
            out.append("}")
        }
        out.append("]")
    }

    /// `{"id": …, then every field of the wire's table by its name (`ItemFields.table`), then a
    /// layer's "children"}`.
    private static func item(_ item: Item, into out: inout TextBytes) {
        out.append("{\"id\":")
        out.int(item.id)
        var fields = JSONFields()
        ItemFields.table(&fields, item, item, &out)
        if item.isLayer {
            out.append(",\"children\":")
            entries(item.children, into: &out)
        }
        out.append("}")
    }

    /// Writes each field of the table as `,"name":value`.
    private struct JSONFields: ItemFieldVisitor {
        typealias Context = TextBytes
        typealias Failure = Never
        mutating func field<E: ItemFieldEncoding>(_ field: ItemFields, _ name: StaticString, _ words: StaticString,
                                                  _ encoding: E.Type, _ a: E.Value, _ b: E.Value, _ set: (inout Item, E.Value) -> Void,
                                                  _ out: inout TextBytes) {
            out.append(",\"")
            out.append(name)
            out.append("\":")
            E.json(a, into: &out)
        }
    }

    /// `text` as a JSON string, quotes included, escaped as below: a text field's value.
    static func string(_ text: [UInt8], into out: inout TextBytes) {
        out.append("\"")
        out.text(text, escape: jsonEscape)
        out.append("\"")
    }

    /// `text` as a JSON string literal, quotes included, escaped as a frame's texts are (for tools
    /// that print names and texts: `veil test`'s words, the server's scene list).
    public static func stringLiteral(_ text: [UInt8]) -> [UInt8] {
        var out = TextBytes(capacity: text.count + 2)
        string(text, into: &out)
        return out.bytes
    }

    /// JSON string escapes: quote, backslash and control characters (as \n, \t… or \u00XX).
    private static func jsonEscape(_ out: inout TextBytes, _ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x22: out.append("\\\"")
        case 0x5C: out.append("\\\\")
        case 0x0A: out.append("\\n")
        case 0x0D: out.append("\\r")
        case 0x09: out.append("\\t")
        case 0x08: out.append("\\b")
        case 0x0C: out.append("\\f")
        case 0..<0x20, 0x7F:
            out.append("\\u00")
            out.hex(UInt8(scalar))
        default: return false
        }
        return true
    }
}
