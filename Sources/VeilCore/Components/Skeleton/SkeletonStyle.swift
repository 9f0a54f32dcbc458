/// How a skeleton is painted: SkeletonView's four show…Skeleton flavours.
public enum SkeletonKind: UInt8, Sendable {
    /// One colour.
    case solid = 0
    /// A gradient on each placeholder (top to bottom unless a direction is given).
    case gradient = 1
    /// Animated solid: base ↔ complementary colour, 1 s ease-in-out, back and forth.
    case pulse = 2
    /// Animated gradient: one light sweeping across the whole skeleton, 1.5 s ease-in, repeating.
    case sliding = 3
}

/// GradientDirection: where the sliding light goes (and the axis of a static gradient).
public enum SkeletonDirection: UInt8, Sendable {
    case leftRight = 0, rightLeft = 1, topBottom = 2, bottomTop = 3, topLeftBottomRight = 4, bottomRightTopLeft = 5
}

/// The style keys of a show or update command; nil = the default (show) or unchanged (update).
public struct SkeletonStyle: Sendable {
    public var kind: SkeletonKind? = nil
    /// Base colour; nil = the appearance's tint.
    public var color: Color? = nil
    /// Gradient colours; nil = [base, complementary(base), base].
    public var gradient: [Color]? = nil
    public var direction: SkeletonDirection? = nil
    /// Seconds of one pulse (default 1) or one sweep (default 1.5).
    public var duration: Double? = nil
    /// Default ease-in-out for pulse, ease-in for sliding.
    public var curve: TimingCurve? = nil
    public init() {}

    /// `self` with every key `change` sets replaced.
    func updated(by change: SkeletonStyle) -> SkeletonStyle {
        var s = self
        if let v = change.kind { s.kind = v }
        if let v = change.color { s.color = v }
        if let v = change.gradient { s.gradient = v }
        if let v = change.direction { s.direction = v }
        if let v = change.duration { s.duration = v }
        if let v = change.curve { s.curve = v }
        return s
    }

    /// Why these keys cannot be applied, or nil.
    func problem() -> UTF8Text? {
        if let d = duration, !Bounds.skeletonDuration.contains(d) {
            return "skeleton duration must be a number of seconds in \(Bounds.text(Bounds.skeletonDuration))"
        }
        if let g = gradient, g.isEmpty || g.count > Limits.maxGradientColors {
            return "a skeleton gradient has 1...\(Limits.maxGradientColors) colours"
        }
        return nil
    }
}

/// What a skeleton command asks of the node it names.
public enum SkeletonCommand: Sendable {
    /// Shows the skeleton (recursing from the node) after `delay` seconds, fading in by `transition`.
    /// A later show or hide cancels a delayed show that has not started.
    case show(SkeletonStyle, transition: OverlayTransition, delay: Double)
    /// Hides it, fading out by `transition`; the content comes back.
    case hide(transition: OverlayTransition)
    /// Changes colour, style or animation of a shown skeleton, without a flash.
    case update(SkeletonStyle)

    /// SkeletonView's default transition for show and hide.
    public static let defaultTransition = OverlayTransition.crossDissolve(0.25)
}
