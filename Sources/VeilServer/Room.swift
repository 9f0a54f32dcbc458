import VeilCore

/// A session shared by every viewer of `/ws?scene=NAME&room=ROOM`: any of them can drive it, all
/// see the same frames. Each tick renders and encodes once, and the very same bytes (one array,
/// shared) go to every viewer in sync — nothing waiting for its socket, holding the frame of the
/// previous message. A viewer that fell behind (its socket was slow, it just joined, it asked for
/// a keyframe) gets, when its socket can take it, one message from the frame it holds to the
/// newest: a delta whose base is its own last message, or a keyframe when it holds none. Host
/// events ride on the shared messages only: a viewer catching up does not get those it skipped.
final class Room: SessionOwner {
    let name: String
    let sceneName: String
    /// The scene's file: where refused actions are reported.
    let sceneFile: String
    let shared: SharedSession
    /// A worker is ticking the session: no other tick until its result is back.
    var busy = false
    /// Seconds its session's last tick on a worker took: over `TickWorkers.slowTickSeconds` it is slow.
    var lastTickCost = 0.0
    /// What the service thread queued for the session's next tick (any viewer's actions).
    var work = SessionWork()
    var description: [UInt8] = []
    var describedAt = ContinuousClock.Instant.now - describeSeconds
    var describes: Bool { viewers.contains { $0.wantsDescription } }
    /// The session's newest message's frame, as of the last tick the service thread heard of.
    var newest: NewestFrame? = nil
    /// The address of the client that opened the room (rooms per client are counted by it).
    let openedBy: String
    /// The session's clock starts when the room opens (its first viewer).
    let opened = ContinuousClock.now
    private(set) var viewers: [Connection] = []

    init(name: String, sceneName: String, sceneFile: String, scene: Scene, openedBy: String) {
        self.openedBy = openedBy
        self.name = name
        self.sceneName = sceneName
        self.sceneFile = sceneFile
        shared = SharedSession(Session(scene: scene))
    }

    static func key(scene: String, room: String) -> String { scene + "\n" + room }
    var key: String { Self.key(scene: sceneName, room: name) }

    func join(_ viewer: Connection) { viewers.append(viewer) }
    func leave(_ viewer: Connection) { viewers.removeAll { $0 === viewer } }

    func age(at now: ContinuousClock.Instant) -> Double {
        let d = opened.duration(to: now).components
        return Double(d.seconds) + Double(d.attoseconds) * 1e-18
    }

    /// Tells every viewer about actions the session refused; returns them (each has a notice).
    func noteRefused(_ refused: Refusals) -> [Connection] {
        let lines = refused.report(scene: sceneName, file: sceneFile)
        for viewer in viewers { viewer.noteRefused(lines) }
        return viewers.filter { $0.closeRequest == nil }
    }

    /// Hands the session's newest message (just ticked), already behind `headroom` free bytes, to
    /// the viewers; `newest` must be the frame it leads to.
    func distribute(headroomed buffer: [UInt8], headroom: Int) -> [Connection] {
        guard let newest else { return [] }
        let (sequence, sentFrame) = (newest.sequence, newest.frame)
        let isKeyframe = buffer.count > headroom + 2 && buffer[headroom + 2] & 0x03 == 1
        var ready: [Connection] = []
        for viewer in viewers where viewer.closeRequest == nil && viewer.outgoing == nil {
            if isKeyframe || (viewer.sentFrame != nil && viewer.sentSequence == sequence &- 1) {
                viewer.outgoing = buffer  // the same storage for every viewer: no copy
                viewer.sentSequence = sequence
                viewer.sentFrame = sentFrame
            }
            ready.append(viewer)
        }
        for viewer in viewers where viewer.outgoing != nil && viewer.sentSequence != sequence { viewer.ticksSkipped += 1 }
        return ready
    }

    /// The message that takes `viewer` from what it holds to the newest frame; nil when in sync.
    func catchUp(_ viewer: Connection) -> [UInt8]? {
        guard let newest, let frame = newest.frame,
              viewer.sentSequence != newest.sequence || viewer.sentFrame == nil else { return nil }
        let message: [UInt8]
        if let held = viewer.sentFrame, let base = viewer.sentSequence {
            message = WireEncoder.delta(Differ.diff(from: held, to: frame), sequence: newest.sequence, base: base, hash: newest.hash)
        } else {
            message = WireEncoder.keyframe(frame, sequence: newest.sequence, hash: newest.hash)
        }
        viewer.sentSequence = newest.sequence
        viewer.sentFrame = frame
        return message
    }

    /// True when `viewer` does not hold the newest frame (after its waiting message, if any).
    func isBehind(_ viewer: Connection) -> Bool {
        guard let newest, newest.frame != nil else { return false }
        return viewer.sentFrame == nil || viewer.sentSequence != newest.sequence
    }
}
