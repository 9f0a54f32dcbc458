/// A shown skeleton, resolved for drawing: its paint, animation clock and cross-dissolve. The
/// session puts it on the skeleton's root node; the renderer paints every placeholder below with it.
struct SkeletonLook: Sendable {
    var kind: SkeletonKind
    /// solid: [base]; pulse: [base, complementary]; gradient and sliding: the gradient's colours.
    var colors: [Color]
    var direction: SkeletonDirection?
    var duration: Double
    var curve: TimingCurve
    /// When the animation's phase is 0.
    var animationStart: Double
    /// Share of the placeholders against the content, 0...1, over time (nil: placeholders only).
    var fade: Fade?
    /// Text-line and corner defaults for the placeholders.
    var appearance: SkeletonAppearance
    /// Set while a status covers the skeleton: its animation holds still from then on (a status
    /// wins over a skeleton on the same node, and a paused skeleton costs no bytes).
    var pausedAt: Double? = nil

    init(_ style: SkeletonStyle, appearance: SkeletonAppearance, scheme: Appearance, animationStart: Double, fade: Fade?) {
        let kind = style.kind ?? .solid
        let base = (style.color ?? appearance.tint(for: scheme)).resolved(scheme)
        self.kind = kind
        switch kind {
        case .solid:
            colors = [base]
        case .pulse:
            colors = [base, base.skeletonComplementary]
        case .gradient, .sliding:
            // A custom colour makes SkeletonGradient(baseColor:); a custom gradient wins over both.
            colors = style.gradient ?? (style.color == nil ? appearance.gradient : nil)
                ?? [base, base.skeletonComplementary, base]
            colors = colors.map { $0.resolved(scheme) }
        }
        direction = style.direction
        duration = style.duration ?? (kind == .sliding ? 1.5 : 1)
        curve = style.curve ?? (kind == .sliding ? .easeIn : .easeInOut)
        self.animationStart = animationStart
        self.fade = fade
        self.appearance = appearance
    }


    /// Share of the placeholders at `t`.
    func reveal(at t: Double) -> Double { smaller(1, larger(0, fade?.value(at: t) ?? 1)) }
}
