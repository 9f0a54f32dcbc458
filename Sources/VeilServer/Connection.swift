import VeilCore

/// One viewer: its own session of the scene it asked for (or its room's, shared), at most one
/// message waiting for the socket (the bound of its queue), and the fragments of the message it
/// is sending us. For a private session it is the session's owner (a room owns a shared one).
final class Connection: SessionOwner {
    let id: Int
    let wsi: OpaquePointer
    let sceneName: String
    let peer: String
    let shared: SharedSession
    /// The client's address (per-client limits count by it).
    let client: String
    /// A worker is ticking the session: no other tick until its result is back.
    var busy = false
    /// Seconds its session's last tick on a worker took: over `TickWorkers.slowTickSeconds` it is slow.
    var lastTickCost = 0.0
    /// What the service thread queued for the private session's next tick.
    var work = SessionWork()
    var description: [UInt8] = []
    var describedAt = ContinuousClock.Instant.now - describeSeconds
    /// The viewer asked for `{"a11y": …}` notices (`describe=1`): it mirrors them in a hidden DOM.
    var wantsDescription = false
    var describes: Bool { wantsDescription }
    /// Its socket is not read (`lws_rx_flow_control`) until its session took the inputs waiting.
    var readingPaused = false
    /// Closed while busy: to be parked for a resume once the worker is done with it.
    var parkOnIdle = false
    /// The room whose session this is; nil for a private session.
    let room: Room?
    let opened = ContinuousClock.now
    /// The session's clock starts here: when the connection opened, or its room.
    private let clockStart: ContinuousClock.Instant
    /// In a room: the sequence number and frame of the last message queued for this viewer
    /// (what it holds once that arrives); nil before its first.
    var sentSequence: UInt32? = nil
    var sentFrame: Frame? = nil
    /// `LWS_PRE` free bytes, then the next message; nil when nothing waits.
    var outgoing: [UInt8]? = nil
    /// Text notices waiting for the socket, as members of one JSON object: a newer value of a key
    /// replaces an unsent one, so this stays bounded (`session`, `sceneError`, `refused`).
    private var noticeMembers: [(key: String, value: String)] = []
    var hasNotice: Bool { !noticeMembers.isEmpty }
    /// The scene error the viewer was last told about (nil: none shown).
    private(set) var shownError: String? = nil
    /// The viewer sent a resize: a reloaded scene keeps the viewer's size, not the file's.
    var viewerResized = false
    /// The client message being reassembled from fragments.
    var incoming: [UInt8] = []
    /// Set when the server decided to close: sent at the next writable callback.
    var closeRequest: CloseRequest? = nil
    /// The close frame went out: waiting for the viewer's, dropping anything else it sends.
    var closeSent = false
    /// What ended the connection, for the log line.
    var endReason: String? = nil
    var messagesSent = 0
    /// Messages may be written outside lws' writable callback (`PreviewServer.send`): false when
    /// permessage-deflate was negotiated.
    var sendsDirectly = false
    /// Actions of the viewer its session refused (reported, not closed for).
    var refusedActions = 0
    var ticksSkipped = 0
    /// When the viewer last sent anything (a message, a pong): idle connections are pinged, then closed.
    private(set) var lastHeard = ContinuousClock.now
    /// A ping is due at the next writable callback.
    var pingDue = false
    /// A ping went out since the viewer was last heard: no second one until it answers.
    var pinged = false

    /// A viewer of a private session: a new one of `scene`, or `resuming` one parked (with the
    /// clock start it ran on), resumable later under `token`.
    init(id: Int, wsi: OpaquePointer, sceneName: String, sceneFile: String, peer: String, scene: Scene,
         token: String? = nil, resuming parked: ParkedSessions.Parked? = nil) {
        self.id = id
        client = peer
        self.sceneFile = sceneFile
        resumeToken = token
        self.wsi = wsi
        self.sceneName = sceneName
        self.peer = peer
        shared = parked?.session ?? SharedSession(Session(scene: scene))
        room = nil
        clockStart = parked?.clockStart ?? opened
        viewerResized = parked?.viewerResized ?? false
    }

    /// The token the server minted for this private session and told the viewer
    /// (`{"session": TOKEN}`): the session is kept under it for a resume when the connection
    /// drops. nil: not resumable (a room's viewer).
    var resumeToken: String?

    /// This private session, to keep for a resume until `until`.
    func parked(until: ContinuousClock.Instant) -> ParkedSessions.Parked {
        ParkedSessions.Parked(session: shared, sceneName: sceneName, client: client, clockStart: clockStart,
                              viewerResized: viewerResized, until: until)
    }

    /// A viewer of `room`'s shared session.
    init(id: Int, wsi: OpaquePointer, peer: String, room: Room) {
        self.id = id
        client = peer
        resumeToken = nil
        self.wsi = wsi
        sceneName = room.sceneName
        sceneFile = room.sceneFile
        self.peer = peer
        shared = room.shared
        self.room = room
        clockStart = room.opened
    }

    /// The scene's file: where refused actions are reported.
    let sceneFile: String
    /// The refusals shown to the viewer, newest last (at most `maxShownRefusals`).
    private(set) var shownRefusals: [String] = []
    static let maxShownRefusals = 16

    /// Tells the viewer about actions its session refused: `{"refused": [the latest lines]}`.
    func noteRefused(_ lines: [String]) {
        shownRefusals = Array((shownRefusals + lines).suffix(Self.maxShownRefusals))
        post("refused", "[" + shownRefusals.map { jsonString($0) }.joined(separator: ",") + "]")
    }

    /// Tells the viewer its scene's file does not read (`{"sceneError": "file:line:column: …"}`)
    /// or reads again (`{"sceneError": null}`).
    func setNotice(error: String?) {
        shownError = error
        post("sceneError", error.map { jsonString($0) } ?? "null")
    }

    /// Queues `"key": value` (value already JSON) for the next notice.
    func post(_ key: String, _ value: String) {
        noticeMembers.removeAll { $0.key == key }
        noticeMembers.append((key, value))
    }

    /// The waiting notice as a text message after `headroom` free bytes; nil when none waits.
    func takeNotice(headroom: Int) -> [UInt8]? {
        guard !noticeMembers.isEmpty else { return nil }
        let body = "{" + noticeMembers.map { jsonString($0.key) + ":" + $0.value }.joined(separator: ",") + "}"
        noticeMembers.removeAll()
        return [UInt8](repeating: 0, count: headroom) + Array(body.utf8)
    }

    func heard(at now: ContinuousClock.Instant) {
        lastHeard = now
        pinged = false
    }

    /// What an idle connection needs now: nothing, a ping (half the timeout passed without a word
    /// from the viewer) or closing (the whole timeout passed: a dead peer or a half-open socket).
    enum IdleAction { case none, ping, close }

    func idleAction(at now: ContinuousClock.Instant, timeout: Duration) -> IdleAction {
        let silent = lastHeard.duration(to: now)
        if silent >= timeout { return .close }
        if silent >= timeout / 2, !pinged { return .ping }
        return .none
    }

    /// Seconds on the session's clock: since the connection opened, or its room.
    func age(at now: ContinuousClock.Instant) -> Double {
        let d = clockStart.duration(to: now).components
        return Double(d.seconds) + Double(d.attoseconds) * 1e-18
    }

    /// Seconds since this connection opened (for the log).
    func lifetime(at now: ContinuousClock.Instant) -> Double {
        let d = opened.duration(to: now).components
        return Double(d.seconds) + Double(d.attoseconds) * 1e-18
    }

    /// Session time minus the viewer's clock, from the first time-stamped message.
    private var viewerClockOffset: Double? = nil

    /// Maps a viewer's time stamp onto this session's clock: the first stamped message fixes the
    /// offset (it is taken to happen now); later ones keep their spacing, so a gesture's velocity
    /// is measured on the viewer's clock, not on when messages arrived. Never later than now.
    func sessionTime(ofViewerTime t: Double, now: ContinuousClock.Instant) -> Double {
        let age = age(at: now)
        let offset = viewerClockOffset ?? (age - t)
        viewerClockOffset = offset
        return min(age, t + offset)
    }
}
