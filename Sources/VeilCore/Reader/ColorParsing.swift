/// Colours in scene files: "#RGB", "#RRGGBB" or "#RRGGBBAA" (hex digits in either case; alpha defaults
/// to FF; "#RGB" doubles each digit, as in CSS), or a semantic colour's name ("label", "card"…:
/// SemanticColor), resolved per appearance when drawn.
enum ColorParsing {
    static let expected = "a colour \"#RGB\", \"#RRGGBB\", \"#RRGGBBAA\" or a semantic colour (\"label\", \"background\", \"card\"…)"

    static func parse(_ text: [UInt8]) -> Color? {
        guard let hash = text.first else { return nil }
        guard hash == UInt8(ascii: "#") else { return SemanticColor.named(text) }
        var nibbles: [UInt8] = []
        for byte in text.dropFirst() {
            guard let n = hexValue(byte) else { return nil }
            nibbles.append(n)
        }
        switch nibbles.count {
        case 3:
            return Color(r: nibbles[0] * 17, g: nibbles[1] * 17, b: nibbles[2] * 17)
        case 6, 8:
            var channels: [UInt8] = []
            var i = 0
            while i < nibbles.count {
                channels.append(nibbles[i] << 4 | nibbles[i + 1])
                i += 2
            }
            return Color(r: channels[0], g: channels[1], b: channels[2], a: channels.count == 4 ? channels[3] : 255)
        default:
            return nil
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
