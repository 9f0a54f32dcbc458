/// Core Animation's timing functions: cubic Béziers from (0,0) to (1,1).
/// Evaluated with plain arithmetic (bisection + Newton), so native and wasm agree bit for bit.
public struct TimingCurve: Equatable, Sendable {
    public var x1: Double, y1: Double, x2: Double, y2: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    public static let linear = TimingCurve(0, 0, 1, 1)
    public static let easeIn = TimingCurve(0.42, 0, 1, 1)
    public static let easeOut = TimingCurve(0, 0, 0.58, 1)
    public static let easeInOut = TimingCurve(0.42, 0, 0.58, 1)

    /// Progress (0...1) at time fraction `t` (clamped to 0...1).
    @inline(never)  // for size: fades, scrolls and sheets evaluate curves in sixty places
    public func value(at t: Double) -> Double {
        if !(t > 0) { return 0 }
        if t >= 1 { return 1 }
        if self == .linear { return t }
        let s = parameter(forX: t)
        return TimingCurve.bezier(s, y1, y2)
    }

    /// B(s) for one coordinate with end points 0 and 1.
    static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }

    static func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    /// Solves x(s) = x for s: a few Newton steps, falling back to bisection (x is monotonic).
    func parameter(forX x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let err = TimingCurve.bezier(s, x1, x2) - x
            if abs(err) < 1e-9 { return s }
            let d = TimingCurve.slope(s, x1, x2)
            if abs(d) < 1e-6 { break }
            s -= err / d
            if s < 0 || s > 1 { break }
        }
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<40 {
            let v = TimingCurve.bezier(s, x1, x2)
            if abs(v - x) < 1e-9 { break }
            if v < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }
}
