import CLibWebSockets
import Foundation

/// gzip copies of the static files worth compressing (`veil.wasm`, `veil.js`, the fonts),
/// compressed once (zlib, level 9) and kept while the file's size and modification time stay the
/// same — a rebuilt veil.wasm is compressed again at its next request. Service thread only.
///
/// Bounded: files over `maxFileBytes` are not compressed (served as they are), and only the few
/// paths `PreviewServer.staticFile` maps are ever asked for.
final class CompressedFiles {
    static let maxFileBytes = 16 << 20

    private struct Entry {
        var size: Int
        var modified: Date
        /// nil when gzip did not make the file smaller (woff2 is compressed already): served as is.
        var gzip: [UInt8]?
    }
    private var entries: [String: Entry] = [:]

    /// The gzip bytes of `path` when smaller than the file; nil when the file is missing, too
    /// large or does not shrink.
    func gzip(_ path: String) -> [UInt8]? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = (attributes[.size] as? NSNumber)?.intValue, size <= Self.maxFileBytes,
              let modified = attributes[.modificationDate] as? Date else { return nil }
        if let entry = entries[path], entry.size == size, entry.modified == modified { return entry.gzip }
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let compressed = Self.gzip([UInt8](data))
        let entry = Entry(size: size, modified: modified, gzip: compressed.flatMap { $0.count < data.count ? $0 : nil })
        entries[path] = entry
        return entry.gzip
    }

    /// `bytes` as a gzip stream (RFC 1952), or nil if zlib fails.
    static func gzip(_ bytes: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        // 15 + 16: a 32 KiB window with the gzip header and trailer.
        guard deflateInit2_(&stream, 9, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY,
                            ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))))
        var input = bytes
        let result = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer -> Int32 in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = uInt(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = uInt(outBuffer.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard result == Z_STREAM_END else { return nil }
        return Array(output.prefix(Int(stream.total_out)))
    }

    /// Whether an `Accept-Encoding` value allows gzip (`gzip`, `x-gzip` or `*`, not with q=0).
    static func accepts(_ header: String?) -> Bool {
        guard let header else { return false }
        for item in header.lowercased().split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let name = parts.first, ["gzip", "x-gzip", "*"].contains(name) else { continue }
            let q = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            if q > 0 { return true }
        }
        return false
    }
}
