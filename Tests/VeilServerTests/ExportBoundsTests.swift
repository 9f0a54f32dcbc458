import Foundation
import Testing
@testable import VeilServer

/// Exports are bounded like connections (docs/SERVER.md, "Limits"): one per viewer until its answer
/// has left the socket, `maxExportsPerClient` per address, and a viewer that never reads holds one
/// answer rather than a queue of them.
struct ExportBoundsTests {
    let transport = ViewerHubTests.RecordingTransport()
    let hub: ViewerHub

    init() throws {
        hub = try ViewerHubTests.hub(transport)
    }

    func socket(_ n: Int) -> ViewerSocket { ViewerSocket(handle: OpaquePointer(bitPattern: n)!) }

    func open(_ n: Int, client: String = "127.0.0.2") {
        #expect(hub.open(socket(n), ViewerRequest(scene: "card", client: client)) == nil)
    }

    func askExport(_ n: Int) {
        hub.receive(socket(n), message: Array(#"{"export": "svg"}"#.utf8))
    }

    /// The text notices of the viewer's next writable turns, until nothing is left to write.
    func notices(_ n: Int) -> [String] {
        var texts: [String] = []
        while let frame = hub.nextFrame(for: socket(n)) {
            if case let .text(bytes) = frame { texts.append(String(decoding: bytes, as: UTF8.self)) }
        }
        return texts
    }

    /// The viewer's text notices up to the one that carries the export's answer, taken in writable
    /// turns; after the answer the viewer stops reading (no further writable turn comes).
    func readUntilAnswer(_ n: Int) -> (notices: [String], answer: String?) {
        var texts: [String] = []
        while let frame = hub.nextFrame(for: socket(n)) {
            if case let .text(bytes) = frame {
                let text = String(decoding: bytes, as: UTF8.self)
                if text.contains(#""svg":"#) { return (texts, text) }
                texts.append(text)
            }
        }
        return (texts, nil)
    }

    func takeAnswer(_ n: Int) -> String? { readUntilAnswer(n).answer }

    @Test func anExportIsAnsweredWithTheFramesSVG() {
        open(1)
        askExport(1)
        #expect(takeAnswer(1)?.contains("<svg") == true)
    }

    /// Asks before the answer is read are one ask, answered once the answer has left: a viewer
    /// that asks a thousand times and never reads holds one answer.
    @Test func asksBeforeTheAnswerIsReadAreOneAsk() {
        open(1)
        askExport(1)
        #expect(takeAnswer(1) != nil)
        for _ in 0..<1000 { askExport(1) }
        #expect(hub.exportsByClient["127.0.0.2"] == 1)
        // The writable turn after the first answer (it was read) takes up the asks made meanwhile.
        let texts = notices(1)
        #expect(texts.filter { $0.contains(#""svg":"#) }.count == 1)
        #expect(hub.exportsByClient["127.0.0.2"] == nil)
    }

    /// Viewers of one address that ask and never read hold at most `maxExportsPerClient` answers;
    /// past them the address is refused, another address is not, and a closed viewer frees its share.
    @Test func unreadExportsAreBoundedPerClient() {
        let limit = ViewerHub.maxExportsPerClient
        for n in 1...(limit + 3) {
            open(n)
            askExport(n)
        }
        let reads = (1...(limit + 3)).map { readUntilAnswer($0) }
        let answered = (1...(limit + 3)).filter { reads[$0 - 1].answer != nil }
        #expect(answered.count == limit)
        #expect(hub.exportsByClient["127.0.0.2"] == limit)
        let refused = (1...(limit + 3)).filter { !answered.contains($0) }
        for n in refused { #expect(reads[n - 1].notices.contains { $0.contains("per client") }) }

        open(100, client: "127.0.0.3")
        askExport(100)
        #expect(takeAnswer(100) != nil)

        hub.closed(socket(answered[0]))
        #expect(hub.exportsByClient["127.0.0.2"] == limit - 1)
        askExport(refused[0])
        #expect(takeAnswer(refused[0]) != nil)
    }
}
