import Foundation
import PropertyBased
import Testing
@testable import VeilCore

/// Reactions schedule in O(log n) and keep the order of equal times; a tick applies a bounded
/// number of due actions (`Limits.maxActionsPerAdvance`).
@Suite struct ScheduledActionsTests {
    @Test func equalTimesComeOutInTheOrderScheduled() async {
        await propertyCheck(count: 50, input: Gen.uint64()) { seed in
            var random = RandomFrames(seed: seed)
            var heap = ScheduledActions()
            var expected: [(Double, Int)] = []
            for k in 0 ..< random.int(0 ... 300) {
                let t = Double(random.int(0 ... 5))
                heap.add(TimedAction(time: t, action: .command(.appearance(.light)), isTimed: k % 2 == 0))
                expected.append((t, k))
                if random.chance(20), let first = expected.indices.min(by: { expected[$0] < expected[$1] }) {
                    #expect(heap.takeFirst()?.isTimed == (expected[first].1 % 2 == 0))
                    #expect(heap.count == expected.count - 1)
                    expected.remove(at: first)
                }
            }
            expected.sort { $0 < $1 }
            for (t, k) in expected {
                #expect(heap.nextTime == t)
                #expect(heap.takeFirst()?.isTimed == (k % 2 == 0))
            }
            #expect(heap.takeFirst() == nil)
        }
    }

    /// A scene of 10,000 reactions to one tap, tapped ten times: the 100,000 actions (the most a
    /// session holds) drain at most `maxActionsPerAdvance` a tick, the last one scheduled applied
    /// last. (What scheduling them costs is counted below, not timed: a linear insertion took minutes.)
    @Test func manyReactionsCostWhatTheySchedule() throws {
        let actions = (0 ..< 10_000).map { k in #"{"t":1,"command":{"set":{"node":"out","text":"\#(k)"}}}"# }
        let json = """
        {"root": {"type": "stack", "children": [
           {"type": "button", "id": "b", "title": "Go", "height": 44},
           {"type": "label", "id": "out", "text": "-"}]},
         "reactions": [{"event": "tap", "actions": [\(actions.joined(separator: ","))]}]}
        """
        let scene: Scene
        do { scene = try SceneReader.read(Array(json.utf8), file: "reactions.json") } catch {
            Issue.record("\(error.description)"); return
        }
        let s = Session(scene: scene)
        for k in 0 ..< 10 {
            let t = Double(k) * 0.01
            try s.apply(.input(.pointer(PointerEvent(phase: .down, x: 20, y: 20))), at: t)
            try s.apply(.input(.pointer(PointerEvent(phase: .up, x: 20, y: 20))), at: t)
        }
        func text() -> String {
            guard case let .label(style) = s.scene.root.children[1].kind else { return "" }
            return String(decoding: style.text, as: UTF8.self)
        }
        _ = s.tick(at: 2)
        #expect(text() == "999", "one tick applies 1,000 of them, in order")
        for k in 1 ..< 101 { _ = s.tick(at: 2 + Double(k) / 60) }
        #expect(text() == "9999", "the last scheduled comes last")
    }

    /// Scheduling costs O(log n) moves per action, counted: 100,000 actions at random times (and at
    /// one time, the order of scheduling deciding) are added and taken with at most ⌈log₂ n⌉ moves
    /// each way per action, where inserting into a sorted array moves n/2 on average.
    @Test func schedulingMovesAtMostLogNPerAction() {
        for sameTime in [false, true] {
            var actions = ScheduledActions()
            var seed: UInt64 = 0x9E3779B97F4A7C15
            let n = 100_000
            for k in 0 ..< n {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                let t = sameTime ? 1.0 : Double(seed >> 40) / Double(1 << 24) * 100
                actions.add(TimedAction(time: t, action: .command(.set(node: utf8("out"), changes: [.text(Array("\(k)".utf8))]))))
            }
            let perWay = 17  // ⌈log₂ 100,000⌉
            #expect(actions.moves <= n * perWay, "adding: \(actions.moves) moves")
            var last = -Double.infinity, taken = 0
            while let a = actions.takeFirst() {
                #expect(a.time >= last)
                last = a.time
                taken += 1
            }
            #expect(taken == n)
            #expect(actions.moves <= 2 * n * perWay, "adding and taking: \(actions.moves) moves")
        }
    }
}
