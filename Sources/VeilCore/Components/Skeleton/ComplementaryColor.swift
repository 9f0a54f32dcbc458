/// SkeletonView's complementary colour: a light colour (perceived brightness
/// (299 R + 587 G + 114 B) / 1000 ≥ 0.5) is darkened to 94 % of its HSB brightness, a dark one
/// lightened to 135 % (brightness capped at 1). Scaling HSB brightness with hue and saturation kept
/// scales every channel by the same factor, so this is plain arithmetic. Alpha is kept.
extension Color {
    public var skeletonComplementary: Color {
        let r = Double(self.r) / 255, g = Double(self.g) / 255, b = Double(self.b) / 255
        let perceived = (r * 299 + g * 587 + b * 114) / 1000
        let brightness = max(r, max(g, b))
        guard brightness > 0 else { return self }
        let target = min(1, brightness * (perceived >= 0.5 ? 0.94 : 1.35))
        let k = target / brightness
        return Color(red: r * k, green: g * k, blue: b * k, alpha: Double(a) / 255)
    }

    /// Channel-wise mix, as Core Animation interpolates colours: `p` = 0 gives self, 1 gives `other`.
    func mixed(with other: Color, _ p: Double) -> Color {
        func mix(_ x: UInt8, _ y: UInt8) -> UInt8 {
            let v = (Double(x) + (Double(y) - Double(x)) * min(1, max(0, p))).rounded()
            return UInt8.clamped(v, to: 0...255)
        }
        return Color(r: mix(r, other.r), g: mix(g, other.g), b: mix(b, other.b), a: mix(a, other.a))
    }
}
