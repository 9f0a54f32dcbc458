import Benchmark
import Foundation
import VeilCore

// What the components cost a viewer, on the example scenes: time per tick (layout + render + diff +
// encode) and message bytes per frame at 60 fps, in the phases the issues name:
//   feed (examples/feed.json): static solid skeleton, pulse, sliding shimmer;
//   status (examples/status.json): the loading status and the spinner overlay animating.
// Each phase's figures are printed once (setup) for the closing note of `make bench`.

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, bytesPerFrame],
        timeUnits: .microseconds,
        maxDuration: .seconds(2),
        maxIterations: 1_000)

    for phase in Phase.all {
        // One sample = every tick of the phase at 60 fps on a fresh session (made before measuring).
        Benchmark("\(phase.frames) ticks, \(phase.name)", closure: { benchmark in
            let session = phase.session()
            var bytes = 0
            benchmark.startMeasurement()
            for k in 1...phase.frames {
                let message = session.tick(at: phase.from + Double(k) / 60)
                bytes += message?.count ?? 0
                blackHole(message)
            }
            benchmark.stopMeasurement()
            benchmark.measurement(bytesPerFrame, bytes / phase.frames)
        }, setup: {
            phase.printFigures()
        })
    }
}

let bytesPerFrame = BenchmarkMetric.custom("bytes per frame", polarity: .prefersSmaller, useScalingFactor: false)

/// A stretch of an example's timeline where one thing animates.
struct Phase: Sendable {
    var name: String
    var scene: String
    var from: Double
    var to: Double

    static let all = [
        Phase(name: "feed static skeleton", scene: "feed", from: 1.0, to: 1.9),
        Phase(name: "feed pulse", scene: "feed", from: 4.0, to: 5.9),
        Phase(name: "feed sliding shimmer", scene: "feed", from: 6.5, to: 6.9),
        Phase(name: "status spinner overlay", scene: "status", from: 0.5, to: 1.9),
    ]

    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../../../examples").standardized

    var frames: Int { Int(((to - from) * 60).rounded(.down)) }

    /// A session on the scene, advanced to the start of the phase (its first messages sent).
    func session() -> Session {
        let url = Phase.examples.appendingPathComponent("\(scene).json")
        let bytes = Array((try? Data(contentsOf: url)) ?? Data())
        guard let scene = try? SceneReader.read(bytes, file: url.path) else {
            fatalError("cannot read \(url.path)")
        }
        let session = Session(scene: scene)
        var t = 0.0
        while t < from { _ = session.tick(at: t); t += 1.0 / 60 }
        _ = session.tick(at: from)
        return session
    }

    /// Messages and bytes over the phase at 60 fps.
    func printFigures() {
        let s = session()
        var messages = 0, bytes = 0, largest = 0
        for k in 1...frames {
            if let m = s.tick(at: from + Double(k) / 60) {
                messages += 1; bytes += m.count; largest = max(largest, m.count)
            }
        }
        let perFrame = Double(bytes) / Double(max(1, frames))
        print("\(name): \(messages) messages in \(frames) frames at 60 fps, largest \(largest) bytes, "
            + "\((perFrame * 10).rounded() / 10) bytes per frame on average")
    }
}
