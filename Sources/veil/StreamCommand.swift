import ArgumentParser
import VeilCore
import VeilStreamTools

/// `veil stream`: the exact messages a viewer receives for a scene and timed input, each prefixed
/// by its length (little-endian u32). The unit of behaviour tests: same input, same bytes.
/// `--format text` prints them in words instead, and also reads a recorded stream.
struct Stream: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the patch messages of a scene run as a length-prefixed byte stream, or print them in words.",
        usage: """
            veil stream <scene> --duration <seconds> --fps <n> [--events <file>] [--out <file>] [--format binary|text]
            veil stream <recording.stream> --format text
            """,
        discussion: """
            Ticks at t = k/fps for k = 0 … duration·fps; an event at time t is applied before the \
            first tick at or after t. A tick writes a message only when the frame changed (the first \
            is the keyframe). Each message is preceded by its byte length as a little-endian u32. \
            Binary output is never written to a terminal: use --out FILE or a redirect. \
            With --format text, one block per message in words (items named by their scene node ids); \
            given a recorded stream file instead of a scene, it prints that stream (numeric ids).
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case binary, text
    }

    @Argument(help: ArgumentHelp("Scene file (JSON), or with --format text a recorded stream.", valueName: "scene"))
    var scene: String

    @Option(help: "Output format: binary (the stream) or text (each message in words).")
    var format: Format = .binary

    @Option(help: ArgumentHelp("Events file: JSON Lines of {\"t\": seconds, \"command\"|\"input\": …}.",
                               valueName: "file"))
    var events: String?

    @Option(help: ArgumentHelp("Seconds to run (0 … 3600); required with a scene.", valueName: "seconds"))
    var duration: Double?

    @Option(help: ArgumentHelp("Ticks per second (1 … 240); required with a scene.", valueName: "n"))
    var fps: Int?

    @Option(help: ArgumentHelp("Write the stream to this file instead of standard output.",
                               valueName: "file"))
    var out: String?

    /// A recorded stream given to `--format text` needs no run.
    private var readsRecording: Bool {
        format == .text && !scene.hasSuffix(".json")
            && (scene.hasSuffix(".stream") || (try? InputFiles.read(scene, limit: 1 << 30)).map(StreamFile.looksLikeStream) == true)
    }

    func validate() throws {
        if readsRecording { return }
        guard let duration else { throw ValidationError("Missing expected argument '--duration <seconds>'") }
        guard let fps else { throw ValidationError("Missing expected argument '--fps <n>'") }
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
            if readsRecording { return try printRecording() }
            let runner: StreamRunner
            do throws(StreamError) {
                runner = try StreamRunner(duration: duration ?? 0, fps: fps ?? 0)
            } catch {
                throw Failure(error.description)
            }
            let scene = try InputFiles.scene(self.scene)
            let actions = try events.map(InputFiles.events) ?? []
            let output = try OutputFile(out)
            if output.isTerminal && format == .binary {
                throw Failure("veil stream writes binary data: use --out FILE or redirect standard output (or --format text to read it)")
            }
            do {
                var writeFailure: Failure? = nil
                if format == .text {
                    var mirror = FrameMirror()
                    var previous: Frame? = nil
                    var count = 0
                    try Replay.each(scene: scene, events: actions, eventsFile: events ?? "events", runner: runner) { k, message, names in
                        guard writeFailure == nil else { return }
                        count += 1
                        let after = try? mirror.apply(message)
                        let decoded = try? WireDecoder.decode(message)
                        var lines = decoded.map {
                            MessageText.describe($0, byteCount: message.count, previous: previous, after: after, names: names)
                        } ?? ["undecodable message"]
                        lines[0] = "message \(count) at t = \(Words.seconds(runner.time(ofTick: k))): " + lines[0]
                        previous = after ?? previous
                        do { try output.write(Array((lines.joined(separator: "\n") + "\n").utf8)) } catch { writeFailure = error as? Failure }
                    }
                } else {
                    try runner.run(session: Session(scene: scene), actions: actions, file: events ?? "events") { _, message in
                        guard writeFailure == nil else { return }
                        let n = UInt32(message.count)
                        let prefix: [UInt8] = [UInt8(n & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 24)]
                        do { try output.write(prefix + message) } catch { writeFailure = error as? Failure }
                    }
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

    /// `--format text` of a recorded stream: every message in words, ids as numbers.
    private func printRecording() throws {
        let bytes = try InputFiles.read(scene, limit: 1 << 30)
        let records: [[UInt8]]
        do throws(StreamFileError) { records = try StreamFile.records(bytes) } catch {
            throw Failure("\(scene): \(error.message)")
        }
        let decoded = DecodedStream(records)
        let output = try OutputFile(out)
        var previous: Frame? = nil
        for m in decoded.messages {
            var lines = MessageText.describe(m.message, byteCount: m.bytes.count, previous: previous, after: m.frame)
            lines[0] = "message \(m.index + 1): " + lines[0]
            try output.write(Array((lines.joined(separator: "\n") + "\n").utf8))
            previous = m.frame
        }
        try output.close()
        if let failure = decoded.failure { throw Failure("\(scene): \(failure)") }
    }
}
