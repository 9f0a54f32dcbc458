import VeilCore

/// What the service thread asks of a session besides ticking it — a reloaded scene, a keyframe, the
/// viewers' actions — done by whoever ticks it next (a tick worker), in that order, under the
/// session's lock. The service thread only queues: a session whose work is slow (a huge scene's
/// reload, an action that changes thousands of nodes) delays its own viewers, never the socket
/// loop nor another session.
struct SessionWork: Sendable {
    /// A viewer's action, with its time on the session's clock (nil: untimed) and the start of the
    /// message it came in (for the refusal report: `keptBytes` of it, so a queue of inputs stays
    /// small however large the messages were).
    struct Input: Sendable {
        static let keptBytes = 201
        var connection: Int
        var action: Action
        var time: Double?
        var message: [UInt8]
    }

    /// A reloaded scene to replace the session's.
    var scene: Scene? {
        get { replacement?.scene }
        set { replacement = newValue.map(Replacement.init) }
    }
    /// The scene held by reference: every session's work is looked at every frame, and a scene
    /// inline (a large struct) was copied out to see that there was none.
    private var replacement: Replacement? = nil
    var replacesScene: Bool { replacement != nil }
    private final class Replacement: Sendable {
        let scene: Scene
        init(_ scene: Scene) { self.scene = scene }
    }
    var keepsSize = false
    var keyframe = false
    var inputs: [Input] = []
    /// Show the frame of this earlier session time (a scrub) instead of ticking.
    var scrub: Double? = nil
    /// Draw the frame shown as SVG: the live one (nil), or the one of a scrub.
    var exportSVG: ExportFrame? = nil
    enum ExportFrame: Sendable { case live, at(Double) }

    /// What the viewers' inspectors asked (the newest of each viewer), by connection.
    var inspections: [(connection: Int, request: InspectRequest)] = []

    /// Inlined: read through a session's book at every frame, it is then a few field loads rather
    /// than a copy of the whole work (a few hundred bytes, retained) to call it on.
    var isEmpty: Bool {
        @inline(__always) get {
            if case .some = exportSVG { return false }
            return replacement == nil && !keyframe && inputs.isEmpty && scrub == nil && inspections.isEmpty
        }
    }

    /// Inputs one session may have waiting: past this the connection's socket is not read
    /// until a worker took them, so a client sending faster than its
    /// session applies fills its own TCP window, not the server's memory.
    static let maxWaitingInputs = 256
}

/// What a session did with its work and tick, for the service thread. What every tick sets comes
/// first and the rest after `noted`: written by a worker and read by the service thread, a result
/// that is only a message moves the first cache line or two between the cores, not all of it.
struct SessionResult: Sendable {
    /// The tick's message, made by the transport's rule; nil when nothing changed or no tick.
    var message: OutgoingMessage? = nil
    /// After a tick: the session time when it can next change by itself (`Session.nextChange`;
    /// infinity: only new work changes it). Without a tick: nil.
    var nextChange: Double? = nil
    /// Whether the session can still be replayed to an earlier time (a scrub).
    var replayable = true
    /// The message is a scrub's keyframe, not a tick's.
    var scrub = false
    /// Whether anything below is set besides `newest` (what the viewers are told beside the message).
    var noted = false
    /// For a room: the session's newest frame after the tick (what catching-up viewers are sent).
    var newest: NewestFrame? = nil
    /// Timeline and reaction actions the tick refused.
    var refused: Refusals? = nil
    /// Viewer actions the session refused: which connection sent which message, and why.
    var refusedInputs: [(connection: Int, message: [UInt8], why: String)] = []
    /// What the session's screen says to assistive technology (`AccessibilityDescription.json`),
    /// when the job was asked for it and something changed: the viewer mirrors it in a hidden DOM.
    var description: [UInt8]? = nil
    /// The frame asked for by `exportSVG`, as SVG.
    var svg: SVG? = nil
    /// An exported frame: its size, and the SVG as a JSON string literal (a notice's value; nil
    /// past `ViewerHub.maxExportBytes`).
    struct SVG { var bytes: Int; var json: String? }
    /// The answers to `inspections`, as JSON (`{"at"|"node": …, "nodes": [{id, type, x, y, width, height}]}`).
    var inspected: [(connection: Int, json: String)] = []
}

/// A session's last sent frame with its sequence number and hash, copied out under its lock so the
/// service thread never waits for a session a worker is ticking.
struct NewestFrame: Sendable {
    var frame: Frame?
    var sequence: UInt32
    var hash: UInt32
}
