/// Scene-wide skeleton defaults (SkeletonAppearance.default). The tint follows the appearance:
/// "clouds" #ECF0F1 in light, #1C2325 in dark, so switching the appearance re-tints a shown skeleton.
public struct SkeletonAppearance: Sendable {
    public var tint = Color(rgba: 0xECF0F1FF)
    public var darkTint = Color(rgba: 0x1C2325FF)
    /// Gradient colours; nil = [tint, complementary(tint), tint].
    public var gradient: [Color]? = nil
    /// Height of text lines (SkeletonView's multilineHeight / textLineHeight .fixed(15)).
    public var textLineHeight: SkeletonLineHeight = .fixed(15)
    public var multilineSpacing: Double = 10
    public var multilineLastLineFillPercent: Double = 70
    public var multilineCornerRadius: Double = 0
    public var skeletonCornerRadius: Double = 0
    public init() {}

    public func tint(for appearance: Appearance) -> Color {
        appearance == .dark ? darkTint : tint
    }
}
