import Testing
@testable import VeilCore

/// `SampledPath`: how a spring is handed to hosts as points. Over random springs and spans: the
/// points are evenly spread from the start to the end and never more than `ItemMotion.maxPoints`;
/// each is the spring's value there, the last exactly the rest; between two points the path is on
/// the line joining them; and the item motion the renderer declares from it plays, in 1/8 pt,
/// within one unit of the path in points.
@Suite struct SampledPathTests {
    @Test func aSampledSpringIsItsPointsJoinedByLines() {
        var rng = Xorshift(seed: 0x5A3)
        for _ in 0 ..< 300 {
            let from = Double(rng.next() % 2_000) - 1_000, to = Double(rng.next() % 2_000) - 1_000
            var value = AnimatedValue(from, at: 0)
            let start = Double(rng.next() % 1_000) / 100
            value.spring(to: to, SpringParameters(dampingRatio: 0.5 + Double(rng.next() % 51) / 100, response: 0.2 + Double(rng.next() % 80) / 100),
                         at: start, velocity: Double(rng.next() % 8_001) - 4_000)
            let span = rng.next() % 10 == 0 ? Double(rng.next() % 20_000) / 100 : Double(rng.next() % 300) / 100
            let path = SampledPath.sampling(from: start, to: start + span, every: 1.0 / 120, last: to) { value.value(at: $0) }
            #expect(path.values.count >= 2 && path.values.count <= ItemMotion.maxPoints)
            #expect(abs(path.end - (start + max(span, 0)) ) < 1e-9 || span == 0)
            #expect(path.interval <= 1.0 / 120 + 1e-12 || path.values.count == ItemMotion.maxPoints)
            #expect(path.values.last == to && path.value(at: path.end + 1) == to && path.value(at: start - 1) == path.values[0])
            for k in 0 ..< path.values.count - 1 {
                let t = start + Double(k) * path.interval
                #expect(abs(path.values[k] - value.value(at: t)) < 1e-9)
                let between = path.value(at: t + path.interval * Double(rng.next() % 1_000) / 1_000)
                #expect(between >= min(path.values[k], path.values[k + 1]) - 1e-9
                        && between <= max(path.values[k], path.values[k + 1]) + 1e-9)
            }
            // Declared as a field in 1/8 pt, played by a host: within one unit of the path.
            let motion = ItemMotion(id: 1, field: .y, path: .points(interval: path.interval, values: path.values.map { Fixed.from($0) }),
                                    start: path.start)
            for _ in 0 ..< 20 {
                let t = start - 0.1 + (span + 0.2) * Double(rng.next() % 1_000) / 1_000
                #expect(abs(Fixed.points(motion.value(from: 0, at: t)) - path.value(at: t)) <= 0.125 + 1e-9, "t = \(t)")
            }
        }
    }
}
