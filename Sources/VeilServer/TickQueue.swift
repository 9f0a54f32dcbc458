/// The order in which tick workers take jobs — `TickWorkers`' fairness rule — without threads, so
/// that it can be checked by simulation (Tests/VeilServerTests/TickQueueTests.swift). Cheap jobs go
/// in batches that any worker takes first; slow ones run one at a time per worker, on at most
/// `workers - 1` workers at once (one, when there is one worker), so a worker is always free for the
/// cheap sessions.
struct TickQueue<Job> {
    private var fast: [[Job]] = []
    private var slow: [Job] = []
    private(set) var slowRunning = 0
    let workers: Int
    let maxSlowRunning: Int

    init(workers: Int) {
        self.workers = workers
        maxSlowRunning = max(1, workers - 1)
    }

    var isEmpty: Bool { fast.isEmpty && slow.isEmpty }

    /// Queues cheap jobs in batches small enough to spread over the workers and large enough to cost
    /// few wake-ups; slow ones one by one.
    mutating func submit(cheap: [Job], slow newSlow: [Job]) {
        let size = max(1, min(32, cheap.count / (workers * 4)))
        fast += stride(from: 0, to: cheap.count, by: size).map { Array(cheap[$0 ..< min(cheap.count, $0 + size)]) }
        slow += newSlow
    }

    /// The next batch a free worker takes, and whether it is a slow job (then `slowFinished` must
    /// follow when it is done); nil: the worker waits.
    mutating func take() -> (batch: [Job], slow: Bool)? {
        if !fast.isEmpty { return (fast.removeFirst(), false) }
        if !slow.isEmpty, slowRunning < maxSlowRunning {
            slowRunning += 1
            return ([slow.removeFirst()], true)
        }
        return nil
    }

    mutating func slowFinished() { slowRunning -= 1 }
}
