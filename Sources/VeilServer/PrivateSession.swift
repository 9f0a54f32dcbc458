import VeilCore

/// One viewer's own session of a scene: ticked only while its last message is not waiting for
/// the socket (a slow viewer's ticks are coalesced), and kept for a resume under `resumeToken`
/// when its connection drops (`ParkedSessions`).
final class PrivateSession: SessionBook, SessionOwner {
    let key: String
    let sceneName: String
    let sceneFile: String
    /// The address of its viewer's client (parked sessions are bounded per client).
    let client: String
    /// The token the server minted and told the viewer (`{"session": TOKEN}`).
    let resumeToken: String?

    /// A new session of `scene`, or `resuming` a parked one (its clock goes on).
    init(key: String, sceneName: String, sceneFile: String, scene: Scene, client: String, token: String,
         resuming parked: ParkedSessions.Parked?) {
        self.key = key
        self.client = client
        self.sceneName = sceneName
        self.sceneFile = sceneFile
        resumeToken = token
        super.init(parked?.session ?? SharedSession(Session(scene: scene)))
        if let clock = parked?.clock { self.clock = clock }
        viewerResized = parked?.viewerResized ?? false
        recording = parked?.recording
    }

    /// This session, to keep for a resume until `until`.
    func parked(until: ContinuousClock.Instant) -> ParkedSessions.Parked {
        ParkedSessions.Parked(session: shared, sceneName: sceneName, client: client, clock: book.clock,
                              viewerResized: book.viewerResized, recording: book.recording, until: until)
    }

    var ticks: Bool { viewers.first?.outgoing == nil }
    /// Its viewer is new (or resumed): the session makes its frame now.
    var ticksForNewViewer: Bool { true }
    var keepsNewestFrame: Bool { false }
    var scrubs: Bool { true }

    func join(_ viewer: Connection) { viewers = [viewer] }
    func leave(_ viewer: Connection) { viewers.removeAll { $0 === viewer } }

    func requestKeyframe(for viewer: Connection) -> Bool {
        book.work.keyframe = true
        return true
    }

    func deliver(_ message: OutgoingMessage?, newest: NewestFrame?, scrub: Bool, _ ready: (Connection) -> Void) {
        // A scrub's keyframe replaces a live message still waiting: it is what the viewer asked for.
        guard let message, let viewer = viewers.first, viewer.outgoing == nil || scrub else { return }
        viewer.outgoing = message  // made by the job, ready for the transport
        ready(viewer)
    }

    func isBehind(_ viewer: Connection) -> Bool { false }
    func catchUp(_ viewer: Connection) -> [UInt8]? { nil }
}
