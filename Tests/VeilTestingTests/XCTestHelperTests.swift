import Foundation
import VeilStreamTools
import VeilTesting
import XCTest

/// The same assertion from XCTest: it reports through XCTFail when no Swift Testing test is running.
final class XCTestHelperTests: XCTestCase {
    func testAnExampleMatchesItsRecording() {
        let result = expectPatchStream(scene: "../../examples/status.json", events: "../../examples/status.events.jsonl",
                                       matches: "../../examples/status.stream")
        XCTAssertEqual(result.status, .passed)
    }

    func testTheFirstRunRecords() throws {
        try XCTSkipIf(PatchStreamExpectation.onCI, "CI is set: missing recordings fail")
        let c = try CraftedCase()
        defer { c.remove() }
        XCTAssertEqual(expectPatchStream(scene: c.scene, events: c.events, matches: c.stream).status, .recorded)
        XCTAssertEqual(expectPatchStream(scene: c.scene, events: c.events, matches: c.stream).status, .passed)
    }

    func testTheFailureMessageIsTheDifferenceInWords() throws {
        let c = try CraftedCase()
        defer { c.remove() }
        _ = PatchStreamExpectation.check(scene: c.scene, events: c.events, recording: c.stream, recordsMissing: true)
        try CraftedCase.scene.replacingOccurrences(of: "\"Inbox\"", with: "\"Outbox\"")
            .write(toFile: c.scene, atomically: true, encoding: .utf8)
        let result = PatchStreamExpectation.check(scene: c.scene, events: c.events, recording: c.stream)
        let message = try XCTUnwrap(PatchStreamExpectation.failureMessage(result))
        XCTAssertTrue(message.hasPrefix("\(c.scene) does not produce \(c.stream): message 1 of 3 differs (t = 0 s, seq 1, keyframe)"), message)
        XCTAssertTrue(message.contains(#"changed title#t0 (text): width 44.25 pt → "#), message)
        XCTAssertTrue(message.contains(#"text "Inbox" → "Outbox""#), message)
    }
}
