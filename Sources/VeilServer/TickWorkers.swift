import Foundation
import Synchronization

/// Threads that run sessions' work and ticks off the libwebsockets service thread, so the server
/// uses every core and an expensive session starves neither the socket loop nor the others. The service thread hands out a job per
/// session due (never two for one session: it marks the session busy until the result is back);
/// a worker ticks it under its lock, measures what the tick cost and queues the message;
/// `wake` wakes the service thread, which takes the results (`takeDone`).
///
/// Fairness: a session whose last tick cost more than `slowTickSeconds` is slow, and the workers
/// take jobs in `TickQueue`'s order, which keeps a worker free for the cheap sessions: they keep
/// their frame rate while slow ones share what is left.
final class TickWorkers: @unchecked Sendable {
    /// One session's queued work and tick at `time` (no tick when `ticks` is false); `owner` is the
    /// session's owner (only the service thread looks at it). A class: jobs move
    /// through several arrays, and a reference costs one retain.
    final class Job: @unchecked Sendable {
        let owner: any SessionOwner
        /// The owner's session and whether a tick copies its newest frame out, read once here on
        /// the service thread: the worker asks the owner nothing.
        unowned(unsafe) let session: SharedSession  // the owner's: alive while the job holds its owner
        let keepsNewestFrame: Bool
        let time: Double
        let ticks: Bool
        /// The work queued for the session; nil when none was (most jobs). A reference: the job
        /// crosses between the threads twice, and its work is a few hundred bytes.
        let queued: Queued?
        final class Queued: @unchecked Sendable {
            let work: SessionWork
            init(_ work: SessionWork) { self.work = work }
        }
        let slow: Bool
        /// Whether to work out the accessibility description as well.
        let describes: Bool
        /// Seconds the job took (set by whoever ran it).
        var cost: Double = 0
        /// What the session did (set by whoever ran the job); last, so that what is read of
        /// every job (above, and the result's first fields) shares the object's first lines.
        var result = SessionResult()

        init(owner: any SessionOwner, time: Double, ticks: Bool, queued: Queued?, describes: Bool) {
            self.owner = owner
            session = owner.shared
            keepsNewestFrame = owner.keepsNewestFrame
            self.time = time
            self.ticks = ticks
            self.queued = queued
            self.describes = describes
            slow = owner.lastTickCost > TickWorkers.slowTickSeconds
        }

        /// Does the work and the tick on this thread, timing them.
        func run(framing: MessageFraming) { _ = run(framing: framing, from: .now) }

        /// Does the work and the tick, timed from `started`; returns when it ended (the next job
        /// of a batch starts there: one clock read a job).
        func run(framing: MessageFraming, from started: ContinuousClock.Instant) -> ContinuousClock.Instant {
            result = session.run(queued?.work ?? SessionWork(), tickAt: ticks ? time : nil, framing: framing, newest: keepsNewestFrame, describes: describes)
            let ended = ContinuousClock.now
            cost = seconds(from: started, to: ended)
            return ended
        }
    }

    /// A quarter of a 60 fps frame.
    static let slowTickSeconds = 0.004

    private let condition = NSCondition()
    private var queue: TickQueue<Job>
    private var stopped = false
    private let done = Mutex<[Job]>([])
    private var threads: [Thread] = []
    private let wake: @Sendable () -> Void

    /// How the workers make each message ready for the transport (`MessageFraming`): the copy is
    /// theirs, not the service thread's.
    private let framing: MessageFraming

    init(count: Int, framing: MessageFraming, wake: @escaping @Sendable () -> Void) {
        self.wake = wake
        self.framing = framing
        queue = TickQueue(workers: count)
        for index in 0 ..< count {
            let thread = Thread { [self] in work() }
            thread.name = "veil-tick-\(index)"
            threads.append(thread)
        }
    }

    func start() { for thread in threads { thread.start() } }

    /// Returns once every worker has finished its job in hand.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
        while threads.contains(where: { $0.isExecuting }) { usleep(1000) }
    }

    /// Queues `jobs` (`TickQueue.submit`).
    func submit(_ jobs: [Job]) {
        guard !jobs.isEmpty else { return }
        condition.lock()
        queue.submit(cheap: jobs.filter { !$0.slow }, slow: jobs.filter(\.slow))
        condition.broadcast()
        condition.unlock()
    }

    /// The jobs ticked since the last call, with their messages and costs.
    func takeDone() -> [Job] {
        done.withLock { jobs in
            defer { jobs.removeAll() }
            return jobs
        }
    }

    private func work() {
        while true {
            condition.lock()
            var next: (batch: [Job], slow: Bool)? = nil
            while next == nil {
                if stopped { condition.unlock(); return }
                next = queue.take()
                if next == nil { condition.wait() }
            }
            condition.unlock()
            guard let (batch, isSlow) = next else { continue }
            var started = ContinuousClock.now
            for job in batch { started = job.run(framing: framing, from: started) }
            done.withLock { $0 += batch }
            wake()
            if isSlow {
                condition.lock()
                queue.slowFinished()
                condition.broadcast()
                condition.unlock()
            }
        }
    }
}
