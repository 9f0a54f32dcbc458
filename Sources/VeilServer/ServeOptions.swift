import Foundation

/// What `veil serve` was asked for.
public struct ServeOptions: Sendable {
    /// Scene files and folders (every `*.json` in a folder; new ones appear while serving).
    public var scenePaths: [String] = []
    public var host = "127.0.0.1"
    /// 0 picks a free port; `PreviewServer.port` tells which.
    public var port = 8080
    public var webRoot: String? = nil
    public var fps = 60
    public var allowedOrigins: [String] = []
    /// Host names (beyond localhost, IP addresses and `host`) requests may name (`HostPolicy`).
    public var allowedHosts: [String] = []
    public var maxConnections = 512
    /// WebSockets one client address may hold at once.
    public var maxConnectionsPerClient = 64
    /// Rooms one client address may have opened (alive) at once.
    public var maxRoomsPerClient = 8
    /// Dropped sessions kept for one client address to resume.
    public var maxParkedPerClient = 16
    /// Shared rooms at once (`/ws?scene=NAME&room=ROOM`).
    public var maxRooms = 64
    /// Viewers in one room.
    public var maxRoomViewers = 512
    /// Threads that tick sessions off the service thread (0: the service thread ticks them).
    public var workers = ProcessInfo.processInfo.activeProcessorCount
    /// Seconds a dropped private session is kept for its viewer to resume.
    public var resumeSeconds = 60
    /// Seconds a WebSocket may stay silent (no message, no pong): pinged at half, closed at the end.
    public var idleTimeout = 30
    /// Seconds a connection has to send its request headers (and lws' other handshake steps).
    public var handshakeTimeout = 10
    public var deflate = true
    /// Viewers may keep what they did as a test case beside the scene (`{"save": …}`): the scene's
    /// NAME.events.jsonl and NAME.stream, written in the scene's folder. Off unless asked for.
    public var saveCases = false
    /// How the service thread waits for its sockets.
    public var eventLoop = EventLoop.epoll
    public var verbose = false
    public init() {}

    /// The address to bind: an IP address (lws would take a name it cannot resolve as an interface
    /// that "does not exist yet" and wait for it, listening nowhere); `localhost` means 127.0.0.1.
    func bindAddress() throws(ServeError) -> String {
        if host == "localhost" { return "127.0.0.1" }
        var v4 = in_addr(), v6 = in6_addr()
        if inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1 { return host }
        throw ServeError("veil serve: --host \(host) is not an IP address (for example 127.0.0.1, ::1 or 0.0.0.0)")
    }

    public enum EventLoop: String, Sendable, CaseIterable {
        /// libev on epoll: a pass costs what is ready, not what is open (the default).
        case epoll
        /// lws 4.1's built-in poll() loop: each pass scans every socket (kept to compare).
        case poll
    }
}
