import Foundation
import VeilCore
@_exported import VeilStreamTools
#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Checks that a scene run with its events produces exactly the recorded patch stream, as
/// `veil test` does, from a Swift Testing test or an XCTest test case.
///
/// - The first run records the stream (and passes, printing where it wrote it); later runs compare
///   byte for byte. Set the environment variable `VEIL_RECORD=1` (or pass `record: true`) to
///   re-record a stream that changed on purpose. On CI (`CI` set) a missing recording fails instead.
/// - A difference fails the test with the difference in words: the first message that differs
///   (time, sequence number, type), the items inserted, removed, moved or changed by their scene
///   node id and role with old → new values, and the host events that differ.
/// - Relative paths are resolved against the folder of the test's source file.
///
/// ```swift
/// @Test func helloTap() {
///     expectPatchStream(scene: "Scenes/hello.json", events: "Scenes/hello.events.jsonl",
///                       matches: "Scenes/hello.stream")
/// }
/// ```
@discardableResult
public func expectPatchStream(scene: String, events: String? = nil, matches recording: String,
                              fps: Int = 30, duration: Double? = nil, record: Bool? = nil,
                              fileID: String = #fileID, filePath: StaticString = #filePath,
                              line: UInt = #line, column: UInt = #column) -> CaseResult {
    let folder = (String(describing: filePath) as NSString).deletingLastPathComponent
    let result = PatchStreamExpectation.check(
        scene: PatchStreamExpectation.resolve(scene, in: folder),
        events: events.map { PatchStreamExpectation.resolve($0, in: folder) },
        recording: PatchStreamExpectation.resolve(recording, in: folder),
        fps: fps, duration: duration, record: record ?? PatchStreamExpectation.recordingRequested)
    if let failure = PatchStreamExpectation.failureMessage(result) {
        PatchStreamExpectation.fail(failure, fileID: fileID, filePath: filePath, line: line, column: column)
    } else if result.status == .recorded || result.status == .updated {
        FileHandle.standardError.write(Data("VeilTesting: \(result.status.rawValue) \(result.testCase.stream): \(result.summary)\n".utf8))
    }
    return result
}

public enum PatchStreamExpectation {
    /// `VEIL_RECORD=1` in the environment: re-record streams that differ.
    public static var recordingRequested: Bool {
        let value = ProcessInfo.processInfo.environment["VEIL_RECORD"] ?? ""
        return !value.isEmpty && value != "0"
    }

    /// `CI` set (and not "false" or "0"), as CI services do: a missing recording is a failure, not
    /// recorded (like Jest's `--ci`), so a forgotten stream cannot pass unnoticed.
    public static var onCI: Bool {
        let value = ProcessInfo.processInfo.environment["CI"] ?? ""
        return !value.isEmpty && value != "0" && value.lowercased() != "false"
    }

    /// Runs the case without reporting anything: records when there is no recording yet (unless
    /// `recordsMissing` is false) or when `record`.
    public static func check(scene: String, events: String?, recording: String, fps: Int = 30,
                             duration: Double? = nil, record: Bool = false,
                             recordsMissing: Bool = !onCI) -> CaseResult {
        let c = StreamCase(name: (scene as NSString).lastPathComponent, scene: scene, events: events, stream: recording)
        let missing = !FileManager.default.fileExists(atPath: recording)
        return CaseRunner.run(c, CaseOptions(fps: fps, duration: duration, update: record || (missing && recordsMissing)))
    }

    /// The failure message of a result (nil when it passed or recorded).
    public static func failureMessage(_ result: CaseResult) -> String? {
        guard result.isFailure else { return nil }
        let c = result.testCase
        var lines = ["\(c.scene) does not produce \(c.stream): \(result.summary)"]
        lines += result.details.map { "  " + $0 }
        if result.status == .failed {
            lines.append(FileManager.default.fileExists(atPath: c.stream)
                ? "  (if the change is intended, re-record with VEIL_RECORD=1)"
                : "  (run the test once without CI set, or with VEIL_RECORD=1, to record it)")
        }
        return lines.joined(separator: "\n")
    }

    static func resolve(_ path: String, in folder: String) -> String {
        path.hasPrefix("/") ? path : folder + "/" + path
    }

    /// Reports a failure to the test framework that is running: Swift Testing when there is a
    /// current test, otherwise XCTest.
    static func fail(_ message: String, fileID: String, filePath: StaticString, line: UInt, column: UInt) {
        #if canImport(Testing)
        if Test.current != nil {
            Issue.record(Comment(rawValue: message),
                         sourceLocation: SourceLocation(fileID: fileID, filePath: String(describing: filePath),
                                                        line: Int(line), column: Int(column)))
            return
        }
        #endif
        #if canImport(XCTest)
        XCTFail(message, file: filePath, line: line)
        #else
        FileHandle.standardError.write(Data((message + "\n").utf8))
        #endif
    }
}
