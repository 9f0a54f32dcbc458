import ArgumentParser
import VeilCore

@main
struct Veil: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "veil",
        abstract: "Veil: skeletons, status overlays, sheets and refresh, as frames and patches.",
        discussion: """
            A scene file (JSON, docs/SCENE.md) describes a screen; `veil serve` previews it live in a \
            browser, `veil stream` turns it and timed input into the exact patch messages a viewer \
            receives, `veil render` draws one frame as SVG or JSON, and `veil check` validates files.
            """,
        subcommands: [Check.self, Stream.self, Render.self, Serve.self])
}
