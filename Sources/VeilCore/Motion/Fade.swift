/// An opacity transition that starts at a given time: the building block of show/hide cross-fades,
/// and one use of the motion model — a `Tween` that starts at `start`.
public struct Fade: Equatable, Sendable {
    public var tween: Tween
    public var start: Double

    public init(from: Double, to: Double, start: Double, duration: Double, curve: TimingCurve = .easeInOut) {
        tween = Tween(from: from, to: to, duration: duration, curve: curve)
        self.start = start
    }

    public var from: Double { tween.from }
    public var to: Double { tween.to }
    public var duration: Double { tween.duration }

    /// Opacity at time `t`.
    public func value(at t: Double) -> Double {
        guard duration > 0 else { return t >= start ? to : from }
        return tween.value(at: t - start)
    }

    /// True from the moment the fade has reached `to` for good.
    public func isOver(at t: Double) -> Bool { t >= start + duration }
}
