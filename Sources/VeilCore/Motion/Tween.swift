/// From one value to another over a duration along a timing curve: how fades run (`Fade` is a tween
/// that starts at a time). Value and velocity (value units per second) at any time since the start.
public struct Tween: Equatable, Sendable {
    public var from: Double
    public var to: Double
    public var duration: Double
    public var curve: TimingCurve

    public init(from: Double, to: Double, duration: Double, curve: TimingCurve = .easeInOut) {
        self.from = from; self.to = to; self.duration = duration; self.curve = curve
    }

    /// The value `t` seconds after the start: `from` before, `to` from `duration` on.
    @inline(never)  // for size, like the others below: the components evaluate tweens in many places
    public func value(at t: Double) -> Double {
        guard duration > 0 else { return t >= 0 ? to : from }
        return from + (to - from) * curve.value(at: t / duration)
    }

    /// d value / dt: the curve's slope dy/dx at the current progress, scaled by the span and duration.
    @inline(never)
    public func velocity(at t: Double) -> Double {
        guard duration > 0, t > 0, t < duration else { return 0 }
        return (to - from) * curve.slope(at: t / duration) / duration
    }

    public func isFinished(at t: Double) -> Bool { t >= duration }
}

extension TimingCurve {
    /// dy/dx of the curve at time fraction `x` (0...1).
    @inline(never)  // for size: like `value(at:)`
    public func slope(at x: Double) -> Double {
        if self == .linear { return 1 }
        let s = parameter(forX: smaller(1, larger(0, x)))
        let dx = TimingCurve.slope(s, x1, x2)
        let dy = TimingCurve.slope(s, y1, y2)
        return dx > 1e-12 ? dy / dx : (dy >= 0 ? 1e12 : -1e12)
    }
}
