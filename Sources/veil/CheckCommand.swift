import ArgumentParser
import VeilCore
import VeilStreamTools

/// `veil check SCENE…`: reads each scene and runs its timeline against a session, reporting every
/// problem as `file:line:column: message`. Quiet on success.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check scene files; print file:line:column: message for each error.",
        discussion: "Exits 0 when every file is valid, 1 otherwise. Prints nothing on success.")

    @Argument(help: ArgumentHelp("Scene files (JSON).", valueName: "scene"))
    var scenes: [String]

    func run() throws {
        var problems: [String] = []
        for path in scenes {
            problems += Self.problems(in: path)
        }
        if !problems.isEmpty { throw Failure(lines: problems).report() }
    }

    /// The problems of one scene file, each a complete message line.
    static func problems(in path: String) -> [String] {
        let source: [UInt8]
        let scene: Scene
        do {
            source = try InputFiles.read(path, limit: Limits.maxSceneBytes)
            scene = try SceneReader.read(source, file: path)
        } catch let error as SceneError {
            return [error.description]
        } catch let failure as Failure {
            return failure.lines
        } catch {
            return ["\(path): \(error)"]
        }
        // The timeline plays in time order, each entry at its time, as `veil stream` plays it (so
        // fades, delays and shown views are where playback has them); the session would skip an
        // entry it cannot apply, and here that is an error.
        var unplayed = scene
        unplayed.timeline = []
        let session = Session(scene: unplayed)
        var problems: [String] = []
        for (index, entry) in scene.timeline.enumerated() {
            do throws(SessionError) {
                try session.apply(entry.action, at: entry.time)
            } catch {
                let place = TimelineLocator.position(ofEntry: index, in: source)
                    .map { "\(path):\($0.line):\($0.column)" } ?? path
                problems.append("\(place): timeline entry \(index + 1) (t = \(entry.time)): \(error.message)")
            }
        }
        return problems
    }
}
