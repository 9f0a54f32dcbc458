import Foundation
import Synchronization

/// The one thread the hub lives on — libwebsockets' service thread — recorded once, by the first
/// entry that asserts it, and checked at every entry the transport calls (`open`, `receive`,
/// `reject`, `heard`, `nextFrame`, `writeFailed`, `peerClosed`, `closed`, `timerFired`,
/// `wokenUp`, `stop`), as swift-nio's handlers `assertInEventLoop`. The hub's state (connections,
/// sessions' books, counts) has no lock: this is what keeps it to one thread. Other threads (tick
/// workers, the scene watcher, the header gate) only wake the service thread.
///
/// Checked in debug builds (the tests, `make test-server`'s suites); a release build checks nothing.
final class ServiceThread: Sendable {
    /// The recorded thread (`pthread_self`); 0 until the first entry.
    private let owner = Atomic<UInt>(0)
    private let violated: @Sendable (String) -> Void

    /// `violated` hears of an entry called off the service thread: by default a precondition
    /// failure (the process stops, naming the entry); tests pass one that reports.
    init(violated: @escaping @Sendable (String) -> Void = { preconditionFailure($0) }) {
        self.violated = violated
    }

    /// Records the calling thread as the service thread the first time; afterwards, in a debug
    /// build, reports a call from any other thread.
    @inline(__always)
    func assertOnServiceThread(_ entry: StaticString = #function) {
        #if DEBUG
        check(entry)
        #endif
    }

    private func check(_ entry: StaticString) {
        let current = UInt(pthread_self())
        let (recorded, owner) = owner.compareExchange(expected: 0, desired: current, ordering: .relaxed)
        if recorded || owner == current { return }
        violated("ViewerHub.\(entry) called off the service thread")
    }
}
