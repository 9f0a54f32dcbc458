import Foundation
import Testing
@testable import VeilServer

/// `CaseWriter`: a saved case is bounded, written in one step that never follows a link, and two
/// saves of one scene cannot both be told they saved.
struct CaseWriterTests {
    let folder: String
    let scene: String
    let outside: String

    static let card = #"{"canvas": {"width": 200, "height": 100}, "root": {"type": "label", "id": "t", "text": "Hello"}}"#
    static let tap = #"{"t":0.5,"command":{"appearance":"dark"}}"# + "\n"

    init() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("veil-writer-\(UUID().uuidString)").path
        folder = root + "/served"
        outside = root + "/outside"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        scene = folder + "/card.json"
        try Data(Self.card.utf8).write(to: URL(fileURLWithPath: scene))
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }
    var leftovers: [String] { (try? FileManager.default.contentsOfDirectory(atPath: folder))?.filter { $0.hasPrefix(".veil-save") } ?? [] }

    @Test func aCaseIsWrittenBesideItsSceneAndReplays() throws {
        let saved = try CaseWriter.write(scene: scene, events: Self.tap, replacing: false).get()
        #expect(saved.events == folder + "/card.events.jsonl" && saved.stream == folder + "/card.stream")
        #expect(try String(contentsOfFile: saved.events, encoding: .utf8) == Self.tap)
        #expect(saved.summary.contains("message"))
        #expect(leftovers.isEmpty)
    }

    /// A dangling link at the stream's name, pointing out of the served folder: the save is
    /// refused and nothing is created where the link points.
    @Test func aSaveNeverWritesThroughALink() throws {
        try FileManager.default.createSymbolicLink(atPath: folder + "/card.stream", withDestinationPath: outside + "/escaped.stream")
        let refused = CaseWriter.write(scene: scene, events: Self.tap, replacing: false)
        guard case let .failure(error) = refused else { Issue.record("saved through a link"); return }
        #expect(error.reason.contains("exists"))
        #expect(!exists(outside + "/escaped.stream"))
        #expect(!exists(folder + "/card.events.jsonl"), "a refused save leaves no half of the case")
        // Replacing, the link itself is replaced: its target is still not created.
        _ = try CaseWriter.write(scene: scene, events: Self.tap, replacing: true).get()
        #expect(!exists(outside + "/escaped.stream"))
        let attributes = try FileManager.default.attributesOfItem(atPath: folder + "/card.stream")
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
        #expect(leftovers.isEmpty)
    }

    /// Two saves of one scene at the same moment, neither replacing: exactly one is told it saved.
    @Test func twoSavesRaceAndOneWins() {
        for round in 0..<20 {
            for name in ["card.events.jsonl", "card.stream"] { unlink(folder + "/" + name) }
            let events = [Self.tap, Self.tap + #"{"t":0.7,"command":{"appearance":"light"}}"# + "\n"]
            let results = Locked<[Result<CaseSaves.Saved, CaseSaves.SaveError>?]>([nil, nil])
            DispatchQueue.concurrentPerform(iterations: 2) { i in
                let result = CaseWriter.write(scene: scene, events: events[i], replacing: false)
                results.with { $0[i] = result }
            }
            let outcomes = results.with { $0 }
            let winners = outcomes.indices.filter { (try? outcomes[$0]?.get()) != nil }
            #expect(winners.count == 1, "round \(round): \(outcomes)")
            if let winner = winners.first {
                #expect((try? String(contentsOfFile: folder + "/card.events.jsonl", encoding: .utf8)) == events[winner])
            }
        }
        #expect(leftovers.isEmpty)
    }

    @Test func aCasePastItsLengthIsRefusedBeforeReplaying() {
        let late = #"{"t":3590,"command":{"appearance":"dark"}}"# + "\n"
        guard case let .failure(error) = CaseWriter.write(scene: scene, events: late, replacing: false) else {
            Issue.record("a 3,590 s case was saved"); return
        }
        #expect(error.reason.contains("at most 600 s"))
        #expect(!exists(folder + "/card.stream") && !exists(folder + "/card.events.jsonl"))
    }

    /// A scene that changes every frame: its stream stops at the bound, and nothing is left behind.
    @Test func aStreamPastItsBytesIsRefusedAndLeavesNothing() throws {
        // A bar growing 1 pt 8 times a second (an activity indicator's turn is declared once: it sends nothing).
        let timeline = (1 ... 240).map { k in
            #"{"t": \#(Double(k) / 8), "command": {"set": {"node": "bar", "frame": {"x": 0, "y": 0, "width": \#(10 + k), "height": 8}}}}"#
        }
        try Data((##"{"root": {"type": "view", "id": "root", "children": [{"type": "view", "id": "bar", "background": "#007AFF", "##
                  + ##""frame": {"x": 0, "y": 0, "width": 10, "height": 8}}]}, "timeline": ["## + timeline.joined(separator: ", ") + "]}")
            .utf8).write(to: URL(fileURLWithPath: scene))
        let events = #"{"t":30,"command":{"appearance":"dark"}}"# + "\n"
        let result = CaseWriter.write(scene: scene, events: events, replacing: false, bounds: .init(streamBytes: 4096))
        guard case let .failure(error) = result else { Issue.record("saved past its bound"); return }
        #expect(error.reason.contains("4,096 bytes") || error.reason.contains("4096 bytes"))
        #expect(!exists(folder + "/card.stream") && !exists(folder + "/card.events.jsonl"))
        #expect(leftovers.isEmpty)
    }
}

/// A value behind a lock, for the threads of one test.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func with<R>(_ body: (inout Value) -> R) -> R { lock.withLock { body(&value) } }
}
