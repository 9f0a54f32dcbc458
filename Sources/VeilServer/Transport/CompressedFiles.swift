import CLibWebSockets
import Foundation

/// Brotli and gzip copies of the static files worth compressing (`veil.wasm`, `veil.js`, the
/// fonts), each made once, at the first request that takes that encoding, and kept while the
/// file's size and modification time stay the same — a rebuilt veil.wasm is compressed again at
/// its next request. Service thread only: Brotli at quality 9, not 11, which would hold the network
/// thread for seconds (docs/SERVER.md has the figures).
///
/// Bounded: files over `maxFileBytes` are not compressed (served as they are), and only the few
/// paths `PreviewServer.staticFile` maps are ever asked for.
final class CompressedFiles {
    static let maxFileBytes = 16 << 20
    static let brotliQuality: Int32 = 9

    /// The encodings offered, in the order preferred at equal `q`.
    enum Encoding: String, CaseIterable {
        case br, gzip
    }

    private struct Entry {
        var size: Int
        var modified: Date
        /// By encoding; a nil value when it did not make the file smaller (woff2 is compressed
        /// already): served as is.
        var encoded: [Encoding: [UInt8]?] = [:]
    }
    private var entries: [String: Entry] = [:]

    /// The `encoding` bytes of `path` when smaller than the file; nil when the file is missing, too
    /// large or does not shrink.
    func compressed(_ path: String, _ encoding: Encoding) -> [UInt8]? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = (attributes[.size] as? NSNumber)?.intValue, size <= Self.maxFileBytes,
              let modified = attributes[.modificationDate] as? Date else { return nil }
        var entry = entries[path].flatMap { $0.size == size && $0.modified == modified ? $0 : nil }
            ?? Entry(size: size, modified: modified)
        if let known = entry.encoded[encoding] { return known }
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let bytes = [UInt8](data)
        let result = encoding == .br ? Self.brotli(bytes) : Self.gzip(bytes)
        entry.encoded[encoding] = .some(result.flatMap { $0.count < bytes.count ? $0 : nil })
        entries[path] = entry
        return entry.encoded[encoding] ?? nil
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

    /// `bytes` as a Brotli stream (RFC 7932), or nil if the encoder fails.
    static func brotli(_ bytes: [UInt8]) -> [UInt8]? {
        var size = BrotliEncoderMaxCompressedSize(bytes.count)
        guard size > 0 else { return nil }
        var output = [UInt8](repeating: 0, count: size)
        let ok = output.withUnsafeMutableBufferPointer { out in
            BrotliEncoderCompress(brotliQuality, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_GENERIC,
                                  bytes.count, bytes, &size, out.baseAddress)
        }
        return ok == BROTLI_TRUE ? Array(output.prefix(size)) : nil
    }

    /// The encoding to answer an `Accept-Encoding` value with: the accepted one (q > 0) of the
    /// highest q, Brotli at equal q (`*` stands for both); nil when neither is accepted.
    static func preferred(_ header: String?) -> Encoding? {
        guard let header else { return nil }
        var q: [Encoding: Double] = [:]
        var wildcard: Double? = nil
        for item in header.lowercased().split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let name = parts.first else { continue }
            let value = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            switch name {
            case "br": q[.br] = value
            case "gzip", "x-gzip": q[.gzip] = value
            case "*": wildcard = value
            default: break
            }
        }
        let ranked = Encoding.allCases.map { ($0, q[$0] ?? wildcard ?? 0) }.filter { $0.1 > 0 }
        return ranked.max { $0.1 < $1.1 || ($0.1 == $1.1 && $1.0 == .br) }?.0
    }
}
