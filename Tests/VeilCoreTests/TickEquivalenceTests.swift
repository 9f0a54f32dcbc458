import Foundation
import PropertyBased
import Testing
@testable import VeilCore

/// Ticks cost what changed: a tick with no structural change moves the frame's animated fields in
/// place instead of rendering. These tests run each session twice — as it runs, and rendering and
/// diffing every tick — and require the very same bytes, over every example and over random
/// timelines of commands and input.
@Suite struct TickEquivalenceTests {
    /// Both sessions over the same schedule; returns the messages of the normal one.
    @discardableResult
    static func expectSameBytes(_ scene: Scene, _ actions: [TimedAction], seconds: Double, fps: Double = 60,
                                _ note: String) -> [[UInt8]] {
        let fast = Session(scene: scene), full = Session(scene: scene)
        full.rendersEveryTick = true
        var next = 0
        var messages: [[UInt8]] = []
        for k in 0 ... Int(seconds * fps) {
            let t = Double(k) / fps
            while next < actions.count, actions[next].time <= t {
                let a: Void? = try? fast.apply(actions[next].action)
                let b: Void? = try? full.apply(actions[next].action)
                #expect((a == nil) == (b == nil))
                next += 1
            }
            let a = fast.tick(at: t), b = full.tick(at: t)
            if a != b {
                Issue.record("\(note): tick \(k) (t = \(t)) differs: \(a.map(hex) ?? "nil") vs \(b.map(hex) ?? "nil")")
                return messages
            }
            if let a { messages.append(a) }
        }
        return messages
    }

    @Test(arguments: ExamplesTests.sceneFiles)
    func everyExampleGivesTheSameBytes(_ url: URL) throws {
        let scene = try SceneReader.read(Array(try Data(contentsOf: url)), file: url.lastPathComponent)
        var events: [TimedAction] = []
        let eventsURL = url.deletingPathExtension().appendingPathExtension("events.jsonl")
        if FileManager.default.fileExists(atPath: eventsURL.path) {
            events = try SceneReader.readEvents(Array(try Data(contentsOf: eventsURL)), file: eventsURL.lastPathComponent)
        }
        Self.expectSameBytes(scene, events, seconds: 12, url.lastPathComponent)
    }

    /// Random timelines over the feed and status examples: skeletons shown, updated and hidden with
    /// random styles and transitions, statuses and spinners coming and going, taps, resizes.
    @Test func randomTimelinesGiveTheSameBytes() async throws {
        let feed = try SceneReader.read(Array(try Data(contentsOf: ExamplesTests.examples.appendingPathComponent("feed.json"))),
                                        file: "feed.json")
        let status = try SceneReader.read(Array(try Data(contentsOf: ExamplesTests.examples.appendingPathComponent("status.json"))),
                                          file: "status.json")
        await propertyCheck(count: 40, input: Gen.uint64()) { seed in
            var random = RandomFrames(seed: seed)
            var scene = random.chance(50) ? feed : status
            scene.timeline = []
            var lines: [String] = []
            var t = 0.0
            for _ in 0 ..< random.int(3 ... 12) {
                t += Double(random.int(0 ... 40)) / 40
                lines.append("{\"t\": \(t), \(Self.randomAction(&random, hosts: ["feed", "root", "upload"]))}")
            }
            let actions: [TimedAction]
            do {
                actions = try SceneReader.readEvents(Array(lines.joined(separator: "\n").utf8), file: "random")
            } catch {
                Issue.record("seed \(seed): a generated line does not read: \(error)"); return
            }
            Self.expectSameBytes(scene, actions, seconds: t + 1.5, fps: 30, "seed \(seed)")
        }
    }

    static func randomAction(_ random: inout RandomFrames, hosts: [String]) -> String {
        let host = hosts[random.int(0 ... hosts.count - 1)]
        let transition = random.chance(60) ? ", \"transition\": {\"crossDissolve\": \(Double(random.int(1 ... 8)) / 10)}" : ""
        switch random.int(0 ... 7) {
        case 0:
            let style = ["solid", "gradient", "pulse", "sliding"][random.int(0 ... 3)]
            return "\"command\": {\"skeleton\": {\"node\": \"\(host)\", \"show\": true, \"style\": \"\(style)\"\(transition)}}"
        case 1:
            return "\"command\": {\"skeleton\": {\"node\": \"\(host)\", \"hide\": true\(transition)}}"
        case 2:
            let state = ["loading", "error", "empty", "none"][random.int(0 ... 3)]
            let fade = random.chance(60) ? ", \"transition\": \"crossDissolve\"" : ""
            return "\"command\": {\"status\": {\"node\": \"\(host)\", \"state\": \"\(state)\"\(fade)}}"
        case 3:
            return "\"command\": {\"spinner\": {\"node\": \"\(host)\", \"show\": \(random.chance(60))}}"
        case 4:
            return "\"input\": {\"resize\": {\"width\": \(random.int(200 ... 900)), \"height\": \(random.int(200 ... 900))}}"
        case 5:
            let phase = ["down", "move", "up", "cancel"][random.int(0 ... 3)]
            return "\"input\": {\"pointer\": {\"phase\": \"\(phase)\", \"x\": \(random.int(0 ... 400)), \"y\": \(random.int(0 ... 800))}}"
        case 6:
            return "\"input\": {\"key\": {\"phase\": \"down\", \"key\": \"\(["Tab", "Enter", "Escape"][random.int(0 ... 2)])\"}}"
        default:
            return "\"command\": {\"appearance\": \"\(random.chance(50) ? "dark" : "light")\"}"
        }
    }
}

/// What a tick does when nothing structural changed, and how long-running sessions stay bounded.
@Suite struct TickCostTests {
    static func style(_ kind: SkeletonKind) -> SkeletonStyle {
        var style = SkeletonStyle()
        style.kind = kind
        return style
    }

    static func example(_ name: String, timeline: Bool = true) throws -> Scene {
        var scene = try SceneReader.read(Array(try Data(contentsOf: ExamplesTests.examples.appendingPathComponent("\(name).json"))),
                                         file: "\(name).json")
        if !timeline { scene.timeline = [] }
        return scene
    }

    @Test func aStaticSceneRendersOnceAndThenSendsNothing() throws {
        let s = Session(scene: try Self.example("hello", timeline: false))
        #expect(s.tick(at: 0) != nil)
        for k in 1 ... 100 { #expect(s.tick(at: Double(k) / 60) == nil) }
        #expect(s.renderedTicks == 1)
    }

    @Test func anAnimatedSkeletonMovesItsPaintWithoutRendering() throws {
        let s = Session(scene: try Self.example("feed", timeline: false))
        try s.perform(.skeleton(node: bytes("feed"), .show(Self.style(.sliding), transition: .none, delay: 0)))
        _ = s.tick(at: 0)
        var sizes: [Int] = []
        for k in 1 ... 120 { if let m = s.tick(at: Double(k) / 60) { sizes.append(m.count) } }
        #expect(s.renderedTicks == 1, "one render, then the shimmer's paint moves in place")
        #expect(sizes.count == 120 && sizes.allSatisfy { $0 <= 16 }, "\(sizes)")
        try s.perform(.set(node: bytes("title0"), changes: [.text(bytes("Changed"))]))
        _ = s.tick(at: 3)
        #expect(s.renderedTicks == 2, "a command renders")
    }

    @Test func aSkeletonCrossDissolveIsTwoLayerOpacities() throws {
        let s = Session(scene: try Self.example("feed", timeline: false))
        _ = s.tick(at: 0)
        try s.perform(.skeleton(node: bytes("feed"), .show(Self.style(.solid), transition: .crossDissolve(0.25), delay: 0)))
        _ = s.tick(at: 0.01)
        var sizes: [Int] = []
        for k in 1 ... 14 { if let m = s.tick(at: 0.01 + Double(k) / 60) { sizes.append(m.count) } }
        #expect(!sizes.isEmpty && sizes.allSatisfy { $0 <= 16 }, "\(sizes)")
        #expect(s.renderedTicks == 2)
    }

    /// Status views and spinners coming and going every second for ten minutes: the id table holds
    /// about what the frames draw, not everything that was ever drawn.
    @Test func overlaysComingAndGoingKeepTheIdTableFlat() throws {
        let s = Session(scene: try Self.example("status", timeline: false))
        var afterOneMinute = 0
        for second in 0 ..< 600 {
            let kinds: [Status.Kind?] = [.loading, .error, .empty, nil]
            try s.perform(.status(node: bytes("feed"), status: kinds[second % 4].map { Status(kind: $0) },
                                  transition: .crossDissolve(0.2)))
            try s.perform(.spinner(node: bytes("upload"), show: second % 2 == 0))
            for k in 0 ..< 4 { _ = s.tick(at: Double(second) + Double(k) / 4) }
            if second == 59 { afterOneMinute = s.internedIds }
        }
        #expect(s.internedIds <= max(afterOneMinute, 300), "\(afterOneMinute) keys after a minute, \(s.internedIds) after ten")
    }
}
