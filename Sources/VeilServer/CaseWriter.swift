import Foundation
import VeilCore
import VeilStreamTools

/// Writes one saved case beside its scene: NAME.events.jsonl and NAME.stream recorded by replaying
/// the events as `veil test --update` would, bounded in time, bytes and wall time
/// (docs/SERVER.md, "Limits"). The stream goes to disk as it is replayed, never whole in memory.
/// Both files are written to fresh temporary files in the scene's folder and only then put in place,
/// in one step each that never follows a link: `link` (fails when the name exists, a dangling link
/// included) or, replacing, `rename` (replaces a link rather than writing through it). Two saves of
/// one scene race on that step: one wins, the other is told the case exists.
enum CaseWriter {
    struct Bounds {
        /// A case's replay (its last action, or its scene's timeline, plus a second) is at most this long.
        var seconds: Double = 600
        /// A case's stream is at most this large.
        var streamBytes = 64 << 20
        /// A save's replay stops after this long (a scene whose every tick is costly).
        var replayTime = Duration.seconds(30)
    }

    static func write(scene path: String, events eventsText: String, replacing: Bool,
                      bounds: Bounds = Bounds()) -> Result<CaseSaves.Saved, CaseSaves.SaveError> {
        let testCase = StreamCase(path: path)
        let eventsPath = testCase.name + StreamCase.eventsSuffix
        let scene: Scene, events: [StreamRunner.Entry]
        do {
            scene = try InputFiles.scene(path)
            events = try InputFiles.events(Array(eventsText.utf8), file: eventsPath)
        } catch {
            return .failure(.init(reason: "not saved: \((error as? Failure)?.description ?? "\(error)")"))
        }
        let duration = Replay.defaultDuration(scene: scene, events: events)
        guard duration <= bounds.seconds else {
            return .failure(.init(reason: "not saved: the case would replay \(Int(duration)) s; a saved case is at most \(Int(bounds.seconds)) s (reload the scene and save sooner)"))
        }
        let folder = (path as NSString).deletingLastPathComponent
        var temporary: [String] = []
        defer { for file in temporary { unlink(file) } }
        do throws(CaseSaves.SaveError) {
            let eventsFile = try TemporaryFile(in: folder)
            temporary.append(eventsFile.path)
            try eventsFile.append(Array(eventsText.utf8))
            try eventsFile.close()
            let streamFile = try TemporaryFile(in: folder)
            temporary.append(streamFile.path)
            let recorded = try replay(scene, events, file: eventsPath, duration: duration, bounds: bounds, into: streamFile)
            try streamFile.close()
            try put(eventsFile.path, at: eventsPath, replacing: replacing)
            do throws(CaseSaves.SaveError) {
                try put(streamFile.path, at: testCase.stream, replacing: replacing)
            } catch {
                if !replacing { unlink(eventsPath) }  // ours: the other save won the stream's name
                throw error
            }
            return .success(CaseSaves.Saved(events: eventsPath, stream: testCase.stream, summary: recorded))
        } catch {
            return .failure(error)
        }
    }

    /// Replays the case into `file`, as `veil test` runs it; the summary `N messages, B bytes`.
    private static func replay(_ scene: Scene, _ events: [StreamRunner.Entry], file: String, duration: Double,
                               bounds: Bounds, into stream: TemporaryFile) throws(CaseSaves.SaveError) -> String {
        let started = ContinuousClock.now
        var messages = 0, bytes = 0
        var failure: CaseSaves.SaveError? = nil
        do throws(StreamError) {
            try Replay.checkReach(events, duration: duration, file: file)
            let runner = try StreamRunner(duration: duration, fps: 30)
            _ = try runner.runUntilStopped(session: Session(scene: scene), actions: events, file: file) { _, message in
                let record = StreamFile.bytes([message])
                guard bytes + record.count <= bounds.streamBytes else {
                    failure = .init(reason: "not saved: its stream would be more than \(Words.plural(bounds.streamBytes, "byte")) (a saved case's bound)")
                    return false
                }
                guard started.duration(to: .now) < bounds.replayTime else {
                    failure = .init(reason: "not saved: replaying it took more than \(bounds.replayTime.components.seconds) s (a saved case's bound)")
                    return false
                }
                do throws(CaseSaves.SaveError) { try stream.append(record) } catch { failure = error; return false }
                messages += 1
                bytes += record.count
                return true
            }
        } catch {
            throw .init(reason: "not saved: \(error.description)")
        }
        if let failure { throw failure }
        try stream.flush()
        return "\(Words.plural(messages, "message")), \(Words.plural(bytes, "byte"))"
    }

    /// Puts the finished file at `target` in one step that never follows a link there.
    private static func put(_ file: String, at target: String, replacing: Bool) throws(CaseSaves.SaveError) {
        if replacing {
            guard rename(file, target) == 0 else { throw .init(reason: "cannot write \(target): \(String(cString: strerror(errno)))") }
            return
        }
        guard link(file, target) == 0 else {
            if errno == EEXIST { throw .init(reason: "\(target) exists: save with replace to overwrite it") }
            throw .init(reason: "cannot write \(target): \(String(cString: strerror(errno)))")
        }
    }
}

/// A new file of our own in `folder` (created exclusively, never through a link), written through a buffer.
private final class TemporaryFile {
    let path: String
    private var descriptor: Int32
    private var buffer: [UInt8] = []

    init(in folder: String) throws(CaseSaves.SaveError) {
        var template = Array(((folder.isEmpty ? "." : folder) + "/.veil-save-XXXXXX").utf8CString)
        descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        guard descriptor >= 0 else { throw .init(reason: "cannot write in \(folder): \(String(cString: strerror(errno)))") }
        fchmod(descriptor, 0o644)
    }

    deinit { if descriptor >= 0 { Glibc.close(descriptor) } }

    func append(_ bytes: [UInt8]) throws(CaseSaves.SaveError) {
        buffer += bytes
        if buffer.count >= 1 << 20 { try flush() }
    }

    func flush() throws(CaseSaves.SaveError) {
        var offset = 0
        while offset < buffer.count {
            let n = buffer[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            guard n > 0 else { throw .init(reason: "cannot write \(path): \(String(cString: strerror(errno)))") }
            offset += n
        }
        buffer.removeAll(keepingCapacity: true)
    }

    func close() throws(CaseSaves.SaveError) {
        try flush()
        let result = Glibc.close(descriptor)
        descriptor = -1
        guard result == 0 else { throw .init(reason: "cannot write \(path): \(String(cString: strerror(errno)))") }
    }
}
