/// What a private session's connection and a shared room have in common for the service thread:
/// a session that one worker at a time ticks, the work queued for its next tick, and its clock.
protocol SessionOwner: AnyObject {
    var shared: SharedSession { get }
    /// A worker has the session: no other job for it until the result is back.
    var busy: Bool { get set }
    /// Seconds its last job took: over `TickWorkers.slowTickSeconds` it is slow.
    var lastTickCost: Double { get set }
    var work: SessionWork { get set }
    /// What its viewers were last told of the screen for assistive technology, and when it was
    /// last worked out (at most `describeSeconds` apart while only time moves).
    var description: [UInt8] { get set }
    var describedAt: ContinuousClock.Instant { get set }
    /// Whether a viewer asked for the description (`/ws?…&describe=1`).
    var describes: Bool { get }
    /// Seconds on the session's clock.
    func age(at now: ContinuousClock.Instant) -> Double
}

/// How often a session's accessibility description is worked out again while nothing but time
/// changes it (a shimmer moves every frame; what it says changes seldom).
let describeSeconds = Duration.milliseconds(250)
