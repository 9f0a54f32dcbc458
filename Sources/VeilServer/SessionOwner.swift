/// A session and the viewers it serves — a private session (`PrivateSession`: one viewer) or a
/// shared room (`Room`: every viewer of `/ws?scene=NAME&room=ROOM`). The hub schedules, ticks,
/// reloads and delivers through this alone: what differs between the two is here, not in branches.
/// On the service thread (the hub's entries assert it), except `shared`, which one worker at a
/// time ticks.
protocol SessionOwner: SessionBook {
    /// Its key among the hub's owners.
    var key: String { get }
    var sceneName: String { get }
    /// The scene's file: where refused actions are reported.
    var sceneFile: String { get }
    /// The token a dropped viewer resumes it with; nil: not resumable.
    var resumeToken: String? { get }
    /// Whether the next job ticks: false while a private viewer's last message still waits for its
    /// socket (a slow viewer's ticks are coalesced into the next one).
    var ticks: Bool { get }
    /// Whether a viewer that just joined needs a tick now (else it catches up from the newest frame).
    var ticksForNewViewer: Bool { get }
    /// Whether a tick copies the sent frame out for `catchUp`.
    var keepsNewestFrame: Bool { get }
    func join(_ viewer: Connection)
    func leave(_ viewer: Connection)
    /// `viewer` asked for a keyframe: true when the session has to make one (queued work), false
    /// when the viewer alone catches up at its next writable turn (`catchUp`).
    func requestKeyframe(for viewer: Connection) -> Bool
    /// Whether its viewers may scrub it (a private session; a room's viewers share one present).
    var scrubs: Bool { get }
    /// Takes a finished job's message (a scrub's keyframe when `scrub`; `newest`: a room's frame
    /// after it) and calls `ready` with each viewer that now has a message waiting to send (a
    /// closure, not an array: a private session's message allocates nothing here).
    func deliver(_ message: OutgoingMessage?, newest: NewestFrame?, scrub: Bool, _ ready: (Connection) -> Void)
    /// True when `viewer` does not hold the newest frame (after its waiting message, if any).
    func isBehind(_ viewer: Connection) -> Bool
    /// The message that takes `viewer` to the newest frame when nothing else waits for it; nil
    /// when it holds it.
    func catchUp(_ viewer: Connection) -> [UInt8]?
}

extension SessionOwner {
    /// What the service thread keeps for it between jobs: the owner itself (`SessionBook`).
    var book: SessionBook { self }

    /// Seconds on the session's clock.
    func age(at now: ContinuousClock.Instant) -> Double { book.clock.time(at: now) }

    /// Whether a viewer asked for the description (`/ws?…&describe=1`).
    var describes: Bool { viewers.contains { $0.wantsDescription } }

    /// Tells every viewer about actions the session refused; returns those still open.
    func noteRefused(_ refused: Refusals) -> [Connection] {
        let lines = refused.report(scene: sceneName, file: sceneFile)
        for viewer in viewers { viewer.noteRefused(lines) }
        return viewers.filter { $0.closeRequest == nil }
    }
}

/// What the service thread keeps for a session between the jobs that tick it, and its viewers: the
/// class every owner is (`owner.book` is the owner). The frame timer reads it for every session at
/// every frame: as the owner's own fields these are read without a call through the protocol, a
/// retain or another object's cache lines (a struct read through the protocol was copied whole at
/// each read; an object of its own cost a call, a retain and a cache miss a read).
class SessionBook {
    // What the frame timer and a finished job read of every session, first: in declaration order,
    // these share the object's first cache lines (a line is a cache miss a job; the rest, after
    // `replayable`, is read only when a viewer asks for something). Final: read directly, not through
    // an accessor that retains what it returns.

    /// When the session can next change by itself (session time), from its last tick: until then,
    /// with no work queued, it needs no tick (a shimmer is played by the viewers, not ticked here).
    final var nextChange = 0.0
    /// A worker has the session: no other job for it until the result is back.
    final var busy = false
    /// A private session whose connection closed while a worker had it: parked once the job is back.
    final var parkOnIdle = false
    /// Whether the session can still be replayed to an earlier time (`SharedSession`).
    final var replayable = true
    /// Seconds its last job took: over `TickWorkers.slowTickSeconds` it is slow.
    final var lastTickCost = 0.0
    /// Its viewers: one for a private session, every viewer of a room.
    final var viewers: [Connection] = []
    /// The session, which one worker at a time ticks.
    let shared: SharedSession
    /// What the service thread queued for the session's next job.
    final var work = SessionWork()
    /// Its clock: paused, slowed or stepped by a viewer's transport controls.
    final var clock = SessionClock()
    /// The session time of its last tick: a paused clock that has not moved needs none.
    final var tickedAt: Double? = nil
    /// The earlier time its viewers are shown (a scrub), its live frames held back meanwhile; nil: live.
    final var scrubbedTo: Double? = nil

    /// What its viewers were last told of the screen for assistive technology, and when it was
    /// last worked out (at most `describeSeconds` apart while only time moves).
    final var description: [UInt8] = []
    final var describedAt = ContinuousClock.Instant.now - describeSeconds
    /// A viewer sent its canvas size: a reloaded scene keeps it, not the file's.
    final var viewerResized = false
    /// What its viewers did since it began (`--save-cases`); nil when not recorded.
    final var recording: CaseRecording? = nil
    /// The viewers waiting for an SVG export of the frame shown.
    final var exportTo: Set<Int> = []

    init(_ shared: SharedSession) { self.shared = shared }
}

/// How often a session's accessibility description is worked out again while nothing but time
/// changes it (a shimmer moves every frame; what it says changes seldom).
let describeSeconds = Duration.milliseconds(250)

/// Seconds from `start` to `now`.
func seconds(from start: ContinuousClock.Instant, to now: ContinuousClock.Instant) -> Double {
    let d = start.duration(to: now).components
    return Double(d.seconds) + Double(d.attoseconds) * 1e-18
}
