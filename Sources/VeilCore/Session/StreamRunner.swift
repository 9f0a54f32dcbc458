/// The tick loop behind `veil stream` (and the tests that pin behaviour by bytes): a session, timed
/// actions and a tick schedule in, the messages a viewer would receive out.
///
/// Schedule: ticks at t = k/N for k = 0 … S·N inclusive (t computed as Double(k)/Double(N), so native
/// and wasm agree). Every action with time ≤ k/N is applied before tick k, at its own time t (the
/// session advances to t first, so a fade it starts begins at t, and a gesture sees t). A tick that
/// produces no bytes (nothing changed) yields
/// no message. The scene's own timeline is run by the session as its time advances.
public struct StreamRunner {
    /// One action with the line of the events file it came from (for error messages).
    public struct Entry: Sendable {
        public var time: Double
        public var action: Action
        public var line: Int
        /// Where in the line an error points: the node the action names (`SceneReader.nodeColumn`).
        public var column: Int
        public init(time: Double, action: Action, line: Int, column: Int = 1) {
            self.time = time; self.action = action; self.line = line; self.column = column
        }
    }

    /// Bounds of a run (docs/SCENE.md): a stream is at most an hour, at most 240 ticks a second.
    public static let maxDuration: Double = 3600
    public static let fpsRange = 1...240
    public static let maxTicks = 1_000_000

    public let duration: Double
    public let fps: Int
    /// The last k; ticks are 0...lastTick.
    public let lastTick: Int

    /// Checks the schedule's bounds.
    public init(duration: Double, fps: Int) throws(StreamError) {
        guard duration.isFinite, duration >= 0, duration <= Self.maxDuration else {
            throw StreamError(file: nil, line: nil,
                              message: "duration must be between 0 and \(Int.clamped(Self.maxDuration)) seconds")
        }
        guard Self.fpsRange.contains(fps) else {
            throw StreamError(file: nil, line: nil,
                              message: "fps must be between \(Self.fpsRange.lowerBound) and \(Self.fpsRange.upperBound)")
        }
        // S·N rounded down; the small allowance keeps e.g. 0.29 s × 100 fps (28.999…) at k = 29.
        let last = (duration * Double(fps) + 1e-9).rounded(.down)
        guard last + 1 <= Double(Self.maxTicks) else {
            throw StreamError(file: nil, line: nil, message: "more than \(Self.maxTicks) ticks")
        }
        self.duration = duration
        self.fps = fps
        self.lastTick = Int.clamped(last)
    }

    /// Time of tick k.
    public func time(ofTick k: Int) -> Double { Double(k) / Double(fps) }

    /// Runs the schedule: each action is applied at its own time, before the first tick at or after
    /// it. `emit(k, message)` receives each message in order. `actions` must be sorted
    /// by time (non-decreasing); an action the session rejects stops the run with an error that
    /// names `file` and the action's line. Actions later than the last tick are never applied.
    public func run(session: Session, actions: [Entry], file: String,
                    emit: (Int, [UInt8]) -> Void) throws(StreamError) {
        _ = try runUntilStopped(session: session, actions: actions, file: file) { k, message in emit(k, message); return true }
    }

    /// As `run(session:actions:file:emit:)`, stopping as soon as `emit` returns false (a writer
    /// past its bound); returns false when it stopped early.
    public func runUntilStopped(session: Session, actions: [Entry], file: String,
                                _ emit: (Int, [UInt8]) -> Bool) throws(StreamError) -> Bool {
        var previous = -Double.infinity
        for entry in actions {
            guard entry.time.isFinite else {
                throw StreamError(file: file, line: entry.line, message: "time is not a finite number")
            }
            guard entry.time >= previous else {
                throw StreamError(file: file, line: entry.line,
                                  message: "time goes backwards (events must be in time order)")
            }
            previous = entry.time
        }
        var next = 0
        for k in 0...lastTick {
            let t = time(ofTick: k)
            while next < actions.count, actions[next].time <= t {
                do throws(SessionError) {
                    try session.apply(actions[next].action, at: actions[next].time)
                } catch {
                    throw StreamError(file: file, line: actions[next].line, column: actions[next].column,
                                      message: error.message)
                }
                next += 1
            }
            if let message = session.tick(at: t), !emit(k, message) { return false }
        }
        return true
    }

    /// All messages of a run, in order (for tests and short runs).
    public func messages(session: Session, actions: [Entry] = [], file: String = "events")
        throws(StreamError) -> [[UInt8]] {
        var out: [[UInt8]] = []
        try run(session: session, actions: actions, file: file) { _, message in out.append(message) }
        return out
    }
}

/// A run that cannot go on: bad bounds, or an action the session rejected (with its events line).
/// `description` is "file:line:column: message" (or "file:line: message") when there is a line,
/// else the message.
public struct StreamError: Error, Equatable, Sendable {
    public var file: String?
    public var line: Int?
    public var column: Int?
    public var message: String
    public init(file: String?, line: Int?, column: Int? = nil, message: String) {
        self.file = file; self.line = line; self.column = column; self.message = message
    }
    public var description: String {
        if let file, let line, let column { return "\(file):\(line):\(column): \(message)" }
        if let file, let line { return "\(file):\(line): \(message)" }
        if let file { return "\(file): \(message)" }
        return message
    }
}
