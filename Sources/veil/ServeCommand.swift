import ArgumentParser
import Foundation
import VeilServer

/// `veil serve`: the live preview (docs/SERVER.md).
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the live preview: the viewer, /veil.wasm, /scenes and a WebSocket session per viewer.",
        discussion: """
            One port serves the files of the web root over HTTP and the veil.v2 WebSocket at \
            /ws?scene=NAME. Scene names are file base names. Stop with Ctrl-C (SIGINT) or SIGTERM.
            """)

    @Argument(help: "Scene files or folders to serve and watch (default: every examples/*.json beside the web root).")
    var scenes: [String] = []

    @Option(help: "Address to listen on (loopback by default; another address exposes the preview).")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on; 0 picks a free port (the printed URL says which).")
    var port = 8080

    @Option(name: .customLong("web-root"), help: "Directory served at / (default: the Web directory found from here or from the executable).")
    var webRoot: String?

    @Option(help: "Ticks per second for every connection (1...240).")
    var fps = 60

    @Option(name: .customLong("allow-origin"), help: "Also accept WebSockets from this page origin, e.g. http://localhost:3000 (repeatable; * accepts any).")
    var allowOrigin: [String] = []

    @Option(name: .customLong("allowed-host"), help: "Also answer requests whose Host header names this host (repeatable; .example.com allows its subdomains too; * any). localhost, IP addresses and --host always are: others get 403 (DNS rebinding).")
    var allowedHost: [String] = []

    @Option(name: .customLong("max-connections"), help: "Most WebSocket connections at once (1...10000).")
    var maxConnections = 512

    @Option(name: .customLong("max-connections-per-client"), help: "Most WebSocket connections one client address may hold (1...10000).")
    var maxConnectionsPerClient = 64

    @Option(name: .customLong("max-rooms-per-client"), help: "Most rooms one client address may have open (1...10000).")
    var maxRoomsPerClient = 8

    @Option(name: .customLong("max-parked-per-client"), help: "Most dropped sessions kept for one client address to resume (0...10000).")
    var maxParkedPerClient = 16

    @Option(name: .customLong("max-rooms"), help: "Most shared rooms (/ws?scene=NAME&room=ROOM) at once (1...10000).")
    var maxRooms = 64

    @Option(name: .customLong("max-room-viewers"), help: "Most viewers in one room (1...10000).")
    var maxRoomViewers = 512

    @Option(help: "Threads that tick sessions off the network thread (0...64; 0: the network thread ticks them; default: one per core).")
    var workers = ProcessInfo.processInfo.activeProcessorCount

    @Option(name: .customLong("resume-seconds"), help: "Seconds a dropped viewer's session is kept for it to resume (1...3600).")
    var resumeSeconds = 60

    @Option(name: .customLong("idle-timeout"), help: "Seconds a WebSocket may stay silent (no message, no pong): pinged at half, closed at the end (1...3600).")
    var idleTimeout = 30

    @Option(name: .customLong("handshake-timeout"), help: "Seconds a connection has to send its request headers (1...300).")
    var handshakeTimeout = 10

    @Flag(name: .customLong("no-deflate"), help: "Do not offer permessage-deflate compression.")
    var noDeflate = false

    @Flag(name: .customLong("save-cases"), help: "Let viewers save what they did as a test case beside the scene (NAME.events.jsonl and NAME.stream, for veil test).")
    var saveCases = false

    @Option(name: .customLong("event-loop"), help: "How the network thread waits for its sockets: epoll (libev) or poll (libwebsockets' own loop, which scans every socket).")
    var eventLoop = "epoll"

    @Flag(help: "Log libwebsockets notices and debug lines too.")
    var verbose = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be in 0...65535") }
        guard (1...240).contains(fps) else { throw ValidationError("--fps must be in 1...240") }
        guard (1...10_000).contains(maxConnections) else { throw ValidationError("--max-connections must be in 1...10000") }
        guard (1...10_000).contains(maxRooms) else { throw ValidationError("--max-rooms must be in 1...10000") }
        guard (1...10_000).contains(maxConnectionsPerClient) else { throw ValidationError("--max-connections-per-client must be in 1...10000") }
        guard (1...10_000).contains(maxRoomsPerClient) else { throw ValidationError("--max-rooms-per-client must be in 1...10000") }
        guard (0...10_000).contains(maxParkedPerClient) else { throw ValidationError("--max-parked-per-client must be in 0...10000") }
        guard (1...10_000).contains(maxRoomViewers) else { throw ValidationError("--max-room-viewers must be in 1...10000") }
        guard (0...64).contains(workers) else { throw ValidationError("--workers must be in 0...64") }
        guard (1...3600).contains(resumeSeconds) else { throw ValidationError("--resume-seconds must be in 1...3600") }
        guard (1...3600).contains(idleTimeout) else { throw ValidationError("--idle-timeout must be in 1...3600") }
        guard (1...300).contains(handshakeTimeout) else { throw ValidationError("--handshake-timeout must be in 1...300") }
        guard ServeOptions.EventLoop(rawValue: eventLoop) != nil else { throw ValidationError("--event-loop must be epoll or poll") }
    }

    func run() throws {
        bootstrapServeLogging()
        var options = ServeOptions()
        options.scenePaths = scenes
        options.host = host
        options.port = port
        options.webRoot = webRoot
        options.fps = fps
        options.allowedOrigins = allowOrigin
        options.allowedHosts = allowedHost
        options.maxConnectionsPerClient = maxConnectionsPerClient
        options.maxRoomsPerClient = maxRoomsPerClient
        options.maxParkedPerClient = maxParkedPerClient
        options.maxConnections = maxConnections
        options.maxRooms = maxRooms
        options.maxRoomViewers = maxRoomViewers
        options.workers = workers
        options.resumeSeconds = resumeSeconds
        options.idleTimeout = idleTimeout
        options.handshakeTimeout = handshakeTimeout
        options.deflate = !noDeflate
        options.saveCases = saveCases
        options.eventLoop = ServeOptions.EventLoop(rawValue: eventLoop) ?? .epoll
        options.verbose = verbose
        let server: PreviewServer
        do {
            server = try PreviewServer(options: options)
        } catch {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(1)
        }
        print("Veil preview: \(server.url)")
        fflush(nil)  // the URL must reach a pipe (tests, scripts) now
        server.run()
    }
}
