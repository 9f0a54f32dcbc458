/// What a private session's connection and a shared room have in common for the service thread:
/// a session that one worker at a time ticks, the work queued for its next tick, and its clock.
protocol SessionOwner: AnyObject {
    var shared: SharedSession { get }
    /// A worker has the session: no other job for it until the result is back.
    var busy: Bool { get set }
    /// Seconds its last job took: over `TickWorkers.slowTickSeconds` it is slow.
    var lastTickCost: Double { get set }
    var work: SessionWork { get set }
    /// Seconds on the session's clock.
    func age(at now: ContinuousClock.Instant) -> Double
}
