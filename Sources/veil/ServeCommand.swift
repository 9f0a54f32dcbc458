// PLACEHOLDER from the cli branch, only so `Veil.swift` compiles with `Serve` registered.
// The server helper's Sources/veil/ServeCommand.swift replaces this file: take theirs on merge.
import ArgumentParser

struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the live preview over HTTP and WebSocket (not in this build).")

    func run() throws {
        throw Failure("veil serve is not part of this build").report()
    }
}
