import Foundation
import PropertyBased
import Testing
@testable import VeilCore

/// Random scenes (hostile shapes and sizes among them) and random commands and input: every
/// message the session sends decodes in the Swift decoder and applies to a mirror, every id a
/// layout holds is unique, and no layout has more than `Limits.maxNodes` nodes.
@Suite struct HostileInputTests {
    /// Runs one random case; returns what went wrong, nil when nothing did.
    static func run(seed: UInt64, hostile: Bool) -> String? {
        var random = RandomScenes(seed: seed)
        let json = random.scene(hostile: hostile)
        guard let scene = try? SceneReader.read(Array(json.utf8), file: "random.json") else { return nil }
        let session = Session(scene: scene)
        var lines: [String] = []
        var t = 0.0
        for _ in 0 ..< random.random.int(0 ... 8) {
            t += Double(random.random.int(0 ... 10)) / 20
            lines.append(random.action(at: t))
        }
        let actions = lines.compactMap { try? SceneReader.readAction(Array($0.utf8), file: "random", line: 1) }
        var mirror = FrameMirror()
        var next = 0
        for k in 0 ... Int((t + 0.5) * 10) {
            let now = Double(k) / 10
            while next < actions.count, actions[next].time <= now {
                try? session.apply(actions[next].action, at: actions[next].time)
                next += 1
            }
            if let message = session.tick(at: now) {
                do { _ = try mirror.apply(message) } catch {
                    return "tick \(k): a message of \(message.count) bytes does not decode: \(error)"
                }
            }
            var seen = Set<[UInt8]>(), boxes = 0
            var duplicate: [UInt8]? = nil
            func walk(_ box: LayoutBox) {
                boxes += 1
                if !seen.insert(box.node.id).inserted { duplicate = box.node.id }
                box.children.forEach(walk)
            }
            walk(session.layout())
            if let duplicate { return "tick \(k): id \(String(decoding: duplicate, as: UTF8.self)) is laid out twice" }
            if boxes > Limits.maxNodes { return "tick \(k): \(boxes) nodes laid out" }
        }
        return nil
    }

    static func check(_ seed: UInt64, hostile: Bool) {
        if let failure = run(seed: seed, hostile: hostile) {
            var random = RandomScenes(seed: seed)
            Issue.record("seed \(seed) (hostile: \(hostile)): \(failure)\n\(random.scene(hostile: hostile).prefix(2000))")
        }
    }

    @Test func everyMessageDecodesOverRandomScenes() async {
        await propertyCheck(count: 60, input: Gen.uint64()) { seed in Self.check(seed, hostile: false) }
    }

    @Test func everyMessageDecodesOverHostileScenes() async {
        await propertyCheck(count: 25, input: Gen.uint64()) { seed in Self.check(seed, hostile: true) }
    }
}
