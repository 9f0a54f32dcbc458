/// Reads the wire primitives from a byte array, throwing `WireError` (with the offset) on truncated
/// or malformed input. Never traps.
struct ByteReader {
    let bytes: [UInt8]
    private(set) var offset: Int

    init(_ bytes: [UInt8], offset: Int = 0) { self.bytes = bytes; self.offset = offset }

    var remaining: Int { bytes.count - offset }
    var isAtEnd: Bool { offset >= bytes.count }

    func error(_ reason: String) -> WireError { WireError(offset: offset, reason: reason) }

    mutating func byte() throws(WireError) -> UInt8 {
        guard offset < bytes.count else { throw error("message ends early") }
        let b = bytes[offset]
        offset += 1
        return b
    }

    /// LEB128, at most 5 bytes, value at most 2^32 - 1.
    mutating func varint() throws(WireError) -> UInt32 {
        let start = offset
        var value: UInt32 = 0
        var shift: UInt32 = 0
        while true {
            let b = try byte()
            if shift == 28 && b > 0x0F {
                throw WireError(offset: start, reason: "varint exceeds 32 bits")
            }
            value |= UInt32(b & 0x7F) << shift
            if b < 0x80 { return value }
            shift += 7
        }
    }

    mutating func zigzag() throws(WireError) -> Int32 { Zigzag.decode(try varint()) }

    mutating func color() throws(WireError) -> Color {
        guard remaining >= 4 else { offset = bytes.count; throw error("message ends early") }
        let c = Color(r: bytes[offset], g: bytes[offset + 1], b: bytes[offset + 2], a: bytes[offset + 3])
        offset += 4
        return c
    }

    mutating func uint32LE() throws(WireError) -> UInt32 {
        guard remaining >= 4 else { offset = bytes.count; throw error("message ends early") }
        let v = UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8
            | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
        offset += 4
        return v
    }

    mutating func float64LE() throws(WireError) -> Double {
        let low = try uint32LE(), high = try uint32LE()
        return Double(bitPattern: UInt64(high) << 32 | UInt64(low))
    }

    /// A count bounded by `max` and by the bytes left (each element takes at least `minBytes`), so a
    /// lying count fails here instead of allocating.
    mutating func count(max: Int, minBytes: Int = 1, of what: String) throws(WireError) -> Int {
        let start = offset
        let raw = try varint()
        // Compare before converting: on wasm32 `Int` is 32 bits.
        guard raw <= UInt32(max) else {
            throw WireError(offset: start, reason: "\(raw) \(what) exceed the limit of \(max)")
        }
        let n = Int(raw)
        guard n * minBytes <= remaining else {
            throw WireError(offset: start, reason: "\(n) \(what) do not fit in the \(remaining) bytes left")
        }
        return n
    }

    /// A varint no larger than `max` (an index or a gap between indices), as an Int.
    mutating func bounded(max: Int, of what: String) throws(WireError) -> Int {
        let start = offset
        let raw = try varint()
        guard raw <= UInt32(max) else {
            throw WireError(offset: start, reason: "\(what) \(raw) exceeds \(max)")
        }
        return Int(raw)
    }

    /// Varint length then that many bytes of valid UTF-8. (`what` goes into error messages only.)
    mutating func utf8(max: Int, of what: StaticString) throws(WireError) -> [UInt8] {
        let start = offset
        let raw = try varint()
        guard raw <= UInt32(max) else {
            throw WireError(offset: start, reason: "\(raw) bytes of \(what.description) exceed the limit of \(max)")
        }
        let n = Int(raw)
        guard n <= remaining else {
            throw WireError(offset: start, reason: "\(n) bytes of \(what.description) do not fit in the \(remaining) bytes left")
        }
        let slice = bytes[offset ..< offset + n]
        guard UTF8Validation.isValid(slice) else { throw error("\(what.description) is not valid UTF-8") }
        offset += n
        return Array(slice)
    }

    /// The next `n` bytes (n was checked against what is left).
    mutating func take(_ n: Int) throws(WireError) -> [UInt8] {
        guard n <= remaining else { throw error("message ends early") }
        defer { offset += n }
        return Array(bytes[offset ..< offset + n])
    }
}
