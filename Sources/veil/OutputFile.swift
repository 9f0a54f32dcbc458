import VeilStreamTools
import Foundation

/// Where a command writes its result: a file (`--out`) or standard output. Writes are buffered;
/// a file left half-written by a failed run is removed by `discard()`.
final class OutputFile {
    private let path: String?
    private let file: UnsafeMutablePointer<FILE>
    private var buffer: [UInt8] = []
    private static let flushSize = 1 << 20

    /// Opens `path` for writing (nil = standard output).
    init(_ path: String?) throws {
        self.path = path
        if let path {
            guard let f = fopen(path, "wb") else {
                throw Failure("\(path): cannot write: \(String(cString: strerror(errno)))")
            }
            file = f
        } else {
            // A FILE of our own on descriptor 1 (the C `stdout` global is shared mutable state).
            guard let f = fdopen(STDOUT_FILENO, "wb") else {
                throw Failure("standard output: cannot write: \(String(cString: strerror(errno)))")
            }
            file = f
        }
    }

    var isTerminal: Bool { path == nil && isatty(STDOUT_FILENO) != 0 }

    func write(_ bytes: [UInt8]) throws {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.flushSize { try flush() }
    }

    /// Writes what is buffered and closes a file; reports a failed write (disk full, closed pipe).
    func close() throws {
        try flush()
        let failed = path != nil ? fclose(file) != 0 : fflush(file) != 0
        if failed { throw Failure("\(path ?? "standard output"): cannot write: \(String(cString: strerror(errno)))") }
    }

    /// Closes and deletes a file that a failed run started.
    func discard() {
        guard let path else { return }
        fclose(file)
        unlink(path)
    }

    private func flush() throws {
        guard !buffer.isEmpty else { return }
        let written = buffer.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        if written != buffer.count {
            throw Failure("\(path ?? "standard output"): cannot write: \(String(cString: strerror(errno)))")
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
