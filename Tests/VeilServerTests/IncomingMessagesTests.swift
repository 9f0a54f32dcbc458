import Foundation
import Testing
@testable import VeilServer
import VeilCore

/// The hub hears whole text messages only: the transport reassembles fragments
/// (`IncomingMessages`, as `NIOWebSocketFrameAggregator` does for a swift-nio handler), and a
/// message past its bound, or a binary one, reaches the hub as the close it earns.
struct IncomingMessagesTests {
    let transport = ViewerHubTests.RecordingTransport()
    let hub: ViewerHub

    init() throws {
        hub = try ViewerHubTests.hub(transport)
    }

    func socket(_ n: Int) -> ViewerSocket { ViewerSocket(handle: OpaquePointer(bitPattern: n)!) }

    /// What the transport does with a fragment (LWSTransport.receive, without lws).
    func deliver(_ fragment: [UInt8], to socket: ViewerSocket, binary: Bool = false, final: Bool,
                 through incoming: inout IncomingMessages) -> IncomingMessages.Outcome {
        hub.heard(socket)
        let outcome = fragment.withUnsafeBytes { incoming.add($0, of: socket, binary: binary, final: final) }
        switch outcome {
        case .partial, .dropped: break
        case let .message(message): hub.receive(socket, message: message)
        case let .refused(close): hub.reject(socket, close)
        }
        return outcome
    }

    /// Three fragments of a valid message: the hub gets one message, the whole one (a fragment
    /// alone would not parse, and close the connection with 1007).
    @Test func fragmentsReachTheHubAsOneWholeMessage() {
        #expect(hub.open(socket(1), ViewerRequest(scene: "card", client: "127.0.0.2")) == nil)
        var incoming = IncomingMessages()
        let message = Array(#"{"keyframe": true}"#.utf8)
        let parts = [Array(message[..<5]), Array(message[5 ..< 11]), Array(message[11...])]
        var whole: [[UInt8]] = []
        for (index, part) in parts.enumerated() {
            switch deliver(part, to: socket(1), final: index == parts.count - 1, through: &incoming) {
            case .partial: #expect(index < parts.count - 1)
            case let .message(bytes): whole.append(bytes)
            default: Issue.record("fragment \(index) neither kept nor a message")
            }
        }
        #expect(whole == [message])
        #expect(incoming.heldBytes == 0)
        #expect(transport.closing.isEmpty)
        // An unfragmented message goes through as it came.
        guard case .message = deliver(message, to: socket(1), final: true, through: &incoming) else { Issue.record("not whole"); return }
        #expect(transport.closing.isEmpty)
    }

    /// Past `Limits.maxActionBytes` across fragments: 1009, with today's reason; what follows is dropped.
    @Test func aMessagePastItsBoundClosesWith1009() {
        #expect(hub.open(socket(1), ViewerRequest(scene: "card", client: "127.0.0.2")) == nil)
        var incoming = IncomingMessages()
        let half = [UInt8](repeating: UInt8(ascii: " "), count: Limits.maxActionBytes / 2 + 1)
        guard case .partial = deliver(half, to: socket(1), final: false, through: &incoming) else { Issue.record("not kept"); return }
        guard case let .refused(close) = deliver(half, to: socket(1), final: false, through: &incoming) else { Issue.record("not refused"); return }
        #expect(close.status == 1009)
        #expect(close.reason == "message larger than \(Limits.maxActionBytes) bytes")
        #expect(incoming.heldBytes == 0)
        #expect(transport.closing == [socket(1)])
        guard case .dropped = deliver(Array("{}".utf8), to: socket(1), final: true, through: &incoming) else { Issue.record("not dropped"); return }
        while let frame = hub.nextFrame(for: socket(1)) {
            if case let .close(sent) = frame { #expect(sent.status == 1009); return }
        }
        Issue.record("no close frame")
    }

    @Test func aBinaryMessageClosesWith1003() {
        #expect(hub.open(socket(1), ViewerRequest(scene: "card", client: "127.0.0.2")) == nil)
        var incoming = IncomingMessages()
        guard case let .refused(close) = deliver([1, 2, 3], to: socket(1), binary: true, final: true, through: &incoming) else {
            Issue.record("not refused"); return
        }
        #expect(close.status == 1003)
        #expect(close.reason == "binary messages are not accepted; send JSON text")
        #expect(transport.closing == [socket(1)])
    }

    /// A socket's partial message is its own, and goes with it.
    @Test func partialMessagesAreKeptPerSocketAndDroppedWithIt() {
        var incoming = IncomingMessages()
        let a = Array("{\"key".utf8), b = Array("{\"inp".utf8)
        _ = a.withUnsafeBytes { incoming.add($0, of: socket(1), binary: false, final: false) }
        _ = b.withUnsafeBytes { incoming.add($0, of: socket(2), binary: false, final: false) }
        #expect(incoming.heldBytes == 10)
        incoming.remove(socket(2))
        #expect(incoming.heldBytes == 5)
        let rest = Array("frame\": true}".utf8)
        guard case let .message(m) = rest.withUnsafeBytes({ incoming.add($0, of: socket(1), binary: false, final: true) }) else {
            Issue.record("not whole"); return
        }
        #expect(m == a + rest)
    }
}
