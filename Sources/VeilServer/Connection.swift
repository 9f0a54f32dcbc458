import VeilCore

/// One viewer: the session it watches (its own, or its room's), at most one message waiting for
/// the socket (the bound of its queue) and the notices waiting beside it. On the service thread
/// (the hub's entries assert it).
final class Connection {
    // What the frame timer and a finished job read of every connection, first: in declaration
    // order, these share the object's first cache lines (each line is a cache miss a message).

    let socket: ViewerSocket
    let owner: any SessionOwner
    /// The next message; nil when nothing waits.
    var outgoing: OutgoingMessage? = nil
    /// Set when the server decided to close: sent at the next writable turn.
    var closeRequest: CloseRequest? = nil
    /// Text notices waiting for the socket, as members of one JSON object: a newer value of a key
    /// replaces an unsent one, so this stays bounded (`session`, `sceneError`, `refused`, `a11y`, `nodes`).
    private var noticeMembers: [(key: String, value: String)] = []
    /// When the viewer last sent anything (a message, a pong): idle connections are pinged, then closed.
    private(set) var lastHeard = ContinuousClock.now
    /// A ping is due at the next writable turn.
    var pingDue = false
    /// A ping went out since the viewer was last heard: no second one until it answers.
    var pinged = false
    /// Its socket is not read until its session took the inputs waiting.
    var readingPaused = false
    /// The viewer asked for `{"a11y": …}` notices (`describe=1`): it mirrors them in a hidden DOM.
    var wantsDescription = false
    /// The close frame went out: waiting for the viewer's, dropping anything else it sends.
    var closeSent = false
    var messagesSent = 0
    var ticksSkipped = 0

    let id: Int
    /// The client's address (per-client limits count by it).
    let client: String
    var sceneName: String { owner.sceneName }
    let opened = ContinuousClock.now
    /// The sequence number and hash of the frame the viewer says it holds (a reconnect).
    var heldSequence: UInt32? = nil
    var heldHash: UInt32? = nil
    /// In a room: the sequence number and frame of the last message queued for this viewer
    /// (what it holds once that arrives); nil before its first.
    var sentSequence: UInt32? = nil
    var sentFrame: Frame? = nil
    var hasNotice: Bool { !noticeMembers.isEmpty }
    func noticeCarries(_ key: String) -> Bool { noticeMembers.contains { $0.key == key } }
    /// The viewer asked for an export that has not left its socket yet (`ViewerHub.askExport`).
    var exportOwed = false
    /// It asked again meanwhile: asked for once the owed answer is read.
    var exportAskedAgain = false
    /// The export's answer was handed to the socket: it is read once the next writable turn comes.
    var answerSending = false
    /// The scene error the viewer was last told about (nil: none shown).
    private(set) var shownError: String? = nil
    /// What ended the connection, for the log line.
    var endReason: String? = nil
    /// Actions of the viewer its session refused (reported, not closed for).
    var refusedActions = 0

    init(id: Int, socket: ViewerSocket, client: String, owner: any SessionOwner) {
        self.id = id
        self.socket = socket
        self.client = client
        self.owner = owner
    }

    /// The scene's file: where refused actions are reported.
    var sceneFile: String { owner.sceneFile }
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

    /// The waiting notice as a text message's payload; nil when none waits.
    func takeNotice() -> [UInt8]? {
        guard !noticeMembers.isEmpty else { return nil }
        let body = "{" + noticeMembers.map { jsonString($0.key) + ":" + $0.value }.joined(separator: ",") + "}"
        noticeMembers.removeAll()
        return Array(body.utf8)
    }

    func heard(at now: ContinuousClock.Instant) {
        lastHeard = now
        pinged = false
    }

    /// What an idle connection needs now: nothing, a ping (half the timeout passed without a word
    /// from the viewer) or closing (the whole timeout passed: a dead peer or a half-open socket).
    enum IdleAction { case none, ping, close }

    /// The instants before which a viewer last heard is pinged or closed: worked out once a frame
    /// for every connection (Duration's arithmetic is not cheap enough to redo per connection).
    struct IdleDeadlines {
        let close: ContinuousClock.Instant
        let ping: ContinuousClock.Instant
        init(now: ContinuousClock.Instant, timeout: Duration) {
            close = now - timeout
            ping = now - timeout / 2
        }
    }

    func idleAction(_ deadlines: IdleDeadlines) -> IdleAction {
        if lastHeard <= deadlines.close { return .close }
        if lastHeard <= deadlines.ping, !pinged { return .ping }
        return .none
    }

    /// Session time minus the viewer's clock, from the first time-stamped message.
    private var viewerClockOffset: Double? = nil

    /// The next time stamp fixes the offset again (the session's clock changed pace).
    func resetClockOffset() { viewerClockOffset = nil }

    /// Maps a viewer's time stamp onto its session's clock: the first stamped message fixes the
    /// offset (it is taken to happen now); later ones keep their spacing, so a gesture's velocity
    /// is measured on the viewer's clock, not on when messages arrived. Never later than now.
    func sessionTime(ofViewerTime t: Double, now: ContinuousClock.Instant) -> Double {
        let age = owner.age(at: now)
        let offset = viewerClockOffset ?? (age - t)
        viewerClockOffset = offset
        return min(age, t + offset)
    }
}
