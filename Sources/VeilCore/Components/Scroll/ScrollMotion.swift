/// One scroll position along one axis and how it moves, as UIScrollView moves (docs/SCENE.md,
/// "Scrolling"). Offsets grow as the content moves toward its start (up or left); velocities are
/// offset units per second. Pure: every value is a function of the inputs and the time asked.
///
/// - A **drag** follows the pointer 1:1 within the bounds; past an edge the content rubber-bands
///   with the iOS curve `(1 − 1/(x·0.55/d + 1))·d` (d = the viewport's length).
/// - On **release** inside the bounds it coasts (decay, 0.998 per ms, from the release velocity);
///   where the coast would cross an edge, a critically damped spring takes over at the crossing
///   with the coast's velocity there. Released past an edge, the spring starts at once, from the
///   release velocity.
/// - A new **touch** catches it where it is drawn: `catchAt` freezes the offset (no jump), and a drag
///   that begins past an edge starts from the rubber band's inverse, so it does not jump either.
/// - **Wheel and keys** move it within the bounds (no rubber band, no momentum of its own).
struct ScrollMotion: Sendable {
    /// Where the offset may rest: `lower` is the start (−inset), `upper` the end.
    var lower = 0.0
    var upper = 0.0
    /// The viewport's length along the axis: the rubber band's dimension.
    var viewport = 1.0

    /// The rubber band's constant (UIScrollView's).
    static let rubberBand = 0.55
    /// The spring that brings content back to an edge: critically damped, settled in about 0.5 s.
    static let bounce = SpringParameters(dampingRatio: 1, response: 0.4)
    /// Below this speed (points per second) a coast has come to rest.
    static let restingSpeed = 2.0

    private enum Phase: Sendable {
        case resting(Double)
        /// Offset = banded(origin − translation).
        case dragging(origin: Double, translation: Double)
        /// A motion; at `handoff.at`, the spring back from an edge the motion reached.
        case moving(AnimatedValue, handoff: (at: Double, spring: AnimatedValue)?)
    }

    private var phase = Phase.resting(0) {
        didSet { path = declarablePath() }
    }

    /// While it moves untouched — a coast, the spring back from an edge (past it, or where a coast
    /// crosses it), an animated scroll: the way to its rest as points 1/120 s apart, the way hosts
    /// are told it once and play it (`SampledPath`, as a sheet's spring); nil while dragged or resting.
    private(set) var path: SampledPath? = nil
    static let pathInterval = 1.0 / 120

    @inline(never)  // for size: every change of phase asks
    private func declarablePath() -> SampledPath? {
        guard case let .moving(motion, handoff) = phase, let rest = restTime else { return nil }
        let to = Self.clamp(moving(motion, handoff, at: rest).value, lower, upper)
        return SampledPath.sampling(from: motion.start, to: rest, every: Self.pathInterval, last: to) {
            moving(motion, handoff, at: $0).value
        }
    }

    /// Where it is drawn at `t`: on its path while it coasts untouched (within a point of
    /// `offset(at:)`), which the hosts play.
    func drawnOffset(at t: Double) -> Double { path?.value(at: t) ?? offset(at: t) }

    init() {}

    /// The offset at `t`.
    func offset(at t: Double) -> Double { state(at: t).value }

    func velocity(at t: Double) -> Double { state(at: t).velocity }

    @inline(never)  // for size: offset(at:) is read in many places, each inlined this whole
    private func state(at t: Double) -> (value: Double, velocity: Double) {
        switch phase {
        case let .resting(o): return (o, 0)
        case let .dragging(origin, translation): return (banded(origin - translation), 0)
        case let .moving(motion, handoff):
            // Past its rest time it is where `settle` leaves it, whenever a tick gets to settle it.
            if let rest = restTime, t >= rest { return (Self.clamp(moving(motion, handoff, at: rest).value, lower, upper), 0) }
            return moving(motion, handoff, at: t)
        }
    }

    private func moving(_ motion: AnimatedValue, _ handoff: (at: Double, spring: AnimatedValue)?,
                        at t: Double) -> (value: Double, velocity: Double) {
        if let handoff, t >= handoff.at { return (handoff.spring.value(at: t), handoff.spring.velocity(at: t)) }
        return (motion.value(at: t), motion.velocity(at: t))
    }

    var isDragging: Bool {
        if case .dragging = phase { return true }
        return false
    }

    /// At rest: neither dragged nor moving (a motion that ran its course rests once settled).
    var isResting: Bool {
        if case .resting = phase { return true }
        return false
    }

    /// While dragging, the unbanded offset the drag began at (offset = banded(origin − translation)).
    var dragOrigin: Double? {
        if case let .dragging(origin, _) = phase { return origin }
        return nil
    }

    /// Whether it moves at `t` by itself (coasting, bouncing, animating).
    func isMoving(at t: Double) -> Bool {
        if case .moving = phase { return restTime.map { t < $0 } ?? true }
        return false
    }

    /// When a motion comes to rest (nil while resting or dragging).
    var restTime: Double? {
        @inline(never) get {  // for size: a spring's settle time is a bisection, read in many places
            guard case let .moving(motion, handoff) = phase else { return nil }
            if let handoff { return handoff.at + Self.settleTime(handoff.spring) }
            return motion.start + Self.settleTime(motion)
        }
    }

    private static func settleTime(_ value: AnimatedValue) -> Double {
        switch value.motion {
        case .still: return 0
        case let .tween(m): return m.duration
        case let .spring(m): return m.settleTime(precision: 0.05, limit: 10)
        case let .decay(m): return m.settleTime(minimumSpeed: restingSpeed)
        }
    }

    /// Ends a motion that has run its course: rests where it is at `t`. True when it did.
    mutating func settle(at t: Double) -> Bool {
        guard let rest = restTime, t >= rest else { return false }
        phase = .resting(offset(at: rest))
        return true
    }

    /// A touch went down on it: it stops where it is drawn.
    mutating func catchAt(_ t: Double) {
        if case .moving = phase { phase = .resting(offset(at: t)) }
    }

    /// A drag begins: the pointer's translation is counted from here.
    mutating func beginDrag(at t: Double) {
        let now = offset(at: t)
        phase = .dragging(origin: unbanded(now), translation: 0)
    }

    /// The pointer moved `translation` points along the axis since the drag began.
    mutating func drag(_ translation: Double) {
        guard case let .dragging(origin, _) = phase else { return }
        phase = .dragging(origin: origin, translation: translation)
    }

    /// The pointer let go moving at `pointerVelocity` points per second along the axis.
    mutating func release(pointerVelocity: Double, at t: Double) {
        guard isDragging else { return }
        let from = offset(at: t)
        let v = -pointerVelocity
        if from < lower || from > upper {
            var spring = AnimatedValue(from, at: t)
            spring.spring(to: from < lower ? lower : upper, Self.bounce, at: t, velocity: v)
            phase = .moving(spring, handoff: nil)
            return
        }
        var coast = AnimatedValue(from, at: t)
        coast.decay(at: t, velocity: v)
        phase = .moving(coast, handoff: edgeCrossing(of: Decay(from: from, velocity: v), startedAt: t))
    }

    /// Where a coast meets an edge, the spring that takes over there.
    private func edgeCrossing(of coast: Decay, startedAt t0: Double) -> (at: Double, spring: AnimatedValue)? {
        let end = coast.projectedEnd
        guard end < lower || end > upper, coast.velocity != 0 else { return nil }
        let edge = end < lower ? lower : upper
        // value(t) = from + v·(e^{λt} − 1)/λ = edge  ⇒  t = ln(1 + (edge − from)·λ/v) / λ
        let argument = 1 + (edge - coast.from) * coast.lambda / coast.velocity
        guard argument > 0 else { return nil }
        let dt = max(0, CoreMath.log(argument) / coast.lambda)
        var spring = AnimatedValue(edge, at: t0 + dt)
        spring.spring(to: edge, Self.bounce, at: t0 + dt, velocity: coast.velocity(at: dt))
        return (t0 + dt, spring)
    }

    /// Moves everything by `delta` — the offset, a drag's origin, a motion and its end — as when
    /// content is put in before what is shown; the bounds follow at the next layout.
    mutating func shift(by delta: Double) {
        switch phase {
        case let .resting(o): phase = .resting(o + delta)
        case let .dragging(origin, translation): phase = .dragging(origin: origin + delta, translation: translation)
        case let .moving(motion, handoff):
            upper += delta
            phase = .moving(motion.shifted(by: delta), handoff: handoff.map { ($0.at, $0.spring.shifted(by: delta)) })
        }
    }

    /// Moves by `delta` within the bounds at once (a wheel, an arrow key); stops any motion.
    mutating func scroll(by delta: Double, at t: Double) {
        phase = .resting(Self.clamp(offset(at: t) + delta, lower, upper))
    }

    /// Goes to `target` (clamped to the bounds), at once or along a 0.3 s ease-in-out.
    mutating func scroll(to target: Double, animated: Bool, at t: Double) {
        let to = Self.clamp(target, lower, upper)
        guard animated else { phase = .resting(to); return }
        var value = AnimatedValue(offset(at: t), at: t)
        value.tween(to: to, duration: 0.3, curve: .easeInOut, at: t)
        phase = .moving(value, handoff: nil)
    }

    /// New bounds (the content or the viewport changed): a resting offset past them moves inside.
    mutating func setBounds(lower: Double, upper: Double, viewport: Double, at t: Double) {
        self.lower = lower; self.upper = max(lower, upper); self.viewport = max(1, viewport)
        if case let .resting(o) = phase { phase = .resting(Self.clamp(o, self.lower, self.upper)) }
    }

    /// Whether a wheel or key delta would move it.
    func canScroll(by delta: Double, at t: Double) -> Bool {
        let o = offset(at: t)
        return delta < 0 ? o > lower : delta > 0 ? o < upper : false
    }

    // MARK: The rubber band

    /// The drawn offset of a raw (finger-driven) offset: 1:1 inside the bounds, banded past them.
    func banded(_ raw: Double) -> Double {
        if raw < lower { return lower - Self.band(lower - raw, viewport) }
        if raw > upper { return upper + Self.band(raw - upper, viewport) }
        return raw
    }

    /// The raw offset that `banded` draws at `offset`.
    func unbanded(_ offset: Double) -> Double {
        if offset < lower { return lower - Self.unband(lower - offset, viewport) }
        if offset > upper { return upper + Self.unband(offset - upper, viewport) }
        return offset
    }

    /// How far content is drawn past an edge when pulled `x` past it: (1 − 1/(x·c/d + 1))·d.
    static func band(_ x: Double, _ d: Double) -> Double { (1 - 1 / (x * rubberBand / d + 1)) * d }

    /// The pull that draws content `b` past an edge (b < d).
    static func unband(_ b: Double, _ d: Double) -> Double {
        let ratio = min(b / d, 0.999_999)
        return d / rubberBand * (1 / (1 - ratio) - 1)
    }

    static func clamp(_ x: Double, _ lo: Double, _ hi: Double) -> Double { smaller(larger(x, lo), hi) }
}
