/// Collects encoded bytes in an array.
public struct ByteWriter: ByteSink {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 64) { bytes.reserveCapacity(capacity) }

    public mutating func write(_ byte: UInt8) { bytes.append(byte) }

    public mutating func write(_ other: [UInt8]) { bytes.append(contentsOf: other) }

    /// Overwrites four bytes at `offset` (the hash of a keyframe is known only after its body).
    mutating func patchUInt32LE(_ value: UInt32, at offset: Int) {
        bytes[offset] = UInt8(truncatingIfNeeded: value)
        bytes[offset + 1] = UInt8(truncatingIfNeeded: value >> 8)
        bytes[offset + 2] = UInt8(truncatingIfNeeded: value >> 16)
        bytes[offset + 3] = UInt8(truncatingIfNeeded: value >> 24)
    }
}
