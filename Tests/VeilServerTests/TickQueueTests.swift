import Testing
@testable import VeilServer

/// `TickQueue`, the tick workers' fairness rule, checked by simulation on the server's own
/// scheduling (no wall clock, so a loaded machine cannot fail it): beside three expensive sessions a
/// cheap one still ticks every frame, and the expensive ones still tick.
struct TickQueueTests {
    struct Session {
        var cost: Int            // milliseconds a tick takes
        var lastCost = 0
        var busy = false
        var ticks = 0
    }

    /// Runs `sessions` for `frames` frames of 16 ms on `workers` workers: at each frame every idle
    /// session gets a job (slow when its last tick took over 4 ms, as `TickWorkers.Job` decides),
    /// and each free worker takes the queue's next batch. `fair: false` queues every job as a
    /// cheap one: first come, first served.
    static func simulate(_ sessions: [Session], workers: Int, frames: Int, fair: Bool = true) -> [Session] {
        var sessions = sessions
        var queue = TickQueue<Int>(workers: workers)
        var running: [(until: Int, batch: [Int], slow: Bool)?] = Array(repeating: nil, count: workers)
        for t in 0 ..< frames * 16 {
            for w in 0 ..< workers {
                guard let job = running[w], job.until == t else { continue }
                for s in job.batch {
                    sessions[s].busy = false
                    sessions[s].lastCost = sessions[s].cost
                    sessions[s].ticks += 1
                }
                if job.slow { queue.slowFinished() }
                running[w] = nil
            }
            if t % 16 == 0 {
                let due = sessions.indices.filter { !sessions[$0].busy }
                for s in due { sessions[s].busy = true }
                let slow = due.filter { fair && sessions[$0].lastCost > 4 }
                queue.submit(cheap: due.filter { !slow.contains($0) }, slow: slow)
            }
            for w in 0 ..< workers where running[w] == nil {
                guard let (batch, slow) = queue.take() else { break }
                running[w] = (t + batch.reduce(0) { $0 + sessions[$1].cost }, batch, slow)
            }
        }
        return sessions
    }

    @Test func aCheapSessionTicksEveryFrameBesideExpensiveOnes() {
        let sessions = [Session(cost: 1)] + Array(repeating: Session(cost: 40), count: 3)
        for workers in [2, 3, 4] {
            let after = Self.simulate(sessions, workers: workers, frames: 600)
            #expect(after[0].ticks >= 597, "\(workers) worker(s): the cheap session ticked \(after[0].ticks) of 600 frames")
            #expect(after[1...].allSatisfy { $0.ticks >= 10 }, "\(workers) worker(s): the expensive sessions still tick (\(after.map(\.ticks)))")
        }
    }

    /// Without the rule the same load starves the cheap session: the simulation can tell.
    @Test func firstComeFirstServedWouldStarveIt() {
        let sessions = [Session(cost: 1)] + Array(repeating: Session(cost: 40), count: 3)
        let after = Self.simulate(sessions, workers: 2, frames: 600, fair: false)
        #expect(after[0].ticks < 450, "first come, first served: the cheap session ticked \(after[0].ticks) of 600")
    }
}
