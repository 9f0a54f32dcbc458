import Foundation
import Logging
import Testing
@testable import VeilServer

/// `ViewerHub` without sockets: a transport that records what the hub asks of it, and the
/// sessions ticked on the test's thread (`workers = 0`).
struct ViewerHubTests {
    final class RecordingTransport: ViewerTransport {
        let framing = MessageFraming(headroom: 16)
        var woken: [ViewerSocket] = []
        var written: [ViewerSocket: [OutgoingMessage]] = [:]
        var paused: Set<ViewerSocket> = []
        var closing: [ViewerSocket] = []
        /// Whether a socket takes a write at once (else the message waits for its writable turn).
        var writable = true
        func wake(_ socket: ViewerSocket) { woken.append(socket) }
        func writeNow(_ socket: ViewerSocket, _ message: OutgoingMessage) -> Bool {
            guard writable else { return false }
            written[socket, default: []].append(message)
            return true
        }
        func pauseReading(_ socket: ViewerSocket, _ paused: Bool) {
            if paused { self.paused.insert(socket) } else { self.paused.remove(socket) }
        }
        func beginClose(_ socket: ViewerSocket) { closing.append(socket) }
    }

    let transport = RecordingTransport()
    let hub: ViewerHub

    init() throws {
        hub = try Self.hub(transport) { $0.maxRoomViewers = 2 }
    }

    /// A hub serving one scene, `card` (a label), ticking on the calling thread.
    static func hub(_ transport: RecordingTransport, serviceThread: ServiceThread = ServiceThread(),
                    _ configure: (inout ServeOptions) -> Void = { _ in }) throws -> ViewerHub {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("veil-hub-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let scene = folder.appendingPathComponent("card.json")
        try Data(#"{"canvas": {"width": 200, "height": 100}, "root": {"type": "label", "id": "t", "text": "Hello"}}"#.utf8).write(to: scene)
        var options = ServeOptions()
        options.workers = 0
        configure(&options)
        return ViewerHub(options: options, catalog: try SceneCatalog.load(paths: [scene.path]), transport: transport,
                         logger: Logger(label: "test"), serviceThread: serviceThread, wake: {})
    }

    func socket(_ n: Int) -> ViewerSocket { ViewerSocket(handle: OpaquePointer(bitPattern: n)!) }

    func request(room: String? = nil, scene: String = "card") -> ViewerRequest {
        ViewerRequest(scene: scene, room: room, client: "127.0.0.2")
    }

    /// The kind of a `veil.v2` message: 1 keyframe, 2 delta.
    func kind(_ message: OutgoingMessage) -> UInt8 { message[2] & 0x03 }

    /// A private viewer is told its resume token first, then gets its first frame, in its writable turns.
    @Test func aViewersTokenThenItsFirstFrame() {
        #expect(hub.open(socket(1), request()) == nil)
        #expect(transport.written[socket(1)] == nil)
        #expect(transport.woken.contains(socket(1)))
        guard case let .text(notice) = hub.nextFrame(for: socket(1)) else { Issue.record("no notice"); return }
        #expect(String(decoding: notice, as: UTF8.self).hasPrefix(#"{"session":""#))
        guard case let .binary(message) = hub.nextFrame(for: socket(1)) else { Issue.record("no frame"); return }
        #expect(kind(message) == 1)
        #expect(hub.nextFrame(for: socket(1)) == nil)
    }

    /// A room's first viewer gets its frame written at once, outside a writable turn.
    @Test func aRoomsFrameIsWrittenAtOnce() {
        #expect(hub.open(socket(1), request(room: "r")) == nil)
        #expect(transport.written[socket(1)]?.map(kind) == [1])
    }

    @Test func anUnknownSceneIsRefusedWithItsReason() {
        let close = hub.open(socket(1), request(scene: "nope"))
        #expect(close?.status == 1008)
        #expect(close?.reason == "unknown scene \"nope\"")
        #expect(hub.isEmpty)
    }

    @Test func aRoomsLaterViewerCatchesUpWithAKeyframeWhenWritable() {
        #expect(hub.open(socket(1), request(room: "r")) == nil)
        #expect(hub.open(socket(2), request(room: "r")) == nil)
        #expect(transport.written[socket(2)] == nil)
        #expect(transport.woken.contains(socket(2)))
        guard case let .binary(message) = hub.nextFrame(for: socket(2)) else { Issue.record("no catch-up"); return }
        #expect(kind(message) == 1)
        // The room is full at two; the third viewer is refused, and admitted once one left.
        #expect(hub.open(socket(3), request(room: "r"))?.status == 1013)
        hub.closed(socket(1))
        #expect(hub.open(socket(3), request(room: "r")) == nil)
    }

    @Test func aMalformedMessageClosesOnlyItsOwnConnection() {
        #expect(hub.open(socket(1), request()) == nil)
        #expect(hub.open(socket(2), request()) == nil)
        let bytes = Array("{nope".utf8)
        hub.receive(socket(1), message: bytes)
        #expect(transport.closing == [socket(1)])
        guard case let .close(close) = hub.nextFrame(for: socket(1)) else { Issue.record("no close"); return }
        #expect(close.status == 1007 || close.status == 1008)
        #expect(!transport.closing.contains(socket(2)))
    }

    /// A command that reaches a private session while its viewer's last message still waits is
    /// applied without a tick; the session, at rest otherwise (a still scene: nothing due by
    /// itself), must still be ticked at the next frame, or the change is never sent.
    @Test func workAppliedWithoutATickIsSentAtTheNextFrame() {
        let set = { (text: String) in Array(#"{"command": {"set": {"node": "t", "text": "\#(text)"}}}"#.utf8) }
        #expect(hub.open(socket(1), request()) == nil)
        guard case .text = hub.nextFrame(for: socket(1)), case .binary = hub.nextFrame(for: socket(1)) else {
            Issue.record("no token and first frame"); return
        }
        #expect(hub.nextFrame(for: socket(1)) == nil, "the first frame has left")
        transport.writable = false                   // a slow viewer: what is made waits for its turn
        hub.receive(socket(1), message: set("Bye"))  // ticked at once: its delta waits for the writable turn
        hub.receive(socket(1), message: set("Ciao")) // applied meanwhile, without a tick
        guard case let .binary(bye) = hub.nextFrame(for: socket(1)) else { Issue.record("no delta for the first command"); return }
        #expect(kind(bye) == 2)
        #expect(hub.nextFrame(for: socket(1)) == nil, "that delta has left")
        hub.timerFired()
        guard case let .binary(ciao) = hub.nextFrame(for: socket(1)) else {
            Issue.record("the second command's change was never sent"); return
        }
        #expect(kind(ciao) == 2)
    }
}
