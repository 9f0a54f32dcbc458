import Foundation
import VeilCore

/// A session with the lock every thread takes to touch it: the worker ticking it, the service
/// thread reading a parked session's last frame. A session is never touched by two threads at
/// once; different sessions tick in parallel. The service thread hands its requests over as
/// `SessionWork` instead of taking the lock, so it never waits for a session a worker holds.
final class SharedSession: @unchecked Sendable {
    private let session: Session
    private let lock = NSLock()

    init(_ session: Session) { self.session = session }

    /// Does `work`, then ticks at `t` (nil: no tick, the last message still waits for its socket);
    /// `headroom` free bytes go in front of the message for lws. `newest`: copy the sent frame out
    /// (a room's viewers catch up from it). `describes`: the accessibility description too, when the
    /// work or the tick changed something.
    func run(_ work: SessionWork, tickAt t: Double?, headroom: Int, newest: Bool, describes: Bool = false) -> SessionResult {
        with { session in
            var result = SessionResult()
            if let scene = work.scene { session.replaceScene(scene, keepingSize: work.keepsSize) }
            if work.keyframe { session.requestKeyframe() }
            for input in work.inputs {
                do throws(SessionError) {
                    if let time = input.time { try session.apply(input.action, at: time) } else { try session.apply(input.action) }
                } catch {
                    // Well-formed but refused (an unknown node id, a command the node cannot take):
                    // nothing changed; the viewer is told, and stays.
                    result.refusedInputs.append((input.connection, input.message, error.message))
                }
            }
            guard let t else {
                if describes, !work.isEmpty { result.description = session.accessibilityDescription().json }
                return result
            }
            if let message = session.tick(at: t) {
                var buffer = [UInt8](repeating: 0, count: headroom)
                buffer.append(contentsOf: message)
                result.message = buffer
            }
            if !session.refused.isEmpty || session.refusedDropped > 0 {
                let (actions, dropped) = session.takeRefused()
                result.refused = Refusals(actions: actions, dropped: dropped)
            }
            if newest { result.newest = NewestFrame(frame: session.sentFrame, sequence: session.sentSequence, hash: session.sentHash) }
            if describes, result.message != nil || !work.isEmpty { result.description = session.accessibilityDescription().json }
            return result
        }
    }

    func with<T, E: Error>(_ body: (Session) throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(session)
    }
}
