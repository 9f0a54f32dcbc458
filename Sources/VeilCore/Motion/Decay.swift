/// Momentum that bleeds away: the velocity is multiplied by `rate` every millisecond (UIScrollView's
/// deceleration rates: 0.998 normal, 0.99 fast), so v(t) = v₀·rate^(1000 t) and the value glides to
/// `projectedEnd`. Evaluated in closed form; velocities in value units per second.
public struct Decay: Equatable, Sendable {
    public var from: Double
    /// Velocity at the start, value units per second.
    public var velocity: Double
    /// Per millisecond, in (0, 1).
    public var rate: Double
    /// 1000 · ln(rate): the velocity's exponential decay constant per second (negative).
    public let lambda: Double

    public static let normal = 0.998
    public static let fast = 0.99

    public init(from: Double, velocity: Double, rate: Double = Decay.normal) {
        let r = min(0.999_999, max(1e-6, rate))
        self.from = from; self.velocity = velocity; self.rate = r
        lambda = 1000 * CoreMath.log(r)
    }

    @inline(never)  // for size: thirty callers
    public func state(at t: Double) -> (value: Double, velocity: Double) {
        let e = CoreMath.exp(lambda * max(0, t))
        return (from + velocity * (e - 1) / lambda, velocity * e)
    }

    public func value(at t: Double) -> Double { state(at: t).value }
    public func velocity(at t: Double) -> Double { state(at: t).velocity }

    /// Where it comes to rest: from − v₀ / λ. A sheet picks its anchor from this (with rate 0.99).
    public var projectedEnd: Double { from - velocity / lambda }

    /// When the speed falls below `minimumSpeed` (value units per second).
    @inline(never)  // for size: fourteen callers
    public func settleTime(minimumSpeed: Double) -> Double {
        let v = abs(velocity)
        guard v > minimumSpeed, minimumSpeed > 0 else { return 0 }
        return CoreMath.log(minimumSpeed / v) / lambda
    }
}
