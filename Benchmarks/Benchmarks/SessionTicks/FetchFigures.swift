import Foundation
import VeilCore

/// A list that fetches its rows (examples/contacts: 1,000,000 contacts), driven as a host drives
/// it: `rows` events read from each tick's bytes, answered with a `fill` of distinct rows after a
/// latency. Figures: ticks over 16.7 ms (dropped frames), frames showing a row still waiting,
/// ranges asked for twice, and the rows the list holds (memory follows the window).
enum FetchFigures {
    static let list = Array("contacts".utf8)

    /// A host answering each range `latency` ticks after it was asked, with distinct rows.
    final class Host {
        let session: Session
        let latency: Int
        var k = 0
        var pending: [(due: Int, range: Range<Int>)] = []
        var answered: [Range<Int>] = []
        var asked = 0
        var askedTwice = 0
        var seen = Set<Int>()
        /// The first rows of the ranges answered.
        var delivered = Set<Int>()
        var mostHeld = 0
        var waitingFrames = 0
        var tickMicros: [Double] = []

        init(latency: Int) {
            var scene = Scenes.example("contacts")
            scene.timeline = []
            session = Session(scene: scene)
            self.latency = latency
        }

        static func row(_ i: Int) -> ListRow {
            ListRow([(node: Array("name".utf8), changes: [.text(Array("Person \(i)".utf8))]),
                     (node: Array("detail".utf8), changes: [.text(Array("mobile +1 555 \(1_000_000 + i)".utf8))])])
        }

        /// One frame: answers what is due, ticks (timed), reads the rows events.
        func frame() {
            k += 1
            for p in pending where p.due <= k {
                try! session.apply(.command(.rows(node: FetchFigures.list, .fill(at: p.range.lowerBound, p.range.map(Host.row)))))
                delivered.insert(p.range.lowerBound)
            }
            pending.removeAll { $0.due <= k }
            let clock = ContinuousClock()
            let start = clock.now
            let message = session.tick(at: Double(k) / 60)
            let d = clock.now - start
            tickMicros.append(Double(d.components.attoseconds) / 1e12 + Double(d.components.seconds) * 1e6)
            if let message, let decoded = try? WireDecoder.decode(message) {
                for event in decoded.events where event.name == Array("rows".utf8) {
                    guard let range = event.range else { continue }
                    asked += 1
                    // A page asked again is fine only after it left the list's window (it was let go).
                    if !seen.insert(range.lowerBound).inserted { askedTwice += 1 }
                    pending.append((k + latency, range))
                }
            }
            mostHeld = max(mostHeld, session.rowsHeld(FetchFigures.list) ?? 0)
            if showsWaitingRow() { waitingFrames += 1 }
        }

        /// Whether a row in view waits for its data: its page not answered yet. The rows in view
        /// are those under points down the canvas ("contacts/<row>/row", the row's own box: a
        /// waiting row's placeholders take no input, its box does).
        func showsWaitingRow() -> Bool {
            for y in stride(from: 60.0, through: 840, by: 32) {
                for node in session.nodes(at: Point(x: 300, y: y)) {
                    let parts = String(decoding: node.id, as: UTF8.self).split(separator: "/")
                    guard parts.count == 3, parts[0] == "contacts", parts[2] == "row", let row = Int(parts[1]) else { continue }
                    if !delivered.contains(row - row % 40) { return true }
                }
            }
            return false
        }

        /// Half a second at rest: the first rows asked for and answered; the counts start after.
        func open() {
            for _ in 0 ..< 30 { frame() }
            waitingFrames = 0
            tickMicros = []
            k0 = k
        }
        var k0 = 0

        func scroll(to offset: Double) {
            try! session.apply(.command(.scroll(node: FetchFigures.list, to: offset, animated: false)))
        }

        func pointer(_ phase: PointerPhase, _ y: Double) {
            try! session.apply(.input(.pointer(PointerEvent(phase: phase, x: 200, y: y, kind: .touch))))
        }

        var summary: String {
            let sorted = tickMicros.sorted()
            let over = tickMicros.filter { $0 > 16_667 }.count
            return "\(k - k0) frames, tick p50 \(Summary.f(sorted[sorted.count / 2])) µs, p99 \(Summary.f(sorted[sorted.count * 99 / 100])) µs, "
                + "max \(Summary.f(sorted.last!)) µs, \(over) over 16.7 ms; \(waitingFrames) frames showing a waiting row; "
                + "\(asked) ranges asked, \(askedTwice) asked twice; at most \(mostHeld) rows held"
        }
    }

    static func print() {
        // Top to bottom: the list dragged by its scroll bar, 2,000 pt a frame, through all
        // 64,000,000 pt; the host answers a frame later.
        let scrub = Host(latency: 1)
        scrub.open()
        let before = Summary.heapBytes()
        var offset = 0.0
        while offset < 64_000_000 {
            offset += 2_000
            scrub.scroll(to: offset)
            scrub.frame()
        }
        let after = Summary.heapBytes()
        Swift.print("contacts (1,000,000 fetched rows), after its first rows arrived, dragged top to bottom at 2,000 pt a frame, host answering a frame later: "
            + scrub.summary + "; resident memory \(before / 1024) KB → \(after / 1024) KB")

        // Flings: every two seconds a touch drags 240 pt up over six frames and lets go; the host
        // answers each range 100 ms (6 frames) later, as a fast network would.
        let fling = Host(latency: 6)
        fling.open()
        for k in 0 ..< 60 * 60 {
            switch k % 120 {
            case 0: fling.pointer(.down, 600)
            case 1 ... 6: fling.pointer(.move, 600 - 40 * Double(k % 120))
            case 7: fling.pointer(.up, 360)
            default: break
            }
            fling.frame()
        }
        Swift.print("contacts flung for a minute (a fling every 2 s), host answering 100 ms later: " + fling.summary)
    }
}
