/// Where a sheet's top edge is (canvas y) and how it moves: 1:1 under a drag, rubber-banding past
/// the extreme anchors with the iOS curve (0.55, the canvas height as dimension) rather than the
/// reference's √overshoot; on release a spring (damping 0.85, response 0.5 s; critically damped
/// without bounces) that starts at the release velocity in points per second — the unit the
/// spring's own velocity has, so the hand-over has no kink. Pure: values are functions of time.
struct SheetMotion: Sendable {
    /// The extreme anchors; past them a drag bands (or stops, without `bounces`). Below `lower`
    /// it moves freely when the sheet may be dismissed.
    var upper = 0.0
    var lower = 0.0
    var bounces = true
    var freeBelow = false
    var dimension = 1.0

    static func spring(bounces: Bool) -> SpringParameters {
        SpringParameters(dampingRatio: bounces ? 0.85 : 1, response: 0.5)
    }

    private var value = AnimatedValue(0)
    /// While dragged: the raw (unbanded) position where the drag began, and the translation since.
    private var drag: (origin: Double, translation: Double)? = nil
    private(set) var restTime: Double? = nil
    /// While it springs untouched: the spring from its start to its rest as points 1/120 s apart,
    /// the way hosts are told it once and play it (`SampledPath`); nil otherwise.
    private(set) var path: SampledPath? = nil
    static let pathInterval = 1.0 / 120

    init(at y: Double) { value = AnimatedValue(y) }

    func y(at t: Double) -> Double {
        if let drag { return banded(drag.origin + drag.translation) }
        if let restTime, t >= restTime, case let .spring(s) = value.motion { return s.to }
        return value.value(at: t)
    }

    /// Where it is drawn at `t`: on its path while it springs untouched (within a point of `y`),
    /// which the hosts play.
    func drawnY(at t: Double) -> Double { path?.value(at: t) ?? y(at: t) }

    var isDragging: Bool { drag != nil }
    func isMoving(at t: Double) -> Bool { drag == nil && restTime.map { t < $0 } == true }

    /// The raw position the drag is at (what the finger says, before the band).
    var rawPosition: Double? { drag.map { $0.origin + $0.translation } }

    /// A drag begins where the sheet is drawn (a moving sheet is caught there, without a jump).
    mutating func beginDrag(at t: Double) {
        drag = (unbanded(drawnY(at: t)), 0)
        restTime = nil
        path = nil
    }

    mutating func drag(by delta: Double) {
        guard let d = drag else { return }
        drag = (d.origin, d.translation + delta)
    }

    /// Lets go moving at `velocity` (pt/s, down positive) towards `target`.
    mutating func release(to target: Double, velocity: Double, at t: Double) {
        let from = y(at: t)
        drag = nil
        value = AnimatedValue(from, at: t)
        value.spring(to: target, Self.spring(bounces: bounces), at: t, velocity: velocity)
        settleTime(at: t)
    }

    /// Goes to `target`: a spring from where it is (keeping its velocity), or at once.
    @inline(never)  // for size: commands, keys, taps and the wheel all move a sheet
    mutating func move(to target: Double, animated: Bool, at t: Double) {
        if drag != nil { drag = nil; value = AnimatedValue(y(at: t), at: t) }
        if animated {
            value.spring(to: target, Self.spring(bounces: bounces), at: t)
            settleTime(at: t)
        } else {
            value.set(target, at: t)
            restTime = nil
            path = nil
        }
    }

    private mutating func settleTime(at t: Double) {
        guard case let .spring(s) = value.motion else { restTime = nil; path = nil; return }
        let rest = t + s.settleTime(precision: 0.05, limit: 10)
        restTime = rest
        path = SampledPath.sampling(from: t, to: rest, every: Self.pathInterval, last: s.to) { value.value(at: $0) }
    }

    /// Comes to rest at its target once the spring has settled; true when it did.
    mutating func settle(at t: Double) -> Bool {
        guard let rest = restTime, t >= rest, case let .spring(s) = value.motion else { return false }
        value.set(s.to, at: rest)
        restTime = nil
        path = nil
        return true
    }

    /// The drawn position for a raw one.
    func banded(_ raw: Double) -> Double {
        if raw < upper { return bounces ? upper - ScrollMotion.band(upper - raw, dimension) : upper }
        if raw > lower && !freeBelow { return bounces ? lower + ScrollMotion.band(raw - lower, dimension) : lower }
        return raw
    }

    func unbanded(_ y: Double) -> Double {
        if y < upper { return bounces ? upper - ScrollMotion.unband(upper - y, dimension) : upper }
        if y > lower && !freeBelow { return bounces ? lower + ScrollMotion.unband(y - lower, dimension) : lower }
        return y
    }
}
