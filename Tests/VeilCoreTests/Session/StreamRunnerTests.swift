import Testing
@testable import VeilCore

/// The tick schedule behind `veil stream`: which tick sees which action, and when a message is sent.
/// A resize changes the frame, so it shows as a message at the tick that first sees it.
@Suite struct StreamRunnerTests {
    func session() -> Session {
        Session(scene: Scene(root: Node(id: Array("root".utf8), kind: .view)))
    }

    func resize(at time: Double, width: Double, height: Double = 500, line: Int = 1) -> StreamRunner.Entry {
        StreamRunner.Entry(time: time, action: .input(.resize(width: width, height: height)), line: line)
    }

    /// The ticks (k) that produced a message.
    func messageTicks(duration: Double, fps: Int, _ actions: [StreamRunner.Entry]) throws -> [Int] {
        var ticks: [Int] = []
        try StreamRunner(duration: duration, fps: fps).run(session: session(), actions: actions, file: "e.jsonl") { k, _ in
            ticks.append(k)
        }
        return ticks
    }

    @Test func ticksRunFromZeroToDurationTimesFpsInclusive() throws {
        let runner = try StreamRunner(duration: 2, fps: 5)
        #expect(runner.lastTick == 10)
        #expect(runner.time(ofTick: 0) == 0)
        #expect(runner.time(ofTick: 10) == 2)
        #expect(runner.time(ofTick: 3) == 0.6)
        // S·N that floating point puts just below an integer still counts that tick.
        #expect(try StreamRunner(duration: 0.29, fps: 100).lastTick == 29)
        #expect(try StreamRunner(duration: 0.7, fps: 10).lastTick == 7)
        #expect(try StreamRunner(duration: 1.05, fps: 4).lastTick == 4)
        #expect(try StreamRunner(duration: 0, fps: 60).lastTick == 0)
    }

    @Test func firstMessageIsTheKeyframeAndAnUnchangedFrameSendsNothing() throws {
        #expect(try messageTicks(duration: 1, fps: 4, []) == [0])
    }

    @Test func anActionLandsBeforeTheFirstTickAtOrAfterItsTime() throws {
        // fps 4: ticks at 0, 0.25, 0.5, 0.75, 1.
        #expect(try messageTicks(duration: 1, fps: 4, [resize(at: 0.3, width: 300)]) == [0, 2])
        #expect(try messageTicks(duration: 1, fps: 4, [resize(at: 0.5, width: 300)]) == [0, 2])
        #expect(try messageTicks(duration: 1, fps: 4, [resize(at: 0.5000001, width: 300)]) == [0, 3])
        #expect(try messageTicks(duration: 1, fps: 4, [resize(at: 0, width: 300)]) == [0])
        #expect(try messageTicks(duration: 1, fps: 4, [resize(at: 1, width: 300)]) == [0, 4])
        // After the last tick: never applied.
        #expect(try messageTicks(duration: 1, fps: 4, [resize(at: 1.01, width: 300)]) == [0])
    }

    @Test func actionsBeforeTheSameTickAllApplyAndMakeOneMessage() throws {
        let actions = [resize(at: 0.3, width: 300), resize(at: 0.4, width: 310), resize(at: 0.6, width: 320)]
        #expect(try messageTicks(duration: 1, fps: 4, actions) == [0, 2, 3])
        // Changing and changing back before a tick: the frame is the same, no message.
        // (390×844 is the scene's own size.)
        let back = [resize(at: 0.3, width: 300), resize(at: 0.4, width: 390, height: 844)]
        #expect(try messageTicks(duration: 1, fps: 4, back) == [0])
    }

    @Test func theKeyframeSeesActionsAtTimeZero() throws {
        let s = session()
        let messages = try StreamRunner(duration: 0, fps: 10)
            .messages(session: s, actions: [resize(at: 0, width: 200)])
        #expect(messages.count == 1)
        #expect(s.scene.width == 200)
    }

    @Test func anUnknownNodeIsReportedAtItsColumn() throws {
        let line = Array(#"{"t": 0.5, "command": {"set": {"node": "nope", "hidden": true}}}"#.utf8)
        #expect(SceneReader.nodeColumn(inAction: line) == 40)
        #expect(SceneReader.nodeColumn(inAction: Array(#"  {"input": {"resize": {"width": 1, "height": 1}}}"#.utf8)) == 13)
        #expect(SceneReader.nodeColumn(inAction: Array("not json".utf8)) == 1)
        let action = try SceneReader.readAction(line, file: "e.jsonl", line: 3)
        let entry = StreamRunner.Entry(time: action.time, action: action.action, line: 3,
                                       column: SceneReader.nodeColumn(inAction: line))
        let error = #expect(throws: VeilCore.StreamError.self) {
            try StreamRunner(duration: 1, fps: 4).run(session: session(), actions: [entry], file: "e.jsonl") { _, _ in }
        }
        #expect(error?.description.hasPrefix("e.jsonl:3:40: ") == true, "\(error?.description ?? "")")
    }

    @Test func aRejectedActionStopsTheRunNamingTheEventsLine() throws {
        let bad = StreamRunner.Entry(time: 0.5, action: .command(.set(node: Array("nope".utf8), changes: [.hidden(true)])),
                                     line: 7)
        var ticks: [Int] = []
        let error = #expect(throws: VeilCore.StreamError.self) {
            try StreamRunner(duration: 1, fps: 4).run(session: session(), actions: [bad], file: "e.jsonl") { k, _ in
                ticks.append(k)
            }
        }
        #expect(error?.description.hasPrefix("e.jsonl:7:1: ") == true)
        #expect(error?.description.contains("nope") == true)
        // Ticks before the action ran; none after.
        #expect(ticks == [0])
    }

    @Test func timesGoingBackwardsAreRejectedBeforeAnyTick() throws {
        var ticks: [Int] = []
        let error = #expect(throws: VeilCore.StreamError.self) {
            try StreamRunner(duration: 1, fps: 4).run(
                session: session(), actions: [resize(at: 0.5, width: 300, line: 1), resize(at: 0.2, width: 310, line: 2)],
                file: "e.jsonl") { k, _ in ticks.append(k) }
        }
        #expect(error?.line == 2)
        #expect(ticks.isEmpty)
    }

    @Test(arguments: [(1.0, 0), (1.0, 241), (3600.5, 1), (-1.0, 10), (Double.nan, 10), (Double.infinity, 10)])
    func boundsAreChecked(duration: Double, fps: Int) {
        #expect(throws: VeilCore.StreamError.self) { try StreamRunner(duration: duration, fps: fps) }
    }

    @Test func theLargestScheduleIsAccepted() throws {
        #expect(try StreamRunner(duration: 3600, fps: 240).lastTick == 864_000)
    }

    /// An action applies at its own "t", not at the tick that follows it: a status cross-fade stamped
    /// 0.55 s is a quarter through its 0.2 s at the 0.6 s tick (a tick-time start would show 0).
    @Test func actionsApplyAtTheirOwnTime() throws {
        var host = view("feed", frame: Rect(x: 0, y: 0, width: 200, height: 200), background: .white)
        host.children = [label("content", "Content")]
        let session = Session(scene: scene(view("root", children: [host])))
        let fade = StreamRunner.Entry(time: 0.55, action: .command(.status(
            node: bytes("feed"), status: Status(kind: .empty), transition: .crossDissolve(0.2))), line: 1)
        var frames: [Int: Frame] = [:]
        var mirror = FrameMirror()
        try StreamRunner(duration: 0.6, fps: 10).run(session: session, actions: [fade], file: "e.jsonl") { k, m in
            frames[k] = try? mirror.apply(m)
        }
        let at06 = try #require(frames[6]?.played(at: 0.6))  // the fade is declared; a host plays it at 0.6
        func layers(_ entries: [Item]) -> [Item] {
            entries.filter(\.isLayer).flatMap { [$0] + layers($0.children) }
        }
        let translucent = layers(at06.items).filter { $0.opacity < 255 }
        let expected = Fixed.opacity(Fade(from: 0, to: 1, start: 0.55, duration: 0.2).value(at: 0.6))
        #expect(translucent.map(\.opacity) == [expected])
        #expect(expected > 0)
    }
}
