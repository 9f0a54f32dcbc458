/// Frame coordinates are fixed-point: 1/8 of a point. Quantizing once, when the frame is built,
/// makes frames compare exactly, keeps the wire compact, and makes native and wasm agree bit for bit.
public enum Fixed {
    public static let scale: Double = 8

    /// Points → 1/8 pt, rounded to nearest, clamped to ±2^30 (NaN → 0).
    public static func from(_ points: Double) -> Int32 {
        if points.isNaN { return 0 }
        let v = (points * scale).rounded()
        if v > 1_073_741_824 { return 1_073_741_824 }
        if v < -1_073_741_824 { return -1_073_741_824 }
        return Int32(v)
    }

    public static func points(_ fixed: Int32) -> Double { Double(fixed) / scale }

    /// Angles are in 1/65536 of a turn.
    public static func angle(turns: Double) -> Int32 {
        if turns.isNaN { return 0 }
        let v = (turns * 65536).rounded()
        return Int32(max(-1_073_741_824, min(1_073_741_824, v)))
    }

    /// Opacity 0...1 → 0...255, rounded to nearest (clamped).
    public static func opacity(_ value: Double) -> UInt8 { UInt8((min(1, max(0, value)) * 255).rounded()) }
}
