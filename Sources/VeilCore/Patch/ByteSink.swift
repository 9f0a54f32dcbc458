/// Where encoded bytes go: a `ByteWriter` (the wire) or an `FNV1a` hash (FrameHash). The frame
/// encoder is written once against this protocol, so the frame hash is, by construction, the hash of
/// exactly the bytes of a keyframe body — and needs no buffer.
public protocol ByteSink {
    mutating func write(_ byte: UInt8)
}

extension ByteSink {
    @inline(never)  // for size: the encoders call it from many places
    public mutating func write(_ bytes: [UInt8]) {
        for b in bytes { write(b) }
    }

    /// Unsigned LEB128: 7 bits a byte, least significant group first, high bit = more follows.
    @inline(never)  // for size: the encoders call it from many places
    public mutating func writeVarint(_ value: UInt32) {
        var v = value
        while v >= 0x80 {
            write(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        write(UInt8(truncatingIfNeeded: v))
    }

    public mutating func writeVarint(_ value: Int) {
        writeVarint(UInt32(truncatingIfNeeded: value))
    }

    /// Signed values: zigzag (0, -1, 1, -2, … → 0, 1, 2, 3, …) then LEB128, so small magnitudes stay small.
    @inline(never)  // for size: the encoders call it from many places
    public mutating func writeZigzag(_ value: Int32) {
        writeVarint(Zigzag.encode(value))
    }

    /// Four bytes R, G, B, A.
    @inline(never)  // for size: the encoders call it from many places
    public mutating func writeColor(_ color: Color) {
        write(color.r); write(color.g); write(color.b); write(color.a)
    }

    @inline(never)  // for size: the encoders call it from many places
    public mutating func writeUInt32LE(_ value: UInt32) {
        write(UInt8(truncatingIfNeeded: value))
        write(UInt8(truncatingIfNeeded: value >> 8))
        write(UInt8(truncatingIfNeeded: value >> 16))
        write(UInt8(truncatingIfNeeded: value >> 24))
    }

    /// An IEEE 754 double, little-endian (a motion's times and geometry).
    public mutating func writeFloat64LE(_ value: Double) {
        let bits = value.bitPattern
        writeUInt32LE(UInt32(truncatingIfNeeded: bits))
        writeUInt32LE(UInt32(truncatingIfNeeded: bits >> 32))
    }

    /// Varint length, then the bytes (UTF-8 text, event names).
    public mutating func writeLengthPrefixed(_ bytes: [UInt8]) {
        writeVarint(bytes.count)
        write(bytes)
    }
}

public enum Zigzag {
    public static func encode(_ v: Int32) -> UInt32 {
        UInt32(bitPattern: (v << 1) ^ (v >> 31))
    }
    public static func decode(_ u: UInt32) -> Int32 {
        Int32(bitPattern: u >> 1) ^ -Int32(bitPattern: u & 1)
    }
}
