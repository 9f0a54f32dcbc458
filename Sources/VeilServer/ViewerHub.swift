import Foundation
import Logging
import VeilCore

/// The preview's protocol side: who may open a session (`Admission`), the viewers and the sessions
/// they watch (`SessionOwner`: private ones and rooms alike), the messages each viewer is owed, and
/// the work handed to the tick workers. It never touches a socket: it hears from the transport
/// (`open`, `receive`, `nextFrame`, `closed`, `timerFired`, `wokenUp`) and speaks to it through
/// `ViewerTransport` (wake, write now, pause reading, close). It lives on the transport's service
/// thread, and each entry the transport calls asserts it (`serviceThread`); ticks and scene reads
/// run on threads of their own and come back through `wokenUp`.
final class ViewerHub {
    let options: ServeOptions
    /// The scenes, kept current as their files change.
    var catalog: SceneCatalog
    let admission: Admission
    let logger: Logger
    unowned let transport: any ViewerTransport
    /// The thread every entry asserts it is called on.
    let serviceThread: ServiceThread
    /// Called with `/scenes`' new body when a scene file joins a served folder.
    var scenesChanged: ([UInt8]) -> Void = { _ in }

    var connections: [ViewerSocket: Connection] = [:]
    /// Sessions by `SessionOwner.key`, each alive while it has a viewer (a dropped private one is
    /// parked instead).
    var owners: [String: any SessionOwner] = [:]
    private var roomCount = 0
    /// Dropped private sessions waiting for their viewer (`--resume-seconds`).
    var parkedSessions: ParkedSessions
    /// WebSockets open per client address.
    private var connectionsByClient: [String: Int] = [:]
    /// Rooms alive per address of the client that opened them.
    private var roomsByClient: [String: Int] = [:]
    /// Exports asked and not yet read per client address (`askExport`).
    var exportsByClient: [String: Int] = [:]
    private var nextConnectionID = 1
    /// Set once a stop was requested: no new sessions, no more ticks, every connection closing.
    private(set) var stopping = false
    /// The sessions' tick threads; nil with `--workers 0`.
    private(set) var tickWorkers: TickWorkers? = nil
    /// Live reload: nil when inotify is unavailable.
    var watcher: SceneWatcher? = nil
    /// Reads changed scene files off the service thread, in the order they changed.
    var reloads: SceneReloads? = nil
    /// Writes saved cases off the service thread (`--save-cases`).
    var saves: CaseSaves? = nil
    /// The saves being written (`maxSaves`, `maxSavesPerClient`).
    var saving: [CaseSaves.Request] = []

    /// `wake` wakes the service thread from another one (a tick done, a file read).
    init(options: ServeOptions, catalog: SceneCatalog, transport: any ViewerTransport, logger: Logger,
         serviceThread: ServiceThread = ServiceThread(), wake: @escaping @Sendable () -> Void) {
        self.options = options
        self.serviceThread = serviceThread
        self.catalog = catalog
        self.transport = transport
        self.logger = logger
        admission = Admission(limits: Admission.Limits(options))
        parkedSessions = ParkedSessions(capacity: options.maxConnections, perClient: options.maxParkedPerClient)
        if options.workers > 0 {
            tickWorkers = TickWorkers(count: options.workers, framing: transport.framing, wake: wake)
            tickWorkers?.start()
        }
        reloads = SceneReloads(wake: wake)
        if options.saveCases { saves = CaseSaves(wake: wake) }
        watcher = SceneWatcher(folders: catalog.watchedFolders, changed: wake)
        watcher?.start()
        if watcher == nil { logger.warning("inotify unavailable: scene files are not watched") }
    }

    var isEmpty: Bool { connections.isEmpty }

    /// Stops admitting and ticking, and closes every connection with 1001.
    func stop() {
        serviceThread.assertOnServiceThread()
        logger.info("stopping: closing \(connections.count) connection(s)")
        stopping = true
        for connection in connections.values { close(connection, .stopping) }
    }

    /// Stops the threads that wake the service thread (before the transport goes).
    func shutdown() {
        watcher?.stop()
        tickWorkers?.stop()
    }

    // MARK: Viewers

    /// A new viewer: a session of the scene it named (or the parked one its `session=` token names,
    /// or its room's), its first frame queued at once; or the close that refuses it.
    func open(_ socket: ViewerSocket, _ request: ViewerRequest) -> CloseRequest? {
        serviceThread.assertOnServiceThread()
        let name = request.scene ?? catalog.entries[0].name, client = request.client
        let entry = catalog.entry(named: name)
        let roomKey = entry.flatMap { entry in request.room.map { Room.key(scene: entry.name, room: $0) } }
        let load = Admission.Load(stopping: stopping, connections: connections.count,
                                  connectionsOfClient: connectionsByClient[client, default: 0], rooms: roomCount,
                                  roomsOpenedByClient: roomsByClient[client, default: 0],
                                  viewersInRoom: roomKey.flatMap { owners[$0]?.viewers.count })
        let decision = admission.decide(Admission.Request(scene: name, room: request.room, client: client), sceneExists: entry != nil, load)
        let id = nextConnectionID
        let owner: any SessionOwner
        switch decision {
        case let .refuse(status, reason):
            logger.warning("connection refused: scene \(name), peer \(client): \(status) \(reason)")
            return CloseRequest(status: status, reason: reason)
        case .joinRoom:
            guard let roomKey, let room = owners[roomKey] else { return .serverFull }
            owner = room
        case .openRoom:
            guard let entry, let roomName = request.room else { return .serverFull }
            owner = Room(name: roomName, sceneName: entry.name, sceneFile: entry.file, scene: entry.scene, openedBy: client)
            roomCount += 1
            roomsByClient[client, default: 0] += 1
            logger.info("room \(roomName) opened: scene \(entry.name), \(roomCount) room(s)")
        case .privateSession:
            guard let entry else { return .serverFull }
            // Only a parked session: one whose connection is open is never handed to another.
            let parked = request.session.flatMap { ParkedSessions.isValidToken($0) ? parkedSessions.take(token: $0, scene: entry.name, at: .now) : nil }
            let session = PrivateSession(key: "connection \(id)", sceneName: entry.name, sceneFile: entry.file, scene: entry.scene,
                                         client: client, token: ParkedSessions.mintToken(), resuming: parked)
            if parked != nil {
                // Deltas go on from the viewer's frame when it holds the session's last one; else a
                // keyframe. A parked session is idle: its lock is free.
                let holdsLast = session.shared.with { session in
                    request.heldSequence == session.sentSequence && request.heldHash == session.sentHash
                }
                if !holdsLast { session.book.work.keyframe = true }
                logger.info("connection \(id) resumes a dropped session (\(holdsLast ? "from its frame" : "with a keyframe"))")
            }
            owner = session
        }
        nextConnectionID += 1
        let connection = Connection(id: id, socket: socket, client: client, owner: owner)
        connection.heldSequence = request.heldSequence
        connection.heldHash = request.heldHash
        connection.wantsDescription = request.describe
        if let token = owner.resumeToken { connection.post("session", jsonString(token)) }
        if connection.wantsDescription, !owner.book.description.isEmpty {
            connection.post("a11y", String(decoding: owner.book.description, as: UTF8.self))
        }
        if options.saveCases, owner.book.recording == nil { owner.book.recording = CaseRecording() }
        owners[owner.key] = owner
        owner.join(connection)
        connections[socket] = connection
        connectionsByClient[client, default: 0] += 1
        let entryNow = catalog.entry(named: owner.sceneName)
        logger.info("connection \(id) opened: scene \(owner.sceneName)\((owner as? Room).map { ", room \($0.name)" } ?? ""), peer \(client), \(connections.count) open")
        if let error = entryNow?.error { connection.setNotice(error: error) }
        if connection.wantsDescription {
            connection.post("nodes", entryNow?.nodesJSON ?? "[]")
            connection.post("tree", entryNow?.treeJSON ?? "[]")
            postClock(owner)
        }
        // The session's first frame now; a room's later joiner catches up when writable.
        if owner.ticksForNewViewer { schedule(owner) }
        if connection.hasNotice || owner.isBehind(connection) { transport.wake(socket) }
        return nil
    }

    /// A viewer's whole text message (the transport reassembled its fragments, within
    /// `Limits.maxActionBytes`).
    func receive(_ socket: ViewerSocket, message: [UInt8]) {
        serviceThread.assertOnServiceThread()
        guard let connection = connections[socket], connection.closeRequest == nil else { return }
        let owner = connection.owner
        switch ClientMessage.parse(message) {
        case .success(.keyframe):
            if owner.requestKeyframe(for: connection) { schedule(owner) } else { transport.wake(socket) }
        case let .success(.action(action)):
            // The viewer's size wins over a reloaded file's canvas size from its first resize on.
            if case .input(.resize) = action.action { owner.book.viewerResized = true }
            // Touching a scrubbed session brings it back to its present first.
            if owner.book.scrubbedTo != nil {
                leaveScrub(owner)
                postClock(owner)
            }
            let time: Double? = action.isTimed ? connection.sessionTime(ofViewerTime: action.time, now: .now) : nil
            let recorded = time ?? owner.age(at: .now)  // read before `book` is modified below
            owner.book.recording?.append(message, at: recorded)
            owner.book.work.inputs.append(SessionWork.Input(connection: connection.id, action: action.action, time: time,
                                                       message: Array(message.prefix(SessionWork.Input.keptBytes))))
            if owner.book.work.inputs.count >= SessionWork.maxWaitingInputs, !connection.readingPaused {
                connection.readingPaused = true
                transport.pauseReading(socket, true)
            }
            schedule(owner)
        case let .success(.save(replace)):
            save(connection, replacing: replace)
        case let .success(.clock(request)):
            clock(connection, request)
        case let .success(.inspect(request)):
            owner.book.work.inspections.removeAll { $0.connection == connection.id }
            owner.book.work.inspections.append((connection.id, request))
            schedule(owner)
        case .success(.exportSVG):
            askExport(connection)
        case let .failure(close):
            fail(connection, close)
        }
    }

    /// A message the transport would not reassemble (binary, or past `Limits.maxActionBytes`):
    /// the viewer's connection closes with `close`.
    func reject(_ socket: ViewerSocket, _ close: CloseRequest) {
        serviceThread.assertOnServiceThread()
        guard let connection = connections[socket], connection.closeRequest == nil else { return }
        fail(connection, close)
    }

    /// A pong, or a fragment of a message (any sign of life) from the viewer.
    func heard(_ socket: ViewerSocket) {
        serviceThread.assertOnServiceThread()
        connections[socket]?.heard(at: .now)
    }

    /// What to write in the socket's writable turn: the pending close, else a due ping, else the
    /// notice, else the waiting message (or a room's catch-up); nil: nothing. Wakes the socket
    /// again when more waits after it.
    func nextFrame(for socket: ViewerSocket) -> OutboundFrame? {
        serviceThread.assertOnServiceThread()
        guard let connection = connections[socket] else { return nil }
        // lws calls a writable turn only once what it was given before has left (or drained).
        if connection.answerSending { exportAnswered(connection) }
        if let close = connection.closeRequest {
            if connection.closeSent { return nil }
            connection.closeSent = true
            return .close(close)
        }
        if connection.pingDue {
            connection.pingDue = false
            if connection.outgoing != nil || connection.hasNotice { transport.wake(socket) }
            return .ping
        }
        let carriesExport = connection.noticeCarries("svg")
        if let notice = connection.takeNotice() {
            // An export's answer counts until the writable turn after it: ask for that turn.
            if carriesExport { connection.answerSending = true }
            if connection.outgoing != nil || carriesExport { transport.wake(socket) }
            return .text(notice)
        }
        if connection.outgoing == nil, let message = connection.owner.catchUp(connection) {
            connection.outgoing = transport.framing.message(message)
        }
        guard let message = takeOutgoing(connection) else { return nil }
        return .binary(message)
    }

    /// The waiting message, taken; wakes the socket when the viewer is still behind after it.
    private func takeOutgoing(_ connection: Connection) -> OutgoingMessage? {
        guard let message = connection.outgoing else { return nil }
        connection.outgoing = nil
        connection.messagesSent += 1
        // In a room, a viewer that missed frames meanwhile catches up at its next writable turn.
        if connection.owner.isBehind(connection) { transport.wake(connection.socket) }
        return message
    }

    /// Sends the viewer's waiting message now, outside a writable turn, when nothing has to go
    /// before it and the transport can write it at once (else a writable turn): saves a round trip
    /// through the event loop for nearly every message.
    func sendWaiting(_ connection: Connection) {
        guard connection.outgoing != nil, connection.closeRequest == nil, !connection.pingDue, !connection.hasNotice,
              let message = connection.outgoing else { return transport.wake(connection.socket) }
        if !transport.writeNow(connection.socket, message) { return transport.wake(connection.socket) }
        _ = takeOutgoing(connection)
    }

    /// A write to the viewer's socket failed: the transport drops it.
    func writeFailed(_ socket: ViewerSocket) {
        serviceThread.assertOnServiceThread()
        connections[socket]?.endReason = "write failed"
    }

    /// The viewer's close frame: true when the transport answers it and closes, false when it
    /// answers ours (the handshake is complete: close now without a second close frame).
    func peerClosed(_ socket: ViewerSocket, _ payload: UnsafeRawBufferPointer) -> Bool {
        serviceThread.assertOnServiceThread()
        guard let connection = connections[socket] else { return false }
        if connection.closeSent { return false }
        // The transport answers this one: nothing else may be written, and the session stops ticking.
        connection.closeSent = true
        connection.closeRequest = connection.closeRequest ?? CloseRequest(status: 1000, reason: "")
        guard payload.count >= 2 else { connection.endReason = "closed by viewer"; return true }
        let status = Int(payload[0]) << 8 | Int(payload[1])
        let reason = String(decoding: payload[2...], as: UTF8.self)
        connection.endReason = "closed by viewer: \(status)\(reason.isEmpty ? "" : " " + reason)"
        return true
    }

    /// The socket is gone. A private session dropped (not closed) is kept for its viewer to
    /// resume; a room without viewers closes.
    func closed(_ socket: ViewerSocket) {
        serviceThread.assertOnServiceThread()
        guard let connection = connections.removeValue(forKey: socket) else { return }
        let client = connection.client, owner = connection.owner
        connectionsByClient[client, default: 1] -= 1
        if connectionsByClient[client] == 0 { connectionsByClient[client] = nil }
        exportAnswered(connection)
        owner.leave(connection)
        if owner.viewers.isEmpty { owners[owner.key] = nil }
        if let session = owner as? PrivateSession, !connection.closeSent, connection.closeRequest == nil, !stopping,
           options.maxParkedPerClient > 0 {
            // Dropped, not closed: its viewer may come back for it (once a worker is done with it).
            if session.book.busy { session.parkOnIdle = true } else { park(session) }
            connection.endReason = (connection.endReason ?? "dropped") + "; session kept \(options.resumeSeconds) s for a resume"
        }
        if let room = owner as? Room, room.viewers.isEmpty {
            roomCount -= 1
            roomsByClient[room.openedBy, default: 1] -= 1
            if roomsByClient[room.openedBy] == 0 { roomsByClient[room.openedBy] = nil }
            logger.info("room \(room.name) closed: scene \(room.sceneName), \(roomCount) room(s)")
        }
        let tenths = Int(seconds(from: connection.opened, to: .now) * 10)
        logger.info("connection \(connection.id) closed: scene \(connection.sceneName), \(connection.endReason ?? "ended without a close from the viewer"), after \(tenths / 10).\(tenths % 10) s, \(connection.messagesSent) message(s), \(connections.count) open")
    }

    func park(_ session: PrivateSession) {
        guard let token = session.resumeToken else { return }
        parkedSessions.park(session.parked(until: .now.advanced(by: .seconds(options.resumeSeconds))), token: token)
    }

    /// Closes this connection only, telling the viewer why.
    private func fail(_ connection: Connection, _ request: CloseRequest) {
        logger.warning("connection \(connection.id) rejected a message: \(request.status) \(request.reason)")
        close(connection, request)
    }

    /// Starts the closing handshake: the close frame goes out at the next writable turn, then what
    /// the viewer still sends is dropped until its own close frame arrives.
    func close(_ connection: Connection, _ request: CloseRequest) {
        guard connection.closeRequest == nil else { return }
        connection.closeRequest = request
        connection.endReason = "closed by server: \(request.status) \(request.reason)"
        connection.outgoing = nil
        exportAnswered(connection)
        transport.beginClose(connection.socket)
    }

    /// Reports an action of the viewer its session refused: a log line, and `{"refused": [...]}`
    /// to that viewer (its overlay) with the message it sent (at most 200 bytes of it) and why.
    func refuseViewerAction(_ connection: Connection, _ message: [UInt8], _ why: String) {
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
        transport.wake(connection.socket)
    }

    /// Refused actions of one connection that are logged (the viewer is told of every one).
    static let maxLoggedRefusals = 20
}
