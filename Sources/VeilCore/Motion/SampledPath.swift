/// A value's way from `start` on as points `interval` seconds apart, joined by straight lines and
/// held at the last: how the core hands a spring it computes in closed form to hosts that play it
/// (an `ItemMotion` points path, CSS `linear()` easing) — the core then draws, hit-tests and
/// describes the same line the hosts play, not the curve between its points.
struct SampledPath: Equatable, Sendable {
    var start: Double
    var interval: Double
    /// At least two.
    var values: [Double]

    /// The points of `value(t)` as close as `every` seconds (fewer when more than
    /// `ItemMotion.maxPoints` would be needed), evenly spread from `start` to `end`, the last exactly `last`.
    @inline(never)  // for size
    static func sampling(from start: Double, to end: Double, every: Double, last: Double,
                         _ value: (Double) -> Double) -> SampledPath {
        let span = larger(0, end - start)
        let count = Int.clamped((span / every).rounded(.up), to: 1 ... ItemMotion.maxPoints - 1)
        let interval = span > 0 ? span / Double(count) : every
        var values = (0 ..< count).map { value(start + Double($0) * interval) }
        values.append(last)
        return SampledPath(start: start, interval: interval, values: values)
    }

    /// The end: where it comes to rest.
    var end: Double { start + Double(values.count - 1) * interval }

    /// The value at `t`, on the line between the points around it (held before and after).
    func value(at t: Double) -> Double {
        let u = (t - start) / interval
        guard u > 0 else { return values[0] }
        let k = u.rounded(.down)
        guard k < Double(values.count - 1) else { return values[values.count - 1] }
        let i = Int.clamped(k, to: 0 ... values.count - 2)
        return values[i] + (values[i + 1] - values[i]) * (u - k)
    }
}
