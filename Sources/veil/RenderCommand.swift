import ArgumentParser
import VeilCore
import VeilStreamTools

/// `veil render`: one frame of a scene, as an SVG picture or as JSON in the viewer's frame shape, or
/// the skeleton tree description at that time (type, skeletonable, placeholder, children).
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render the frame at a given time as SVG or JSON, or describe its skeleton tree.",
        discussion: """
            The session runs as `veil stream --fps N` would run it up to the time (events applied before \
            the first tick at or after theirs, the scene's timeline as time passes), so the frame is the \
            one a viewer holds then, item ids included.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case svg, json
        case skeletonTree = "skeleton-tree"
    }

    @Argument(help: ArgumentHelp("Scene file (JSON).", valueName: "scene"))
    var scene: String

    @Option(help: ArgumentHelp("Time of the frame, seconds (≥ 0).", valueName: "seconds"))
    var at: Double

    @Option(help: ArgumentHelp("Events file: JSON Lines of {\"t\": seconds, \"command\"|\"input\": …}.",
                               valueName: "file"))
    var events: String?

    @Option(help: "Output format.")
    var format: Format

    @Option(help: ArgumentHelp("Ticks per second of the run up to the time (as `veil stream`).", valueName: "n"))
    var fps: Int = 60

    @Option(help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var out: String?

    func validate() throws {
        guard at.isFinite, at >= 0 else { throw ValidationError("--at must be a time in seconds, 0 or more") }
    }

    func run() throws {
        try reportingFailures {
            let session = Session(scene: try InputFiles.scene(scene))
            let eventsFile = events ?? "events"
            let entries = try events.map(InputFiles.events) ?? []
            let runner: StreamRunner
            do throws(StreamError) { runner = try StreamRunner(duration: at, fps: fps) } catch { throw Failure(error.description) }
            let ticked = entries.filter { $0.time <= runner.time(ofTick: runner.lastTick) }
            do throws(StreamError) {
                try runner.run(session: session, actions: ticked, file: eventsFile) { _, _ in }
            } catch {
                throw Failure(error.description)
            }
            // Events after the last tick but not after the time apply just before the frame.
            for entry in entries[ticked.count...] where entry.time <= at {
                do throws(SessionError) {
                    try session.apply(entry.action)
                } catch {
                    throw Failure("\(eventsFile):\(entry.line):\(entry.column): \(error.message)")
                }
            }
            // As a host draws it then: each declared motion's paint at that time.
            let frame = session.frame(at: at).played(at: at)
            // Timeline and reaction actions that did not apply: reported as `veil check` does (the
            // frame is still written: it is what the scene shows without them).
            let (refused, dropped) = session.takeRefused()
            var problems = refused.map { $0.description(file: scene) }
            if dropped > 0 { problems.append("\(scene): \(dropped) more refused action(s) left out") }
            if !problems.isEmpty { _ = Failure(lines: problems).report() }
            let output = try OutputFile(out)
            switch format {
            case .svg: try output.write(SVGExport.svg(frame))
            case .json: try output.write(FrameJSON.json(frame))
            case .skeletonTree: try output.write(Array(try session.skeletonTree().utf8))
            }
            try output.close()
        }
    }
}
