/// A damped spring's constants. Build it the way designers think — `dampingRatio` (1 = critically
/// damped: the fastest approach without overshoot; below 1 bounces) and `response` (seconds of one
/// undamped oscillation), as SwiftUI and UIKit do — or from stiffness, damping and mass.
public struct SpringParameters: Equatable, Sendable {
    public var stiffness: Double
    public var damping: Double
    public var mass: Double

    public init(stiffness: Double, damping: Double, mass: Double = 1) {
        self.stiffness = max(1e-9, stiffness); self.damping = max(0, damping); self.mass = max(1e-9, mass)
    }

    /// stiffness = (2π / response)², damping = 4π · dampingRatio / response, mass 1.
    public init(dampingRatio: Double, response: Double) {
        let r = max(1e-6, response)
        let omega = 2 * Double.pi / r
        self.init(stiffness: omega * omega, damping: 2 * max(0, dampingRatio) * omega, mass: 1)
    }

    /// Undamped angular frequency ω₀ = √(k/m), rad/s.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }
    /// ζ = c / (2√(km)).
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }
}

/// A spring pulling a value from `from` (moving at `velocity`, value units per second) towards
/// `to`, evaluated in closed form: value and velocity at any time since it started, with no
/// integration error and no dependence on the tick rate. Under-damped (ζ < 1) it oscillates with
/// an exponentially shrinking amplitude, critically damped (|ζ − 1| < 10⁻⁶) it approaches as fast
/// as possible without overshoot, over-damped it creeps. Deterministic: CoreMath only.
public struct Spring: Equatable, Sendable {
    public var from: Double
    public var to: Double
    /// Velocity at the start, value units per second (the unit `velocity(at:)` returns).
    public var velocity: Double
    public var parameters: SpringParameters

    public init(from: Double, to: Double, velocity: Double = 0, parameters: SpringParameters) {
        self.from = from; self.to = to; self.velocity = velocity; self.parameters = parameters
    }

    /// Value and velocity `t` seconds after the start (t < 0 counts as 0).
    @inline(never)  // for size: a dozen callers
    public func state(at t: Double) -> (value: Double, velocity: Double) {
        let t = max(0, t)
        let w0 = parameters.naturalFrequency
        let zeta = parameters.dampingRatio
        let d0 = from - to
        let v0 = velocity
        if abs(zeta - 1) < 1e-6 {
            let e = CoreMath.exp(-w0 * t)
            let b = v0 + w0 * d0
            return (to + (d0 + b * t) * e, (v0 - w0 * t * b) * e)
        }
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let a = d0, b = (v0 + zeta * w0 * d0) / wd
            let e = CoreMath.exp(-zeta * w0 * t)
            let c = CoreMath.cos(wd * t), s = CoreMath.sin(wd * t)
            let d = e * (a * c + b * s)
            return (to + d, -zeta * w0 * d + e * wd * (b * c - a * s))
        }
        let root = w0 * (zeta * zeta - 1).squareRoot()
        let r1 = -zeta * w0 + root, r2 = -zeta * w0 - root
        let c2 = (v0 - r1 * d0) / (r2 - r1), c1 = d0 - c2
        let e1 = CoreMath.exp(r1 * t), e2 = CoreMath.exp(r2 * t)
        return (to + c1 * e1 + c2 * e2, r1 * c1 * e1 + r2 * c2 * e2)
    }

    public func value(at t: Double) -> Double { state(at: t).value }
    public func velocity(at t: Double) -> Double { state(at: t).velocity }

    /// At rest within `precision` (value units): its energy — (ω₀·distance)² + velocity², which
    /// never grows for a damped spring — is below that of resting `precision / 2` away.
    @inline(never)  // for size: scrolls and sheets ask in forty places
    public func isSettled(at t: Double, precision: Double) -> Bool {
        let s = state(at: t)
        let w0 = parameters.naturalFrequency
        let d = s.value - to
        let limit = w0 * precision / 2
        return w0 * w0 * d * d + s.velocity * s.velocity <= limit * limit
    }

    /// The first time it is settled within `precision` (and stays so: the energy only falls),
    /// found by bisection to 1/10,000 s; at most `limit` seconds (a spring with no damping never
    /// settles).
    @inline(never)  // for size: a loop of `state`s, asked in several places
    public func settleTime(precision: Double, limit: Double = 60) -> Double {
        if isSettled(at: 0, precision: precision) { return 0 }
        var hi = 1.0 / 64
        while hi < limit && !isSettled(at: hi, precision: precision) { hi *= 2 }
        if hi >= limit { return limit }
        var lo = hi / 2
        while hi - lo > 1e-4 {
            let mid = (lo + hi) / 2
            if isSettled(at: mid, precision: precision) { hi = mid } else { lo = mid }
        }
        return hi
    }
}
