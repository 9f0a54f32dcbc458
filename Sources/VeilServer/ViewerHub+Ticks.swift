import Logging

/// The hub's ticks: at each frame timer, idle viewers pinged or closed and a job for every session
/// due, handed to the tick workers (or, `--workers 0`, run here); a finished job's message goes to
/// its viewers with what else its result holds for them.
extension ViewerHub {
    /// The frame timer: idle viewers pinged or closed, a job for every session due, parked
    /// sessions past their time ended.
    func timerFired() {
        serviceThread.assertOnServiceThread()
        guard !stopping else { return }
        let now = ContinuousClock.now
        let deadlines = Connection.IdleDeadlines(now: now, timeout: .seconds(options.idleTimeout))
        var jobs: [TickWorkers.Job] = []
        jobs.reserveCapacity(owners.count)
        // One pass over the sessions: every connection is the viewer of one (while it is open), and
        // its idle check comes before its session's job, which skips viewers closing.
        for owner in owners.values {
            for connection in owner.viewers { checkIdle(connection, deadlines) }
            if let job = job(for: owner, at: now) { jobs.append(job) }
        }
        run(jobs)
        let expired = parkedSessions.expire(at: now)
        if expired > 0 { logger.info("\(expired) dropped session(s) not resumed in \(options.resumeSeconds) s: ended") }
    }

    /// Pings a viewer not heard for half the idle timeout, closes one not heard for all of it.
    private func checkIdle(_ connection: Connection, _ deadlines: Connection.IdleDeadlines) {
        switch connection.idleAction(deadlines) {
        case .close:
            close(connection, CloseRequest(status: 1001, reason: "idle: nothing heard for \(options.idleTimeout) s"))
        case .ping:
            connection.pingDue = true
            connection.pinged = true
            transport.wake(connection.socket)
        case .none:
            break
        }
    }

    /// The owner's queued work and a tick, marked busy; nil when it is busy, its viewers are all
    /// closing, or a private viewer's last message still waits with no work queued. Run for every
    /// session at every frame: its viewers are read once, and the queued work is moved into the
    /// job, not copied.
    private func job(for owner: any SessionOwner, at now: ContinuousClock.Instant) -> TickWorkers.Job? {
        let book = owner.book
        let idle = book.work.isEmpty
        // The common case of a session at rest, first and cheapest: nothing due ever, nothing queued.
        if idle && book.nextChange == .infinity { return nil }
        guard !book.busy, !stopping else { return nil }
        let viewers = owner.viewers
        guard viewers.contains(where: { $0.closeRequest == nil }) else { return nil }
        let time = book.clock.time(at: now)
        // Scrubbed, the live frames are held back; paused, a clock that has not moved needs no tick.
        let scrubbed = book.scrubbedTo != nil
        if idle && (scrubbed || (book.clock.rate == 0 && book.tickedAt == time)) { return nil }
        // Nothing due by itself (a still scene, a skeleton whose light the viewers play): no job
        // until work arrives.
        if idle && time < book.nextChange { return nil }
        let ticks = !scrubbed && owner.ticks
        if !ticks {
            for viewer in viewers { viewer.ticksSkipped += 1 }
            if idle { return nil }
        }
        // Input asks at once what the screen says now; time alone, at most every `describeSeconds`.
        let describes = viewers.contains { $0.wantsDescription }
            && (!book.work.inputs.isEmpty || book.work.replacesScene || book.describedAt.duration(to: now) >= describeSeconds)
        if describes { book.describedAt = now }
        if ticks { book.tickedAt = time }
        var queued: TickWorkers.Job.Queued? = nil
        if !idle {
            var work = SessionWork()
            swap(&work, &book.work)
            queued = TickWorkers.Job.Queued(work)
        }
        book.busy = true
        return TickWorkers.Job(owner: owner, time: time, ticks: ticks, queued: queued, describes: describes)
    }

    /// Hands jobs to the workers, or (`--workers 0`) runs them here.
    private func run(_ jobs: [TickWorkers.Job]) {
        guard !jobs.isEmpty else { return }
        if let tickWorkers { tickWorkers.submit(jobs); return }
        for job in jobs {
            job.run(framing: transport.framing)
            finish(job)
        }
    }

    /// The owner's queued work now rather than at the next timer tick (input → patch in well under
    /// a frame), unless a worker has its session: then when that job is back.
    func schedule(_ owner: any SessionOwner) {
        if let job = job(for: owner, at: .now) { run([job]) }
    }

    /// Another thread woke the service thread: finished jobs and read scene files are applied.
    func wokenUp() {
        serviceThread.assertOnServiceThread()
        if let tickWorkers { for job in tickWorkers.takeDone() { finish(job) } }
        applySceneChanges()
        if let saves { for outcome in saves.take() { saved(outcome) } }
    }

    /// A job is back: its owner is free again, its message goes out, the viewers whose actions
    /// were refused are told, paused sockets are read again, and work queued meanwhile is handed out.
    /// Once a message: the result is read in place (the worker wrote it: only its first lines are
    /// read unless `noted`), and the open viewers are listed only when something beside the
    /// message is for them.
    private func finish(_ job: TickWorkers.Job) {
        let owner = job.owner, book = owner.book
        book.busy = false
        book.lastTickCost = job.cost
        // After a tick, when it next changes by itself; work applied without a tick (its viewer's
        // last message still waited, a scrub) is ticked at the next frame.
        if let next = job.result.nextChange { book.nextChange = next } else if job.queued != nil { book.nextChange = 0 }
        if book.parkOnIdle, let session = owner as? PrivateSession {
            session.parkOnIdle = false
            park(session)
            return
        }
        let all = owner.viewers
        guard all.contains(where: { $0.closeRequest == nil }) else { return }
        let replayable = job.result.replayable
        if replayable != book.replayable {
            book.replayable = replayable
            postClock(owner)
        }
        let exported = job.queued?.work.exportSVG != nil
        if job.result.noted || exported || all.contains(where: { $0.readingPaused }) {
            tell(all.filter { $0.closeRequest == nil }, of: owner, job.result, exported: exported)
        }
        owner.deliver(job.result.message, newest: job.result.newest, scrub: job.result.scrub) { sendWaiting($0) }
        if !book.work.isEmpty { schedule(owner) }
    }

    /// What a job's result holds for the open `viewers` beside the message: reading resumed, the
    /// description, refused actions, inspections, exports.
    private func tell(_ viewers: [Connection], of owner: any SessionOwner, _ result: SessionResult, exported: Bool) {
        for viewer in viewers where viewer.readingPaused {
            viewer.readingPaused = false
            transport.pauseReading(viewer.socket, false)
        }
        if let description = result.description, description != owner.book.description {
            owner.book.description = description
            for viewer in viewers where viewer.wantsDescription {
                viewer.post("a11y", String(decoding: description, as: UTF8.self))
                transport.wake(viewer.socket)
            }
        }
        for refused in result.refusedInputs {
            if let viewer = viewers.first(where: { $0.id == refused.connection }) { refuseViewerAction(viewer, refused.message, refused.why) }
        }
        if let refused = result.refused {
            for viewer in owner.noteRefused(refused) { transport.wake(viewer.socket) }
        }
        for (id, json) in result.inspected {
            guard let viewer = viewers.first(where: { $0.id == id }) else { continue }
            viewer.post("inspected", json)
            transport.wake(viewer.socket)
        }
        if exported { answerExports(result.svg, of: owner, viewers: viewers) }
    }
}
