import VeilCore

/// The free bytes lws needs in front of every message it writes (`LWS_PRE`: it writes the frame
/// header there), as a rule the transport hands to whoever makes messages: the hub, and the tick
/// workers, so that a tick's message is made behind its headroom on the worker and the network
/// thread copies nothing. Only Transport/ reads the number (TransportBoundaryTests).
struct MessageFraming: Sendable {
    fileprivate let headroom: Int

    init(headroom: Int) { self.headroom = headroom }

    /// `payload` behind the headroom: one allocation, one copy.
    func message(_ payload: some Collection<UInt8>) -> OutgoingMessage {
        var buffer = [UInt8]()
        buffer.reserveCapacity(headroom + payload.count)
        buffer.append(contentsOf: repeatElement(0, count: headroom))
        buffer.append(contentsOf: payload)
        return OutgoingMessage(buffer: buffer, headroom: headroom)
    }
}

/// A message for a viewer's socket, in the buffer lws writes from (`MessageFraming`). A room's
/// viewers share one: copies of this value share its storage, and the transport writes it through
/// a pointer, never a mutable copy (`withWritablePayload`).
struct OutgoingMessage: Sendable {
    fileprivate let buffer: [UInt8]
    fileprivate let headroom: Int

    /// The payload's length.
    var count: Int { buffer.count - headroom }
    /// The payload's byte at `index` (from 0).
    subscript(index: Int) -> UInt8 { buffer[headroom + index] }
    /// The payload, copied (tests, logs).
    var payload: [UInt8] { Array(buffer[headroom...]) }

    /// Calls `body` with the payload's start and length, the headroom writable in front of it:
    /// what `lws_write` takes. lws writes only its frame header there — for a room's shared
    /// message the same bytes (FIN, kind, this length) for every viewer — and leaves the payload
    /// as it is.
    func withWritablePayload<R>(_ body: (UnsafeMutablePointer<UInt8>, Int) -> R) -> R {
        buffer.withUnsafeBufferPointer { b in body(UnsafeMutablePointer(mutating: b.baseAddress!) + headroom, count) }
    }
}

/// The viewers' messages, reassembled from their WebSocket fragments: the hub gets whole text
/// messages only, as a swift-nio handler behind `NIOWebSocketFrameAggregator`. Bounded: a message
/// past `Limits.maxActionBytes` closes its socket with 1009, a binary one with 1003 (the hub
/// closes; what the socket sends after is dropped here). Pure (tested without sockets).
struct IncomingMessages {
    enum Outcome {
        /// A fragment kept: the message is not complete.
        case partial
        /// A whole text message.
        case message([UInt8])
        /// The message breaks a bound: the socket is to close with this.
        case refused(CloseRequest)
        /// The socket is closing: what it sends is dropped.
        case dropped
    }

    private var partial: [ViewerSocket: [UInt8]] = [:]
    private var closing: Set<ViewerSocket> = []

    /// A fragment of `socket`'s message; `final`: its last.
    mutating func add(_ fragment: UnsafeRawBufferPointer, of socket: ViewerSocket, binary: Bool, final: Bool) -> Outcome {
        if closing.contains(socket) { return .dropped }
        if binary { close(socket); return .refused(.unsupportedBinary) }
        let held = partial[socket]?.count ?? 0
        if held + fragment.count > Limits.maxActionBytes { close(socket); return .refused(.tooLarge) }
        if final, held == 0 { return .message(Array(fragment)) }
        partial[socket, default: []].append(contentsOf: fragment)
        guard final else { return .partial }
        return .message(partial.removeValue(forKey: socket) ?? [])
    }

    /// The socket is closing: its partial message goes, and what it sends from now on is dropped.
    mutating func close(_ socket: ViewerSocket) {
        partial[socket] = nil
        closing.insert(socket)
    }

    /// The socket is gone.
    mutating func remove(_ socket: ViewerSocket) {
        partial[socket] = nil
        closing.remove(socket)
    }

    /// Bytes held in partial messages (tests).
    var heldBytes: Int { partial.values.reduce(0) { $0 + $1.count } }
}
