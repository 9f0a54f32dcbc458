import Foundation
import VeilCore

/// One patch-stream test case (docs/TESTING.md): a scene `NAME.json`, its optional events file
/// `NAME.events.jsonl` and its recorded stream `NAME.stream`, side by side in one folder.
public struct StreamCase: Sendable, Equatable {
    /// The scene's path without `.json`, as found (`examples/hello`): the case's name in reports.
    public var name: String
    public var scene: String
    public var events: String?
    public var stream: String

    public static let sceneSuffix = ".json"
    public static let eventsSuffix = ".events.jsonl"
    public static let streamSuffix = ".stream"

    /// A case whose files are named as they are (not by the convention).
    public init(name: String, scene: String, events: String?, stream: String) {
        self.name = name; self.scene = scene; self.events = events; self.stream = stream
    }

    /// The case of a scene file, or of a recorded stream file (whose scene may then be missing).
    public init(path: String) {
        var base = path
        if base.hasSuffix(Self.streamSuffix) {
            base.removeLast(Self.streamSuffix.count)
        } else if base.hasSuffix(Self.eventsSuffix) {
            base.removeLast(Self.eventsSuffix.count)
        } else if base.hasSuffix(Self.sceneSuffix) {
            base.removeLast(Self.sceneSuffix.count)
        }
        name = base
        scene = base + Self.sceneSuffix
        stream = base + Self.streamSuffix
        let events = base + Self.eventsSuffix
        self.events = FileManager.default.fileExists(atPath: events) ? events : nil
    }

    /// True when the files are named by the convention (`NAME.json` → `NAME.stream`), so that
    /// `veil test --update NAME.json` re-records this very stream. A Swift test may name its
    /// recording otherwise (`expectPatchStream(scene: "inbox.json", matches: "inbox-tap.stream")`).
    public var followsConvention: Bool { StreamCase(path: scene).stream == stream }

    /// Recorded streams found in the folders of `paths` with no scene of their name beside them
    /// (recordings a Swift test names, or left after their scene went): not run by `veil test`.
    public static func unpairedRecordings(_ paths: [String]) -> [String] {
        let fm = FileManager.default
        var found: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            let root = path.hasSuffix("/") ? String(path.dropLast()) : path
            for case let relative as String in fm.enumerator(atPath: root) ?? FileManager.DirectoryEnumerator()
            where relative.hasSuffix(streamSuffix) {
                let stream = root == "." ? relative : root + "/" + relative
                if !fm.fileExists(atPath: StreamCase(path: stream).scene) { found.append(stream) }
            }
        }
        return found.sorted()
    }

    /// The cases under `paths`: every scene (`*.json`) in each folder, at any depth, with its
    /// recorded stream (`*.stream`), and each case given by one of its files or by its name
    /// (`examples/hello`); one case per name, folders sorted. A recording in a folder with no scene
    /// of its name is not a case (`unpairedRecordings`); named on its own, it is one (and an error).
    /// A path that names nothing is a failure.
    public static func discover(_ paths: [String]) throws -> [StreamCase] {
        var bases: [String] = []
        var seen: Set<String> = []
        let fm = FileManager.default
        for given in paths {
            var path = given
            while path.hasPrefix("./") && path.count > 2 { path.removeFirst(2) }
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                // A scene whose recording is missing (or the other way round), or a case by its name.
                let c = StreamCase(path: path.hasSuffix(sceneSuffix) || path.hasSuffix(streamSuffix) ? path : path + sceneSuffix)
                if fm.fileExists(atPath: c.stream) || fm.fileExists(atPath: c.scene) {
                    if seen.insert(c.name).inserted { bases.append(c.name) }
                    continue
                }
                throw Failure("\(path): no such file or folder")
            }
            if isDirectory.boolValue {
                let root = path.hasSuffix("/") ? String(path.dropLast()) : path
                var found: [String] = []
                for case let relative as String in fm.enumerator(atPath: root) ?? FileManager.DirectoryEnumerator() {
                    if relative.hasSuffix(eventsSuffix) { continue }
                    if relative.hasSuffix(sceneSuffix) || relative.hasSuffix(streamSuffix) {
                        let c = StreamCase(path: root == "." ? relative : root + "/" + relative)
                        if fm.fileExists(atPath: c.scene) { found.append(c.name) }
                    }
                }
                for name in found.sorted() where seen.insert(name).inserted { bases.append(name) }
            } else {
                let c = StreamCase(path: path)
                if seen.insert(c.name).inserted { bases.append(c.name) }
            }
        }
        return bases.map { StreamCase(path: $0 + sceneSuffix) }
    }
}

/// What running a case found.
public struct CaseResult: Sendable {
    public enum Status: String, Sendable {
        /// The run's bytes are the recorded bytes.
        case passed
        /// They differ, or there is no recording (and no `--update`).
        case failed
        /// The case cannot run: its scene or events file is missing or invalid.
        case error
        /// `--update` wrote a new recording.
        case recorded
        /// `--update` replaced a recording that differed.
        case updated
    }

    public var testCase: StreamCase
    public var status: Status
    /// One line after the case's name: `12 messages, 1234 bytes`, or why it failed.
    public var summary: String
    /// Further lines: the difference in words.
    public var details: [String] = []
    public var seconds: Double = 0
    /// The frames at the first difference, for `--svg`.
    public var expectedFrame: Frame? = nil
    public var actualFrame: Frame? = nil

    public var isFailure: Bool { status == .failed || status == .error }
}

/// How `veil test` and `expectPatchStream` run a case.
public struct CaseOptions: Sendable {
    public var fps: Int = 30
    /// nil: the case's default (`Replay.defaultDuration`).
    public var duration: Double? = nil
    /// Record new streams and replace ones that differ.
    public var update = false
    public init(fps: Int = 30, duration: Double? = nil, update: Bool = false) {
        self.fps = fps; self.duration = duration; self.update = update
    }
}

public enum CaseRunner {
    public static func run(_ c: StreamCase, _ options: CaseOptions) -> CaseResult {
        let start = Date()
        var result = runTimed(c, options)
        result.seconds = Date().timeIntervalSince(start)
        return result
    }

    private static func runTimed(_ c: StreamCase, _ options: CaseOptions) -> CaseResult {
        let fm = FileManager.default
        guard fm.fileExists(atPath: c.scene) else {
            return CaseResult(testCase: c, status: .error,
                              summary: "no scene \(c.scene) for the recorded stream \(c.stream)")
        }
        let scene: Scene
        let events: [StreamRunner.Entry]
        do {
            scene = try InputFiles.scene(c.scene)
            events = try c.events.map(InputFiles.events) ?? []
        } catch let failure as Failure {
            return CaseResult(testCase: c, status: .error, summary: failure.lines.first ?? "cannot read the case",
                              details: Array(failure.lines.dropFirst()))
        } catch {
            return CaseResult(testCase: c, status: .error, summary: "\(error)")
        }

        // The recording, when there is one and it can be read.
        var recorded: [[UInt8]]? = nil
        var unreadable: String? = nil
        if fm.fileExists(atPath: c.stream) {
            do {
                let bytes = try InputFiles.read(c.stream, limit: 1 << 30)
                do throws(StreamFileError) {
                    recorded = try StreamFile.records(bytes)
                } catch {
                    unreadable = "\(c.stream): \(error.message)"
                }
            } catch let failure as Failure {
                unreadable = failure.lines.joined(separator: "; ")
            } catch {
                unreadable = "\(c.stream): \(error)"
            }
        }

        let replay: Replay
        do throws(StreamError) {
            replay = try Replay(scene: scene, events: events, eventsFile: c.events ?? "events", fps: options.fps,
                                duration: options.duration, expected: recorded ?? [])
        } catch {
            return CaseResult(testCase: c, status: .error, summary: error.description)
        }
        let size = "\(Words.plural(replay.messages.count, "message")), \(Words.plural(StreamComparison.bytes(replay.messages), "byte"))"

        if let recorded, recorded == replay.messages {
            return CaseResult(testCase: c, status: .passed, summary: size)
        }
        if options.update {
            do {
                let folder = (c.stream as NSString).deletingLastPathComponent
                if !folder.isEmpty { try fm.createDirectory(atPath: folder, withIntermediateDirectories: true) }
                try Data(replay.stream).write(to: URL(fileURLWithPath: c.stream))
            } catch {
                return CaseResult(testCase: c, status: .error, summary: "\(c.stream): cannot write: \(error.localizedDescription)")
            }
            if let recorded, let difference = StreamComparison.compare(expected: recorded, actual: replay.messages,
                                                                          times: replay.times, names: replay.names) {
                return CaseResult(testCase: c, status: .updated, summary: "\(size); was: \(difference.summary)")
            }
            return CaseResult(testCase: c, status: unreadable != nil ? .updated : .recorded,
                              summary: size + (unreadable.map { "; replaced an unreadable recording (\($0))" } ?? ""))
        }
        if let unreadable {
            return CaseResult(testCase: c, status: .failed, summary: unreadable,
                              details: c.followsConvention ? ["re-record it on purpose with `veil test --update \(c.scene)`"] : [])
        }
        guard let recorded else {
            return CaseResult(testCase: c, status: .failed, summary: "no recorded stream \(c.stream) (\(size) to record)",
                              details: c.followsConvention ? ["record it with `veil test --update \(c.scene)`"] : [])
        }
        guard let difference = StreamComparison.compare(expected: recorded, actual: replay.messages,
                                                        times: replay.times, names: replay.names) else {
            return CaseResult(testCase: c, status: .passed, summary: size)
        }
        return CaseResult(testCase: c, status: .failed, summary: difference.summary, details: difference.details,
                          expectedFrame: difference.expectedFrame, actualFrame: difference.actualFrame)
    }
}
