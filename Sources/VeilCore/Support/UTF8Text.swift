/// The text of an error message, written like a String literal with interpolations
/// (`"unknown key \"\(display(key))\" in \(what)"`) but built as UTF-8 bytes by the few out-of-line
/// functions below. String interpolation and appending compiled inline at each of the core's ~100
/// throw sites, and pulled the String appending machinery into veil.wasm.
///
/// Interpolated integers are written in decimal, Strings and `[UInt8]` (UTF-8) as they are, so the
/// text is the same as the String interpolation it replaces.
public struct UTF8Text: ExpressibleByStringInterpolation, Equatable, Sendable {
    public var bytes: [UInt8]

    @inline(never)  // for size: a message literal at each of ~50 sites
    public init(stringLiteral literal: StaticString) {
        var interpolation = Interpolation(literalCapacity: 0, interpolationCount: 0)
        interpolation.appendLiteral(literal)
        bytes = interpolation.bytes
    }

    public init(stringInterpolation: Interpolation) { bytes = stringInterpolation.bytes }

    mutating func append(_ text: UTF8Text) { bytes.append(contentsOf: text.bytes) }

    /// The text as a String (the type the error structs keep).
    /// Ill-formed UTF-8 (which the core never builds) becomes U+FFFD per maximal subpart, exactly as
    /// `String(decoding:as:)` does; not that initializer itself, whose repairing appends link String's
    /// appending and foreign-string paths into veil.wasm.
    public var string: String {
        @inline(never) get {
            if let text = String(validating: bytes, as: UTF8.self) { return text }
            var repaired: [UInt8] = []
            var i = 0
            while i < bytes.count {
                let (scalar, length) = ScalarText.decode(bytes, at: i, end: bytes.count)
                repaired.append(contentsOf: scalar == nil ? [0xEF, 0xBF, 0xBD] : bytes[i..<(i + length)])
                i += length
            }
            return String(validating: repaired, as: UTF8.self) ?? ""
        }
    }

    public struct Interpolation: StringInterpolationProtocol, Sendable {
        public typealias StringLiteralType = StaticString

        var bytes: [UInt8] = []

        public init(literalCapacity: Int, interpolationCount: Int) {}

        @inline(never)
        public mutating func appendLiteral(_ literal: StaticString) {
            literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
        }

        @inline(never)
        public mutating func appendInterpolation(_ text: [UInt8]) {
            bytes.append(contentsOf: text)
        }

        @inline(never)
        public mutating func appendInterpolation(_ text: String) {
            // Native strings (every string in Embedded Swift and on Linux) are contiguous UTF-8.
            // Not `text.utf8` as a collection: its index handling links String's foreign-string paths.
            let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
            if copied == nil {
                for scalar in text.unicodeScalars { JSONParser.appendUTF8(scalar.value, to: &bytes) }
            }
        }

        public mutating func appendInterpolation(_ text: UTF8Text) {
            appendInterpolation(text.bytes)
        }

        /// Out of line for `Int`, the type of nearly every interpolated number (a hundred sites).
        @inline(never)
        public mutating func appendInterpolation(_ value: Int) {
            appendDecimal(negative: value < 0, UInt64(value.magnitude))
        }

        @inline(never)  // for size: the other integer types
        public mutating func appendInterpolation<T: BinaryInteger>(_ value: T) {
            appendDecimal(negative: value < 0, UInt64(value.magnitude))
        }

        @inline(never)
        mutating func appendDecimal(negative: Bool, _ magnitude: UInt64) {
            if negative { bytes.append(UInt8(ascii: "-")) }
            var unit: UInt64 = 1  // the place value of the first digit
            while magnitude / unit >= 10 { unit *= 10 }
            repeat {
                bytes.append(UInt8(ascii: "0") + UInt8(magnitude / unit % 10))
                unit /= 10
            } while unit > 0
        }
    }
}

/// The bytes of a literal (reader table names, id suffixes). One out-of-line function, and not
/// `Array("…".utf8)`: converting a `String` inline at a few hundred table entries grew veil.wasm,
/// and copying a String's UTF-8 view links String's foreign-string paths.
@inline(never)
func utf8(_ literal: StaticString) -> [UInt8] {
    literal.withUTF8Buffer { Array($0) }
}

extension StaticString {
    /// Whether the literal's bytes are `bytes`: reader tables match keys against their names
    /// without copying them.
    @inline(never)
    func equals(_ bytes: [UInt8]) -> Bool {
        guard utf8CodeUnitCount == bytes.count else { return false }
        return withUTF8Buffer { name in
            bytes.withUnsafeBufferPointer { key in
                for i in 0..<key.count where name[i] != key[i] { return false }
                return true
            }
        }
    }
}
