import Foundation
import Testing

/// The server's protocol side never reaches libwebsockets: every lws call is in Transport/.
struct TransportBoundaryTests {
    @Test func onlyTransportCallsLibWebSockets() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/VeilServer").standardized
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("Transport/") }
        #expect(files.count > 10)
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            let calls = code.filter { $0.contains("lws_") || $0.contains("import CLibWebSockets") || $0.contains("LWS_") }
            #expect(calls.isEmpty, "\(file) reaches libwebsockets: \(calls.prefix(3))")
        }
    }
}
