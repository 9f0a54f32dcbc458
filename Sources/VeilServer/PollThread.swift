import Foundation
import Synchronization

/// A thread that runs a poll loop until stopped: the server's helper threads (the header gate, the
/// scene watcher) each own one. It holds a wake pipe whose read end, `wakeFD`, belongs in the loop's
/// poll set, so that `stop()` interrupts a wait at once; the loop runs while `running` is true.
final class PollThread: @unchecked Sendable {
    /// The wake pipe's read end: poll it with the loop's own descriptors (it only says "look again").
    let wakeFD: Int32
    private let wakeWriteFD: Int32
    private let stopped = Atomic<Bool>(false)
    private var thread: Thread? = nil

    /// nil when no pipe can be made.
    init?() {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        for descriptor in fds { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) }
        wakeFD = fds[0]
        wakeWriteFD = fds[1]
    }

    deinit {
        stop()
        Glibc.close(wakeFD)
        Glibc.close(wakeWriteFD)
    }

    /// Whether the loop should go on.
    var running: Bool { !stopped.load(ordering: .relaxed) }

    /// Starts `loop` on a thread named `name`; it should return once `running` is false.
    func start(name: String, _ loop: @escaping @Sendable () -> Void) {
        let thread = Thread(block: loop)
        thread.name = name
        thread.start()
        self.thread = thread
    }

    /// Asks the loop to end and wakes it; returns once its thread has finished.
    func stop() {
        guard thread != nil, !stopped.exchange(true, ordering: .relaxed) else { return }
        var byte: UInt8 = 1
        _ = write(wakeWriteFD, &byte, 1)
        while thread?.isFinished == false { usleep(1000) }
    }
}
