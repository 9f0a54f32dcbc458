import Foundation
import Testing
@testable import VeilCore

/// Every scene in examples/ is a demo and a golden input: it must read, and every action of its
/// timeline, its reactions and its events file must apply.
@Suite struct ExamplesTests {
    static let examples = RepositoryFiles.root.appendingPathComponent("examples")

    static var sceneFiles: [URL] {
        ((try? FileManager.default.contentsOfDirectory(at: examples, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
    }

    /// The actions of the example's events file (`<name>.events.jsonl`), none without one.
    static func events(of url: URL) throws -> [TimedAction] {
        let eventsURL = url.deletingPathExtension().appendingPathExtension("events.jsonl")
        guard FileManager.default.fileExists(atPath: eventsURL.path) else { return [] }
        return try SceneReader.readEvents(Array(try Data(contentsOf: eventsURL)), file: eventsURL.lastPathComponent)
    }

    @Test func thereAreExamples() {
        #expect(Self.sceneFiles.count >= 3)
    }

    @Test(arguments: sceneFiles)
    func exampleReadsAndEveryActionApplies(_ url: URL) throws {
        let scene = try SceneReader.read(Array(try Data(contentsOf: url)), file: url.lastPathComponent)
        var bare = scene
        bare.timeline = []
        let session = Session(scene: bare)
        var actions = scene.timeline + (try Self.events(of: url))
        actions.sort { $0.time < $1.time }
        for a in actions {
            try session.apply(a.action, at: a.time)
        }
        for r in scene.reactions {
            let probe = Session(scene: bare)
            for a in r.actions { try probe.apply(a.action, at: a.time) }
        }
        _ = session.frame(at: (actions.last?.time ?? 0) + 5)
    }

    /// Item ids are unique in every frame (a viewer rejects a frame that repeats one), through every
    /// transition of every example, reactions included.
    @Test(arguments: sceneFiles)
    func everyFrameHasUniqueItemIds(_ url: URL) throws {
        let scene = try SceneReader.read(Array(try Data(contentsOf: url)), file: url.lastPathComponent)
        let session = Session(scene: scene)
        let events = try Self.events(of: url)
        var next = 0
        for k in 0...(8 * 30) {
            let t = Double(k) / 30
            while next < events.count, events[next].time <= t { try session.apply(events[next].action, at: events[next].time); next += 1 }
            let ids = session.frame(at: t).canvasItems.map(\.id)
            #expect(Set(ids).count == ids.count, "duplicate item ids at t = \(t)")
        }
    }
}
