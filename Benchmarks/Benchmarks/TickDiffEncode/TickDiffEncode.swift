import Benchmark
import VeilCore

// Tick + diff + encode: the per-frame cost of the core for a viewer, on frames of 1,000 and 10,000
// rect items. Each iteration advances the frame (every item moved by 1 pt, or 1 % of them) and asks
// the PatchStream for the next message, which diffs against the last frame sent and encodes the delta.
// Moves alternate +1 pt / −1 pt so every iteration is a delta of the same shape.
//
// Besides time, each benchmark reports "bytes per delta" (custom metric) and prints the figure
// once in its setup, for the closing note of `make bench`.

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .throughput, bytesPerDelta],
        timeUnits: .microseconds,
        maxDuration: .seconds(2),
        maxIterations: 100_000)

    for count in [1_000, 10_000] {
        for changed in [Change.all, Change.onePercent] {
            let name = "tick+diff+encode \(count / 1000)k \(changed.label)"
            Benchmark(name, closure: { benchmark in
                var frame = makeFrame(count: count)
                var stream = PatchStream()
                _ = stream.next(frame: frame, events: [])  // the keyframe is not what is measured
                var bytes = 0
                benchmark.startMeasurement()
                for i in benchmark.scaledIterations {
                    advance(&frame, changed: changed, step: i % 2 == 0 ? 8 : -8)
                    let message = stream.next(frame: frame, events: [])
                    bytes = message?.count ?? 0
                    blackHole(message)
                }
                benchmark.stopMeasurement()
                benchmark.measurement(bytesPerDelta, bytes)
            }, setup: {
                printFigures(name: name, count: count, changed: changed)
            })
        }
    }
}

let bytesPerDelta = BenchmarkMetric.custom("bytes per delta", polarity: .prefersSmaller, useScalingFactor: false)

enum Change: Sendable {
    case all, onePercent
    var label: String { self == .all ? "all moved" : "1% changed" }
}

/// `count` rounded rects in a grid, one solid paint, ids 1…count.
func makeFrame(count: Int) -> Frame {
    var frame = Frame(width: Fixed.from(390), height: Fixed.from(844), background: .white,
                      paints: [.solid(Color(r: 0xE5, g: 0xE5, b: 0xEA))])
    frame.items.reserveCapacity(count)
    for i in 0..<count {
        var item = Item(id: UInt32(i + 1), kind: .rect)
        item.x = Int32(i % 10) * Fixed.from(39)
        item.y = Int32(i / 10) * Fixed.from(20)
        item.width = Fixed.from(35)
        item.height = Fixed.from(16)
        item.cornerRadius = Fixed.from(4)
        item.fill = 1
        frame.items.append(item)
    }
    return frame
}

/// Moves every item (or every hundredth) by `step` (1/8 pt units) horizontally.
func advance(_ frame: inout Frame, changed: Change, step: Int32) {
    let stride = changed == .all ? 1 : 100
    var i = 0
    while i < frame.items.count {
        frame.items[i].x += step
        i += stride
    }
}

/// Prints the size of the keyframe and of one delta, once per benchmark.
func printFigures(name: String, count: Int, changed: Change) {
    var frame = makeFrame(count: count)
    var stream = PatchStream()
    let keyframe = stream.next(frame: frame, events: []) ?? []
    advance(&frame, changed: changed, step: 8)
    let delta = stream.next(frame: frame, events: []) ?? []
    let movedItems = changed == .all ? count : count / 100
    let perItem = Double(delta.count) / Double(movedItems)
    print("\(name): keyframe \(keyframe.count) bytes, delta \(delta.count) bytes "
        + "(\((perItem * 100).rounded() / 100) bytes per moved item)")
}
