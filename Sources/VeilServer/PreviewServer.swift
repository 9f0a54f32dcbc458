import CLibWebSockets
import Foundation
import Logging
import Synchronization
import VeilCore

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
    /// How the service thread waits for its sockets.
    public var eventLoop = EventLoop.epoll
    public var verbose = false
    public init() {}

    public enum EventLoop: String, Sendable, CaseIterable {
        /// libev on epoll: a pass costs what is ready, not what is open (the default).
        case epoll
        /// lws 4.1's built-in poll() loop: each pass scans every socket (kept to compare).
        case poll
    }
}

/// The live preview: one libwebsockets context serving the viewer's files, `/veil.wasm`, `/scenes`, `/commands`
/// and, on the same port, the `veil.v2` WebSocket at `/ws?scene=NAME` with one Session per
/// connection (or per shared room), ticked by one timer. Its state lives on the lws service
/// thread; the header gate (accepting), the scene watcher (inotify) and the tick workers run on
/// their own threads and hand their results over through locked queues and `lws_cancel_service`
/// (docs/SERVER.md).
public final class PreviewServer {
    public let options: ServeOptions
    public let webRoot: WebRoot
    /// The scenes, kept current as their files change (service thread only).
    public private(set) var catalog: SceneCatalog
    let origins: OriginPolicy
    let admission: Admission
    /// The files, /scenes and /commands.
    let http: StaticHTTP
    let logger: Logger
    let headroom = Int(veil_lws_pre())

    private var tables: NativeTables
    private var context: OpaquePointer? = nil
    /// The libev loop lws runs on (`--event-loop epoll`); nil with lws' own poll() loop.
    private var eventLoop: UnsafeMutableRawPointer? = nil
    private var vhost: OpaquePointer? = nil
    private var gate: HeaderGate? = nil
    /// The sessions' tick threads; nil with `--workers 0`.
    private var tickWorkers: TickWorkers? = nil
    /// Live reload: nil when inotify is unavailable.
    private var watcher: SceneWatcher? = nil
    private let timer: UnsafeMutablePointer<veil_timer>
    var connections: [Int: Connection] = [:]
    /// Shared rooms by `Room.key`, each alive while it has viewers.
    private var rooms: [String: Room] = [:]
    /// Dropped private sessions waiting for their viewer (`--resume-seconds`), at most
    /// `--max-connections` of them.
    private lazy var parkedSessions = ParkedSessions(capacity: options.maxConnections, perClient: options.maxParkedPerClient)
    /// WebSockets open per client address.
    private var connectionsByClient: [String: Int] = [:]
    /// Rooms alive per address of the client that opened them.
    private var roomsByClient: [String: Int] = [:]
    /// Reads changed scene files off the service thread, in the order they changed.
    private var reloads: SceneReloads? = nil
    private var nextConnectionID = 1
    /// Set once a stop was requested: no new sessions, no more ticks, every connection closing.
    private(set) var stopping = false
    /// The port actually listened on (differs from options.port when that was 0).
    public private(set) var port = 0

    /// Finds the web root, reads every scene (errors as file:line:column) and listens.
    public init(options: ServeOptions) throws(ServeError) {
        self.options = options
        webRoot = try WebRoot.locate(explicit: options.webRoot)
        catalog = options.scenePaths.isEmpty
            ? try SceneCatalog.load(directory: webRoot.examplesDirectory)
            : try SceneCatalog.load(paths: options.scenePaths)
        origins = OriginPolicy(allowed: options.allowedOrigins)
        admission = Admission(limits: Admission.Limits(options))
        var logger = Logger(label: "veil.serve")
        logger.logLevel = options.verbose ? .debug : .info
        self.logger = logger
        http = StaticHTTP(webRoot: webRoot, headroom: Int(veil_lws_pre()), scenesBody: Array(catalog.namesJSON.utf8))
        tables = NativeTables(webRoot: webRoot.directory, deflate: options.deflate)
        timer = .allocate(capacity: 1)
        timer.initialize(to: veil_timer())
        timer.pointee.owner = nil
        try listen()
    }

    deinit {
        if let context { destroy(context) }
        timer.deinitialize(count: 1)
        timer.deallocate()
    }

    /// `http://127.0.0.1:8080/`
    public var url: String {
        let bound = (try? Self.bindAddress(options.host)) ?? options.host
        let host = bound.contains(":") ? "[\(bound)]" : bound
        return "http://\(host):\(port)/"
    }

    /// The address to bind: an IP address (lws would take a name it cannot resolve as an interface
    /// that "does not exist yet" and wait for it, listening nowhere); `localhost` means 127.0.0.1.
    static func bindAddress(_ host: String) throws(ServeError) -> String {
        if host == "localhost" { return "127.0.0.1" }
        var v4 = in_addr(), v6 = in6_addr()
        if inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1 { return host }
        throw ServeError("veil serve: --host \(host) is not an IP address (for example 127.0.0.1, ::1 or 0.0.0.0)")
    }

    private func listen() throws(ServeError) {
        let host = try Self.bindAddress(options.host)
        lwsLogTarget = logger
        lws_set_log_level(Int32(LLL_ERR | LLL_WARN) | (options.verbose ? Int32(LLL_NOTICE) : 0), veilLWSLog)
        // The gate owns the listening socket (lws would drop requests with long headers unanswered);
        // lws serves the connections the gate hands it.
        let logger = self.logger
        let wakeTarget = ContextBox()
        let gate = try HeaderGate(host: host, port: options.port, handshakeTimeout: options.handshakeTimeout,
                                  hosts: HostPolicy(host: options.host, allowed: options.allowedHosts),
                                  wake: { wakeTarget.cancelService() },
                                  log: { logger.warning("\($0)") })
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
        info.max_http_header_data = UInt16(HeaderGate.maxHeaderBytes + HeaderGate.addedHeaderBytes)
        info.options = veil_lws_option_validate_utf8()
        if !host.contains(":") { info.options |= veil_lws_option_disable_ipv6() }
        info.user = Unmanaged.passUnretained(self).toOpaque()
        info.vhost_name = UnsafePointer(strdup("veil")!)
        defer { free(UnsafeMutablePointer(mutating: info.vhost_name)) }
        // epoll: lws loads its libev plugin and runs on a loop of ours (a "foreign" loop), one
        // pass per `veil_ev_run_once`, so `run` can stop between passes as with lws_service.
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
        timer.pointee.owner = Unmanaged.passUnretained(self).toOpaque()
        scheduleTimer()
        gate.start()
        if options.workers > 0 {
            tickWorkers = TickWorkers(count: options.workers, headroom: headroom, wake: { wakeTarget.cancelService() })
            tickWorkers?.start()
        }
        reloads = SceneReloads(wake: { wakeTarget.cancelService() })
        watcher = SceneWatcher(folders: catalog.watchedFolders, changed: { wakeTarget.cancelService() })
        watcher?.start()
        if watcher == nil { logger.warning("inotify unavailable: scene files are not watched") }
        for entry in catalog.entries {
            if let error = entry.error { logger.warning("scene \(entry.name) does not read; served empty, under its error, until it does: \(error)") }
        }
        logger.info("serving \(catalog.entries.count) scene(s) [\(catalog.entries.map(\.name).joined(separator: ", "))] from \(webRoot.directory); /veil.wasm: \(webRoot.wasmFile ?? "none yet (make wasm)")")
    }

    /// Serves until SIGINT or SIGTERM, then closes every connection with 1001 and stops.
    public func run() {
        guard let context else { return }
        stopRequested.store(false, ordering: .relaxed)
        installStopSignals(context: context)
        while !stopRequested.load(ordering: .relaxed) {
            if !servicePass(context) { break }
        }
        logger.info("stopping: closing \(connections.count) connection(s)")
        stopping = true
        gate?.stop()
        for connection in connections.values {
            close(connection, .stopping)
        }
        // Let the close frames go out, for at most a second.
        let deadline = ContinuousClock.now.advanced(by: .seconds(1))
        while !connections.isEmpty, ContinuousClock.now < deadline {
            if !servicePass(context) { break }
        }
        // Handlers off first: a late signal must not wake a destroyed context.
        removeStopSignals()
        destroy(context)
        self.context = nil
        logger.info("stopped")
    }

    /// Waits for what is ready (sockets, the timer, a wake-up) and handles it; false when lws failed.
    private func servicePass(_ context: OpaquePointer) -> Bool {
        if let eventLoop {
            veil_ev_run_once(eventLoop)
            return true
        }
        return lws_service(context, 0) >= 0
    }

    private func destroy(_ context: OpaquePointer) {
        gate?.stop()
        watcher?.stop()
        tickWorkers?.stop()
        lws_sul_cancel(veil_timer_sul(timer))
        lws_context_destroy(context)
        // A foreign loop outlives the context: lws stopped its watchers on it.
        if let eventLoop { veil_ev_loop_destroy(eventLoop) }
        eventLoop = nil
    }

    // MARK: Timer

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
        if !stopping {
            let now = ContinuousClock.now
            let idleTimeout = Duration.seconds(options.idleTimeout)
            var jobs: [TickWorkers.Job] = []
            for connection in connections.values {
                switch connection.idleAction(at: now, timeout: idleTimeout) {
                case .close:
                    if connection.closeRequest == nil {
                        close(connection, CloseRequest(status: 1001, reason: "idle: nothing heard for \(options.idleTimeout) s"))
                    }
                    continue
                case .ping:
                    connection.pingDue = true
                    connection.pinged = true
                    lws_callback_on_writable(connection.wsi)
                case .none:
                    break
                }
                if connection.room == nil, let job = job(for: connection, at: now) { jobs.append(job) }
            }
            for room in rooms.values { if let job = job(for: room, at: now) { jobs.append(job) } }
            run(jobs)
            let expired = parkedSessions.expire(at: now)
            if expired > 0 { logger.info("\(expired) dropped session(s) not resumed in \(options.resumeSeconds) s: ended") }
        }
        scheduleTimer()
    }

    /// The owner's queued work and a tick, marked busy; nil when it is busy, closing, or a private
    /// viewer's last message still waits with no work queued (a slow viewer: ticks are coalesced).
    private func job(for owner: any SessionOwner, at now: ContinuousClock.Instant) -> TickWorkers.Job? {
        guard !owner.busy, !stopping else { return nil }
        let connection = owner as? Connection
        if let connection, connection.closeRequest != nil { return nil }
        let ticks = connection?.outgoing == nil
        if !ticks {
            connection?.ticksSkipped += 1
            if owner.work.isEmpty { return nil }
        }
        // Input asks at once what the screen says now; time alone, at most every `describeSeconds`.
        let describes = owner.describes
            && (!owner.work.inputs.isEmpty || owner.work.scene != nil || owner.describedAt.duration(to: now) >= describeSeconds)
        if describes { owner.describedAt = now }
        let job = TickWorkers.Job(owner: owner, time: owner.age(at: now), ticks: ticks, work: owner.work, describes: describes)
        owner.work = SessionWork()
        owner.busy = true
        return job
    }

    /// Hands jobs to the workers, or (`--workers 0`) runs them here.
    private func run(_ jobs: [TickWorkers.Job]) {
        guard !jobs.isEmpty else { return }
        if let tickWorkers { tickWorkers.submit(jobs); return }
        for job in jobs {
            job.run(headroom: headroom)
            finish(job)
        }
    }

    /// The owner's queued work now rather than at the next timer tick (input → patch in well under
    /// a frame), unless a worker has its session: then when that job is back.
    private func schedule(_ owner: any SessionOwner) {
        if let job = job(for: owner, at: .now) { run([job]) }
    }

    /// Connections whose headers the gate has read: lws serves them from here on.
    func adoptReady() {
        guard let gate else { return }
        for handoff in gate.takeReady() {
            if stopping || vhost == nil { Glibc.close(handoff.fd); continue }
            let adopted = handoff.bytes.withUnsafeBufferPointer { b in
                b.withMemoryRebound(to: CChar.self) { lws_adopt_socket_vhost_readbuf(vhost, handoff.fd, $0.baseAddress, $0.count) }
            }
            if adopted == nil { logger.warning("lws could not take a connection") }  // lws closed its socket
        }
    }

    /// Scene files that changed: read off this thread (`SceneReloads`), then every viewer of a
    /// changed scene gets a patch to its new version (component state kept by node id; the session
    /// replaces its scene at its next job), or, when it does not read, the error as a notice while
    /// the last good version stays live; a new file in a served folder joins /scenes.
    func applySceneChanges() {
        guard let watcher, let reloads else { return }
        reloads.read(watcher.take())
        for (path, read) in reloads.take() {
            guard let change = catalog.reload(file: path, read: read) else { continue }
            switch change {
            case let .updated(name, scene):
                logger.info("scene \(name) reloaded from \(path)")
                let nodes = catalog.entry(named: name)?.nodesJSON ?? "[]"
                for connection in connections.values where connection.sceneName == name && connection.wantsDescription {
                    connection.post("nodes", nodes)
                    lws_callback_on_writable(connection.wsi)
                }
                for connection in connections.values where connection.sceneName == name && connection.closeRequest == nil {
                    if connection.shownError != nil { connection.setNotice(error: nil); lws_callback_on_writable(connection.wsi) }
                    guard connection.room == nil else { continue }
                    connection.work.scene = scene
                    connection.work.keepsSize = connection.viewerResized
                    schedule(connection)
                }
                for room in rooms.values where room.sceneName == name {
                    room.work.scene = scene
                    room.work.keepsSize = room.viewers.contains { $0.viewerResized }
                    schedule(room)
                }
            case let .failed(name, error):
                logger.warning("scene \(name) not reloaded, the last good version stays: \(error)")
                for connection in connections.values where connection.sceneName == name && connection.closeRequest == nil {
                    connection.setNotice(error: error)
                    lws_callback_on_writable(connection.wsi)
                }
            case let .added(name):
                logger.info("scene \(name) added from \(path)")
                http.scenesBody = Array(catalog.namesJSON.utf8)
            case let .refused(_, error):
                logger.warning("not served: \(error)")
            }
        }
    }

    // MARK: WebSocket

    /// Refuses the upgrade (before any session exists) when the page's origin is not allowed.
    func filter(_ wsi: OpaquePointer) -> Bool {
        let origin = RequestDetails.header(wsi, WSI_TOKEN_ORIGIN)
        let host = RequestDetails.header(wsi, WSI_TOKEN_HOST)
        if origins.accepts(origin: origin, host: host) { return true }
        logger.warning("refused WebSocket from \(RequestDetails.peer(wsi)): origin \(origin ?? "-") is not \(host ?? "-") nor allowed (--allow-origin)")
        return false
    }

    /// A new viewer: a session of the scene it named (or the parked one its `session=` token names),
    /// its first frame queued at once.
    func open(_ wsi: OpaquePointer, _ user: UnsafeMutableRawPointer) -> Int32 {
        user.storeBytes(of: 0, as: Int.self)
        let request = Admission.Request(scene: RequestDetails.urlArgument(wsi, "scene") ?? catalog.entries[0].name,
                                        room: RequestDetails.urlArgument(wsi, "room"), client: RequestDetails.peer(wsi))
        let name = request.scene, client = request.client
        let entry = catalog.entry(named: name)
        let key = entry.flatMap { entry in request.room.map { Room.key(scene: entry.name, room: $0) } }
        let load = Admission.Load(stopping: stopping, connections: connections.count,
                                  connectionsOfClient: connectionsByClient[client, default: 0], rooms: rooms.count,
                                  roomsOpenedByClient: roomsByClient[client, default: 0],
                                  viewersInRoom: key.flatMap { rooms[$0]?.viewers.count })
        var room: Room? = nil
        switch admission.decide(request, sceneExists: entry != nil, load) {
        case let .refuse(status, reason):
            return refuse(wsi, user, CloseRequest(status: status, reason: reason), scene: name)
        case .privateSession:
            break
        case .joinRoom:
            room = key.flatMap { rooms[$0] }
        case .openRoom:
            guard let entry, let key, let roomName = request.room else { return -1 }
            let created = Room(name: roomName, sceneName: entry.name, sceneFile: entry.file, scene: entry.scene, openedBy: client)
            rooms[key] = created
            roomsByClient[client, default: 0] += 1
            room = created
            logger.info("room \(roomName) opened: scene \(entry.name), \(rooms.count) room(s)")
        }
        guard let entry else { return -1 }
        let id = nextConnectionID
        nextConnectionID += 1
        // A parked session named by the token the server gave the viewer, with the sequence number
        // and hash of the frame it holds. Only a parked one: a session whose connection is open is
        // never handed to another connection.
        let heldSequence = RequestDetails.urlArgument(wsi, "seq").flatMap { UInt32($0) }
        let heldHash = RequestDetails.urlArgument(wsi, "hash").flatMap { UInt32($0) }
        let parked = room == nil
            ? RequestDetails.urlArgument(wsi, "session").flatMap { ParkedSessions.isValidToken($0) ? parkedSessions.take(token: $0, scene: entry.name, at: .now) : nil }
            : nil
        let connection = room.map { Connection(id: id, wsi: wsi, peer: client, room: $0) }
            ?? Connection(id: id, wsi: wsi, sceneName: entry.name, sceneFile: entry.file, peer: client, scene: entry.scene,
                          token: ParkedSessions.mintToken(), resuming: parked)
        if let token = connection.resumeToken { connection.post("session", jsonString(token)) }
        if parked != nil {
            // Deltas go on from the viewer's frame when it holds the session's last one; else a
            // keyframe. A parked session is idle: its lock is free.
            let holdsLast = connection.shared.with { session in
                heldSequence == session.sentSequence && heldHash == session.sentHash
            }
            if !holdsLast { connection.work.keyframe = true }
            logger.info("connection \(id) resumes a dropped session (\(holdsLast ? "from its frame" : "with a keyframe"))")
        } else if let room, let heldSequence, let heldHash, let newest = room.newest, let sent = newest.frame,
                  heldSequence == newest.sequence, heldHash == newest.hash {
            connection.sentSequence = heldSequence  // back in a room, holding its newest frame
            connection.sentFrame = sent
        }
        connection.wantsDescription = RequestDetails.urlArgument(wsi, "describe") == "1"
        if connection.wantsDescription, let room, !room.description.isEmpty {
            connection.description = room.description
            connection.post("a11y", String(decoding: room.description, as: UTF8.self))
        }
        connection.sendsDirectly = !shrinkDeflate(wsi)
        connections[id] = connection
        connectionsByClient[client, default: 0] += 1
        user.storeBytes(of: id, as: Int.self)
        logger.info("connection \(id) opened: scene \(entry.name)\(room.map { ", room \($0.name)" } ?? ""), peer \(client), \(connections.count) open")
        if let error = entry.error { connection.setNotice(error: error) }
        if connection.wantsDescription { connection.post("nodes", entry.nodesJSON) }
        if let room {
            room.join(connection)
            // The room's first frame now; a later joiner catches up with a keyframe when writable.
            if room.newest == nil { schedule(room) }
            lws_callback_on_writable(wsi)
        } else {
            schedule(connection)
            if connection.hasNotice { lws_callback_on_writable(wsi) }
        }
        return 0
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

    /// zlib's memLevel (1…9) and window (9…15 bits) for permessage-deflate: 8 KB of state, not 256 KB.
    static let deflateMemLevel = 3
    static let deflateWindowBits = 10

    /// Refuses an upgraded connection with a close frame and a reason, then waits (at most
    /// `closeGraceSeconds`) for the viewer's close: no session exists. Returning -1 from
    /// ESTABLISHED would drop the socket without the close frame on connections lws adopted.
    private func refuse(_ wsi: OpaquePointer, _ user: UnsafeMutableRawPointer, _ close: CloseRequest, scene: String) -> Int32 {
        logger.warning("connection refused: scene \(scene), peer \(RequestDetails.peer(wsi)): \(close.status) \(close.reason)")
        // Refusals are few and short-lived; past this many, a flood gets its sockets dropped.
        if refusals.count >= options.maxConnections { return -1 }
        let id = nextConnectionID
        nextConnectionID += 1
        refusals[id] = Refusal(close: close)
        user.storeBytes(of: id, as: Int.self)
        lws_set_timeout(wsi, PENDING_TIMEOUT_CLOSE_SEND, Int32(Self.closeGraceSeconds))
        lws_callback_on_writable(wsi)
        return 0
    }

    struct Refusal { var close: CloseRequest; var sent = false }
    /// Connections refused after their upgrade, by id, until they close.
    private var refusals: [Int: Refusal] = [:]

    /// A refused connection: writes its close frame once; true when `user` is one.
    func refusalWritable(_ wsi: OpaquePointer, _ user: UnsafeMutableRawPointer?) -> Int32? {
        guard let user, let refusal = refusals[user.load(as: Int.self)] else { return nil }
        if refusal.sent { return 0 }
        refusals[user.load(as: Int.self)]?.sent = true
        return writeCloseFrame(wsi, refusal.close)
    }

    func isRefused(_ user: UnsafeMutableRawPointer?) -> Bool {
        guard let user else { return false }
        return refusals[user.load(as: Int.self)] != nil
    }

    /// A close frame with its status and reason, written now (inside a writable callback).
    private func writeCloseFrame(_ wsi: OpaquePointer, _ close: CloseRequest) -> Int32 {
        var frame = [UInt8](repeating: 0, count: headroom)
        frame += [UInt8(close.status >> 8), UInt8(close.status & 0xFF)] + Array(close.reason.utf8)
        let length = frame.count - headroom
        let written = frame.withUnsafeMutableBufferPointer { b in
            lws_write(wsi, b.baseAddress! + headroom, length, Self.writeClose)
        }
        return written < 0 ? -1 : 0
    }

    /// A fragment of a client message; the whole message is handled once its last fragment is in.
    /// With permessage-deflate the fragments are inflated chunks: the last one is marked final
    /// (`lws_remaining_packet_payload` counts compressed bytes, so it says nothing then).
    func receive(_ connection: Connection, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        let wsi = connection.wsi
        connection.heard(at: .now)
        if connection.closeRequest != nil { return 0 }
        if lws_frame_is_binary(wsi) != 0 { return fail(connection, .unsupportedBinary) }
        if connection.incoming.count + bytes.count > Limits.maxActionBytes { return fail(connection, .tooLarge) }
        connection.incoming.append(contentsOf: bytes)
        guard lws_is_final_fragment(wsi) != 0, lws_remaining_packet_payload(wsi) == 0 else { return 0 }
        let message = connection.incoming
        connection.incoming.removeAll(keepingCapacity: true)
        let owner: any SessionOwner = connection.room ?? connection
        switch ClientMessage.parse(message) {
        case .success(.keyframe):
            if connection.room != nil {
                // A keyframe for this viewer alone, when its socket can take it.
                connection.sentFrame = nil
                lws_callback_on_writable(wsi)
            } else {
                connection.work.keyframe = true
                schedule(connection)
            }
            return 0
        case let .success(.action(action)):
            // The viewer's size wins over a reloaded file's canvas size from its first resize on.
            if case .input(.resize) = action.action { connection.viewerResized = true }
            let time: Double? = action.isTimed ? connection.sessionTime(ofViewerTime: action.time, now: .now) : nil
            owner.work.inputs.append(SessionWork.Input(connection: connection.id, action: action.action, time: time,
                                                       message: Array(message.prefix(SessionWork.Input.keptBytes))))
            if owner.work.inputs.count >= SessionWork.maxWaitingInputs, !connection.readingPaused {
                connection.readingPaused = true
                lws_rx_flow_control(wsi, 0)
            }
            schedule(owner)
            return 0
        case let .failure(close):
            return fail(connection, close)
        }
    }

    /// Reports an action of the viewer its session refused: a log line, and `{"refused": [...]}`
    /// to that viewer (its overlay) with the message it sent (at most 200 bytes of it) and why.
    private func refuseViewerAction(_ connection: Connection, _ message: [UInt8], _ why: String) {
        var sent = String(decoding: message.prefix(SessionWork.Input.keptBytes - 1), as: UTF8.self)
        if message.count >= SessionWork.Input.keptBytes { sent += "…" }
        let line = "viewer's action \(sent): \(why)"
        // The log stays bounded however many a viewer sends; the viewer sees each.
        connection.refusedActions += 1
        if connection.refusedActions <= Self.maxLoggedRefusals {
            logger.warning("connection \(connection.id) scene \(connection.sceneName): refused \(line)")
        } else if connection.refusedActions == Self.maxLoggedRefusals + 1 {
            logger.warning("connection \(connection.id): more refused actions, not logged")
        }
        connection.noteRefused([line])
        lws_callback_on_writable(connection.wsi)
    }

    /// Refused actions of one connection that are logged (the viewer is told of every one).
    static let maxLoggedRefusals = 20

    /// Closes this connection only, telling the viewer why.
    private func fail(_ connection: Connection, _ request: CloseRequest) -> Int32 {
        logger.warning("connection \(connection.id) rejected a message: \(request.status) \(request.reason)")
        close(connection, request)
        return 0
    }

    /// Starts the closing handshake: the close frame goes out at the next writable callback, then
    /// what the viewer still sends is read and dropped until its own close frame arrives (at most
    /// `closeGrace`). lws 4.1, told to close with -1, drops the socket right after its close frame:
    /// a viewer still sending then gets a reset and loses the frame (and with permessage-deflate lws
    /// ignores a -1 returned while it delivers the rest of an inflated message).
    func close(_ connection: Connection, _ request: CloseRequest) {
        guard connection.closeRequest == nil else { return }
        connection.closeRequest = request
        connection.endReason = "closed by server: \(request.status) \(request.reason)"
        connection.incoming = []
        connection.outgoing = nil
        lws_set_timeout(connection.wsi, PENDING_TIMEOUT_CLOSE_SEND, Int32(Self.closeGraceSeconds))
        lws_callback_on_writable(connection.wsi)
    }

    /// lws' LWS_WRITE_CLOSE (4): private in lws 4.1's headers, which leave closing to
    /// lws_close_reason; lws_write sends it as a close frame.
    static let writeClose = lws_write_protocol(rawValue: 4)

    /// Seconds a closing viewer has to answer the close frame before its socket is closed.
    static let closeGraceSeconds = 2

    /// A WebSocket refused at its handshake (before any session exists), logged with why.
    func refuseUpgrade(_ wsi: OpaquePointer, because reason: String) {
        logger.warning("refused WebSocket from \(RequestDetails.peer(wsi)): \(reason)")
    }

    /// Exactly one lws_write per writable callback: the pending close, else a due ping, else the
    /// pending message.
    func writable(_ connection: Connection) -> Int32 {
        if let close = connection.closeRequest {
            if connection.closeSent { return 0 }
            connection.closeSent = true
            return writeCloseFrame(connection.wsi, close)
        }
        if connection.pingDue {
            connection.pingDue = false
            // lws 4.1 hands an empty pong to nobody: the ping carries a payload for the pong to echo.
            var ping = [UInt8](repeating: 0, count: headroom) + Array("veil".utf8)
            let written = ping.withUnsafeMutableBufferPointer { b in
                lws_write(connection.wsi, b.baseAddress! + headroom, 4, LWS_WRITE_PING)
            }
            if written < 0 { connection.endReason = "write failed"; return -1 }
            if connection.outgoing != nil { lws_callback_on_writable(connection.wsi) }
            return 0
        }
        if var notice = connection.takeNotice(headroom: headroom) {
            let length = notice.count - headroom
            let written = notice.withUnsafeMutableBufferPointer { b in
                lws_write(connection.wsi, b.baseAddress! + headroom, length, LWS_WRITE_TEXT)
            }
            if written < 0 { connection.endReason = "write failed"; return -1 }
            if connection.outgoing != nil { lws_callback_on_writable(connection.wsi) }
            return 0
        }
        if connection.outgoing == nil, let room = connection.room, let message = room.catchUp(connection) {
            connection.outgoing = [UInt8](repeating: 0, count: headroom) + message
        }
        return writeOutgoing(connection)
    }

    /// Sends the connection's waiting message now, outside a writable callback, when nothing has
    /// to go before it: no close, ping or notice waiting, no bytes of an earlier write still held by
    /// lws (a full socket: then the callback, once lws flushed them), and no permessage-deflate
    /// (its compressor may need writable callbacks to drain). Else asks for the callback. Saves
    /// the writable round trip (two epoll_ctl calls and a loop pass) for nearly every message.
    /// Service thread, outside any callback of this connection.
    func send(_ connection: Connection) {
        guard connection.sendsDirectly, connection.outgoing != nil, connection.closeRequest == nil,
              !connection.pingDue, !connection.hasNotice, lws_partial_buffered(connection.wsi) == 0 else {
            lws_callback_on_writable(connection.wsi)
            return
        }
        if writeOutgoing(connection) < 0 {
            // As a failed write in a callback would: the socket is dropped (lws closes it).
            lws_set_timeout(connection.wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC)
        }
    }

    /// Writes the waiting message, if any; -1 when the socket failed.
    private func writeOutgoing(_ connection: Connection) -> Int32 {
        guard let buffer = connection.outgoing else { return 0 }
        connection.outgoing = nil
        let payload = buffer.count - headroom
        // A room's viewers share one buffer: writing through a mutable copy would copy it for
        // each of them. lws writes only its frame header into the headroom — the same bytes
        // (FIN, binary, this length) for every viewer — and leaves the payload as it is.
        let written = buffer.withUnsafeBufferPointer { b in
            lws_write(connection.wsi, UnsafeMutablePointer(mutating: b.baseAddress!) + headroom, payload, LWS_WRITE_BINARY)
        }
        if written < 0 {
            connection.endReason = "write failed"
            return -1
        }
        connection.messagesSent += 1
        // In a room, a viewer that missed frames meanwhile catches up at its next writable.
        if let room = connection.room, room.isBehind(connection) { lws_callback_on_writable(connection.wsi) }
        return 0
    }

    /// The viewer's close frame: lws answers it and closes (returns true), unless it answers ours
    /// (returns false: the handshake is complete, close now without a second close frame).
    func peerClosed(_ connection: Connection, _ payload: UnsafeRawBufferPointer) -> Bool {
        if connection.closeSent { return false }
        // lws answers this one: nothing else may be written, and the session stops ticking.
        connection.closeSent = true
        connection.closeRequest = connection.closeRequest ?? CloseRequest(status: 1000, reason: "")
        guard payload.count >= 2 else { connection.endReason = "closed by viewer"; return true }
        let status = Int(payload[0]) << 8 | Int(payload[1])
        let reason = String(decoding: payload[2...], as: UTF8.self)
        connection.endReason = "closed by viewer: \(status)\(reason.isEmpty ? "" : " " + reason)"
        return true
    }

    func closed(_ user: UnsafeMutableRawPointer) {
        let id = user.load(as: Int.self)
        if refusals.removeValue(forKey: id) != nil { return }
        guard id != 0, let connection = connections.removeValue(forKey: id) else { return }
        connectionsByClient[connection.client, default: 1] -= 1
        if connectionsByClient[connection.client] == 0 { connectionsByClient[connection.client] = nil }
        // Dropped, not closed: its viewer may come back for it (once a worker is done with it).
        if connection.resumeToken != nil, !connection.closeSent, connection.closeRequest == nil, !stopping,
           options.maxParkedPerClient > 0 {
            if connection.busy { connection.parkOnIdle = true } else { park(connection) }
            connection.endReason = (connection.endReason ?? "dropped") + "; session kept \(options.resumeSeconds) s for a resume"
        }
        if let room = connection.room {
            room.leave(connection)
            if room.viewers.isEmpty {
                rooms[room.key] = nil
                roomsByClient[room.openedBy, default: 1] -= 1
                if roomsByClient[room.openedBy] == 0 { roomsByClient[room.openedBy] = nil }
                logger.info("room \(room.name) closed: scene \(room.sceneName), \(rooms.count) room(s)")
            }
        }
        let seconds = Int(connection.lifetime(at: .now) * 10)
        logger.info("connection \(id) closed: scene \(connection.sceneName), \(connection.endReason ?? "ended without a close from the viewer"), after \(seconds / 10).\(seconds % 10) s, \(connection.messagesSent) message(s), \(connections.count) open")
    }

    private func park(_ connection: Connection) {
        guard let token = connection.resumeToken else { return }
        parkedSessions.park(connection.parked(until: .now.advanced(by: .seconds(options.resumeSeconds))), token: token)
    }

    /// The jobs the workers finished: their messages to the sockets.
    func applyTickResults() {
        guard let tickWorkers else { return }
        for job in tickWorkers.takeDone() { finish(job) }
    }

    /// A job is back: its owner is free again, its message goes out, the viewers whose actions
    /// were refused are told, paused sockets are read again, and work queued meanwhile is handed out.
    private func finish(_ job: TickWorkers.Job) {
        let result = job.result
        job.owner.busy = false
        job.owner.lastTickCost = job.cost
        if let connection = job.owner as? Connection {
            if connection.parkOnIdle {
                connection.parkOnIdle = false
                park(connection)
                return
            }
            guard connections[connection.id] === connection, connection.closeRequest == nil else { return }
            resumeReading(connection)
            if let description = result.description, description != connection.description {
                connection.description = description
                connection.post("a11y", String(decoding: description, as: UTF8.self))
                lws_callback_on_writable(connection.wsi)
            }
            for refused in result.refusedInputs { refuseViewerAction(connection, refused.message, refused.why) }
            if let refused = result.refused {
                connection.noteRefused(refused.report(scene: connection.sceneName, file: connection.sceneFile))
                lws_callback_on_writable(connection.wsi)
            }
            if connection.outgoing == nil, let message = result.message {
                connection.outgoing = message  // the job put the headroom in front
                send(connection)
            }
            if !connection.work.isEmpty { schedule(connection) }
        } else if let room = job.owner as? Room {
            if let newest = result.newest { room.newest = newest }
            for viewer in room.viewers { resumeReading(viewer) }
            if let description = result.description, description != room.description {
                room.description = description
                for viewer in room.viewers where viewer.closeRequest == nil && viewer.wantsDescription {
                    viewer.post("a11y", String(decoding: description, as: UTF8.self))
                    lws_callback_on_writable(viewer.wsi)
                }
            }
            for refused in result.refusedInputs {
                if let viewer = room.viewers.first(where: { $0.id == refused.connection }) {
                    refuseViewerAction(viewer, refused.message, refused.why)
                }
            }
            if let refused = result.refused {
                for viewer in room.noteRefused(refused) { lws_callback_on_writable(viewer.wsi) }
            }
            if let message = result.message {
                for viewer in room.distribute(headroomed: message, headroom: headroom) { send(viewer) }
            }
            if !room.work.isEmpty, !room.viewers.isEmpty { schedule(room) }
        }
    }

    /// Reads a socket paused for a full input queue again (its session took the inputs).
    private func resumeReading(_ connection: Connection) {
        guard connection.readingPaused else { return }
        connection.readingPaused = false
        lws_rx_flow_control(connection.wsi, 1)
    }

    func connection(for user: UnsafeMutableRawPointer?) -> Connection? {
        guard let user else { return nil }
        return connections[user.load(as: Int.self)]
    }

    private func sendClose(_ wsi: OpaquePointer, _ close: CloseRequest) {
        var reason = Array(close.reason.utf8)
        lws_close_reason(wsi, lws_close_status(rawValue: UInt32(close.status)), &reason, reason.count)
    }
}

/// The context the header gate wakes, set once it exists (the gate starts after that).
final class ContextBox: @unchecked Sendable {
    var context: OpaquePointer? = nil
    func cancelService() { if let context { lws_cancel_service(context) } }
}

/// Bootstraps swift-log for the command line: one line per event on standard error.
public func bootstrapServeLogging() {
    LoggingSystem.bootstrap { label in StreamLogHandler.standardError(label: label) }
}
