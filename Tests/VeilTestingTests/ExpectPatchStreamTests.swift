import Foundation
import Testing
import VeilCore
import VeilStreamTools
import VeilTesting

/// The repository's examples: each is a `veil test` case (scene, events, recorded stream).
enum Examples {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../examples").standardized.path

    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }
}

/// A scene with a title, a box, a button and a stack of rows, and a tap on the button, written to a
/// fresh folder; `change` edits the scene (and `events`) before the second run.
struct CraftedCase {
    static let scene = """
        {"canvas": {"width": 240, "height": 320}, "background": "#FFFFFF",
         "root": {"type": "view", "id": "root", "children": [
           {"type": "label", "id": "title", "text": "Inbox", "frame": {"x": 10, "y": 10, "width": 200, "height": 24}},
           {"type": "view", "id": "box", "background": "#FF0000", "cornerRadius": 4, "frame": {"x": 10, "y": 40, "width": 60, "height": 30}},
           {"type": "button", "id": "go", "title": "Go", "action": "go", "frame": {"x": 10, "y": 80, "width": 80, "height": 36}},
           {"type": "stack", "id": "rows", "axis": "vertical", "spacing": 4, "frame": {"x": 10, "y": 130, "width": 200, "height": 150},
            "children": [
              {"type": "label", "id": "r1", "text": "First"},
              {"type": "label", "id": "r2", "text": "Second"}
            ]}
         ]}}
        """
    static let tap = """
        {"t": 0.2, "input": {"pointer": {"phase": "down", "x": 20, "y": 90, "id": 1}}}
        {"t": 0.3, "input": {"pointer": {"phase": "up", "x": 20, "y": 90, "id": 1}}}

        """

    let folder: String
    var scene: String { folder + "/case.json" }
    var events: String { folder + "/case.events.jsonl" }
    var stream: String { folder + "/case.stream" }

    init() throws {
        folder = NSTemporaryDirectory() + "veil-testing-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Self.scene.write(toFile: scene, atomically: true, encoding: .utf8)
        try Self.tap.write(toFile: events, atomically: true, encoding: .utf8)
    }

    func remove() { try? FileManager.default.removeItem(atPath: folder) }

    /// Records the unchanged case, applies `edit` to the scene text and `eventsEdit` to the events,
    /// and checks again.
    func afterChange(scene edit: (String) -> String = { $0 }, events eventsEdit: (String) -> String = { $0 }) throws -> CaseResult {
        let first = PatchStreamExpectation.check(scene: scene, events: events, recording: stream, recordsMissing: true)
        #expect(first.status == .recorded)
        try edit(Self.scene).write(toFile: scene, atomically: true, encoding: .utf8)
        try eventsEdit(Self.tap).write(toFile: events, atomically: true, encoding: .utf8)
        return PatchStreamExpectation.check(scene: scene, events: events, recording: stream)
    }
}

@Suite struct ExpectPatchStreamTests {
    @Test(arguments: Examples.names)
    func everyExampleMatchesItsRecording(_ name: String) {
        let events = "\(Examples.folder)/\(name).events.jsonl"
        let result = expectPatchStream(scene: "\(Examples.folder)/\(name).json",
                                       events: FileManager.default.fileExists(atPath: events) ? events : nil,
                                       matches: "\(Examples.folder)/\(name).stream")
        #expect(result.status == .passed)
    }

    @Test(.disabled(if: PatchStreamExpectation.onCI, "CI is set: missing recordings fail"))
    func theFirstRunRecordsThenTheNextOnesCompare() throws {
        let c = try CraftedCase()
        defer { c.remove() }
        let first = expectPatchStream(scene: c.scene, events: c.events, matches: c.stream)
        #expect(first.status == .recorded)
        #expect(FileManager.default.fileExists(atPath: c.stream))
        let second = expectPatchStream(scene: c.scene, events: c.events, matches: c.stream)
        #expect(second.status == .passed)
        let size = try Data(contentsOf: URL(fileURLWithPath: c.stream)).count
        #expect(second.summary == "3 messages, \(size) bytes")
    }

    @Test func onCIAMissingRecordingFails() throws {
        let c = try CraftedCase()
        defer { c.remove() }
        let result = PatchStreamExpectation.check(scene: c.scene, events: c.events, recording: c.stream, recordsMissing: false)
        #expect(result.status == .failed)
        #expect(result.summary.hasPrefix("no recorded stream \(c.stream) (3 messages, ") && result.summary.hasSuffix(" bytes to record)"),
                "\(result.summary)")
        #expect(!FileManager.default.fileExists(atPath: c.stream))
        let message = try #require(PatchStreamExpectation.failureMessage(result))
        #expect(message.hasSuffix("(run the test once without CI set, or with VEIL_RECORD=1, to record it)"))
    }

    @Test func aRecordingIsWrittenIntoAFolderThatDoesNotExistYet() throws {
        let c = try CraftedCase()
        defer { c.remove() }
        let stream = c.folder + "/recordings/deeper/case.stream"
        let result = PatchStreamExpectation.check(scene: c.scene, events: c.events, recording: stream, recordsMissing: true)
        #expect(result.status == .recorded)
        #expect(FileManager.default.fileExists(atPath: stream))
    }

    @Test func relativePathsAreResolvedBesideTheTestFile() {
        let result = expectPatchStream(scene: "../../examples/hello.json", events: "../../examples/hello.events.jsonl",
                                       matches: "../../examples/hello.stream")
        #expect(result.status == .passed)
    }

    @Test func aMovedItemIsDescribedInPoints() throws {
        let c = try CraftedCase()
        defer { c.remove() }
        let result = try c.afterChange(scene: { $0.replacingOccurrences(of: #""x": 10, "y": 40"#, with: #""x": 30, "y": 40"#) })
        #expect(result.status == .failed)
        #expect(result.summary == "message 1 of 3 differs (t = 0 s, seq 1, keyframe)")
        #expect(result.details.contains("  moved box#bg (rect): x 10 pt → 30 pt"), "\(result.details)")
    }

    @Test func aChangedColourIsDescribedAsRGBA() throws {
        let c = try CraftedCase()
        defer { c.remove() }
        let result = try c.afterChange(scene: { $0.replacingOccurrences(of: "#FF0000", with: "#00FF0080") })
        #expect(result.details.contains("  changed box#bg (rect): fill #FF0000FF → #00FF0080"), "\(result.details)")
    }

    @Test func aTextEditShowsOldAndNewText() throws {
        let c = try CraftedCase()
        defer { c.remove() }
        let result = try c.afterChange(scene: { $0.replacingOccurrences(of: "\"Inbox\"", with: "\"Outbox\"") })
        let line = try #require(result.details.first { $0.hasPrefix("  changed title#t0 (text): ") }, "\(result.details)")
        #expect(line.contains(#"text "Inbox" → "Outbox""#))
        #expect(line.contains("width 44.25 pt → "))
    }

    @Test func anInsertedRowIsInsertedAndTheRowsAfterItMove() throws {
        let c = try CraftedCase()
        defer { c.remove() }
        let result = try c.afterChange(scene: {
            $0.replacingOccurrences(of: #"{"type": "label", "id": "r1", "text": "First"},"#,
                                    with: #"{"type": "label", "id": "r1", "text": "First"}, {"type": "label", "id": "between", "text": "Between"},"#)
        })
        #expect(result.details.contains { $0.hasPrefix(#"  inserted between#t0 (text) into rows#layer at 1: text "Between" at 0, 24.375 pt"#) },
                "\(result.details)")
        #expect(result.details.contains("  moved r2#t0 (text): y 24.375 pt → 48.75 pt"), "\(result.details)")
        #expect(!result.details.contains { $0.contains("removed") }, "\(result.details)")
    }

    @Test func tallerRowsPairRowsAndSeparatorsInOrderThoughTheirIdsShift() throws {
        // Fewer rows fit, so every id after the rows shifts, and the rows drift apart by 4 pt each:
        // row k and separator k must still pair with row k and separator k.
        let c = try CraftedCase()
        defer { c.remove() }
        let list = """
            {"canvas": {"width": 390, "height": 700},
             "root": {"type": "list", "id": "inbox", "rowHeight": 76, "rowCount": 40, "separatorColor": "#C6C6C8",
               "row": {"type": "stack", "id": "row", "axis": "horizontal", "padding": {"left": 16},
                       "children": [{"type": "image", "id": "icon", "width": 48, "height": 48}]}}}
            """
        try list.write(toFile: c.scene, atomically: true, encoding: .utf8)
        try "".write(toFile: c.events, atomically: true, encoding: .utf8)
        #expect(PatchStreamExpectation.check(scene: c.scene, events: c.events, recording: c.stream, recordsMissing: true).status == .recorded)
        let taller = list.replacingOccurrences(of: #""rowHeight": 76"#, with: #""rowHeight": 80"#)
        try taller.write(toFile: c.scene, atomically: true, encoding: .utf8)
        let result = PatchStreamExpectation.check(scene: c.scene, events: c.events, recording: c.stream)
        #expect(result.summary.hasPrefix("message 1 of "), "\(result.summary)")
        // Every line, not the first 40 the report shows.
        let recorded = try StreamFile.records([UInt8](try Data(contentsOf: URL(fileURLWithPath: c.stream))))
        let replay = try Replay(scene: try SceneReader.read(Array(taller.utf8), file: "case.json"), expected: recorded)
        let lines = FrameComparison.differences(expected: try #require(result.expectedFrame), actual: try #require(result.actualFrame),
                                                names: replay.names, limit: 1000)
        var rows = 0, separators = 0
        for line in lines {
            // "changed inbox/K/row#layer (layer): y A pt → B pt, height 76 pt → 80 pt": B − A = 4·K.
            let words = line.split(separator: " ")
            if line.hasPrefix("changed inbox/"), line.contains("/row#layer (layer): y "), line.hasSuffix("height 76 pt → 80 pt") {
                let k = Double(line.dropFirst("changed inbox/".count).prefix { $0 != "/" }) ?? -1
                let old = Double(words[4]) ?? -1, new = Double(words[7]) ?? -1
                #expect(new - old == 4 * k, "\(line)")
                rows += 1
            }
            if line.hasPrefix("moved inbox#sep") {
                // Separator K lies under row K: it moves by 4·(K + 1).
                let k = Double(line.dropFirst("moved inbox#sep".count).prefix { $0 != " " }) ?? -1
                let old = Double(words[4]) ?? -1, new = Double(words[7]) ?? -1
                #expect(new - old == 4 * (k + 1), "\(line)")
                separators += 1
            }
        }
        #expect(lines.contains("changed inbox/0/row#layer (layer): height 76 pt → 80 pt"), "\(lines)")
        #expect(rows >= 8 && separators >= 7, "\(lines)")
        #expect(!lines.contains { $0.hasPrefix("inserted ") }, "\(lines)")
    }

    @Test func anInsertedCardIsKnownByTheTextsInside() throws {
        let c = try CraftedCase()
        defer { c.remove() }
        func cards(_ titles: [String]) -> String {
            let list = titles.map {
                ##"{"type": "view", "id": "card\##($0)", "background": "#FFFFFF", "height": 40, "children": [{"type": "label", "id": "title\##($0)", "text": "\##($0)"}]}"##
            }
            return #"{"canvas": {"width": 200, "height": 400}, "root": {"type": "stack", "id": "cards", "axis": "vertical", "spacing": 8, "children": ["#
                + list.joined(separator: ", ") + "]}}"
        }
        try cards(["Alpha", "Beta", "Gamma"]).write(toFile: c.scene, atomically: true, encoding: .utf8)
        try "".write(toFile: c.events, atomically: true, encoding: .utf8)
        _ = PatchStreamExpectation.check(scene: c.scene, events: c.events, recording: c.stream, recordsMissing: true)
        try cards(["Alpha", "Delta", "Beta", "Gamma"]).write(toFile: c.scene, atomically: true, encoding: .utf8)
        let result = PatchStreamExpectation.check(scene: c.scene, events: c.events, recording: c.stream)
        #expect(Array(result.details.suffix(3)) == [
            "  inserted cardDelta#layer (layer) into cards#layer at 1: layer at 0, 48 pt, 200 × 40 pt, 2 entries",
            "  moved cardBeta#layer (layer): y 48 pt → 96 pt",
            "  moved cardGamma#layer (layer): y 96 pt → 144 pt",
        ], "\(result.details)")
    }

    @Test func laterInTheStreamIdsOfTheCommonFrameNameBothSides() throws {
        let c = try CraftedCase()
        defer { c.remove() }
        let result = try c.afterChange(events: { $0 + #"{"t": 0.5, "command": {"set": {"node": "title", "text": "Later"}}}"# + "\n" })
        #expect(result.summary == "the run has 1 message more than the recording (message 4, t = 0.5 s, seq 4, delta)")
        #expect(result.details.first { $0.hasPrefix("  changed title#t0 (text): ") }?.contains(#"text "Inbox" → "Later""#) == true,
                "\(result.details)")
    }

    @Test func swappedRowsAreAMoveNotTwoTextEdits() throws {
        let c = try CraftedCase()
        defer { c.remove() }
        let result = try c.afterChange(scene: {
            $0.replacingOccurrences(of: #"{"type": "label", "id": "r1", "text": "First"},"#, with: "FIRST,")
                .replacingOccurrences(of: #"{"type": "label", "id": "r2", "text": "Second"}"#, with: #"{"type": "label", "id": "r1", "text": "First"}"#)
                .replacingOccurrences(of: "FIRST,", with: #"{"type": "label", "id": "r2", "text": "Second"},"#)
        })
        #expect(result.details.contains("  moved r1#t0 (text): from rows#layer at 0 to rows#layer at 1; y 0 pt → 24.375 pt"), "\(result.details)")
        #expect(result.details.contains("  moved r2#t0 (text): y 24.375 pt → 0 pt"), "\(result.details)")
        #expect(!result.details.contains { $0.contains("text \"") && $0.contains("→ \"") }, "\(result.details)")
    }

    @Test func aRemovedItemIsNamedByWhatItShowed() throws {
        let c = try CraftedCase()
        defer { c.remove() }
        let result = try c.afterChange(scene: {
            $0.replacingOccurrences(of: #"{"type": "label", "id": "r1", "text": "First"},"#, with: #"{"type": "label", "id": "r1", "text": "First"}"#)
                .replacingOccurrences(of: #"{"type": "label", "id": "r2", "text": "Second"}"#, with: "")
        })
        #expect(result.details.contains { $0.hasPrefix(#"  removed expected id "#) && $0.contains(#"(text) from rows#layer at 1: text "Second""#) },
                "\(result.details)")
    }

    @Test func anExtraEventIsReported() throws {
        let c = try CraftedCase()
        defer { c.remove() }
        let result = try c.afterChange(events: {
            $0 + #"{"t": 0.6, "input": {"pointer": {"phase": "down", "x": 20, "y": 90, "id": 1}}}"# + "\n"
                + #"{"t": 0.7, "input": {"pointer": {"phase": "up", "x": 20, "y": 90, "id": 1}}}"# + "\n"
        })
        #expect(result.summary == "the run has 2 messages more than the recording (message 4, t = 0.6 s, seq 4, delta)")
        #expect(result.details.contains("events of the whole stream: expected go on go (message 3); got go on go (message 3), go on go (message 5)"),
                "\(result.details)")
        // The frame at that moment: the button pressed again (its pressed look).
        #expect(result.details.contains { $0.hasPrefix("  changed go#bg (rect): opacity 1 → 0.") }, "\(result.details)")
    }

    @Test func aCorruptRecordingIsAClearFailure() throws {
        let c = try CraftedCase()
        defer { c.remove() }
        _ = PatchStreamExpectation.check(scene: c.scene, events: c.events, recording: c.stream, recordsMissing: true)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: c.stream)))
        let lastLength = try StreamFile.records(bytes).last?.count ?? 0
        bytes.removeLast(5)
        try Data(bytes).write(to: URL(fileURLWithPath: c.stream))
        let result = PatchStreamExpectation.check(scene: c.scene, events: c.events, recording: c.stream)
        #expect(result.status == .failed)
        #expect(result.summary.hasPrefix("\(c.stream): not a veil stream file: record 3 at byte "), "\(result.summary)")
        #expect(result.summary.hasSuffix("a message of \(lastLength) bytes, but only \(lastLength - 5) bytes are left"), "\(result.summary)")

        // A message that does not decode: the recording is compared up to it.
        try FileManager.default.removeItem(atPath: c.stream)
        _ = PatchStreamExpectation.check(scene: c.scene, events: c.events, recording: c.stream, recordsMissing: true)
        bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: c.stream)))
        bytes = Array(bytes.prefix(4)) + [0x56, 0x09] + bytes[6...]
        try Data(bytes).write(to: URL(fileURLWithPath: c.stream))
        let broken = PatchStreamExpectation.check(scene: c.scene, events: c.events, recording: c.stream)
        #expect(broken.status == .failed)
        #expect(broken.details.contains("expected: message 1 cannot be read"), "\(broken.details)")
        #expect(broken.details.contains { $0.contains("unsupported version 9") }, "\(broken.details)")
    }

    @Test func aRecordedMessageWithAWrongHashStillSaysWhatItHolds() throws {
        let c = try CraftedCase()
        defer { c.remove() }
        _ = PatchStreamExpectation.check(scene: c.scene, events: c.events, recording: c.stream, recordsMissing: true)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: c.stream)))
        let keyframeLength = try StreamFile.records(bytes)[0].count
        // The box's red paint in the keyframe's paint table becomes green; the hash no longer fits.
        let red: [UInt8] = [0x00, 0xFF, 0x00, 0x00, 0xFF]
        let at = try #require((0 ..< bytes.count - 5).first { Array(bytes[$0 ..< $0 + 5]) == red })
        bytes[at + 1] = 0x00; bytes[at + 2] = 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: c.stream))
        let result = PatchStreamExpectation.check(scene: c.scene, events: c.events, recording: c.stream)
        #expect(result.details.contains { $0.hasPrefix("the recording cannot be read from there: message 1 does not apply to the frame before it: frame hash ") },
                "\(result.details)")
        #expect(result.details.contains("expected: keyframe seq 1, \(keyframeLength) bytes, events: none (does not apply: see above)"), "\(result.details)")
        #expect(result.details.contains("  changed box#bg (rect): fill #00FF00FF → #FF0000FF"), "\(result.details)")
    }

    @Test func aMissingSceneIsAnError() {
        let result = PatchStreamExpectation.check(scene: "/nonexistent/scene.json", events: nil, recording: "/nonexistent/scene.stream")
        #expect(result.status == .error)
        #expect(result.summary == "no scene /nonexistent/scene.json for the recorded stream /nonexistent/scene.stream")
    }

    @Test func recordingOnPurposeReplacesAStreamThatDiffers() throws {
        let c = try CraftedCase()
        defer { c.remove() }
        _ = PatchStreamExpectation.check(scene: c.scene, events: c.events, recording: c.stream, recordsMissing: true)
        try CraftedCase.scene.replacingOccurrences(of: "Inbox", with: "Outbox").write(toFile: c.scene, atomically: true, encoding: .utf8)
        let updated = expectPatchStream(scene: c.scene, events: c.events, matches: c.stream, record: true)
        #expect(updated.status == .updated)
        #expect(updated.summary.contains("was: message 1 of 3 differs"))
        #expect(expectPatchStream(scene: c.scene, events: c.events, matches: c.stream).status == .passed)
    }

    @Test func aDifferenceIsReportedAsAnIssueWithTheDiffInWords() throws {
        let c = try CraftedCase()
        defer { c.remove() }
        _ = PatchStreamExpectation.check(scene: c.scene, events: c.events, recording: c.stream, recordsMissing: true)
        try CraftedCase.scene.replacingOccurrences(of: "#FF0000", with: "#0000FF").write(toFile: c.scene, atomically: true, encoding: .utf8)
        withKnownIssue {
            expectPatchStream(scene: c.scene, events: c.events, matches: c.stream)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined(separator: "\n")
            return text.contains("does not produce \(c.stream): message 1 of 3 differs")
                && text.contains("changed box#bg (rect): fill #FF0000FF → #0000FFFF")
                && text.contains("VEIL_RECORD=1")
        }
    }
}

@Suite struct WordsTests {
    @Test func numbersAreRoundedHalfAwayFromZeroWithoutTrailingZeros() {
        #expect(Words.points(100) == "12.5 pt")
        #expect(Words.points(-1) == "-0.125 pt")
        #expect(Words.opacity(128) == "0.502")
        #expect(Words.opacity(255) == "1")
        #expect(Words.angle(256) == "1.406°")  // 1.40625
        #expect(Words.angle(512) == "2.813°")  // 2.8125: a tie, rounded away from zero
        #expect(Words.angle(-512) == "-2.813°")
        #expect(Words.angle(-16384) == "-90°")
        #expect(Words.color(Color(r: 0x1C, g: 0x1C, b: 0x1E, a: 0x80)) == "#1C1C1E80")
        #expect(Words.quoted(Array("a\"b\\\n\u{1}".utf8)) == #""a\"b\\\n\u0001""#)
    }

    @Test func everyItemKindHasAName() {
        #expect([ItemKind.rect, .text, .image, .arc, .activityIndicator, .layer, .host].map(Words.kind)
                == ["rect", "text", "image", "arc", "activity indicator", "layer", "host"])
    }

    @Test func streamFileRecordsAreChecked() {
        #expect(throws: StreamFileError(record: 1, offset: 0, reason: "the file ends inside a length prefix (3 of 4 bytes)")) {
            try StreamFile.records([1, 0, 0])
        }
        #expect(throws: StreamFileError(record: 2, offset: 5, reason: "a message of length 0")) {
            try StreamFile.records([1, 0, 0, 0, 0x56, 0, 0, 0, 0])
        }
        #expect((try? StreamFile.records(StreamFile.bytes([[1, 2], [3]]))) == [[1, 2], [3]])
    }
}
