import Foundation
import Testing

/// The files of Tests/Vectors that Swift writes and the node tests read: what both languages must
/// agree on. `VEIL_RECORD_VECTORS=1 swift test` rewrites them; otherwise each is checked equal to
/// what the core gives now.
enum SharedVectors {
    static let directory = RepositoryFiles.root.appendingPathComponent("Tests/Vectors")
    static let recording = ProcessInfo.processInfo.environment["VEIL_RECORD_VECTORS"] == "1"

    /// Rewrites Tests/Vectors/`file` with `text` when recording, else expects it to hold `text`.
    static func check(_ text: String, file: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent(file)
        if recording {
            try text.write(to: url, atomically: true, encoding: .utf8)
        } else {
            let stored = try String(contentsOf: url, encoding: .utf8)
            #expect(stored == text, "Tests/Vectors/\(file) differs from what the core gives; rerun with VEIL_RECORD_VECTORS=1 if the change is intended",
                    sourceLocation: sourceLocation)
        }
    }
}
