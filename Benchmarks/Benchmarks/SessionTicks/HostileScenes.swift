import Foundation
import VeilCore

/// The costliest ticks known for scenes `veil check` accepts (issue "Hostile input": no tick over
/// 50 ms in a release build): the first frame of a new session, which lays out, draws and encodes
/// everything, or the ticks of a gesture that changes thousands of nodes. Generated here or kept in
/// Benchmarks/hostile/ (found by the session fuzzer).
enum HostileScenes {
    struct Case {
        var name: String
        var scene: () -> Scene
        var events: [TimedAction] = []
        /// Ticks measured, at 60 fps from 0: the first frame, or through the events.
        var ticks = 10
    }

    static var all: [Case] { [
        Case(name: "60 labels of 16 KB text, each 28 stacks deep (1 MB scene)") { read(deepLabels(), "deep") },
        Case(name: "1,000 rows of 1,000 one-point lines (the frame's entry bound)") { read(onePointLines(), "lines") },
        Case(name: "19,000 labels (the node bound)") { read(manyLabels(), "labels") },
        Case(name: "zero-height rows with an 803-line skeleton label (fuzzer)",
             scene: { read(file("zero-height-rows.json"), "zero-height-rows") },
             events: try! SceneReader.readEvents(file("zero-height-rows.events.jsonl"), file: "zero-height-rows.events.jsonl")),
        Case(name: "a custom refresh view of 19,000 labels in two states, pulled (issue 20)",
             scene: { read(refreshLabels(), "refresh") }, events: pull(), ticks: 45),
    ] }

    /// Milliseconds (CPU) to read the refresh case's scene, fastest of five: linear, not quadratic.
    static func refreshReadMilliseconds() -> Double {
        let bytes = refreshLabels()
        return (0 ..< 5).map { _ in
            let start = cpuMilliseconds()
            _ = read(bytes, "refresh")
            return cpuMilliseconds() - start
        }.min()!
    }

    /// Thread CPU time of the slowest of a new session's first ticks (at 60 fps, with the events
    /// due before each), over five sessions:
    /// the fastest and slowest of the five (CPU time, so a busy machine inflates it less than wall time).
    static func measure(_ c: Case) -> (best: Double, worst: Double, entries: Int, bytes: Int) {
        var slowest: [Double] = []
        var bytes = 0
        for _ in 0 ..< 5 {
            let session = Session(scene: c.scene())
            var pending = c.events[...]
            var worst = 0.0
            for k in 0 ..< c.ticks {
                let start = cpuMilliseconds()
                // Events at their times, as `veil stream` applies them: their work counts in the tick.
                while let e = pending.first, e.time <= Double(k) / 60 {
                    try? session.apply(e.action, at: e.time)
                    pending.removeFirst()
                }
                let message = session.tick(at: Double(k) / 60)
                let ms = cpuMilliseconds() - start
                if ms > worst { worst = ms; bytes = message?.count ?? 0 }
            }
            slowest.append(worst)
        }
        var mirror = FrameMirror()
        let session = Session(scene: c.scene())
        for e in c.events { try? session.apply(e) }
        let frame = session.tick(at: 0).flatMap { try? mirror.apply($0) }
        return (slowest.min()!, slowest.max()!, frame.map { count($0.items) } ?? 0, bytes)
    }

    static func printFigures() {
        Swift.print("hostile: reading the custom refresh view of 19,000 labels: \(Summary.f(refreshReadMilliseconds(), 1)) ms CPU")
        for c in all {
            let r = measure(c)
            Swift.print("hostile: \(c.name): slowest tick \(Summary.f(r.best, 1))–\(Summary.f(r.worst, 1)) ms CPU, "
                + "\(r.entries) entries, \(r.bytes / 1024) KB message")
        }
    }

    private static func count(_ items: [Item]) -> Int { items.reduce(items.count) { $0 + ($1.isLayer ? count($1.children) : 0) } }

    private static func cpuMilliseconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6
    }

    private static func file(_ name: String) -> [UInt8] {
        let url = Scenes.examples.appendingPathComponent("../Benchmarks/hostile/\(name)").standardized
        return Array((try? Data(contentsOf: url)) ?? Data())
    }

    private static func read(_ bytes: [UInt8], _ name: String) -> Scene {
        do { return try SceneReader.read(bytes, file: name) } catch { fatalError("\(name): \(error)") }
    }

    /// Sixty chains of 28 vertical stacks, a 16,000-byte label at the bottom of each: a stack's natural
    /// height is its children's, asked again at every level (IntrinsicMemo).
    static func deepLabels() -> [UInt8] {
        let text = String(String(repeating: "lorem ipsum dolor sit amet ", count: 600).prefix(16_000))
        let chains = (0 ..< 60).map { k in
            var node = #"{"type":"label","id":"t\#(k)","text":"\#(text)","numberOfLines":0,"fontSize":12}"#
            for _ in 0 ..< 28 { node = #"{"type":"stack","axis":"vertical","children":[\#(node)]}"# }
            return node
        }
        return Array(#"{"canvas":{"width":400,"height":800},"root":{"type":"stack","axis":"vertical","children":[\#(chains.joined(separator: ","))]}}"#.utf8)
    }

    /// A list of 1,000 rows, each a label one point wide: one line per character, 1,000 a row.
    static func onePointLines() -> [UInt8] {
        let text = String(repeating: "abcdefgh", count: 125)
        return Array("""
        {"root": {"type": "list", "id": "l", "rowCount": 1000, "rowHeight": 100000, "skeletonRows": 0,
                  "frame": {"x": 0, "y": 0, "width": 1, "height": 1000000000},
                  "row": {"type": "label", "id": "t", "text": "\(text)", "numberOfLines": 0, "fontSize": 1}}}
        """.utf8)
    }

    /// A list whose custom pull-to-refresh view holds 19,000 labels, each changed in the pulling and
    /// refreshing states (under 1 MB): every state change touches every label.
    static func refreshLabels() -> [UInt8] {
        let labels = (0 ..< 19_000).map { #"{"type":"label","id":"\#($0)"}"# }.joined(separator: ",")
        func state(_ text: String) -> String { (0 ..< 19_000).map { #""\#($0)":"\#(text)""# }.joined(separator: ",") }
        return Array(#"{"root":{"type":"list","id":"L","rowCount":10,"rowHeight":44,"row":{"type":"view"},"refresh":{"view":{"type":"view","id":"rv","children":[\#(labels)]},"states":{"pulling":{\#(state("p"))},"refreshing":{\#(state("r"))}}}}}"#.utf8)
    }

    /// A touch that pulls the list down 240 points over half a second and lets go (it refreshes).
    static func pull() -> [TimedAction] {
        var lines = [#"{"t":0.1,"input":{"pointer":{"phase":"down","x":100,"y":100,"id":1,"kind":"touch"}}}"#]
        for k in 1 ..< 20 {
            lines.append(#"{"t":\#(0.1 + Double(k) * 0.02),"input":{"pointer":{"phase":"move","x":100,"y":\#(100 + k * 12),"id":1,"kind":"touch"}}}"#)
        }
        lines.append(#"{"t":0.6,"input":{"pointer":{"phase":"up","x":100,"y":340,"id":1,"kind":"touch"}}}"#)
        return try! SceneReader.readEvents(Array(lines.joined(separator: "\n").utf8), file: "pull.events.jsonl")
    }

    /// 19,000 short labels: 190 rows of 100 in stacks, on a large canvas.
    static func manyLabels() -> [UInt8] {
        let rows = (0 ..< 190).map { r in
            let labels = (0 ..< 100).map { c in #"{"type":"label","text":"Item \#(r * 100 + c)"}"# }
            return #"{"type":"stack","axis":"horizontal","spacing":4,"children":[\#(labels.joined(separator: ","))]}"#
        }
        return Array(#"{"canvas":{"width":8000,"height":3800},"root":{"type":"stack","axis":"vertical","children":[\#(rows.joined(separator: ","))]}}"#.utf8)
    }
}
