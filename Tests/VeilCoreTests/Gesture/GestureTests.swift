import PropertyBased
import Testing
@testable import VeilCore

/// The gesture layer as tables: input in, router events out.
@Suite struct GestureTests {
    static let button = GestureTarget(id: bytes("button"), wants: .tap)
    static let list = GestureTarget(id: bytes("list"), wants: .panY)
    static let carousel = GestureTarget(id: bytes("carousel"), wants: .panX)
    static let sheet = GestureTarget(id: bytes("sheet"), wants: [.panY, .tap])

    @Test func aPointerThatStaysWithinItsSlopTaps() {
        var r = GestureRouter()
        #expect(r.down(1, kind: .touch, x: 100, y: 100, t: 0, chain: [Self.button, Self.list]) == [.pressBegan(bytes("button"))])
        #expect(r.move(1, x: 106, y: 107, t: 0.05).isEmpty, "9.2 pt: within a finger's 10 pt slop")
        #expect(r.up(1, x: 106, y: 107, t: 0.1) { _ in true } == [.tap(bytes("button"))])
        // A mouse's slop is 2 pt: the same move pans the list.
        #expect(r.down(2, kind: .mouse, x: 100, y: 100, t: 1, chain: [Self.button, Self.list]) == [.pressBegan(bytes("button"))])
        #expect(r.move(2, x: 101, y: 103, t: 1.05) == [.pressCancelled(bytes("button")), .panBegan(bytes("list"))])
    }

    @Test func thePanGoesToTheInnermostCandidateOnTheMovesAxis() {
        var r = GestureRouter()
        let chain = [Self.button, Self.carousel, Self.list]
        _ = r.down(1, kind: .touch, x: 0, y: 0, t: 0, chain: chain)
        #expect(r.move(1, x: 3, y: 12, t: 0.02) == [.pressCancelled(bytes("button")), .panBegan(bytes("list"))],
                "mostly vertical: the carousel (horizontal) lets it pass")
        // Captured: later moves go to the list whatever their direction, from where the pan began.
        #expect(r.move(1, x: 40, y: 20, t: 0.04) == [.panChanged(bytes("list"), dx: 37, dy: 8)])
        #expect(r.owner(of: 1) == bytes("list"))
        _ = r.down(2, kind: .touch, x: 0, y: 0, t: 1, chain: chain)
        #expect(r.move(2, x: -15, y: 2, t: 1.02) == [.pressCancelled(bytes("button")), .panBegan(bytes("carousel"))])
        // Nobody takes the axis: it stays a press, and lifting outside the button taps nothing.
        _ = r.down(3, kind: .touch, x: 0, y: 0, t: 2, chain: [Self.button])
        #expect(r.move(3, x: 30, y: 0, t: 2.02).isEmpty)
        #expect(r.up(3, x: 30, y: 0, t: 2.1) { _ in false } == [.pressCancelled(bytes("button"))])
    }

    @Test func cancelEndsWhateverHasThePointer() {
        var r = GestureRouter()
        _ = r.down(1, kind: .touch, x: 0, y: 0, t: 0, chain: [Self.button])
        #expect(r.cancel(1) == [.pressCancelled(bytes("button"))])
        _ = r.down(1, kind: .touch, x: 0, y: 0, t: 0, chain: [Self.list])
        _ = r.move(1, x: 0, y: 30, t: 0.1)
        #expect(r.cancel(1) == [.panCancelled(bytes("list"))])
        #expect(r.up(1, x: 0, y: 0, t: 1) { _ in true }.isEmpty, "nothing left to end")
    }

    @Test func aPanIsHandedOverInsideOneGestureBothWays() {
        // A sheet holding a list: dragged up, the sheet moves until its top anchor, then yields
        // inward to the list; the list, back at its top and dragged down, yields outward.
        var r = GestureRouter()
        _ = r.down(1, kind: .touch, x: 0, y: 500, t: 0, chain: [Self.list, Self.sheet])
        #expect(r.move(1, x: 0, y: 480, t: 0.02) == [.pressCancelled(bytes("sheet")), .panBegan(bytes("list"))],
                "the innermost vertical pan; the sheet's header tap is off")
        #expect(r.yield(1, x: 0, y: 470, toward: .outward) == [.panEnded(bytes("list"), vx: 0, vy: 0), .panBegan(bytes("sheet"))])
        #expect(r.move(1, x: 0, y: 400, t: 0.1) == [.panChanged(bytes("sheet"), dx: 0, dy: -70)], "no jump: from the hand-over point")
        #expect(r.yield(1, x: 0, y: 400, toward: .inward) == [.panEnded(bytes("sheet"), vx: 0, vy: 0), .panBegan(bytes("list"))])
        #expect(r.yield(1, x: 0, y: 400, toward: .inward).isEmpty, "nobody further in")
        _ = r.move(1, x: 0, y: 380, t: 0.12)
        guard case let .panEnded(id, _, vy)? = r.up(1, x: 0, y: 370, t: 0.14) { _ in true }.first else {
            Issue.record("no pan end"); return
        }
        #expect(id == bytes("list"))
        #expect(vy < -500, "the release velocity spans the hand-over: \(vy)")
    }

    @Test func pointersAreBounded() {
        var r = GestureRouter()
        for p in 0 ..< GestureRouter.maxPointers { _ = r.down(p, kind: .touch, x: 0, y: 0, t: 0, chain: [Self.button]) }
        #expect(r.down(99, kind: .touch, x: 0, y: 0, t: 0, chain: [Self.button])
                == [.pressCancelled(bytes("button")), .pressBegan(bytes("button"))], "the oldest is cancelled")
        #expect(r.up(0, x: 0, y: 0, t: 1) { _ in true }.isEmpty)
    }

    @Test func velocityOfASteadyMoveIsItsSpeed() async {
        await propertyCheck(count: 100, input: Gen.uint64()) { seed in
            var random = RandomFrames(seed: seed)
            let vx = Double(random.int(-3000 ... 3000)), vy = Double(random.int(-3000 ... 3000))
            let dt = Double(random.int(4 ... 16)) / 1000
            var tracker = VelocityTracker()
            var t = 0.0
            for _ in 0 ..< random.int(3 ... 40) {
                tracker.add(t: t, x: 10 + vx * t, y: -5 + vy * t)
                t += dt
            }
            let v = tracker.velocity()
            #expect(abs(v.x - vx) < 1e-6 * (abs(vx) + 1) && abs(v.y - vy) < 1e-6 * (abs(vy) + 1), "seed \(seed): \(v)")
        }
    }

    @Test func velocityLooksAtTheLast100MillisecondsAndAPauseStopsIt() {
        var tracker = VelocityTracker()
        // Slow for a long time, then fast for the last 128 ms: only the last 100 ms count.
        for k in 0 ..< 10 { tracker.add(t: Double(k) * 0.02, x: Double(k), y: 0) }
        for k in 1 ... 8 { tracker.add(t: 0.18 + Double(k) * 0.016, x: 9 + Double(k) * 16, y: 0) }
        #expect(abs(tracker.velocity().x - 1000) < 1e-6, "\(tracker.velocity().x)")
        // The finger rests 50 ms, then lifts: no fling.
        tracker.add(t: 0.308 + 0.05, x: 137, y: 0)
        #expect(tracker.velocity() == (0, 0) || tracker.velocity().x == 0)
        #expect(VelocityTracker().velocity().x == 0)
    }

    @Test func wheelDeltasBecomePoints() {
        let viewport = (width: 400.0, height: 800.0)
        #expect(WheelInput(deltaX: 0, deltaY: 120, deltaMode: 0, viewport: viewport) == WheelInput(deltaX: 0, deltaY: 120, deltaMode: 0, viewport: viewport))
        #expect(WheelInput(deltaX: 1, deltaY: 3, deltaMode: 1, viewport: viewport).dy == 48)
        #expect(WheelInput(deltaX: 1, deltaY: 3, deltaMode: 1, viewport: viewport).dx == 16)
        #expect(WheelInput(deltaX: 0, deltaY: 1, deltaMode: 2, viewport: viewport).dy == 784)
        // The innermost candidate that can still move takes it; one at its end passes it on.
        let wheel = WheelInput(deltaX: 0, deltaY: -40, deltaMode: 0, viewport: viewport)
        let atTop: Set<String> = ["inner"]
        #expect(wheel.route(["inner", "outer"]) { c, _, dy in !(dy < 0 && atTop.contains(c)) } == "outer")
        #expect(wheel.route(["inner", "outer"]) { _, _, _ in true } == "inner")
    }
}

/// The session routes pointers through the gesture router: a finger's larger slop, time stamps.
@Suite struct SessionGestureTests {
    func session() -> Session {
        Session(scene: scene(view("root", children: [button("ok", "OK", action: "confirm",
                                                           frame: Rect(x: 50, y: 50, width: 100, height: 44))])))
    }

    func pointer(_ phase: PointerPhase, _ x: Double, _ y: Double, kind: PointerKind = .mouse) -> Action {
        .input(.pointer(PointerEvent(phase: phase, x: x, y: y, pointer: 1, kind: kind)))
    }

    @Test func aWanderingFingerStillTapsAndThePressedLookFollows() throws {
        let s = session()
        _ = s.tick(at: 0)
        try s.apply(pointer(.down, 60, 60, kind: .touch), at: 0.1)
        try s.apply(pointer(.move, 68, 64, kind: .touch), at: 0.15)
        #expect(try #require(s.frame(at: 0.15).canvasItems.first { $0.kind == .rect }).opacity < 255, "pressed look")
        try s.apply(pointer(.up, 68, 64, kind: .touch), at: 0.2)
        #expect(s.pendingEvents.map { String(decoding: $0.name, as: UTF8.self) } == ["confirm"])
    }

    @Test func readsThePointerKind() throws {
        let line = try SceneReader.readAction(Array(#"{"t": 1.25, "input": {"pointer": {"phase": "down", "x": 1, "y": 2, "kind": "touch"}}}"#.utf8),
                                              file: "e", line: 1)
        guard case let .input(.pointer(p)) = line.action else { Issue.record("not a pointer"); return }
        #expect(p.kind == .touch && line.time == 1.25 && line.isTimed)
        #expect(throws: SceneError.self) {
            try SceneReader.readAction(Array(#"{"input": {"pointer": {"phase": "down", "x": 1, "y": 2, "kind": "hand"}}}"#.utf8), file: "e", line: 1)
        }
    }
}
