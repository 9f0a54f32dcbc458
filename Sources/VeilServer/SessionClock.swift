/// A session's clock as the viewer's transport controls set it: it runs at `rate` (1 normal, 0.25
/// slow motion, 0 paused) from where it was when the rate last changed, and a paused clock steps by
/// whole frames. Time never goes back: scrubbing shows an earlier frame without moving the clock
/// (`ViewerHub`'s scrub replays the session into a copy).
struct SessionClock {
    static let rates: ClosedRange<Double> = 0 ... 4

    /// Session seconds at `anchor`.
    private var anchorTime = 0.0
    private var anchor: ContinuousClock.Instant
    private(set) var rate = 1.0

    init(startingAt start: ContinuousClock.Instant = .now) { anchor = start }

    /// Seconds on the session's clock at `now`.
    func time(at now: ContinuousClock.Instant) -> Double { anchorTime + seconds(from: anchor, to: now) * rate }

    mutating func setRate(_ rate: Double, at now: ContinuousClock.Instant) {
        anchorTime = time(at: now)
        anchor = now
        self.rate = min(max(rate, Self.rates.lowerBound), Self.rates.upperBound)
    }

    /// Moves a paused clock on by `seconds`.
    mutating func step(by seconds: Double, at now: ContinuousClock.Instant) {
        setRate(0, at: now)
        anchorTime += seconds
    }
}
