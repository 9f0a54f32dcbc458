import ArgumentParser
import Foundation
import VeilCore
import VeilStreamTools

/// `veil diff A B`: compares two recorded streams without replaying anything.
struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare two recorded streams; explain the first difference in words.",
        discussion: """
            A is the expected stream, B the actual one (files written by `veil stream` or `veil test \
            --update`). Items are named by their numeric ids (a stream does not carry node ids; \
            `veil test` names them by replaying the scene). Exits 0 when the streams are the same, 1 \
            when they differ or cannot be read.
            """)

    @Argument(help: ArgumentHelp("The expected stream.", valueName: "a"))
    var expected: String

    @Argument(help: ArgumentHelp("The actual stream.", valueName: "b"))
    var actual: String

    @Option(help: ArgumentHelp("Write the expected and the actual frame at the first difference, side by side, to this SVG file.",
                               valueName: "file"))
    var svg: String?

    func run() throws {
        try reportingFailures {
            let a = try Self.records(expected)
            let b = try Self.records(actual)
            guard let difference = StreamComparison.compare(expected: a, actual: b, labels: (expected, actual)) else {
                print("same: \(a.count == 1 ? "1 message" : "\(a.count) messages"), \(StreamFile.bytes(a).count) bytes")
                return
            }
            var text = "\(difference.summary)\n"
            for line in difference.details { text += "  \(line)\n" }
            FileHandle.standardOutput.write(Data(text.utf8))
            if let svg {
                let picture = SideBySideSVG.svg(expected: difference.expectedFrame, actual: difference.actualFrame,
                                                caption: difference.summary)
                guard FileManager.default.createFile(atPath: svg, contents: Data(picture)) else {
                    throw Failure("\(svg): cannot write")
                }
            }
            throw ExitCode.failure
        }
    }

    static func records(_ path: String) throws -> [[UInt8]] {
        let bytes = try InputFiles.read(path, limit: 1 << 30)
        do throws(StreamFileError) {
            return try StreamFile.records(bytes)
        } catch {
            throw Failure("\(path): \(error.message)")
        }
    }
}
