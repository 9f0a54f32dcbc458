/// A viewer's transport controls (`{"clock": …}`): pause, slow motion and frame steps move the
/// session's own clock (`SessionClock`, shared by a room's viewers); a scrub shows an earlier
/// frame of a private session, replayed into a copy by a tick worker, while its live frames are
/// held back. Every viewer of the session that asked for descriptions (`describe=1`, as the live
/// viewer does) is told where its clock is: `{"clock": {"time", "rate",
/// "scrubbedTo", "replayable"}}`.
extension ViewerHub {
    func clock(_ connection: Connection, _ request: ClockRequest) {
        let owner = connection.owner, now = ContinuousClock.now
        switch request {
        case let .rate(rate):
            leaveScrub(owner)
            owner.book.clock.setRate(rate, at: now)
        case let .step(frames):
            leaveScrub(owner)
            owner.book.clock.step(by: Double(frames) / Double(options.fps), at: now)
        case let .scrub(time):
            guard owner.scrubs, owner.book.replayable else {
                connection.post("clockRefused", jsonString(owner.scrubs
                    ? "this session can no longer be replayed (its scene was reloaded, or it did more than \(SharedSession.maxHistory) actions): reload the page"
                    : "a room's viewers share its present: scrub in a session of your own"))
                return transport.wake(connection.socket)
            }
            owner.book.clock.setRate(0, at: now)
            let target = min(time, owner.age(at: now))
            owner.book.scrubbedTo = target
            owner.book.work.scrub = target
        case .live:
            leaveScrub(owner)
        }
        // Time stamps map onto the clock afresh: its pace changed.
        for viewer in owner.viewers { viewer.resetClockOffset() }
        postClock(owner)
        schedule(owner)
    }

    /// Back to the session's present: its next message is a keyframe of it.
    func leaveScrub(_ owner: any SessionOwner) {
        guard owner.book.scrubbedTo != nil else { return }
        owner.book.scrubbedTo = nil
        owner.book.work.scrub = nil
        owner.book.work.keyframe = true
    }

    /// Tells the viewers of `owner` that asked for descriptions where its clock is (the viewer plays
    /// the frame's motions on it: Web/motions.js).
    func postClock(_ owner: any SessionOwner) {
        let book = owner.book
        let time = book.scrubbedTo ?? owner.age(at: .now)
        let notice = "{\"time\":\(time),\"rate\":\(book.clock.rate),\"now\":\(owner.age(at: .now)),"
            + "\"scrubbedTo\":\(book.scrubbedTo.map { "\($0)" } ?? "null"),\"replayable\":\(book.replayable && owner.scrubs)}"
        for viewer in owner.viewers where viewer.closeRequest == nil && viewer.wantsDescription {
            viewer.post("clock", notice)
            transport.wake(viewer.socket)
        }
    }
}
