import ArgumentParser
import Foundation
import VeilCore
import VeilStreamTools

/// `veil check SCENE…`: reads each scene and runs its timeline against a session, reporting every
/// problem as `file:line:column: message`. Quiet on success.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check scene files; print file:line:column: message for each error.",
        discussion: "Exits 0 when every file is valid, 1 otherwise. Prints nothing on success.")

    @Argument(help: ArgumentHelp("Scene files (JSON), or folders: every *.json in a folder.", valueName: "scene"))
    var scenes: [String]

    func run() throws {
        var problems: [String] = []
        for path in scenes {
            guard let files = Self.sceneFiles(path) else { problems += Self.problems(in: path); continue }
            if files.isEmpty { problems.append("\(path): no *.json scene files in this folder") }
            for file in files { problems += Self.problems(in: file) }
        }
        if !problems.isEmpty { throw Failure(lines: problems).report() }
    }

    /// The `*.json` files of `path` when it is a folder (sorted, as `veil serve` serves them); nil
    /// when it is not one.
    static func sceneFiles(_ path: String) -> [String]? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return nil }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map { folder + "/" + $0 }
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
