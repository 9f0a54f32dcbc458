/// How a value moves: still, or along a tween, a spring or a decay.
public enum Motion: Equatable, Sendable {
    case still(Double)
    case tween(Tween)
    case spring(Spring)
    case decay(Decay)

    @inline(never)  // for size: every animated value's reads
    func state(at t: Double) -> (value: Double, velocity: Double) {
        switch self {
        case let .still(v): return (v, 0)
        case let .tween(m): return (m.value(at: t), m.velocity(at: t))
        case let .spring(m): return m.state(at: t)
        case let .decay(m): return m.state(at: t)
        }
    }
}

/// One animated value of the core — a layer's offset, an opacity, a scroll position: the motion it
/// follows and when that motion started. Times are arguments in seconds (never a clock).
///
/// Retargeting is continuous: `animate(to:…, at: t)` starts the new motion from the value **and
/// velocity** the old one has at t, so a sheet caught mid-flight or a spring sent elsewhere does not
/// jump (a tween, which has no notion of starting velocity, continues from the value).
public struct AnimatedValue: Equatable, Sendable {
    public private(set) var motion: Motion
    /// When `motion` started.
    public private(set) var start: Double

    public init(_ value: Double, at t: Double = 0) {
        motion = .still(value); start = t
    }

    public func value(at t: Double) -> Double { motion.state(at: t - start).value }
    public func velocity(at t: Double) -> Double { motion.state(at: t - start).velocity }

    /// The same motion moved by `delta` (where it is and where it goes), velocities unchanged.
    public func shifted(by delta: Double) -> AnimatedValue {
        var copy = self
        switch motion {
        case let .still(v): copy.motion = .still(v + delta)
        case var .tween(m): m.from += delta; m.to += delta; copy.motion = .tween(m)
        case var .spring(m): m.from += delta; m.to += delta; copy.motion = .spring(m)
        case let .decay(m): copy.motion = .decay(Decay(from: m.from + delta, velocity: m.velocity, rate: m.rate))
        }
        return copy
    }

    /// Jumps to `value` at `t`, at rest.
    public mutating func set(_ value: Double, at t: Double) {
        motion = .still(value); start = t
    }

    /// A spring from where the value is at `t` (keeping its velocity, unless `velocity` is given —
    /// a release velocity in value units per second) to `target`.
    public mutating func spring(to target: Double, _ parameters: SpringParameters, at t: Double, velocity: Double? = nil) {
        let now = motion.state(at: t - start)
        motion = .spring(Spring(from: now.value, to: target, velocity: velocity ?? now.velocity, parameters: parameters))
        start = t
    }

    /// A tween from where the value is at `t` to `target`.
    public mutating func tween(to target: Double, duration: Double, curve: TimingCurve = .easeInOut, at t: Double) {
        motion = .tween(Tween(from: value(at: t), to: target, duration: duration, curve: curve))
        start = t
    }

    /// Momentum from where the value is at `t`, with its velocity (or `velocity`).
    public mutating func decay(rate: Double = Decay.normal, at t: Double, velocity: Double? = nil) {
        let now = motion.state(at: t - start)
        motion = .decay(Decay(from: now.value, velocity: velocity ?? now.velocity, rate: rate))
        start = t
    }
}
