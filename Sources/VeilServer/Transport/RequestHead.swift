import Foundation

/// What the header gate reads of a request before handing it to lws: where its head ends, its
/// method and `Host`, and the head rewritten to close after its answer. Pure (no socket).
struct RequestHead {
    var method = ""
    var host: String? = nil

    init(_ head: ArraySlice<UInt8>) {
        let text = String(decoding: head, as: UTF8.self)
        let lines = text.split(separator: "\r\n", omittingEmptySubsequences: true)
        guard let first = lines.first else { return }
        method = String(first.prefix { $0 != " " })
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), line[..<colon].lowercased() == "host" else { continue }
            host = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            break
        }
    }

    /// The length of the head up to and including its blank line, if it has arrived (searched
    /// from `start`).
    static func end(_ bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= 4 else { return nil }
        var i = start
        while i + 3 < bytes.count {
            if bytes[i] == 13, bytes[i + 1] == 10, bytes[i + 2] == 13, bytes[i + 3] == 10 { return i + 4 }
            i += 1
        }
        return nil
    }

    /// Bytes `closingAfterAnswer` may add to a request's headers (lws' header buffer is this much
    /// larger than `GatePolicy.maxHeaderBytes`).
    static let addedHeaderBytes = 64

    /// The request with its `Connection` header lines replaced by `Connection: close`, unless it
    /// asks for an upgrade (an `Upgrade` header): then as it came. Bytes after the headers (a body
    /// begun) are kept.
    static func closingAfterAnswer(_ bytes: [UInt8], headerEnd end: Int) -> [UInt8] {
        let head = bytes[..<(end - 2)]  // every header line with its CRLF, without the blank line
        var lines: [ArraySlice<UInt8>] = []
        var start = head.startIndex
        var i = start
        while i + 1 < head.endIndex {
            if head[i] == 13, head[i + 1] == 10 {
                lines.append(head[start ..< i + 2])
                start = i + 2
                i = start
            } else {
                i += 1
            }
        }
        func named(_ line: ArraySlice<UInt8>, _ name: String) -> Bool {
            let prefix = Array(name.utf8)
            guard line.count > prefix.count, line[line.startIndex + prefix.count] == UInt8(ascii: ":") else { return false }
            return zip(line, prefix).allSatisfy { ($0 | 0x20) == ($1 | 0x20) }
        }
        if lines.dropFirst().contains(where: { named($0, "upgrade") }) { return bytes }
        var rewritten = [UInt8]()
        rewritten.reserveCapacity(bytes.count + 19)
        for (index, line) in lines.enumerated() where index == 0 || !named(line, "connection") { rewritten += line }
        rewritten += Array("Connection: close\r\n\r\n".utf8)
        rewritten += bytes[end...]
        return rewritten
    }
}
