/// Estimates a pointer's velocity at release from its recent samples, the way Flutter's and
/// Android's trackers do: a least-squares line through the samples of the last 100 ms (before the
/// newest), per axis; zero when the pointer rested more than 40 ms before the newest sample (a
/// finger that stopped and lifted does not fling). Bounded: the last 20 samples, O(20) per estimate.
/// Times in seconds, positions in points, velocities in points per second.
public struct VelocityTracker: Sendable {
    public static let horizon = 0.100
    public static let assumeStoppedAfter = 0.040
    public static let capacity = 20

    private var samples: [(t: Double, x: Double, y: Double)] = []
    private var next = 0

    public init() {}

    public mutating func reset() { samples.removeAll(keepingCapacity: true); next = 0 }

    @inline(never)  // for size: down, move and up each add a sample
    public mutating func add(t: Double, x: Double, y: Double) {
        if samples.count < Self.capacity {
            samples.append((t, x, y))
        } else {
            samples[next] = (t, x, y)
            next = (next + 1) % Self.capacity
        }
    }

    /// The samples oldest first.
    private var ordered: [(t: Double, x: Double, y: Double)] {
        samples.count < Self.capacity ? samples : Array(samples[next...] + samples[..<next])
    }

    /// Points per second along x and y; (0, 0) with fewer than two samples in the horizon.
    public func velocity() -> (x: Double, y: Double) {
        let all = ordered
        guard let newest = all.last else { return (0, 0) }
        var window: [(t: Double, x: Double, y: Double)] = []
        var previous = newest.t
        for s in all.reversed() {
            if newest.t - s.t > Self.horizon || previous - s.t > Self.assumeStoppedAfter { break }
            window.append(s)
            previous = s.t
        }
        guard window.count >= 2 else { return (0, 0) }
        return (VelocityTracker.slope(window.map { ($0.t - newest.t, $0.x) }),
                VelocityTracker.slope(window.map { ($0.t - newest.t, $0.y) }))
    }

    /// Least-squares slope of v over t.
    static func slope(_ points: [(Double, Double)]) -> Double {
        let n = Double(points.count)
        var st = 0.0, sv = 0.0
        for (t, v) in points { st += t; sv += v }
        let mt = st / n, mv = sv / n
        var num = 0.0, den = 0.0
        for (t, v) in points {
            num += (t - mt) * (v - mv)
            den += (t - mt) * (t - mt)
        }
        return den > 1e-12 ? num / den : 0
    }
}
