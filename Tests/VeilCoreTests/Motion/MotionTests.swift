#if canImport(Glibc)
import Glibc
#endif
import PropertyBased
import Testing
@testable import VeilCore

/// The motion model against references: CoreMath against libm, springs and decay against numerical
/// integration of their differential equations, velocities against the value's derivative, and
/// continuity when a motion is retargeted mid-flight.
@Suite struct MotionTests {
    static func ulps(_ a: Double, _ b: Double) -> Int64 {
        a == b ? 0 : abs(Int64(bitPattern: a.bitPattern) - Int64(bitPattern: b.bitPattern))
    }

    static func unit(_ r: inout RandomFrames) -> Double { Double(r.next() >> 11) / Double(1 << 53) }

    #if canImport(Glibc)
    @Test func coreMathIsWithinAnUlpOfLibm() async {
        await propertyCheck(count: 50, input: Gen.uint64()) { seed in
            var r = RandomFrames(seed: seed)
            for _ in 0 ..< 400 {
                let e = -745 + Self.unit(&r) * 1454
                #expect(Self.ulps(CoreMath.exp(e), Glibc.exp(e)) <= 1, "exp(\(e))")
                let s = -1000 + Self.unit(&r) * 2000
                #expect(Self.ulps(CoreMath.sin(s), Glibc.sin(s)) <= 1, "sin(\(s))")
                #expect(Self.ulps(CoreMath.cos(s), Glibc.cos(s)) <= 1, "cos(\(s))")
                let l = Self.unit(&r) * 4
                #expect(Self.ulps(CoreMath.log(l), Glibc.log(l)) <= 8, "log(\(l))")
            }
        }
    }
    #endif

    @Test func coreMathEdges() {
        #expect(CoreMath.exp(0) == 1 && CoreMath.exp(800) == .infinity && CoreMath.exp(-800) == 0)
        #expect(CoreMath.exp(.nan).isNaN && CoreMath.log(-1).isNaN && CoreMath.log(0) == -.infinity)
        #expect(CoreMath.sin(0) == 0 && CoreMath.cos(0) == 1)
        #expect(CoreMath.sin(.infinity).isNaN && CoreMath.cos(CoreMath.trigRange * 2).isNaN)
    }

    /// x'' = −(k/m)(x − to) − (c/m)x', integrated with RK4 in 1/4000 s steps.
    static func integrate(_ s: Spring, until t: Double) -> (Double, Double) {
        let k = s.parameters.stiffness / s.parameters.mass, c = s.parameters.damping / s.parameters.mass
        var x = s.from, v = s.velocity
        let steps = max(1, Int(t * 4000)), h = t / Double(steps)
        func a(_ x: Double, _ v: Double) -> Double { -k * (x - s.to) - c * v }
        for _ in 0 ..< steps {
            let k1x = v, k1v = a(x, v)
            let k2x = v + h / 2 * k1v, k2v = a(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v, k3v = a(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v, k4v = a(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return (x, v)
    }

    static func randomSpring(_ r: inout RandomFrames) -> Spring {
        let ratios = [0.15, 0.5, 0.85, 1.0, 1.5, 3.0]
        let zeta = r.chance(30) ? ratios[r.int(0 ... ratios.count - 1)] : 0.05 + Self.unit(&r) * 2.5
        let parameters = SpringParameters(dampingRatio: zeta, response: 0.1 + Self.unit(&r))
        return Spring(from: -500 + Self.unit(&r) * 1000, to: -500 + Self.unit(&r) * 1000,
                      velocity: -3000 + Self.unit(&r) * 6000, parameters: parameters)
    }

    @Test func springsMatchTheirDifferentialEquation() async {
        await propertyCheck(count: 60, input: Gen.uint64()) { seed in
            var r = RandomFrames(seed: seed)
            let s = Self.randomSpring(&r)
            let scale = abs(s.from - s.to) + abs(s.velocity) / s.parameters.naturalFrequency + 1
            for t in [0.0, 0.016, 0.1, 0.37, 1.0] {
                let (x, v) = Self.integrate(s, until: t)
                let state = s.state(at: t)
                #expect(abs(state.value - x) <= 1e-6 * scale, "seed \(seed) t \(t): \(state.value) vs \(x)")
                #expect(abs(state.velocity - v) <= 1e-6 * scale * s.parameters.naturalFrequency, "seed \(seed) t \(t) velocity")
            }
        }
    }

    @Test func velocitiesAreTheDerivativeOfTheValue() async {
        await propertyCheck(count: 60, input: Gen.uint64()) { seed in
            var r = RandomFrames(seed: seed)
            let spring = Self.randomSpring(&r)
            let decay = Decay(from: Self.unit(&r) * 100, velocity: -4000 + Self.unit(&r) * 8000,
                              rate: r.chance(50) ? Decay.normal : Decay.fast)
            let tween = Tween(from: Self.unit(&r) * 10, to: Self.unit(&r) * 10, duration: 0.1 + Self.unit(&r),
                              curve: [TimingCurve.linear, .easeIn, .easeOut, .easeInOut][r.int(0 ... 3)])
            let h = 1e-6
            for t in [0.01, 0.05, 0.09, 0.3] {
                for (value, velocity) in [(spring.value, spring.velocity), (decay.value, decay.velocity)] as [((Double) -> Double, (Double) -> Double)] {
                    let numeric = (value(t + h) - value(t - h)) / (2 * h)
                    #expect(abs(numeric - velocity(t)) <= 1e-4 * (abs(velocity(t)) + 1), "seed \(seed) t \(t)")
                }
                if t < tween.duration - h {
                    let numeric = (tween.value(at: t + h) - tween.value(at: t - h)) / (2 * h)
                    #expect(abs(numeric - tween.velocity(at: t)) <= 1e-3 * (abs(tween.velocity(at: t)) + 1), "tween seed \(seed)")
                }
            }
        }
    }

    @Test func retargetingMidFlightKeepsValueAndVelocity() async {
        await propertyCheck(count: 100, input: Gen.uint64()) { seed in
            var r = RandomFrames(seed: seed)
            var value = AnimatedValue(Self.unit(&r) * 500, at: 1)
            let first = SpringParameters(dampingRatio: 0.3 + Self.unit(&r), response: 0.2 + Self.unit(&r) * 0.5)
            value.spring(to: Self.unit(&r) * 500, first, at: 1, velocity: -2000 + Self.unit(&r) * 4000)
            let t = 1 + Self.unit(&r) * 0.5
            let before = (value.value(at: t), value.velocity(at: t))
            switch r.int(0 ... 2) {
            case 0: value.spring(to: Self.unit(&r) * 500, SpringParameters(dampingRatio: 1, response: 0.4), at: t)
            case 1: value.decay(rate: Decay.fast, at: t)
            default: value.spring(to: Self.unit(&r) * 500, SpringParameters(stiffness: 300, damping: 10), at: t)
            }
            let after = (value.value(at: t), value.velocity(at: t))
            #expect(abs(after.0 - before.0) <= 1e-9 * (abs(before.0) + 1), "value jumps, seed \(seed)")
            #expect(abs(after.1 - before.1) <= 1e-9 * (abs(before.1) + 1), "velocity jumps, seed \(seed)")
        }
    }

    @Test func aCriticallyDampedSpringFromRestNeverOvershoots() async {
        await propertyCheck(count: 50, input: Gen.uint64()) { seed in
            var r = RandomFrames(seed: seed)
            let s = Spring(from: Self.unit(&r) * 1000, to: 0, parameters: SpringParameters(dampingRatio: 1, response: 0.1 + Self.unit(&r)))
            for k in 0 ... 300 { #expect(s.value(at: Double(k) / 100) >= 0, "seed \(seed)") }
            #expect(s.value(at: 0) == s.from && s.velocity(at: 0) == 0)
        }
    }

    @Test func settleTimeIsTheFirstMomentAtRest() async {
        await propertyCheck(count: 50, input: Gen.uint64()) { seed in
            var r = RandomFrames(seed: seed)
            let s = Self.randomSpring(&r)
            let t = s.settleTime(precision: 0.125)
            #expect(s.isSettled(at: t, precision: 0.125) && s.isSettled(at: t + 0.5, precision: 0.125))
            if t > 0.001 { #expect(!s.isSettled(at: t - 0.001, precision: 0.125), "seed \(seed)") }
        }
    }

    @Test func decayGlidesToItsProjectedEnd() {
        let d = Decay(from: 100, velocity: 2000, rate: Decay.normal)
        // λ = 1000·ln 0.998 ≈ −2.002: the end lies v₀/2.002 ≈ 999 points on.
        #expect(abs(d.projectedEnd - (100 + 2000 / 2.002_002_670_673)) < 1e-6)
        #expect(abs(d.value(at: 30) - d.projectedEnd) < 1e-6)
        let t = d.settleTime(minimumSpeed: 10)
        #expect(abs(abs(d.velocity(at: t)) - 10) < 1e-6)
        #expect(abs(Decay(from: 0, velocity: -500, rate: Decay.fast).velocity(at: 0.1) - -500 * pow(0.99, 100)) < 1e-6)
    }

    @Test func tweensRunFromStartToEndAlongTheirCurve() {
        for curve in [TimingCurve.linear, .easeIn, .easeOut, .easeInOut] {
            let tw = Tween(from: 10, to: 30, duration: 0.5, curve: curve)
            #expect(tw.value(at: -1) == 10 && tw.value(at: 0) == 10 && tw.value(at: 0.5) == 30 && tw.value(at: 9) == 30)
            var last = 10.0
            for k in 1 ... 50 {
                let v = tw.value(at: Double(k) / 100)
                #expect(v >= last - 1e-12)
                last = v
            }
        }
        // A fade is a tween that starts at a time.
        let fade = Fade(from: 0, to: 1, start: 2, duration: 0.25)
        #expect(fade.value(at: 2.125) == fade.tween.value(at: 0.125))
    }
}
