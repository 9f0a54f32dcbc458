import Foundation
import PropertyBased
import Testing
@testable import VeilCore

/// The scroll engine: its physics against the formulas, and scrolling as a user drives it —
/// drags, flings, the wheel, keys, the `scroll` command — on real scenes.
@Suite struct ScrollMotionTests {
    static func motion(upper: Double = 1000, viewport: Double = 600) -> ScrollMotion {
        var m = ScrollMotion()
        m.setBounds(lower: 0, upper: upper, viewport: viewport, at: 0)
        return m
    }

    @Test func aDragFollowsThePointerAndRubberBandsWithTheIOSCurve() {
        var m = Self.motion()
        m.beginDrag(at: 0)
        m.drag(-300)  // finger up 300: content moves up
        #expect(m.offset(at: 0) == 300)
        for pull in [10.0, 100, 300, 1000, 5000] {
            m.drag(pull)  // finger down past the top
            let expected = -(1 - 1 / (pull * 0.55 / 600 + 1)) * 600
            #expect(abs(m.offset(at: 0) - expected) < 1e-9, "pull \(pull)")
            #expect(m.offset(at: 0) > -600, "never farther than the viewport")
        }
        m.drag(-1000 - 250)
        #expect(abs(m.offset(at: 0) - (1000 + (1 - 1 / (250 * 0.55 / 600 + 1)) * 600)) < 1e-9)
    }

    @Test func theRubberBandsInverseGivesBackThePull() async {
        await propertyCheck(input: Gen.double(in: 0 ... 20_000), Gen.double(in: 1 ... 2_000)) { pull, d in
            let drawn = ScrollMotion.band(pull, d)
            #expect(drawn >= 0 && drawn < d)
            #expect(abs(ScrollMotion.unband(drawn, d) - pull) <= 1e-6 * max(1, pull) || drawn > d * 0.9999)
        }
    }

    @Test func momentumIsTheDecayOfTheReleaseVelocity() {
        var m = Self.motion(upper: 100_000)
        m.beginDrag(at: 0)
        m.drag(-100)
        m.release(pointerVelocity: -1500, at: 1)  // flicked up at 1,500 pt/s
        let decay = Decay(from: 100, velocity: 1500, rate: 0.998)
        for dt in [0.0, 0.1, 0.5, 1, 2] {
            #expect(abs(m.offset(at: 1 + dt) - decay.value(at: dt)) < 1e-9)
        }
        #expect(abs(decay.projectedEnd - (100 + 1500 / (1000 * -log(0.998)))) < 1e-6)
        let rest = try! #require(m.restTime)
        let settled = m.settle(at: rest + 0.01)
        #expect(settled)
        #expect(!m.isMoving(at: rest + 1))
        #expect(abs(m.offset(at: rest + 5) - decay.projectedEnd) < 2)  // rests within a step of its end
    }

    /// A coast that reaches an edge hands over to a critically damped spring there: no jump in
    /// position or velocity, a bounce past the edge, and rest exactly at the edge.
    @Test func aCoastIntoAnEdgeBouncesBackWithoutAJump() async {
        await propertyCheck(input: Gen.double(in: 400 ... 8_000), Gen.double(in: 0 ... 900)) { speed, start in
            var m = Self.motion(upper: 1000)
            m.beginDrag(at: 0)
            m.drag(-start)
            m.release(pointerVelocity: -speed, at: 0)
            var previous = m.offset(at: 0)
            var farthest = previous
            let rest = m.restTime ?? 0
            var t = 0.0
            while t < rest + 0.1 {
                t += 1.0 / 240
                let o = m.offset(at: t)
                #expect(abs(o - previous) < max(speed, 1) / 240 * 1.01 + 0.05, "jump at t = \(t)")
                previous = o
                farthest = max(farthest, o)
            }
            #expect(m.offset(at: rest + 1) == 1000 || farthest <= 1000.001)
            if Decay(from: start, velocity: speed).projectedEnd > 1000 {
                #expect(farthest > 1000, "it bounces past the edge")
                #expect(m.offset(at: rest + 1) == 1000)
            }
        }
    }

    @Test func releasedPastAnEdgeItSpringsBackToIt() {
        var m = Self.motion()
        m.beginDrag(at: 0)
        m.drag(400)  // pulled down past the top
        let pulled = m.offset(at: 0)
        #expect(pulled < 0)
        m.release(pointerVelocity: 0, at: 0)
        var last = pulled
        for k in 1 ... 120 {
            let o = m.offset(at: Double(k) / 120)
            #expect(o >= last - 1e-9, "critically damped: it does not overshoot")
            last = o
        }
        #expect(m.offset(at: 2) == 0)
    }

    @Test func aTouchCatchesMovingContentWhereItIsDrawn() {
        var m = Self.motion(upper: 10_000)
        m.beginDrag(at: 0)
        m.release(pointerVelocity: -3000, at: 0)
        let at = m.offset(at: 0.2)
        m.catchAt(0.2)
        #expect(m.offset(at: 0.2) == at && m.offset(at: 3) == at)
        // Caught during a bounce past the top, a new drag starts from where it is drawn.
        var b = Self.motion()
        b.beginDrag(at: 0)
        b.drag(300)
        b.release(pointerVelocity: 0, at: 0)
        let drawn = b.offset(at: 0.05)
        b.catchAt(0.05)
        b.beginDrag(at: 0.05)
        b.drag(0)
        #expect(abs(b.offset(at: 0.05) - drawn) < 1e-9)
    }

    @Test func wheelAndKeysStayWithinTheBounds() {
        var m = Self.motion()
        m.scroll(by: -50, at: 0)
        #expect(m.offset(at: 0) == 0)
        #expect(!m.canScroll(by: -1, at: 0) && m.canScroll(by: 1, at: 0))
        m.scroll(by: 5000, at: 0)
        #expect(m.offset(at: 0) == 1000)
        m.scroll(to: 200, animated: true, at: 1)
        #expect(m.offset(at: 1) == 1000 && m.offset(at: 1.15) < 1000 && m.offset(at: 1.3) == 200)
    }
}

@Suite struct ScrollingTests {
    static func inbox(rows: Int = 40) throws -> Scene {
        var scene = try SceneReader.read(Array(try Data(contentsOf: ExamplesTests.examples.appendingPathComponent("inbox.json"))),
                                         file: "inbox.json")
        scene.timeline = []
        if case var .list(style) = scene.root.kind {
            style.rowCount = rows
            scene.root.kind = .list(style)
        }
        return scene
    }

    /// The scroll offset the frame shows: minus the y of the content layer of the list at its root.
    static func contentOffset(_ frame: Frame) -> Double {
        let content = frame.items.first?.children.first { $0.isLayer }
        return -Double(content?.y ?? 0) / Fixed.scale
    }

    /// A session ticking at 60 fps, with a mirror of what a viewer would show.
    final class Run {
        let session: Session
        var messages: [[UInt8]] = []
        var mirror = FrameMirror()
        var k = 0
        init(_ scene: Scene) { session = Session(scene: scene) }

        /// Ticks up to `t`; the frame the viewer shows then: its items as its declared motions have
        /// them at `t` (a coast, a spring back), the motions still listed.
        @discardableResult
        func tick(until t: Double) throws -> Frame {
            while Double(k) / 60 <= t {
                if let m = session.tick(at: Double(k) / 60) {
                    messages.append(m)
                    _ = try mirror.apply(m)
                }
                k += 1
            }
            var shown = try #require(mirror.frame)
            shown.items = shown.playedItems(shown.items, at: t)
            return shown
        }

        func apply(_ action: Action, at t: Double) throws {
            try tick(until: t - 0.0001)
            try session.apply(action, at: t)
        }

        func pointer(_ phase: PointerPhase, y: Double, at t: Double) throws {
            try apply(.input(.pointer(PointerEvent(phase: phase, x: 200, y: y, pointer: 1, kind: .touch))), at: t)
        }

        var events: [String] {
            messages.flatMap { (try? WireDecoder.decode($0))?.events ?? [] }.map { String(decoding: $0.name, as: UTF8.self) }
        }
    }

    /// A fling of the inbox: the content follows the finger, a few bytes a move; then it coasts,
    /// declared once — the message that lets go declares the content's and the indicator's paths —
    /// and until it rests only the rows of each new window are sent (a layout every 256 pt).
    @Test func aFlingCoastsAlongAPathDeclaredOnce() throws {
        let run = Run(try Self.inbox(rows: 1_000_000))
        try run.pointer(.down, y: 600, at: 0.5)
        for k in 1 ... 6 { try run.pointer(.move, y: 600 - Double(k) * 40, at: 0.5 + Double(k) / 60) }
        let dragging = run.messages.count
        try run.pointer(.up, y: 360, at: 0.5 + 7.0 / 60)
        #expect(run.messages.count <= dragging + 1 && run.messages.suffix(6).allSatisfy { $0.count <= 16 },
                "a move, a small message: \(run.messages.suffix(6).map(\.count))")
        let during = run.messages.count
        let rest = try #require(run.session.scroll.containers.first?.motion.restTime)
        // Between two new windows a host has nothing to tick: the session's next change is ahead.
        var quiet = 0
        for k in 1 ... 60 {
            let t = 0.5 + 8.0 / 60 + Double(k) / 60
            _ = try run.tick(until: t)
            if (run.session.nextChange ?? .infinity) > t + 1e-9 { quiet += 1 }
        }
        #expect(quiet > 45, "during the coast the session sleeps most frames: \(quiet) of 60")
        let frame = try run.tick(until: rest - 0.01)
        let coast = run.messages[during...].compactMap { try? WireDecoder.decode($0) }
        func declares(_ m: Message) -> Bool {
            guard case let .delta(_, patch) = m.body else { return false }
            return patch.itemMotions?.contains { if case .points = $0.path { return true } else { return false } } == true
        }
        #expect(coast.first.map(declares) == true, "the first message of the coast declares its path")
        #expect(coast.dropFirst().allSatisfy { m in
            guard case let .delta(_, patch) = m.body else { return false }
            return !patch.structure.isEmpty
        }, "after it, only new windows of rows: \(coast.count) messages over \(rest - 0.6) s")
        #expect(coast.count < 30, "\(coast.count) messages, where each frame was one")

        #expect(Self.contentOffset(frame.played(at: rest - 0.01)) > 1000, "momentum carried it well past the drag's 240 pt")
        // Only rows near the viewport exist; the id table stays small.
        #expect(frame.canvasItems.count < 200)
        #expect(run.session.internedIds < 2_000)
    }

    /// The inbox pulled down past its top, short of refreshing, and let go: it springs back, the
    /// whole way declared by the message that lets go — the content, the indicator's place and
    /// length (it shrinks past the edge), the refresh animator's arc — and one more ends it at
    /// rest; then the indicator's hold and fade are declared and one message ends them. A viewer
    /// playing those motions shows, at every frame, within a point of where the core has it.
    @Test func aPullLetGoSpringsBackAlongAPathDeclaredOnce() throws {
        let run = Run(try Self.inbox())
        try run.pointer(.down, y: 200, at: 0.5)
        for k in 1 ... 20 { try run.pointer(.move, y: 200 + Double(k) * 2, at: 0.5 + Double(k) / 60) }  // slowly: no fling
        try run.pointer(.move, y: 240, at: 1)
        _ = try run.tick(until: 1.2)
        #expect(Self.contentOffset(try run.tick(until: 1.2)) < -5, "pulled past its top")
        let before = run.messages.count
        try run.pointer(.up, y: 240, at: 1.25)
        let container = try #require(run.session.scroll.containers.first)
        let rest = try #require(container.motion.restTime)
        var worst = 0.0
        var t = 1.25
        while t < rest + 0.9 {
            let shown = Self.contentOffset(try run.tick(until: t))
            worst = max(worst, abs(shown - run.session.scroll.containers[0].motion.offset(at: t)))
            t += 1.0 / 60
        }
        let sent = run.messages[before...].compactMap { try? WireDecoder.decode($0) }
        #expect(sent.count <= 4, "the spring back and the fade, each declared and ended: \(sent.count) messages")
        guard case let .delta(_, release)? = sent.first?.body else { Issue.record("a delta"); return }
        let fields = (release.itemMotions ?? []).filter { if case .points = $0.path { return true } else { return false } }
        #expect(fields.contains { $0.field == .y } && fields.contains { $0.field == .height }
                && fields.contains { $0.field == .arcSweep }, "content, indicator and arc declared: \(fields.map(\.field))")
        #expect(worst <= 1, "drawn within a point of the core's offset: \(worst)")
        #expect(Self.contentOffset(try run.tick(until: rest + 1)) == 0)
    }

    @Test func theWheelScrollsTheListUnderThePointerWithoutMomentum() throws {
        let run = Run(try Self.inbox())
        try run.apply(.input(.wheel(WheelEvent(x: 200, y: 300, dy: -100))), at: 0.1)  // at the top already
        try run.apply(.input(.wheel(WheelEvent(x: 200, y: 300, dy: 3, mode: 1))), at: 0.2)  // 3 lines = 48 pt
        #expect(Self.contentOffset(try run.tick(until: 0.2)) == 48)
        #expect(Self.contentOffset(try run.tick(until: 1)) == 48)
    }

    @Test func keysScrollTheMainListEndThenHome() throws {
        let run = Run(try Self.inbox())
        try run.apply(.input(.key(KeyEvent(phase: .down, key: utf8("End")))), at: 0.1)
        let end: Double = 2_965  // safe area top 47 + header 64 + 40 rows × 88 + safe area bottom 34 − viewport 700
        #expect(Self.contentOffset(try run.tick(until: 1)) == end)
        try run.apply(.input(.key(KeyEvent(phase: .down, key: utf8("PageUp")))), at: 1.1)
        #expect(Self.contentOffset(try run.tick(until: 2)) == end - 660)
        try run.apply(.input(.key(KeyEvent(phase: .down, key: utf8("Home")))), at: 2.1)
        #expect(Self.contentOffset(try run.tick(until: 3)) == 0)
    }

    @Test func theScrollCommandMovesItAndAScrolledEventFollows() throws {
        let run = Run(try Self.inbox())
        try run.apply(.command(.scroll(node: utf8("inbox"), to: 500, animated: true)), at: 0.1)
        #expect(Self.contentOffset(try run.tick(until: 1)) == 500)
        #expect(run.events == ["scrolled"])
        #expect(throws: SessionError.self) { try run.session.perform(.scroll(node: utf8("heading"), to: 1, animated: false)) }
        #expect(throws: SessionError.self) { try run.session.perform(.scroll(node: utf8("nope"), to: 1, animated: false)) }
    }

    /// After scrolling, a tap lands on the button drawn under the finger, not the one laid out there.
    @Test func hitTestingFollowsTheScrollOffset() throws {
        let json = #"""
        {"canvas": {"width": 300, "height": 400}, "root": {"type": "list", "id": "l", "rowHeight": 50, "rowCount": 100,
          "row": {"type": "button", "id": "b", "title": "Row"}}}
        """#
        let s = Session(scene: try SceneReader.read(Array(json.utf8), file: "l.json"))
        _ = s.tick(at: 0)
        try s.apply(.input(.wheel(WheelEvent(x: 100, y: 100, dy: 525))), at: 0.1)
        try s.apply(.input(.pointer(PointerEvent(phase: .down, x: 100, y: 30))), at: 0.2)
        try s.apply(.input(.pointer(PointerEvent(phase: .up, x: 100, y: 30))), at: 0.25)
        let message = try #require(s.tick(at: 0.3))
        let events = try WireDecoder.decode(message).events
        // 525 + 30 = 555: row 11 (550...600).
        #expect(events.filter { $0.name != utf8("scrolled") }.map { String(decoding: $0.node, as: UTF8.self) } == ["l/11/b"])
    }
}
