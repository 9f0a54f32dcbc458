/// A strict JSON (RFC 8259) parser over UTF-8 bytes. It accepts exactly the JSON grammar — no comments,
/// no trailing commas, no byte order mark, no leading zeros, no duplicate keys — validates UTF-8 and
/// escapes, and bounds nesting depth and string length. Every error carries the byte offset of what is
/// wrong and says what was expected there.
struct JSONParser {
    private let bytes: [UInt8]
    private let maxDepth: Int
    private let maxStringBytes: Int
    private var pos = 0
    private var depth = 0

    private init(_ bytes: [UInt8], maxDepth: Int, maxStringBytes: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        self.maxStringBytes = maxStringBytes
    }

    /// Parses one JSON value filling the whole input (whitespace around it is allowed).
    static func parse(_ bytes: [UInt8], maxDepth: Int = Limits.maxDepth,
                      maxStringBytes: Int = Limits.maxTextBytes) throws(JSONError) -> JSONValue {
        var parser = JSONParser(bytes, maxDepth: maxDepth, maxStringBytes: maxStringBytes)
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            throw JSONError(offset: 0, message: "a byte order mark is not allowed; save the file as UTF-8 without BOM")
        }
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.pos < bytes.count {
            throw parser.error("expected end of input after the JSON value, found \(parser.found())")
        }
        return value
    }

    // MARK: - Values

    private mutating func parseValue() throws(JSONError) -> JSONValue {
        guard let byte = peek() else { throw error("expected a value, found end of input") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""):
            let start = pos
            return JSONValue(kind: .string(try parseString()), offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        default: throw error("expected a value, found \(found())")
        }
    }

    private mutating func parseLiteral(_ word: StaticString, _ kind: JSONValue.Kind) throws(JSONError) -> JSONValue {
        let start = pos
        let count = word.utf8CodeUnitCount
        var matches = pos + count <= bytes.count
        if matches {
            let wordBytes = word.utf8Start
            for i in 0..<count where bytes[pos + i] != wordBytes[i] { matches = false; break }
        }
        guard matches else { throw error("expected true, false or null") }
        pos += count
        return JSONValue(kind: kind, offset: start)
    }

    private mutating func enterContainer() throws(JSONError) {
        depth += 1
        if depth > maxDepth { throw error("nesting deeper than \(maxDepth) levels") }
    }

    private mutating func parseObject() throws(JSONError) -> JSONValue {
        let start = pos
        try enterContainer()
        pos += 1
        skipWhitespace()
        var members: [JSONMember] = []
        var keySet = KeyTable<[UInt8], Bool>()  // used once an object is large; small ones are scanned
        if peek() == UInt8(ascii: "}") {
            pos += 1
            depth -= 1
            return JSONValue(kind: .object(members), offset: start)
        }
        while true {
            guard peek() == UInt8(ascii: "\"") else {
                throw error(members.isEmpty
                    ? "expected a string key or \"}\" in an object, found \(found())"
                    : "expected a string key after \",\", found \(found())")
            }
            let keyOffset = pos
            let key = try parseString()
            if Self.isDuplicate(key, in: members, set: &keySet) {
                throw JSONError(offset: keyOffset, message: "duplicate key \"\(Self.display(key))\" in an object")
            }
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else {
                throw error("expected \":\" after the key \"\(Self.display(key))\", found \(found())")
            }
            pos += 1
            skipWhitespace()
            let value = try parseValue()
            members.append(JSONMember(key: key, keyOffset: keyOffset, value: value))
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","):
                pos += 1
                skipWhitespace()
            case UInt8(ascii: "}"):
                pos += 1
                depth -= 1
                return JSONValue(kind: .object(members), offset: start)
            default:
                throw error("expected \",\" or \"}\" after an object member, found \(found())")
            }
        }
    }

    /// Small objects are checked by scanning; from 16 members on, a set keeps this linear.
    private static func isDuplicate(_ key: [UInt8], in members: [JSONMember], set: inout KeyTable<[UInt8], Bool>) -> Bool {
        if members.count < 16 {
            for m in members where m.key == key { return true }
            return false
        }
        if set.count == 0 { for m in members { set[m.key] = true } }
        return !set.insert(key, true)
    }

    private mutating func parseArray() throws(JSONError) -> JSONValue {
        let start = pos
        try enterContainer()
        pos += 1
        skipWhitespace()
        var elements: [JSONValue] = []
        if peek() == UInt8(ascii: "]") {
            pos += 1
            depth -= 1
            return JSONValue(kind: .array(elements), offset: start)
        }
        while true {
            elements.append(try parseValue())
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","):
                pos += 1
                skipWhitespace()
                if peek() == UInt8(ascii: "]") { throw error("expected a value after \",\", found \"]\" (trailing commas are not allowed)") }
            case UInt8(ascii: "]"):
                pos += 1
                depth -= 1
                return JSONValue(kind: .array(elements), offset: start)
            default:
                throw error("expected \",\" or \"]\" after an array element, found \(found())")
            }
        }
    }

    // MARK: - Strings

    private mutating func parseString() throws(JSONError) -> [UInt8] {
        let start = pos
        pos += 1
        var out: [UInt8] = []
        while true {
            guard pos < bytes.count else {
                throw JSONError(offset: start, message: "unexpected end of input inside a string")
            }
            let byte = bytes[pos]
            switch byte {
            case UInt8(ascii: "\""):
                pos += 1
                return out
            case UInt8(ascii: "\\"):
                try parseEscape(stringStart: start, into: &out)
            case 0..<0x20:
                throw error("control character 0x\(Self.hex(UInt32(byte), digits: 2)) in a string; write it as an escape such as \\n or \\u00\(Self.hex(UInt32(byte), digits: 2))")
            case 0x20..<0x80:
                out.append(byte)
                pos += 1
            default:
                let length = try utf8SequenceLength(at: pos)
                out.append(contentsOf: bytes[pos..<pos + length])
                pos += length
            }
            if out.count > maxStringBytes {
                throw JSONError(offset: start, message: "string longer than \(maxStringBytes) bytes")
            }
        }
    }

    private mutating func parseEscape(stringStart: Int, into out: inout [UInt8]) throws(JSONError) {
        let escape = pos
        pos += 1
        guard let byte = peek() else {
            throw JSONError(offset: stringStart, message: "unexpected end of input inside a string")
        }
        pos += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(byte)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4(escape: escape, stringStart: stringStart)
            if (0xDC00...0xDFFF).contains(scalar) {
                throw JSONError(offset: escape, message: "unpaired low surrogate \\u\(Self.hex(scalar, digits: 4)); it must follow a high surrogate \\uD800...\\uDBFF")
            }
            if (0xD800...0xDBFF).contains(scalar) {
                let second = pos
                guard pos + 1 < bytes.count, bytes[pos] == UInt8(ascii: "\\"), bytes[pos + 1] == UInt8(ascii: "u") else {
                    throw JSONError(offset: escape, message: "high surrogate \\u\(Self.hex(scalar, digits: 4)) must be followed by a low surrogate \\uDC00...\\uDFFF")
                }
                pos += 2
                let low = try parseHex4(escape: second, stringStart: stringStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw JSONError(offset: escape, message: "high surrogate \\u\(Self.hex(scalar, digits: 4)) must be followed by a low surrogate \\uDC00...\\uDFFF")
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            Self.appendUTF8(scalar, to: &out)
        default:
            pos = escape
            throw error("invalid escape \\\(Self.display([byte])) in a string; expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
        }
    }

    private mutating func parseHex4(escape: Int, stringStart: Int) throws(JSONError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek() else {
                throw JSONError(offset: stringStart, message: "unexpected end of input inside a string")
            }
            guard let digit = Self.hexDigit(byte) else {
                throw JSONError(offset: escape, message: "expected 4 hex digits after \\u")
            }
            value = value << 4 | UInt32(digit)
            pos += 1
        }
        return value
    }

    /// Length of the valid UTF-8 sequence at `i` (Unicode 15, table 3-7: no overlongs, no surrogates,
    /// nothing above U+10FFFF; the one decoder of the core, `ScalarText.decode`).
    private func utf8SequenceLength(at i: Int) throws(JSONError) -> Int {
        let (scalar, length) = ScalarText.decode(bytes, at: i, end: bytes.count)
        if scalar != nil { return length }
        let lead = bytes[i]
        if lead < 0xC2 || lead > 0xF4 {
            throw JSONError(offset: i, message: "invalid UTF-8 byte 0x\(Self.hex(UInt32(lead), digits: 2))")
        }
        throw JSONError(offset: i, message: "invalid UTF-8 sequence starting with byte 0x\(Self.hex(UInt32(lead), digits: 2))")
    }

    // MARK: - Numbers

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, converted by `JSONNumber`.
    private mutating func parseNumber() throws(JSONError) -> JSONValue {
        let start = pos
        var negative = false
        if peek() == UInt8(ascii: "-") {
            negative = true
            pos += 1
        }
        guard let first = peek(), Self.isDigit(first) else {
            throw error("expected a digit after \"-\", found \(found())")
        }
        if first == UInt8(ascii: "0"), pos + 1 < bytes.count, Self.isDigit(bytes[pos + 1]) {
            throw JSONError(offset: start, message: "leading zeros are not allowed in numbers")
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        while let byte = peek(), Self.isDigit(byte) {
            let d = UInt64(byte - UInt8(ascii: "0"))
            if digits < JSONNumber.maxMantissaDigits {
                if mantissa != 0 || d != 0 {
                    mantissa = mantissa &* 10 &+ d  // < 10^19: cannot overflow
                    digits += 1
                }
            } else {
                exponent += 1
            }
            pos += 1
        }
        if peek() == UInt8(ascii: ".") {
            pos += 1
            guard let byte = peek(), Self.isDigit(byte) else {
                throw error("expected a digit after the decimal point, found \(found())")
            }
            while let byte = peek(), Self.isDigit(byte) {
                let d = UInt64(byte - UInt8(ascii: "0"))
                if digits < JSONNumber.maxMantissaDigits {
                    if mantissa != 0 || d != 0 {
                        mantissa = mantissa &* 10 &+ d  // < 10^19: cannot overflow
                        digits += 1
                    }
                    exponent -= 1
                }
                pos += 1
            }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            pos += 1
            var exponentNegative = false
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") {
                exponentNegative = peek() == UInt8(ascii: "-")
                pos += 1
            }
            guard let byte = peek(), Self.isDigit(byte) else {
                throw error("expected a digit in the exponent, found \(found())")
            }
            var written = 0
            while let byte = peek(), Self.isDigit(byte) {
                // Capped: far beyond any finite double, and no Int overflow on absurd exponents.
                written = min(written * 10 + Int(byte - UInt8(ascii: "0")), 1_000_000)
                pos += 1
            }
            exponent += exponentNegative ? -written : written
        }
        let value = JSONNumber.value(mantissa: mantissa, exponent: exponent, negative: negative)
        guard value.isFinite else {
            throw JSONError(offset: start, message: "number out of range")
        }
        return JSONValue(kind: .number(value), offset: start)
    }

    // MARK: - Bytes

    private func peek() -> UInt8? { pos < bytes.count ? bytes[pos] : nil }

    private mutating func skipWhitespace() {
        while let byte = peek(),
              byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
            pos += 1
        }
    }

    private func error(_ message: UTF8Text) -> JSONError { JSONError(offset: pos, message: message) }

    /// What is at the current position, for "found …" in messages.
    private func found() -> UTF8Text {
        guard let byte = peek() else { return "end of input" }
        switch byte {
        case UInt8(ascii: "\""): return "a string"
        case 0x21...0x7E: return "\"\(Self.display([byte]))\""
        case UInt8(ascii: " "): return "a space"
        case 0..<0x20, 0x7F: return "control character 0x\(Self.hex(UInt32(byte), digits: 2))"
        default:
            if let length = try? utf8SequenceLength(at: pos) {
                return "\"\(Array(bytes[pos..<pos + length]))\""
            }
            return "invalid UTF-8 byte 0x\(Self.hex(UInt32(byte), digits: 2))"
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            out.append(UInt8(scalar))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | scalar >> 6))
            out.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | scalar >> 12))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        default:
            out.append(UInt8(0xF0 | scalar >> 18))
            out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// Uppercase hexadecimal, zero-padded to `digits`.
    static func hex(_ value: UInt32, digits: Int) -> [UInt8] {
        let symbols: [UInt8] = utf8("0123456789ABCDEF")
        var out: [UInt8] = []
        for i in stride(from: digits - 1, through: 0, by: -1) {
            out.append(symbols[Int(value >> UInt32(4 * i) & 0xF)])
        }
        return out
    }

    /// Text from the input for an error message: control characters shown as "?", at most 40 bytes
    /// (cut on a character boundary, "…" added).
    static func display(_ text: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        for byte in text {
            if out.count >= 40 && byte & 0xC0 != 0x80 {
                out.append(contentsOf: [0xE2, 0x80, 0xA6])  // …
                break
            }
            out.append(byte < 0x20 || byte == 0x7F ? UInt8(ascii: "?") : byte)
        }
        return out
    }
}
