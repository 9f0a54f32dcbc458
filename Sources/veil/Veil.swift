import ArgumentParser
import Foundation
import VeilCore
import VeilStreamTools

@main
struct Veil: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "veil",
        abstract: "Veil: skeletons, status overlays, sheets and refresh, as frames and patches.",
        discussion: """
            A scene file (JSON, docs/SCENE.md) describes a screen; `veil serve` previews it live in a \
            browser, `veil stream` turns it and timed input into the exact patch messages a viewer \
            receives, `veil render` draws one frame as SVG or JSON, `veil check` validates files, and \
            `veil test` replays recorded streams and explains any difference (`veil diff` compares two).
            """,
        version: "veil \(Veil.version) (wire veil.v2)",
        subcommands: [Check.self, Stream.self, Render.self, Test.self, Diff.self, Serve.self, Schema.self])

    /// `veil` alone asked for nothing: the usage on standard error, and the usage error's status (64).
    func run() throws {
        FileHandle.standardError.write(Data((Self.helpMessage() + "\n").utf8))
        throw ExitCode.validationFailure
    }

    /// The version of the tool (`veil --version`).
    static let version = "0.13.0"
}
