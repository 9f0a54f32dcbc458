/// The 32-bit hash a message carries of the frame it produces: FNV-1a over the frame's canonical
/// serialization, which is the keyframe body (docs/PROTOCOL.md, "Frame hash"). A mirror recomputes
/// it after applying a message; a mismatch means it lost track and needs a keyframe.
public enum FrameHash {
    public static func of(_ frame: Frame) -> UInt32 {
        var hasher = FNV1a()
        FrameCoding.write(frame, to: &hasher)
        return hasher.value
    }

    public static func of(bytes: ArraySlice<UInt8>) -> UInt32 {
        var hasher = FNV1a()
        for b in bytes { hasher.write(b) }
        return hasher.value
    }
}

/// 32-bit FNV-1a as a byte sink: offset basis 2166136261, prime 16777619.
public struct FNV1a: ByteSink {
    public private(set) var value: UInt32 = 2_166_136_261
    public init() {}
    @inline(__always)
    public mutating func write(_ byte: UInt8) {
        value = (value ^ UInt32(byte)) &* 16_777_619
    }
}
