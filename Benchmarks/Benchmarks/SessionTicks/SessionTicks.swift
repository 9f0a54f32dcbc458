import Benchmark
import Foundation
import VeilCore

// What a tick costs on the real path: `Session.tick` on scenes, at 60 fps (docs/ARCHITECTURE.md,
// "Ticks"). Each case's session is advanced to the moment it measures; one benchmark iteration is
// one tick 1/60 s later. The summary (printed once, before the table) measures every case in the
// same run and states the ratios the issue asks for, since the machine is shared and noisy.

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        maxDuration: .seconds(1),
        maxIterations: 20_000)

    for c in TickCase.all {
        Benchmark(c.name, closure: { benchmark in
            let run = c.start()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { blackHole(run.tick()) }
            benchmark.stopMeasurement()
        }, setup: {
            if c.name == TickCase.all[0].name { Summary.print() }
        })
    }
}

/// A session at the start of what a case measures, ticking 1/60 s at a time.
final class TickRun {
    let session: Session
    var t: Double
    let perTick: ((Session, Int) -> Void)?
    var k = 0

    init(_ session: Session, at t: Double, perTick: ((Session, Int) -> Void)? = nil) {
        self.session = session; self.t = t; self.perTick = perTick
    }

    func tick() -> [UInt8]? {
        k += 1
        t += 1.0 / 60
        perTick?(session, k)
        return session.tick(at: t)
    }
}

struct TickCase: Sendable {
    var name: String
    /// Ticks the summary measures (fewer for the slow cases).
    var ticks = 2_000
    var start: @Sendable () -> TickRun

    init(name: String, ticks: Int = 2_000, start: @escaping @Sendable () -> TickRun) {
        self.name = name; self.ticks = ticks; self.start = start
    }

    /// Ticks a session from 0 to `t` at 60 fps (its first messages sent).
    static func advanced(_ session: Session, to t: Double) -> Session {
        var k = 0
        while Double(k) / 60 < t { _ = session.tick(at: Double(k) / 60); k += 1 }
        _ = session.tick(at: t)
        return session
    }

    /// A session showing a skeleton of `style` on `node` for as long as it runs (the scene's own
    /// timeline dropped), so every tick of a case animates.
    static func skeleton(_ scene: Scene, on node: String = "root", style: String) -> Session {
        var scene = scene
        scene.timeline = []
        let s = Session(scene: scene)
        try! s.apply(Scenes.command("{\"command\": {\"skeleton\": {\"node\": \"\(node)\", \"show\": true, \"style\": \"\(style)\"}}}"))
        return s
    }

    /// Every 2 s: a touch goes down, drags 240 pt up over six frames and lets go.
    static func flinging(_ scene: Scene) -> TickRun {
        func pointer(_ s: Session, _ phase: String, _ y: Int) {
            try! s.apply(Scenes.command("{\"input\": {\"pointer\": {\"phase\": \"\(phase)\", \"x\": 200, \"y\": \(y), \"kind\": \"touch\"}}}"))
        }
        return TickRun(advanced(Session(scene: scene), to: 0.5), at: 0.5) { s, k in
            switch k % 120 {
            case 0: pointer(s, "down", 600)
            case 1 ... 6: pointer(s, "move", 600 - 40 * (k % 120))
            case 7: pointer(s, "up", 360)
            default: break
            }
        }
    }

    /// A finger goes down on the sheet and moves every tick, up and down over 400 pt (a triangle
    /// of 2 s): the sheet follows, rubber-bands at its top and hands over to its list and back.
    /// Each tick applies one pointer move (built, not parsed: the session's cost alone) and ticks.
    static func draggingSheet(_ session: Session) -> TickRun {
        func pointer(_ s: Session, _ phase: PointerPhase, _ y: Double) {
            try! s.apply(.input(.pointer(PointerEvent(phase: phase, x: 200, y: y, kind: .touch))))
        }
        let run = TickRun(advanced(session, to: 0.5), at: 0.5) { s, k in
            let phase = Double(k % 120) / 60  // 0 ..< 2
            pointer(s, .move, 700 - 400 * (phase < 1 ? phase : 2 - phase))
        }
        pointer(session, .down, 700)
        return run
    }

    static let all: [TickCase] = [
        TickCase(name: "10k placeholders, static, nothing due") {
            TickRun(advanced(Session(scene: Scenes.grid(rows: 100, columns: 100)), to: 0.5), at: 0.5)
        },
        TickCase(name: "10 items, static, nothing due") {
            TickRun(advanced(Session(scene: Scenes.grid(rows: 1, columns: 10)), to: 0.5), at: 0.5)
        },
        TickCase(name: "10k placeholders, sliding shimmer") {
            TickRun(advanced(skeleton(Scenes.grid(rows: 100, columns: 100), style: "sliding"), to: 0.5), at: 0.5)
        },
        TickCase(name: "feed, sliding shimmer") {
            TickRun(advanced(skeleton(Scenes.example("feed"), on: "feed", style: "sliding"), to: 0.5), at: 0.5)
        },
        TickCase(name: "feed, pulse") {
            TickRun(advanced(skeleton(Scenes.example("feed"), on: "feed", style: "pulse"), to: 0.5), at: 0.5)
        },
        TickCase(name: "status, spinner overlay") {
            var scene = Scenes.example("status")
            scene.timeline = Array(scene.timeline.prefix(2))  // loading status and spinner, for good
            return TickRun(advanced(Session(scene: scene), to: 0.5), at: 0.5)
        },
        // The grid has a frame of its own: a resize re-lays-out the root alone.
        TickCase(name: "10k placeholders, canvas resized each tick", ticks: 200) {
            TickRun(advanced(Session(scene: Scenes.grid(rows: 100, columns: 100)), to: 0.5), at: 0.5) { s, k in
                try! s.apply(Scenes.command("{\"input\": {\"resize\": {\"width\": \(1000 + k % 2), \"height\": 1000}}}"))
            }
        },
        // The grid fills the canvas: a resize moves every cell, so all of it is laid out, drawn and diffed.
        TickCase(name: "10k cells following the canvas, resized each tick", ticks: 100) {
            TickRun(advanced(Session(scene: Scenes.grid(rows: 100, columns: 100, fills: true)), to: 0.5), at: 0.5) { s, k in
                try! s.apply(Scenes.command("{\"input\": {\"resize\": {\"width\": \(1000 + k % 2), \"height\": 1000}}}"))
            }
        },
        TickCase(name: "card of 100 items moved by a set each tick") {
            TickRun(advanced(Session(scene: Scenes.grid(rows: 1, columns: 10, card: true)), to: 0.5), at: 0.5) { s, k in
                try! s.apply(Scenes.command(
                    "{\"command\": {\"set\": {\"node\": \"card\", \"frame\": {\"x\": 100, \"y\": \(100 + k % 400), \"width\": 200, \"height\": 200}}}}"))
            }
        },
        // Flicking the inbox again and again (a drag of 240 pt in 0.1 s, then two seconds of
        // momentum): a million rows, and a hundred (which bounce at the end).
        TickCase(name: "inbox of 1,000,000 rows, flung") { flinging(Scenes.inbox(rows: 1_000_000)) },
        TickCase(name: "inbox of 100 rows, flung") { flinging(Scenes.inbox(rows: 100)) },
        // Sheets: dragged on the maps demo, and over the feed while its skeleton shimmers.
        TickCase(name: "maps sheet dragged") { draggingSheet(Session(scene: Scenes.example("maps"))) },
        TickCase(name: "sheet dragged over the shimmering feed") {
            let s = Session(scene: Scenes.sheetOverFeed())
            try! s.apply(Scenes.command("{\"command\": {\"skeleton\": {\"node\": \"feed\", \"show\": true, \"style\": \"sliding\"}}}"))
            return draggingSheet(s)
        },
        // The same card beside the 10,000 cells: the grid's layer is kept as it was.
        TickCase(name: "card of 100 items moved beside 10k cells") {
            TickRun(advanced(Session(scene: Scenes.grid(rows: 100, columns: 100, card: true)), to: 0.5), at: 0.5) { s, k in
                try! s.apply(Scenes.command(
                    "{\"command\": {\"set\": {\"node\": \"card\", \"frame\": {\"x\": 100, \"y\": \(100 + k % 400), \"width\": 200, \"height\": 200}}}}"))
            }
        },
    ]
}

/// The figures of the closing note, measured in one run.
enum Summary {
    /// Mean time of one tick over `count` ticks (after 60 warm-up ticks), and bytes per message.
    /// (Benchmarks/wasm-ticks.mjs measures veil.wasm the same way.)
    static func measure(_ c: TickCase, count: Int = 2_000) -> (micros: Double, bytesPerMessage: Double, messages: Int) {
        let run = c.start()
        for _ in 0 ..< 60 { _ = run.tick() }
        var bytes = 0, messages = 0
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0 ..< count {
            if let m = run.tick() { bytes += m.count; messages += 1 }
        }
        let d = clock.now - start
        let micros = (Double(d.components.attoseconds) / 1e12 + Double(d.components.seconds) * 1e6) / Double(count)
        return (micros, messages > 0 ? Double(bytes) / Double(messages) : 0, messages)
    }

    /// The process's resident memory in bytes (/proc/self/statm), which includes what malloc keeps.
    static func heapBytes() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ")
        return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
    }

    /// Bytes of each message a session sends between `from` and `to` (60 fps).
    static func messageSizes(_ session: Session, from: Double, to: Double) -> [Int] {
        var sizes: [Int] = []
        var k = Int((from * 60).rounded(.up))
        while Double(k) / 60 <= to {
            if let m = session.tick(at: Double(k) / 60) { sizes.append(m.count) }
            k += 1
        }
        return sizes
    }

    static func f(_ v: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", v) }

    static func print() {
        Swift.print("\n=== Session.tick figures (release build, one run; means of 2,000 ticks at 60 fps, fewer for the 10k resizes) ===")
        Scenes.writeGenerated()
        var results: [String: (micros: Double, bytesPerMessage: Double, messages: Int)] = [:]
        for c in TickCase.all {
            let r = measure(c, count: c.ticks)
            results[c.name] = r
            Swift.print("\(c.name): \(f(r.micros)) µs per tick, \(r.messages) messages, \(f(r.bytesPerMessage, 1)) bytes per message")
        }
        func ratio(_ a: String, _ b: String) -> String { f(results[a]!.micros / max(0.001, results[b]!.micros), 1) }
        // For the wasm figures (Benchmarks/wasm-ticks.mjs prints wasm / native per case).
        let json = "{" + results.map { "\"\($0.key)\": \($0.value.micros)" }.joined(separator: ", ") + "}\n"
        try? json.write(toFile: Scenes.examples.appendingPathComponent("../.build/bench-native.json").standardized.path,
                        atomically: true, encoding: .utf8)
        Swift.print("ratio 10k static / 10-item static: \(ratio("10k placeholders, static, nothing due", "10 items, static, nothing due"))×")
        Swift.print("ratio 10k sliding / feed sliding: \(ratio("10k placeholders, sliding shimmer", "feed, sliding shimmer"))×")
        Swift.print("ratio fling over 1,000,000 rows / over 100 rows: \(ratio("inbox of 1,000,000 rows, flung", "inbox of 100 rows, flung"))×")
        Swift.print("ratio card moved beside 10k / beside 10: \(ratio("card of 100 items moved beside 10k cells", "card of 100 items moved by a set each tick"))×")

        // A fling's messages: those that only move the content (offset, indicator) and those
        // that also bring the rows entering the window.
        let fling = TickCase.all.first { $0.name == "inbox of 1,000,000 rows, flung" }!.start()
        var moving: [Int] = [], entering: [Int] = []
        for _ in 0 ..< 2_000 {
            guard let m = fling.tick() else { continue }
            if m.count <= 16 { moving.append(m.count) } else { entering.append(m.count) }
        }
        Swift.print("fling over 1,000,000 rows: \(moving.count) messages of ≤ 16 bytes (largest \(moving.max() ?? 0)), "
            + "\(entering.count) bringing rows (mean \(entering.isEmpty ? 0 : entering.reduce(0, +) / entering.count) bytes)")

        // Pointer move to patch, in the session: applying one move of a drag and the tick that
        // sends it, over 2,000 moves of the sheet over the shimmering feed.
        let drag = TickCase.all.first { $0.name == "sheet dragged over the shimmering feed" }!.start()
        for _ in 0 ..< 60 { _ = drag.tick() }
        var latencies: [Double] = []
        var sheetBytes: [Int] = []
        let clock = ContinuousClock()
        for _ in 0 ..< 2_000 {
            let start = clock.now
            let m = drag.tick()
            let d = clock.now - start
            latencies.append(Double(d.components.attoseconds) / 1e12 + Double(d.components.seconds) * 1e6)
            if let m { sheetBytes.append(m.count) }
        }
        latencies.sort()
        Swift.print("pointer move to patch (sheet over the shimmering feed): p50 \(f(latencies[1_000])) µs, "
            + "p99 \(f(latencies[1_980])) µs, max \(f(latencies.last!)) µs; messages \(sheetBytes.count), "
            + "largest \(sheetBytes.max() ?? 0) bytes (sheet, dim and the shimmer's paint)")
        let maps = TickCase.all.first { $0.name == "maps sheet dragged" }!.start()
        var mapsBytes: [Int] = []
        for _ in 0 ..< 600 { if let m = maps.tick() { mapsBytes.append(m.count) } }
        Swift.print("maps sheet dragged: \(mapsBytes.filter { $0 <= 16 }.count) of \(mapsBytes.count) messages ≤ 16 bytes "
            + "(the others bring list rows or the list's indicator as the drag hands over)")

        // Cross-dissolves: bytes per message while they run.
        let feed = Session(scene: Scenes.example("feed"))
        _ = TickCase.advanced(feed, to: 8.9)
        let hide = messageSizes(feed, from: 9.0, to: 9.45)
        Swift.print("feed skeleton cross-dissolve (hide, 0.4 s): \(hide.count) messages, largest of the fade "
            + "\(hide.dropFirst().dropLast().max() ?? 0) bytes (first: \(hide.first ?? 0), the structure change)")
        let show = Session(scene: Scenes.example("feed"))
        _ = TickCase.advanced(show, to: 0.3)
        try! show.apply(Scenes.command("{\"command\": {\"skeleton\": {\"node\": \"feed\", \"hide\": true}}}"))
        _ = show.tick(at: 0.31)
        try! show.apply(Scenes.command("{\"command\": {\"skeleton\": {\"node\": \"feed\", \"show\": true, \"transition\": {\"crossDissolve\": 0.25}}}}"))
        let showSizes = messageSizes(show, from: 0.32, to: 0.6)
        Swift.print("feed skeleton cross-dissolve (show, 0.25 s): \(showSizes.count) messages, largest of the fade "
            + "\(showSizes.dropFirst().dropLast().max() ?? 0) bytes")

        let status = Session(scene: Scenes.example("status"))
        _ = TickCase.advanced(status, to: 1.9)
        let crossFade = messageSizes(status, from: 2.0, to: 2.25)
        Swift.print("status cross-fade (loading → error): \(crossFade.count) messages, largest of the fade "
            + "\(crossFade.dropFirst().dropLast().max() ?? 0) bytes")

        // Scrolling through 100,000 rows of the inbox and back, by the wheel (600 pt a tick):
        // the memory the process holds and the ids the session holds, at the start and after.
        let long = Session(scene: Scenes.inbox(rows: 1_000_000))
        _ = TickCase.advanced(long, to: 0.5)
        let before = (heap: Summary.heapBytes(), ids: long.internedIds)
        let steps = 100_000 * 76 / 600
        var t = 0.5
        for direction in [1, -1] {
            for _ in 0 ..< steps {
                t += 1.0 / 60
                try! long.apply(Scenes.command("{\"input\": {\"wheel\": {\"x\": 200, \"y\": 300, \"dy\": \(600 * direction)}}}"))
                _ = long.tick(at: t)
            }
        }
        let after = (heap: Summary.heapBytes(), ids: long.internedIds)
        Swift.print("inbox scrolled through 100,000 rows and back: resident memory \(before.heap / 1024) KB → \(after.heap / 1024) KB"
            + " (\(f(Double(after.heap) / Double(max(1, before.heap)) * 100, 0)) %), interned ids \(before.ids) → \(after.ids)")

        // Overlays coming and going every second for ten minutes, at 10 ticks a second.
        let churn = Session(scene: Scenes.example("status"))
        var keys: [Int] = []
        for second in 0 ..< 600 {
            let state = ["loading", "error", "empty", "none"][second % 4]
            try! churn.apply(Scenes.command("{\"command\": {\"status\": {\"node\": \"feed\", \"state\": \"\(state)\", \"transition\": \"crossDissolve\"}}}"))
            try! churn.apply(Scenes.command("{\"command\": {\"spinner\": {\"node\": \"upload\", \"show\": \(second % 2 == 0)}}}"))
            for k in 0 ..< 10 { _ = churn.tick(at: Double(second) + Double(k) / 10) }
            if second == 59 || second == 599 { keys.append(churn.internedIds) }
        }
        Swift.print("overlays every second: interned item keys after 1 min \(keys[0]), after 10 min \(keys[1])")
        HostileScenes.printFigures()
        FetchFigures.print()
        Swift.print("===\n")
    }
}
