/// Builds UTF-8 text (SVG, JSON) as bytes, with numbers written digit by digit.
/// Double → String would pull extra runtime pieces into the wasm module, and exports must be the
/// same bytes everywhere, so every number here is an integer or an exact fixed-point fraction.
struct TextBytes {
    var bytes: [UInt8] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// ASCII literal text (tags, keys): written as is. Out of line (for size): messages and JSON
    /// writers append literals at many places.
    @inline(never)
    mutating func append(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func byte(_ b: UInt8) { bytes.append(b) }

    mutating func int<T: BinaryInteger>(_ value: T) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        unsigned(UInt64(value.magnitude))
    }

    mutating func unsigned(_ value: UInt64) {
        var digits: [UInt8] = []
        var v = value
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(v % 10))
            v /= 10
        } while v > 0
        bytes.append(contentsOf: digits.reversed())
    }

    /// numerator / denominator rounded to nearest (halves away from zero) with at most
    /// `digits` fractional digits, trailing zeros dropped: decimal(1, 8, 3) → "0.125".
    mutating func decimal(_ numerator: Int64, _ denominator: Int64, digits: Int) {
        precondition(denominator > 0 && digits >= 0 && digits <= 6)
        var scale: Int64 = 1
        for _ in 0..<digits { scale *= 10 }
        let negative = numerator < 0
        let magnitude = negative ? -numerator : numerator
        let scaled = (magnitude * scale * 2 + denominator) / (denominator * 2)
        if negative && scaled != 0 { bytes.append(UInt8(ascii: "-")) }
        unsigned(UInt64(scaled / scale))
        var fraction = scaled % scale
        if fraction == 0 { return }
        var width = digits
        while fraction % 10 == 0 { fraction /= 10; width -= 1 }
        bytes.append(UInt8(ascii: "."))
        var divisor: Int64 = 1
        for _ in 1..<width { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
            divisor /= 10
        }
    }

    /// A frame coordinate (1/8 pt) in points: exact, at most three fractional digits.
    mutating func points(_ fixed: Int32) { decimal(Int64(fixed), 8, digits: 3) }

    /// A value in points computed in Double (arc end points), to the nearest 1/1000 pt.
    mutating func points(_ value: Double) {
        decimal(Int64.clamped((value * 1000).rounded(), to: -1_000_000_000_000...1_000_000_000_000), 1000, digits: 3)
    }

    /// Two lowercase hex digits.
    mutating func hex(_ b: UInt8) {
        let digits: StaticString = "0123456789abcdef"
        digits.withUTF8Buffer { d in
            bytes.append(d[Int(b >> 4)])
            bytes.append(d[Int(b & 15)])
        }
    }

    /// Appends `text` (UTF-8), escaping each scalar with `escape` (which returns false to copy it
    /// as is). Invalid UTF-8 becomes U+FFFD, so the output is always valid UTF-8.
    mutating func text(_ text: [UInt8], escape: (inout TextBytes, UInt32) -> Bool) {
        var i = 0
        while i < text.count {
            let (scalar, length) = UTF8Scan.scalar(in: text, at: i)
            if !escape(&self, scalar) {
                if length > 0 {
                    bytes.append(contentsOf: text[i..<(i + length)])
                } else {
                    bytes.append(contentsOf: [0xEF, 0xBF, 0xBD])
                }
            }
            i += max(length, 1)
        }
    }
}

/// Decoding one scalar from UTF-8 bytes without the standard library's Unicode machinery.
enum UTF8Scan {
    /// The scalar at `i` and its byte length; length 0 (scalar U+FFFD) for an invalid byte,
    /// which the caller skips one byte at a time.
    static func scalar(in b: [UInt8], at i: Int) -> (UInt32, Int) {
        let b0 = b[i]
        if b0 < 0x80 { return (UInt32(b0), 1) }
        let length: Int
        var value: UInt32
        var minimum: UInt32
        switch b0 {
        case 0xC2...0xDF: length = 2; value = UInt32(b0 & 0x1F); minimum = 0x80
        case 0xE0...0xEF: length = 3; value = UInt32(b0 & 0x0F); minimum = 0x800
        case 0xF0...0xF4: length = 4; value = UInt32(b0 & 0x07); minimum = 0x10000
        default: return (0xFFFD, 0)
        }
        guard i + length <= b.count else { return (0xFFFD, 0) }
        for k in 1..<length {
            let c = b[i + k]
            guard c & 0xC0 == 0x80 else { return (0xFFFD, 0) }
            value = value << 6 | UInt32(c & 0x3F)
        }
        if value < minimum || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF) {
            return (0xFFFD, 0)
        }
        return (value, length)
    }
}
