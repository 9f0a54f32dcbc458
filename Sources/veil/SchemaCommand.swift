import ArgumentParser
import Foundation
import VeilCore

/// `veil schema [--events] [--out FILE]`: the JSON Schema of scene files (or of one events-file
/// line), written from the reader's own tables (`SceneSchema`), so it says what the reader reads.
struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the JSON Schema (draft 2020-12) of scene files, or of one events-file line.",
        discussion: """
            Written from the tables the reader reads with: every key, type, choice, range, default and \
            description. Editors use it for completion, hover docs and errors (docs/SCENE.md, "Schema"); \
            docs/scene.schema.json and docs/events.schema.json are its output, checked by the tests.
            """)

    @Flag(help: "The schema of one line of an events file (JSON Lines: one timed action a line).")
    var events = false

    @Option(help: ArgumentHelp("Write the schema to this file instead of standard output.", valueName: "file"))
    var out: String?

    func run() throws {
        let output = try OutputFile(out)
        try output.write(Array((events ? SceneSchema.events : SceneSchema.scene).utf8))
        try output.close()
    }
}
