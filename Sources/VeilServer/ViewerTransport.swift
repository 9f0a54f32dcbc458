/// A viewer's WebSocket as the hub knows it: a handle the transport made, compared by identity.
struct ViewerSocket: Hashable {
    let handle: OpaquePointer
}

/// One frame for a viewer's socket. A binary message is made by the transport's rule
/// (`ViewerTransport.framing`), so that it goes out without a copy; a notice is its payload alone.
enum OutboundFrame {
    case close(CloseRequest)
    /// A ping whose pong proves the viewer is alive.
    case ping
    /// A JSON notice (`{"session": …, "a11y": …}`).
    case text([UInt8])
    /// A `veil.v2` patch message.
    case binary(OutgoingMessage)
}

/// What the request upgrading to a WebSocket asked for: `/ws?scene=NAME[&room=ROOM]
/// [&session=TOKEN&seq=S&hash=H][&describe=1]` from `client`'s address.
struct ViewerRequest {
    var scene: String?
    var room: String?
    var session: String?
    var heldSequence: UInt32?
    var heldHash: UInt32?
    var describe = false
    var client: String
}

/// What the hub asks of the sockets — the only way the protocol side (`ViewerHub`) reaches one, as a
/// swift-nio handler speaks to its context. The transport calls the hub back on its own thread
/// (`open`, `receive` with whole messages, `nextFrame`, `closed`, `timerFired`, `wokenUp`, …: each
/// asserts it, `ServiceThread`), and the hub calls these only there.
protocol ViewerTransport: AnyObject {
    /// How messages for the sockets are made (the bytes lws needs in front are the transport's).
    var framing: MessageFraming { get }
    /// A writable turn for `socket` soon: the transport then writes what `ViewerHub.nextFrame` gives.
    func wake(_ socket: ViewerSocket)
    /// Writes `message` (a binary frame) now, outside a writable turn, when the socket can take it
    /// at once; false when it cannot (the caller wakes it instead). A failed write drops the socket.
    func writeNow(_ socket: ViewerSocket, _ message: OutgoingMessage) -> Bool
    /// Stops (true) or starts again (false) reading the socket: its session's input queue is full.
    func pauseReading(_ socket: ViewerSocket, _ paused: Bool)
    /// The socket is closing: its close frame goes out at its next writable turn, after which the
    /// viewer has `closeGraceSeconds` to answer before the socket is dropped.
    func beginClose(_ socket: ViewerSocket)
}

/// Seconds a closing viewer has to answer the close frame before its socket is dropped.
let closeGraceSeconds = 2
