import Foundation
import Testing

/// The server's protocol side never reaches libwebsockets nor a socket: every lws call and every
/// socket call (the header gate's) is in Transport/, and only Transport/ knows lws' headroom.
struct TransportBoundaryTests {
    /// The code lines (comments dropped) of every source file outside Transport/.
    func filesOutsideTransport() throws -> [(file: String, code: [Substring])] {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/VeilServer").standardized
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("Transport/") }
        #expect(files.count > 10)
        return try files.map { file in
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            return (file, text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") })
        }
    }

    @Test func onlyTransportCallsLibWebSockets() throws {
        for (file, code) in try filesOutsideTransport() {
            let calls = code.filter { $0.contains("lws_") || $0.contains("import CLibWebSockets") || $0.contains("LWS_") }
            #expect(calls.isEmpty, "\(file) reaches libwebsockets: \(calls.prefix(3))")
        }
    }

    /// The header gate's sockets (listen, accept, read, answer) are the transport's too.
    @Test func onlyTransportCallsSockets() throws {
        let socketCalls = ["socket(", "accept(", "recv(", "send(", "bind(", "listen(", "shutdown(", "setsockopt("]
        for (file, code) in try filesOutsideTransport() {
            let calls = code.filter { line in
                socketCalls.contains { call in
                    // A call, not a method or a name ending in it (`transport.send(`, `func send(`).
                    var rest = Substring(line)
                    while let range = rest.range(of: call) {
                        let before = rest[..<range.lowerBound].last
                        if before.map({ !$0.isLetter && !$0.isNumber && $0 != "." && $0 != "_" }) ?? true,
                           !rest[..<range.lowerBound].hasSuffix("func ") { return true }
                        rest = rest[range.upperBound...]
                    }
                    return false
                }
            }
            #expect(calls.isEmpty, "\(file) calls sockets: \(calls.prefix(3))")
        }
    }

    /// The hub hands the transport payloads: the bytes lws needs in front are the transport's.
    @Test func onlyTransportKnowsTheHeadroom() throws {
        for (file, code) in try filesOutsideTransport() {
            let lines = code.filter { $0.contains("headroom") }
            #expect(lines.isEmpty, "\(file) knows lws' headroom: \(lines.prefix(3))")
        }
    }
}
