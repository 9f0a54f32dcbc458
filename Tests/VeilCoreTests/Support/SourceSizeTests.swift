import Foundation
import Testing

/// No Swift source under Sources/ (the core, the server, the tools, the wasm exports) passes 500
/// lines: a type that outgrows it is split by facet into `Type+Facet.swift` extensions, as
/// ViewerHub is. Tests are not held to it (a suite of cases reads top to bottom).
struct SourceSizeTests {
    static let maxLines = 500

    @Test func noSwiftSourcePassesFiveHundredLines() throws {
        let sources = RepositoryFiles.root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 100)
        for file in files {
            let bytes = try Data(contentsOf: sources.appendingPathComponent(file))
            let lines = bytes.count { $0 == UInt8(ascii: "\n") }
            #expect(lines <= Self.maxLines, "Sources/\(file) has \(lines) lines (at most \(Self.maxLines)): split it by facet")
        }
    }
}
