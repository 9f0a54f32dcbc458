import Foundation
import VeilCore

/// A session with the lock every thread takes to touch it: the worker ticking it, the service
/// thread reading a parked session's last frame. A session is never touched by two threads at
/// once; different sessions tick in parallel. The service thread hands its requests over as
/// `SessionWork` instead of taking the lock, so it never waits for a session a worker holds.
final class SharedSession: @unchecked Sendable {
    private let session: Session
    private let lock = NSLock()
    /// The scene the session began with, and what was applied to it since, each at its session
    /// time: enough to replay it into a copy at any earlier time (a scrub). nil once it is not:
    /// the scene was replaced (a live reload), or more than `maxHistory` actions were applied.
    private let initialScene: Scene
    private var history: [(time: Double, action: Action)]? = []
    static let maxHistory = 5_000

    init(_ session: Session) {
        self.session = session
        initialScene = session.scene
    }

    /// Does `work`, then ticks at `t` (nil: no tick, the last message still waits for its socket);
    /// The message is made by `framing` (the transport's rule), here rather than on the network
    /// thread. `newest`: copy the sent frame out
    /// (a room's viewers catch up from it). `describes`: the accessibility description too, when the
    /// work or the tick changed something.
    func run(_ work: SessionWork, tickAt t: Double?, framing: MessageFraming, newest: Bool, describes: Bool = false) -> SessionResult {
        var result = with { session in run(work, on: session, tickAt: t, framing: framing, newest: newest, describes: describes) }
        result.noted = result.refused != nil || !result.refusedInputs.isEmpty || result.description != nil || result.svg != nil
            || !result.inspected.isEmpty
        return result
    }

    private func run(_ work: SessionWork, on session: Session, tickAt t: Double?, framing: MessageFraming, newest: Bool,
                     describes: Bool) -> SessionResult {
        var result = SessionResult()
        if let scene = work.scene {
            session.replaceScene(scene, keepingSize: work.keepsSize)
            history = nil
        }
        if work.keyframe { session.requestKeyframe() }
        for input in work.inputs {
            do throws(SessionError) {
                if let time = input.time { try session.apply(input.action, at: time) } else { try session.apply(input.action) }
            } catch {
                // Well-formed but refused (an unknown node id, a command the node cannot take):
                // nothing changed; the viewer is told, and stays.
                result.refusedInputs.append((input.connection, input.message, error.message))
            }
            if history != nil, history!.count < Self.maxHistory { history!.append((session.time, input.action)) } else { history = nil }
        }
        result.replayable = history != nil
        let svg: [UInt8]?
        switch work.exportSVG {
        case .live: svg = SVGExport.svg((session.sentFrame ?? session.frame(at: session.time)).played(at: session.time))
        case let .at(t): svg = replayedFrame(at: t).map { SVGExport.svg($0.played(at: t)) }
        case nil: svg = nil
        }
        // Quoted here, on the worker (an export can be megabytes, too much for the network
        // thread), and only when it is within an export's bound.
        if let svg {
            result.svg = SessionResult.SVG(bytes: svg.count, json: svg.count <= ViewerHub.maxExportBytes
                                           ? jsonString(String(decoding: svg, as: UTF8.self)) : nil)
        }
        for (connection, request) in work.inspections {
            result.inspected.append((connection, Self.inspection(request, in: session)))
        }
        if let t = work.scrub {
            result.message = scrubFrame(at: t, framing: framing)
            result.scrub = true
            return result
        }
        guard let t else {
            if describes, !work.isEmpty { result.description = session.accessibilityDescription().json }
            return result
        }
        if let message = session.tick(at: t) { result.message = framing.message(message) }
        result.nextChange = session.nextChange ?? .infinity
        if !session.refused.isEmpty || session.refusedDropped > 0 {
            let (actions, dropped) = session.takeRefused()
            result.refused = Refusals(actions: actions, dropped: dropped)
        }
        if newest { result.newest = NewestFrame(frame: session.sentFrame, sequence: session.sentSequence, hash: session.sentHash) }
        if describes, result.message != nil || !work.isEmpty { result.description = session.accessibilityDescription().json }
        return result
    }

    /// The frame the session showed at `t` as a keyframe message (the live session's sequence
    /// number, so the viewer's mirror takes it and goes on after a keyframe of the live one):
    /// the initial scene replayed into a new session with every action applied up to `t`. nil
    /// when the history is gone. Bounded by `maxHistory` actions and the scene's own limits.
    private func scrubFrame(at t: Double, framing: MessageFraming) -> OutgoingMessage? {
        guard let frame = replayedFrame(at: t) else { return nil }
        return framing.message(WireEncoder.keyframe(frame, sequence: session.sentSequence))
    }

    /// The frame at `t` of the session replayed into a copy; nil when the history is gone.
    private func replayedFrame(at t: Double) -> Frame? {
        guard let history else { return nil }
        let copy = Session(scene: initialScene)
        for entry in history where entry.time <= t { try? copy.apply(entry.action, at: entry.time) }
        return copy.frame(at: t)
    }

    /// The answer to an inspector's request, as JSON.
    static func inspection(_ request: InspectRequest, in session: Session) -> String {
        let nodes: [InspectedNode]
        let asked: String
        switch request {
        case let .point(x, y):
            nodes = session.nodes(at: Point(x: x, y: y))
            asked = "\"at\":{\"x\":\(x),\"y\":\(y)}"
        case let .node(id):
            nodes = session.inspect(id).map { [$0] } ?? []
            asked = "\"node\":" + jsonString(String(decoding: id, as: UTF8.self))
        }
        let list = nodes.map { node in
            "{\"id\":\(jsonString(String(decoding: node.id, as: UTF8.self))),\"type\":\"\(node.type)\",\"x\":\(node.frame.x),"
                + "\"y\":\(node.frame.y),\"width\":\(node.frame.width),\"height\":\(node.frame.height)}"
        }
        return "{" + asked + ",\"nodes\":[" + list.joined(separator: ",") + "]}"
    }

    func with<T, E: Error>(_ body: (Session) throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(session)
    }
}
