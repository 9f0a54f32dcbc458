import ArgumentParser
import VeilCore

@main
struct Veil: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Veil: skeletons, status overlays, sheets and refresh, as frames and patches.",
        subcommands: [Serve.self])
}
