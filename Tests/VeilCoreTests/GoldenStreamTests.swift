import Foundation
import Testing
@testable import VeilCore

/// Every example's patch stream, byte for byte, as `veil stream --fps 30 --duration D` writes it
/// (D = the last action's time, rounded up, plus one second): Tests/Golden/<example>.bin.
/// A change of behaviour shows up here; regenerate on purpose with `make golden`
/// (VEIL_RECORD_GOLDEN=1).
@Suite struct GoldenStreamTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
    static let fps = 30
    static let recording = ProcessInfo.processInfo.environment["VEIL_RECORD_GOLDEN"] == "1"

    static var examples: [String] {
        let dir = root.appendingPathComponent("examples")
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The stream of one example: u32le length + message, for each message.
    static func stream(_ name: String) throws -> [UInt8] {
        let dir = root.appendingPathComponent("examples")
        let scene = try SceneReader.read(Array(try Data(contentsOf: dir.appendingPathComponent("\(name).json"))), file: "\(name).json")
        var entries: [StreamRunner.Entry] = []
        let events = dir.appendingPathComponent("\(name).events.jsonl")
        if FileManager.default.fileExists(atPath: events.path) {
            let actions = try SceneReader.readEvents(Array(try Data(contentsOf: events)), file: events.lastPathComponent)
            entries = actions.enumerated().map { StreamRunner.Entry(time: $1.time, action: $1.action, line: $0 + 1) }
        }
        let last = max(scene.timeline.last?.time ?? 0, entries.last?.time ?? 0)
        let runner = try StreamRunner(duration: last.rounded(.up) + 1, fps: fps)
        var out: [UInt8] = []
        try runner.run(session: Session(scene: scene), actions: entries, file: "\(name).events.jsonl") { _, message in
            let n = UInt32(message.count)
            out += [UInt8(n & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 24)] + message
        }
        return out
    }

    @Test(arguments: examples)
    func exampleStreamMatchesItsGolden(_ name: String) throws {
        let bytes = try Self.stream(name)
        let file = Self.root.appendingPathComponent("Tests/Golden/\(name).bin")
        if Self.recording {
            try Data(bytes).write(to: file)
            return
        }
        let golden = try #require(try? Data(contentsOf: file), "no Tests/Golden/\(name).bin: run `make golden`")
        let expected = [UInt8](golden)
        let firstDifference = zip(bytes, expected).enumerated().first { $1.0 != $1.1 }?.offset ?? min(bytes.count, expected.count)
        #expect(bytes == expected,
                "\(name): \(bytes.count) bytes, golden \(expected.count); first difference at byte \(firstDifference)")
    }

    @Test(.disabled(if: recording)) func theSkeletonExamplesHaveGoldens() {
        for name in ["feed", "table", "grid"] {
            #expect(Self.examples.contains(name))
            #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("Tests/Golden/\(name).bin").path))
        }
    }
}
