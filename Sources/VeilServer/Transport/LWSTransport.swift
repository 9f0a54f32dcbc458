import CLibWebSockets
import Foundation
import Logging
import VeilCore

/// The preview's sockets on libwebsockets: one context (on a libev epoll loop, or lws' poll loop)
/// serving the viewer's files through `StaticHTTP` and, on the same port, the `veil.v2`
/// WebSocket, whose events go to the `ViewerHub` and whose frames the hub hands back
/// (`ViewerTransport`). It holds every lws call of the server: the context, the frame timer,
/// the connections the header gate hands over, writes, close frames and flow control. It owns
/// the frames: the hub gets whole messages (`IncomingMessages` reassembles the fragments) and
/// hands back payloads or messages made by its rule (`framing`: lws' headroom in front). Its
/// state lives on the lws service thread; other threads only wake it (`wakeUp`).
final class LWSTransport: ViewerTransport {
    let options: ServeOptions
    let logger: Logger
    /// lws' `LWS_PRE` free bytes in front of every message it writes.
    let framing = MessageFraming(headroom: Int(veil_lws_pre()))
    /// The files, /scenes and /commands.
    let http: StaticHTTP
    let origins: OriginPolicy
    /// Set once, before the first callback that needs it.
    var hub: ViewerHub!
    /// The port actually listened on.
    private(set) var port = 0

    private var tables: NativeTables
    private var context: OpaquePointer? = nil
    /// The libev loop lws runs on (`--event-loop epoll`); nil with lws' own poll() loop.
    private var eventLoop: UnsafeMutableRawPointer? = nil
    private var vhost: OpaquePointer? = nil
    private var gate: HeaderGate? = nil
    private let timer: UnsafeMutablePointer<veil_timer>
    /// The context other threads wake (set once it exists).
    private let wakeTarget = ContextBox()
    /// Sockets whose messages permessage-deflate compresses: written in writable turns only (the
    /// compressor may need them to drain).
    private var compressing: Set<ViewerSocket> = []
    /// The last data message written to each compressing socket, kept alive for lws: its
    /// permessage-deflate compresses a large message in pieces, reading the caller's buffer again in
    /// later writable turns of its own (`tx_draining_ext`), after `lws_write` returned. lws calls us
    /// for the next writable turn only once it has drained, so the next data write replaces it.
    private var draining: [ViewerSocket: OutgoingMessage] = [:]
    /// The viewers' messages being reassembled from their fragments.
    private var incoming = IncomingMessages()
    /// lws 4.1 hands an empty pong to nobody: the ping carries a payload for the pong to echo.
    private lazy var ping = framing.message("veil".utf8)
    /// Connections refused after their upgrade, until they close: their close frame, and whether
    /// it went out.
    private var refusals: [ViewerSocket: (close: CloseRequest, sent: Bool)] = [:]

    /// Binds (through the header gate) and creates the context; serves nothing until `start`.
    init(options: ServeOptions, webRoot: WebRoot, scenesBody: [UInt8], logger: Logger) throws(ServeError) {
        self.options = options
        self.logger = logger
        http = StaticHTTP(webRoot: webRoot, headroom: Int(veil_lws_pre()), scenesBody: scenesBody)
        origins = OriginPolicy(allowed: options.allowedOrigins)
        tables = NativeTables(webRoot: webRoot.directory, deflate: options.deflate)
        timer = .allocate(capacity: 1)
        timer.initialize(to: veil_timer())
        timer.pointee.owner = nil
        try listen()
    }

    deinit {
        shutdown()
        timer.deinitialize(count: 1)
        timer.deallocate()
    }

    /// Wakes the service thread from any thread (`wokenUp` follows on it).
    var wakeUp: @Sendable () -> Void { { [wakeTarget] in wakeTarget.cancelService() } }

    private func listen() throws(ServeError) {
        let host = try options.bindAddress()
        lwsLogTarget = logger
        lws_set_log_level(Int32(LLL_ERR | LLL_WARN) | (options.verbose ? Int32(LLL_NOTICE) : 0), veilLWSLog)
        // The gate owns the listening socket (lws would drop requests with long headers unanswered);
        // lws serves the connections the gate hands it.
        let logger = self.logger
        let gate = try HeaderGate(host: host, port: options.port, handshakeTimeout: options.handshakeTimeout,
                                  hosts: HostPolicy(host: options.host, allowed: options.allowedHosts),
                                  wake: wakeUp, log: { logger.warning("\($0)") })
        self.gate = gate
        var info = lws_context_creation_info()
        info.port = CONTEXT_PORT_NO_LISTEN_SERVER
        info.protocols = UnsafePointer(tables.protocols)
        info.mounts = UnsafePointer(tables.mounts)
        info.extensions = options.deflate ? UnsafePointer(tables.extensions) : nil
        info.gid = -1
        info.uid = -1
        // A socket that never finishes its request (or holds a header buffer unused) is closed.
        info.timeout_secs = UInt32(options.handshakeTimeout)
        info.timeout_secs_ah_idle = UInt32(options.handshakeTimeout)
        // The gate's bound, and room for the `Connection: close` it may add.
        info.max_http_header_data = UInt16(GatePolicy.maxHeaderBytes + RequestHead.addedHeaderBytes)
        info.options = veil_lws_option_validate_utf8()
        if !host.contains(":") { info.options |= veil_lws_option_disable_ipv6() }
        info.user = Unmanaged.passUnretained(self).toOpaque()
        // lws keeps this pointer for the vhost's life (it compares names when it adopts a socket):
        // static storage, never freed (a strdup freed after lws_create_context was read after free).
        info.vhost_name = UnsafeRawPointer(Self.vhostName.utf8Start).assumingMemoryBound(to: CChar.self)
        // epoll: lws loads its libev plugin and runs on a loop of ours (a "foreign" loop), one
        // pass per `veil_ev_run_once`, so `serve` can stop between passes as with lws_service.
        var foreignLoops: [UnsafeMutableRawPointer?] = [nil]
        if options.eventLoop == .epoll {
            guard let loop = veil_ev_loop_new() else { throw ServeError("veil serve: cannot create an event loop (libev)") }
            foreignLoops[0] = loop
            info.options |= veil_lws_option_libev()
        }
        let created = foreignLoops.withUnsafeMutableBufferPointer { loops in
            info.foreign_loops = loops.baseAddress
            return lws_create_context(&info)
        }
        guard let created else {
            if let loop = foreignLoops[0] { veil_ev_loop_destroy(loop) }
            throw ServeError("veil serve: cannot create the libwebsockets context" +
                             (options.eventLoop == .epoll ? " (with libev: is libwebsockets-evlib-ev installed? --event-loop poll does without)" : ""))
        }
        eventLoop = foreignLoops[0]
        if let eventLoop { logger.debug("event loop: libev on \(String(cString: veil_ev_backend_name(eventLoop)))") }
        context = created
        vhost = lws_get_vhost_by_name(created, "veil")
        port = gate.port
        wakeTarget.context = created
        if !["127.0.0.1", "::1"].contains(host) {
            logger.warning("listening on \(host): the preview is reachable from other machines")
        }
    }

    /// Starts the frame timer and accepting.
    func start() {
        timer.pointee.owner = Unmanaged.passUnretained(self).toOpaque()
        scheduleTimer()
        gate?.start()
    }

    /// Serves until SIGINT or SIGTERM.
    func serve() {
        guard let context else { return }
        stopRequested.store(false, ordering: .relaxed)
        installStopSignals(context: context)
        while !stopRequested.load(ordering: .relaxed) {
            if !servicePass(context) { break }
        }
        gate?.stop()
    }

    /// Serves for at most `seconds` while `pending` holds (the close frames going out).
    func drain(seconds: Int, while pending: () -> Bool) {
        guard let context else { return }
        let deadline = ContinuousClock.now.advanced(by: .seconds(seconds))
        while pending(), ContinuousClock.now < deadline {
            if !servicePass(context) { break }
        }
    }

    /// Waits for what is ready (sockets, the timer, a wake-up) and handles it; false when lws failed.
    private func servicePass(_ context: OpaquePointer) -> Bool {
        if let eventLoop {
            veil_ev_run_once(eventLoop)
            return true
        }
        return lws_service(context, 0) >= 0
    }

    /// Stops accepting and destroys the context (the hub's threads stopped first: they wake it).
    func shutdown() {
        guard let context else { return }
        // Handlers off first: a late signal must not wake a destroyed context.
        removeStopSignals()
        gate?.stop()
        lws_sul_cancel(veil_timer_sul(timer))
        wakeTarget.context = nil
        lws_context_destroy(context)
        self.context = nil
        // A foreign loop outlives the context: lws stopped its watchers on it.
        if let eventLoop { veil_ev_loop_destroy(eventLoop) }
        eventLoop = nil
    }

    // MARK: The frame timer

    /// When the next tick is due: ticks keep to the --fps grid (a late one does not push the
    /// following ones back, so 60 fps stays 60 a second); more than a period behind, it starts over.
    private var nextTick = ContinuousClock.now

    private func scheduleTimer() {
        guard let context else { return }
        let period = Duration.microseconds(1_000_000 / options.fps)
        let now = ContinuousClock.now
        nextTick = nextTick + period
        if nextTick < now { nextTick = now + period }
        let delay = now.duration(to: nextTick).components
        let microseconds = max(1, delay.seconds * 1_000_000 + delay.attoseconds / 1_000_000_000_000)
        lws_sul_schedule(context, 0, veil_timer_sul(timer), veilTimerFired, lws_usec_t(microseconds))
    }

    func timerFired() {
        hub.timerFired()
        scheduleTimer()
    }

    /// Connections whose headers the gate has read: lws serves them from here on.
    func adoptReady() {
        guard let gate else { return }
        for handoff in gate.takeReady() {
            if hub.stopping || vhost == nil { Glibc.close(handoff.fd); continue }
            let adopted = handoff.bytes.withUnsafeBufferPointer { b in
                b.withMemoryRebound(to: CChar.self) { lws_adopt_socket_vhost_readbuf(vhost, handoff.fd, $0.baseAddress, $0.count) }
            }
            if adopted == nil { logger.warning("lws could not take a connection") }  // lws closed its socket
        }
    }

    // MARK: ViewerTransport

    func wake(_ socket: ViewerSocket) { lws_callback_on_writable(socket.handle) }

    func writeNow(_ socket: ViewerSocket, _ message: OutgoingMessage) -> Bool {
        guard !compressing.contains(socket), lws_partial_buffered(socket.handle) == 0 else { return false }
        if write(socket, message, LWS_WRITE_BINARY) < 0 {
            // As a failed write in a callback would: the socket is dropped (lws closes it).
            hub.writeFailed(socket)
            lws_set_timeout(socket.handle, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC)
        }
        return true
    }

    func pauseReading(_ socket: ViewerSocket, _ paused: Bool) { lws_rx_flow_control(socket.handle, paused ? 0 : 1) }

    /// lws 4.1, told to close with -1, drops the socket right after its close frame: a viewer still
    /// sending then gets a reset and loses the frame (and with permessage-deflate lws ignores a -1
    /// returned while it delivers the rest of an inflated message). So the close frame goes out at
    /// the next writable turn and the socket stays until the viewer answers, or `closeGraceSeconds`.
    func beginClose(_ socket: ViewerSocket) {
        incoming.close(socket)
        lws_set_timeout(socket.handle, PENDING_TIMEOUT_CLOSE_SEND, Int32(closeGraceSeconds))
        lws_callback_on_writable(socket.handle)
    }

    // MARK: WebSocket events

    /// Refuses the upgrade (before any session exists) when the page's origin is not allowed.
    func filter(_ wsi: OpaquePointer) -> Bool {
        let origin = RequestDetails.header(wsi, WSI_TOKEN_ORIGIN)
        let host = RequestDetails.header(wsi, WSI_TOKEN_HOST)
        if origins.accepts(origin: origin, host: host) { return true }
        refuseUpgrade(wsi, because: "origin \(origin ?? "-") is not \(host ?? "-") nor allowed (--allow-origin)")
        return false
    }

    /// A WebSocket refused at its handshake (before any session exists), logged with why.
    func refuseUpgrade(_ wsi: OpaquePointer, because reason: String) {
        logger.warning("refused WebSocket from \(RequestDetails.peer(wsi)): \(reason)")
    }

    /// An upgraded connection: the hub admits it, or it is refused with a close frame and a reason,
    /// after which the viewer has `closeGraceSeconds` to answer (returning -1 here would drop the
    /// socket without the close frame on connections lws adopted).
    func established(_ wsi: OpaquePointer) -> Int32 {
        let socket = ViewerSocket(handle: wsi)
        let argument = { (name: String) in RequestDetails.urlArgument(wsi, name) }
        let request = ViewerRequest(scene: argument("scene"), room: argument("room"), session: argument("session"),
                                    heldSequence: argument("seq").flatMap { UInt32($0) }, heldHash: argument("hash").flatMap { UInt32($0) },
                                    describe: argument("describe") == "1", client: RequestDetails.peer(wsi))
        if shrinkDeflate(wsi) { compressing.insert(socket) }
        guard let close = hub.open(socket, request) else { return 0 }
        compressing.remove(socket)
        // Refusals are few and short-lived; past this many, a flood gets its sockets dropped.
        if refusals.count >= options.maxConnections { return -1 }
        refusals[socket] = (close, false)
        beginClose(socket)
        return 0
    }

    /// A fragment of a viewer's message: a sign of life for the hub, which gets the message once
    /// whole (or the close for one past its bound). With permessage-deflate the fragments are
    /// inflated chunks: the last one is marked final (`lws_remaining_packet_payload` counts
    /// compressed bytes, so it says nothing then).
    func receive(_ wsi: OpaquePointer, _ bytes: UnsafeRawBufferPointer) {
        let socket = ViewerSocket(handle: wsi)
        if refusals[socket] != nil { return }  // closing: what it sends is dropped
        hub.heard(socket)
        switch incoming.add(bytes, of: socket, binary: lws_frame_is_binary(wsi) != 0,
                            final: lws_is_final_fragment(wsi) != 0 && lws_remaining_packet_payload(wsi) == 0) {
        case .partial, .dropped: break
        case let .message(message): hub.receive(socket, message: message)
        case let .refused(close): hub.reject(socket, close)
        }
    }

    /// Exactly one write per writable turn: a refused connection's close frame, or the hub's next frame.
    func writable(_ wsi: OpaquePointer) -> Int32 {
        let socket = ViewerSocket(handle: wsi)
        if let refusal = refusals[socket] {
            if refusal.sent { return 0 }
            refusals[socket]?.sent = true
            return writeClose(socket, refusal.close)
        }
        guard let frame = hub.nextFrame(for: socket) else { return 0 }
        let written: Int32
        switch frame {
        case let .close(close): return writeClose(socket, close)
        case .ping: written = write(socket, ping, LWS_WRITE_PING)
        case let .text(notice): written = writeData(socket, framing.message(notice), LWS_WRITE_TEXT)
        case let .binary(message): written = writeData(socket, message, LWS_WRITE_BINARY)
        }
        if written < 0 { hub.writeFailed(socket); return -1 }
        return 0
    }

    /// The viewer's close frame: 0 lets lws answer it and close, 1 closes now (it answered ours).
    func peerClosed(_ wsi: OpaquePointer, _ payload: UnsafeRawBufferPointer) -> Int32 {
        let socket = ViewerSocket(handle: wsi)
        if refusals[socket] != nil { return 1 }
        return hub.peerClosed(socket, payload) ? 0 : 1
    }

    func closed(_ wsi: OpaquePointer) {
        let socket = ViewerSocket(handle: wsi)
        compressing.remove(socket)
        draining[socket] = nil
        incoming.remove(socket)
        if refusals.removeValue(forKey: socket) != nil { return }
        hub.closed(socket)
    }

    /// Writes `message` as one frame. A room's viewers share one buffer: writing through a
    /// mutable copy would copy it for each of them (`OutgoingMessage.withWritablePayload`).
    private func write(_ socket: ViewerSocket, _ message: OutgoingMessage, _ kind: lws_write_protocol) -> Int32 {
        let written = message.withWritablePayload { payload, count in lws_write(socket.handle, payload, count, kind) }
        return written < 0 ? -1 : 0
    }

    /// A text or binary message: on a compressing socket its buffer outlives the write (`draining`).
    private func writeData(_ socket: ViewerSocket, _ message: OutgoingMessage, _ kind: lws_write_protocol) -> Int32 {
        if compressing.contains(socket) { draining[socket] = message }
        return write(socket, message, kind)
    }

    /// lws' LWS_WRITE_CLOSE (4): private in lws 4.1's headers, which leave closing to
    /// lws_close_reason; lws_write sends it as a close frame.
    private static let writeCloseKind = lws_write_protocol(rawValue: 4)

    /// A close frame with its status and reason, written now (inside a writable turn).
    private func writeClose(_ socket: ViewerSocket, _ close: CloseRequest) -> Int32 {
        let frame = framing.message([UInt8(close.status >> 8), UInt8(close.status & 0xFF)] + Array(close.reason.utf8))
        return write(socket, frame, Self.writeCloseKind)
    }

    /// When permessage-deflate was negotiated (returns true), makes its compressor smaller
    /// before its first message: zlib's deflate state is `2^(windowBits+2) + 2^(memLevel+9)`
    /// bytes, 256 KB with lws' defaults (15, 8), most of it touched by the first messages. Both
    /// only change how this side compresses: any inflater takes a smaller window. lws 4.1 takes the
    /// compressor's window from `client_max_window_bits` on a vhost without a listening port (ours),
    /// its `server_max_window_bits` sizes the inflater for the viewer's messages, left at 15.
    private func shrinkDeflate(_ wsi: OpaquePointer) -> Bool {
        guard lws_set_extension_option(wsi, "permessage-deflate", "mem_level", "\(Self.deflateMemLevel)") == 0 else { return false }
        _ = lws_set_extension_option(wsi, "permessage-deflate", "client_max_window_bits", "\(Self.deflateWindowBits)")
        return true
    }

    /// The vhost's name, in static storage (`listen`).
    private static let vhostName: StaticString = "veil"

    /// zlib's memLevel (1…9) and window (9…15 bits) for permessage-deflate: 8 KB of state, not 256 KB.
    static let deflateMemLevel = 3
    static let deflateWindowBits = 10
}

/// The context other threads wake, set once it exists and cleared before it goes.
final class ContextBox: @unchecked Sendable {
    private let lock = NSLock()
    private var _context: OpaquePointer? = nil
    var context: OpaquePointer? {
        get { lock.withLock { _context } }
        set { lock.withLock { _context = newValue } }
    }
    func cancelService() { lock.withLock { if let _context { lws_cancel_service(_context) } } }
}
