/// Frame coordinates are fixed-point: 1/8 of a point. Quantizing once, when the frame is built,
/// makes frames compare exactly, keeps the wire compact, and makes native and wasm agree bit for bit.
public enum Fixed {
    public static let scale: Double = 8

    /// Points → 1/8 pt, rounded to nearest, clamped to ±2^30 (NaN → 0).
    public static func from(_ points: Double) -> Int32 {
        if points.isNaN { return 0 }
        return Int32.clamped((points * scale).rounded(), to: -1_073_741_824...1_073_741_824)
    }

    public static func points(_ fixed: Int32) -> Double { Double(fixed) / scale }

    /// Angles are in 1/65536 of a turn.
    public static func angle(turns: Double) -> Int32 {
        Int32.clamped((turns * 65536).rounded(), to: -1_073_741_824...1_073_741_824)
    }

    /// Opacity 0...1 → 0...255, rounded to nearest (clamped).
    public static func opacity(_ value: Double) -> UInt8 { UInt8.clamped((value * 255).rounded(), to: 0...255) }
}
