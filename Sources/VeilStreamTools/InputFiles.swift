import Foundation
import VeilCore

/// A failure a tool reports as `lines` (each a complete message, e.g. `file:line:column: message`).
/// The `veil` command prints them on standard error and exits with status 1.
public struct Failure: Error, Sendable {
    public var lines: [String]
    public init(_ lines: String...) { self.lines = lines }
    public init(lines: [String]) { self.lines = lines }
    public var description: String { lines.joined(separator: "\n") }
}

/// Reading the tool's input files: scenes and events files.
public enum InputFiles {
    /// An events file is at most this large (its lines are bounded by `Limits.maxTimeline` and
    /// `Limits.maxActionBytes` too; this keeps the whole file's memory in check).
    public static let maxEventsBytes = 64 << 20

    /// The bytes of `path`, or a one-line failure naming the file and the reason.
    public static func read(_ path: String, limit: Int) throws -> [UInt8] {
        guard let file = fopen(path, "rb") else {
            throw Failure("\(path): cannot open: \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n > 0 { bytes.append(contentsOf: chunk[0..<n]) }
            if bytes.count > limit {
                throw Failure("\(path): file is larger than \(limit) bytes")
            }
            if n < chunk.count {
                if ferror(file) != 0 {
                    throw Failure("\(path): cannot read: \(String(cString: strerror(errno)))")
                }
                return bytes
            }
        }
    }

    /// A scene read from `path`; its errors as `file:line:column: message`.
    public static func scene(_ path: String) throws -> Scene {
        let source = try read(path, limit: Limits.maxSceneBytes)
        do throws(SceneError) {
            return try SceneReader.read(source, file: path)
        } catch {
            throw Failure(error.description)
        }
    }

    /// The actions of an events file (JSON Lines), with their line numbers. Blank lines are
    /// skipped; times must not decrease.
    public static func events(_ path: String) throws -> [StreamRunner.Entry] {
        try events(read(path, limit: maxEventsBytes), file: path)
    }

    /// The actions of an events file's bytes; errors name `path`.
    public static func events(_ source: [UInt8], file path: String) throws -> [StreamRunner.Entry] {
        guard source.count <= maxEventsBytes else { throw Failure("\(path): file is larger than \(maxEventsBytes) bytes") }
        var entries: [StreamRunner.Entry] = []
        var lineNumber = 0
        var start = 0
        while start < source.count {
            lineNumber += 1
            var end = start
            while end < source.count && source[end] != UInt8(ascii: "\n") { end += 1 }
            var line = Array(source[start..<end])
            start = end + 1
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            guard line.count <= Limits.maxActionBytes else {
                throw Failure("\(path):\(lineNumber):1: line is longer than \(Limits.maxActionBytes) bytes")
            }
            guard entries.count < Limits.maxTimeline else {
                throw Failure("\(path):\(lineNumber):1: more than \(Limits.maxTimeline) events")
            }
            let timed: TimedAction
            do throws(SceneError) {
                timed = try SceneReader.readAction(line, file: path, line: lineNumber)
            } catch {
                throw Failure(error.description)
            }
            if let previous = entries.last, timed.time < previous.time {
                throw Failure("\(path):\(lineNumber):\(SceneReader.timeColumn(inAction: line)): time \(timed.time) is earlier than the previous event's \(previous.time) (events must be in time order)")
            }
            entries.append(StreamRunner.Entry(time: timed.time, action: timed.action, line: lineNumber,
                                              column: SceneReader.nodeColumn(inAction: line)))
        }
        return entries
    }
}
