import Foundation
import Testing
import VeilCore
import VeilStreamTools

/// A replay that cannot reach its last action fails, saying why, instead of passing short
/// (a case saved at 4,000 s replayed to 3,600 s and passed without its last tap).
@Suite struct ReplayReachTests {
    static let scene = #"{"canvas": {"width": 200, "height": 100}, "root": {"type": "label", "id": "t", "text": "Hi"}}"#

    func entries(_ times: [Double]) throws -> [StreamRunner.Entry] {
        let lines = times.map { #"{"t":\#($0),"command":{"appearance":"dark"}}"# }.joined(separator: "\n")
        return try InputFiles.events(Array(lines.utf8), file: "case.events.jsonl")
    }

    @Test func anActionPastTheLongestReplayFails() throws {
        let scene = try SceneReader.read(Array(Self.scene.utf8), file: "case.json")
        #expect(throws: StreamError.self) { try Replay(scene: scene, events: try entries([1, 4000]), eventsFile: "case.events.jsonl") }
        do {
            _ = try Replay(scene: scene, events: try entries([1, 4000]), eventsFile: "case.events.jsonl")
        } catch let error as StreamError {
            #expect(error.description.hasPrefix("case.events.jsonl:2:1: this action at t = 4000.0 s comes after the end of the replay (3600.0 s"))
        }
    }

    @Test func aShorterDurationThanTheEventsFails() throws {
        let scene = try SceneReader.read(Array(Self.scene.utf8), file: "case.json")
        #expect(throws: StreamError.self) { try Replay(scene: scene, events: try entries([5]), eventsFile: "e", duration: 2) }
        #expect(try Replay(scene: scene, events: try entries([5]), eventsFile: "e").duration == 6)
    }
}
