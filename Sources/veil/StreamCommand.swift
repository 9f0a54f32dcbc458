import ArgumentParser
import VeilCore

/// `veil stream`: the exact messages a viewer receives for a scene and timed input, each prefixed
/// by its length (little-endian u32). The unit of behaviour tests: same input, same bytes.
struct Stream: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the patch messages of a scene run as a length-prefixed byte stream.",
        discussion: """
            Ticks at t = k/fps for k = 0 … duration·fps; an event at time t is applied before the \
            first tick at or after t. A tick writes a message only when the frame changed (the first \
            is the keyframe). Each message is preceded by its byte length as a little-endian u32.
            """)

    @Argument(help: ArgumentHelp("Scene file (JSON).", valueName: "scene"))
    var scene: String

    @Option(help: ArgumentHelp("Events file: JSON Lines of {\"t\": seconds, \"command\"|\"input\": …}.",
                               valueName: "file"))
    var events: String?

    @Option(help: ArgumentHelp("Seconds to run (0 … 3600).", valueName: "seconds"))
    var duration: Double

    @Option(help: ArgumentHelp("Ticks per second (1 … 240).", valueName: "n"))
    var fps: Int

    @Option(help: ArgumentHelp("Write the stream to this file instead of standard output.",
                               valueName: "file"))
    var out: String?

    func validate() throws {
        guard duration.isFinite, duration >= 0, duration <= StreamRunner.maxDuration else {
            throw ValidationError("--duration must be between 0 and \(Int(StreamRunner.maxDuration)) seconds")
        }
        guard StreamRunner.fpsRange.contains(fps) else {
            throw ValidationError("--fps must be between \(StreamRunner.fpsRange.lowerBound) and \(StreamRunner.fpsRange.upperBound)")
        }
        do throws(StreamError) {
            _ = try StreamRunner(duration: duration, fps: fps)
        } catch {
            throw ValidationError(error.message)
        }
    }

    func run() throws {
        try reportingFailures {
            let runner: StreamRunner
            do throws(StreamError) {
                runner = try StreamRunner(duration: duration, fps: fps)
            } catch {
                throw Failure(error.description)
            }
            let scene = try InputFiles.scene(self.scene)
            let actions = try events.map(InputFiles.events) ?? []
            let output = try OutputFile(out)
            if output.isTerminal {
                throw Failure("veil stream writes binary data: use --out FILE or redirect standard output")
            }
            do {
                var writeFailure: Failure? = nil
                try runner.run(session: Session(scene: scene), actions: actions, file: events ?? "events") { _, message in
                    guard writeFailure == nil else { return }
                    let n = UInt32(message.count)
                    let prefix: [UInt8] = [UInt8(n & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 24)]
                    do { try output.write(prefix + message) } catch { writeFailure = error as? Failure }
                }
                if let writeFailure { throw writeFailure }
                try output.close()
            } catch let error as StreamError {
                output.discard()
                throw Failure(error.description)
            } catch {
                output.discard()
                throw error
            }
        }
    }
}
