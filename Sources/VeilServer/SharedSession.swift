import Foundation
import VeilCore

/// A session with the lock every thread takes to touch it: the worker ticking it, the service
/// thread applying input, reloading its scene or reading its last frame. A session is never
/// touched by two threads at once; different sessions tick in parallel.
final class SharedSession: @unchecked Sendable {
    private let session: Session
    private let lock = NSLock()

    init(_ session: Session) { self.session = session }

    func with<T, E: Error>(_ body: (Session) throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(session)
    }
}
