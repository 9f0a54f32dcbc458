import Foundation
import Testing
@testable import VeilCore

/// `Session.nextChange`: what lets a host (Web/mount.js) stop its frame loop. The promise a host
/// relies on: while it says nothing changes before time T, a tick before T sends nothing.
struct NextChangeTests {
    static func session(_ json: String) throws -> Session {
        Session(scene: try SceneReader.read(Array(json.utf8), file: "scene.json"))
    }

    static let card = #"""
    {"canvas": {"width": 200, "height": 200}, "root": {"type": "view", "id": "card", "skeletonable": true,
     "children": [{"type": "label", "id": "title", "text": "Hello", "skeletonable": true,
                   "frame": {"x": 10, "y": 10, "width": 100, "height": 20}}]}}
    """#

    func perform(_ session: Session, _ line: String, at t: Double) throws {
        try session.apply(try SceneReader.readAction(Array("{\"t\": \(t), \(line)}".utf8), file: "test", line: 1))
    }

    @Test func aStillSceneChangesOnlyWithInput() throws {
        let session = try Self.session(Self.card)
        #expect(session.nextChange == 0, "the first tick is due: a keyframe")
        _ = session.tick(at: 0)
        #expect(session.nextChange == nil)
    }

    /// A shimmer is declared once (`PaintMotion`): the host plays it, and the session has nothing to
    /// tick for it — no frame loop in the core, no message while it runs.
    @Test func aShimmeringSkeletonIsNotDueAndNeitherIsAStillOne() throws {
        let session = try Self.session(Self.card)
        _ = session.tick(at: 0)
        try perform(session, #""command": {"skeleton": {"node": "card", "show": true, "style": "sliding", "transition": "none"}}"#, at: 1)
        _ = session.tick(at: 1)
        #expect(session.nextChange == nil)
        #expect(session.tick(at: 1.5) == nil && session.tick(at: 2) == nil, "nothing to send while only time moves")
        try perform(session, #""command": {"skeleton": {"node": "card", "update": {"style": "solid"}}}"#, at: 2)
        _ = session.tick(at: 2)
        _ = session.tick(at: 2.1)
        #expect(session.nextChange == nil, "a solid skeleton stands still")
    }

    @Test func delayedShowsAndTimelineActionsAreDueAtTheirTime() throws {
        let session = try Self.session(Self.card)
        _ = session.tick(at: 0)
        try perform(session, #""command": {"skeleton": {"node": "card", "show": true, "delay": 2.5}}"#, at: 1)
        _ = session.tick(at: 1)
        #expect(session.nextChange == 3.5)
        #expect(session.tick(at: 3.4) == nil)
        #expect(session.tick(at: 3.5) != nil, "the skeleton shows at its time")

        let timed = try Self.session(#"{"root": {"type": "label", "id": "l", "text": "a"}, "timeline": [{"t": 4, "command": {"set": {"node": "l", "text": "b"}}}]}"#)
        _ = timed.tick(at: 0)
        #expect(timed.nextChange == 4)
        _ = timed.tick(at: 4)
        #expect(timed.nextChange == nil)
    }

    /// After a scroll comes to rest its indicator holds for 0.5 s, then fades over 0.25 s: both are
    /// declared with the rest (the fade as two points of its opacity), so a host waits through
    /// them instead of drawing half a second of frames that are all the same and then the fade's.
    @Test func aScrollIndicatorsHoldAndFadeAreAWait() throws {
        let session = try Self.session(#"{"canvas": {"width": 200, "height": 300}, "root": {"type": "list", "id": "inbox", "rowCount": 50, "rowHeight": 44, "skeletonRows": 0, "row": {"type": "label", "id": "l", "text": "x"}}}"#)
        _ = session.tick(at: 0)
        try perform(session, #""command": {"motion": "reduced"}"#, at: 0)
        try session.apply(.input(.key(KeyEvent(phase: .down, key: utf8("PageDown")))), at: 1)
        #expect(session.nextChange == 1)
        let shown = try #require(session.tick(at: 1), "moved at once (reduced motion), indicator shown")
        guard case let .delta(_, patch) = try WireDecoder.decode(shown).body else { Issue.record("a delta"); return }
        #expect(patch.itemMotions?.map(\.field) == [.opacity], "its fade, declared: \(String(describing: patch.itemMotions))")
        #expect(patch.itemMotions?.first?.start == 1.5 && patch.itemMotions?.first?.end == 1.75)
        #expect(session.nextChange == 1.75, "the hold and the fade: nothing to send until it has faded")
        for probe in [1.1, 1.25, 1.45, 1.6, 1.7] { #expect(session.tick(at: probe) == nil, "nothing to send at \(probe)") }
        let faded = try #require(session.tick(at: 1.8), "the fade's end: the motion goes, the field holds its end")
        guard case let .delta(_, end) = try WireDecoder.decode(faded).body else { Issue.record("a delta"); return }
        #expect(end.itemMotions == [])
        _ = session.tick(at: 1.9)
        #expect(session.nextChange == nil, "faded: still")
    }

    /// Random commands and sets over the example scenes (timelines kept): whenever the session says
    /// nothing changes before T, ticks before T send nothing.
    @Test func ticksBeforeTheNextChangeSendNothing() throws {
        let scenes = try TickEquivalenceTests.exampleScenes()
        TickEquivalenceTests.forEachSeed(24) { seed in
            var random = RandomFrames(seed: seed)
            let scene = scenes[random.int(0 ... scenes.count - 1)]
            var ids: [String] = []
            func collect(_ n: Node) { ids.append(String(decoding: n.id, as: UTF8.self)); n.children.forEach(collect) }
            collect(scene.root)
            let session = Session(scene: scene)
            var t = 0.0
            var log: [String] = []
            for _ in 0 ..< random.int(4 ... 12) {
                _ = session.tick(at: t)
                if let next = session.nextChange, next <= t {
                    // Animating: the host ticks every frame; nothing to promise.
                } else {
                    let until = min(session.nextChange ?? .infinity, t + 3)
                    for k in 1 ... 4 {
                        let probe = t + (until - t) * Double(k) / 5
                        // Rounding can land a probe on the change itself (t a hair before it).
                        if probe >= until { continue }
                        let message = session.tick(at: probe)
                        #expect(message == nil, "seed \(seed): a message at \(probe) before the next change \(until):\n\(log.joined(separator: "\n"))")
                        if message != nil { return }
                    }
                    t = t + (until - t) * 0.8
                }
                t += Double(random.int(0 ... 20)) / 20
                let action = random.chance(50) ? TickEquivalenceTests.randomSet(&random, ids: ids)
                    : TickEquivalenceTests.randomAction(&random, hosts: [ids[0], ids[random.int(0 ... ids.count - 1)]])
                log.append("t=\(t): \(action)")
                if let timed = try? SceneReader.readAction(Array("{\"t\": \(t), \(action)}".utf8), file: "random", line: 1) {
                    try? session.apply(timed)
                }
            }
        }
    }
}
