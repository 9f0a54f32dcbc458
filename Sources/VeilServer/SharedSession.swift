import Foundation
import VeilCore

/// A session with the lock every thread takes to touch it: the worker ticking it, the service
/// thread applying input, reloading its scene or reading its last frame. A session is never
/// touched by two threads at once; different sessions tick in parallel.
final class SharedSession: @unchecked Sendable {
    private let session: Session
    private let lock = NSLock()

    init(_ session: Session) { self.session = session }

    /// Ticks the session at `t`; the timeline and reaction actions it refused meanwhile come along
    /// (taken under the same lock), for the host to report.
    func tick(at t: Double) -> (message: [UInt8]?, refused: Refusals?) {
        with { session in
            let message = session.tick(at: t)
            guard !session.refused.isEmpty || session.refusedDropped > 0 else { return (message, nil) }
            let (actions, dropped) = session.takeRefused()
            return (message, Refusals(actions: actions, dropped: dropped))
        }
    }

    func with<T, E: Error>(_ body: (Session) throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(session)
    }
}
