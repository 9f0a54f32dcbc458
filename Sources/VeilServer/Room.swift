import VeilCore

/// A session shared by every viewer of `/ws?scene=NAME&room=ROOM`: any of them can drive it, all
/// see the same frames. Each tick renders and encodes once, and the very same bytes (one array,
/// shared) go to every viewer in sync — nothing waiting for its socket, holding the frame of the
/// previous message. A viewer that fell behind (its socket was slow, it just joined, it asked for
/// a keyframe) gets, when its socket can take it, one message from the frame it holds to the
/// newest: a delta whose base is its own last message, or a keyframe when it holds none. Host
/// events ride on the shared messages only: a viewer catching up does not get those it skipped.
final class Room: SessionBook, SessionOwner {
    let name: String
    let sceneName: String
    let sceneFile: String
    var resumeToken: String? { nil }
    /// Every tick: a viewer whose socket is slow catches up from the newest frame.
    var ticks: Bool { true }
    /// Only the room's first viewer: later ones catch up from the newest frame.
    var ticksForNewViewer: Bool { newest == nil }
    /// Viewers catch up from it.
    var keepsNewestFrame: Bool { true }
    var scrubs: Bool { false }
    /// The session's newest message's frame, as of the last tick the service thread heard of.
    var newest: NewestFrame? = nil
    /// The address of the client that opened the room (rooms per client are counted by it).
    let openedBy: String

    init(name: String, sceneName: String, sceneFile: String, scene: Scene, openedBy: String) {
        self.openedBy = openedBy
        self.name = name
        self.sceneName = sceneName
        self.sceneFile = sceneFile
        super.init(SharedSession(Session(scene: scene)))
    }

    static func key(scene: String, room: String) -> String { "room " + scene + "\n" + room }
    var key: String { Self.key(scene: sceneName, room: name) }

    func join(_ viewer: Connection) {
        viewers.append(viewer)
        // Back in the room holding its newest frame: deltas go on from it.
        if let newest, let frame = newest.frame, viewer.heldSequence == newest.sequence, viewer.heldHash == newest.hash {
            viewer.sentSequence = newest.sequence
            viewer.sentFrame = frame
        }
    }

    func leave(_ viewer: Connection) { viewers.removeAll { $0 === viewer } }


    func requestKeyframe(for viewer: Connection) -> Bool {
        viewer.sentFrame = nil  // a keyframe for this viewer alone, when its socket can take it
        return false
    }

    /// Hands the session's newest message (just ticked, made ready for the transport) to the viewers.
    func deliver(_ message: OutgoingMessage?, newest sent: NewestFrame?, scrub: Bool, _ ready: (Connection) -> Void) {
        if let sent { newest = sent }
        guard let buffer = message, let newest else { return }
        let (sequence, sentFrame) = (newest.sequence, newest.frame)
        let isKeyframe = buffer.count > 2 && buffer[2] & 0x03 == 1
        var waiting: [Connection] = []
        for viewer in viewers where viewer.closeRequest == nil && viewer.outgoing == nil {
            if isKeyframe || (viewer.sentFrame != nil && viewer.sentSequence == sequence &- 1) {
                viewer.outgoing = buffer  // the same storage for every viewer: no copy
                viewer.sentSequence = sequence
                viewer.sentFrame = sentFrame
            }
            waiting.append(viewer)
        }
        for viewer in viewers where viewer.outgoing != nil && viewer.sentSequence != sequence { viewer.ticksSkipped += 1 }
        for viewer in waiting { ready(viewer) }
    }

    func isBehind(_ viewer: Connection) -> Bool {
        guard let newest, newest.frame != nil else { return false }
        return viewer.sentFrame == nil || viewer.sentSequence != newest.sequence
    }

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
}
