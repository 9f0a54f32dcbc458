/// An opacity transition that starts at a given time: the building block of show/hide cross-fades.
public struct Fade: Equatable, Sendable {
    public var from: Double
    public var to: Double
    public var start: Double
    public var duration: Double
    public var curve: TimingCurve

    public init(from: Double, to: Double, start: Double, duration: Double, curve: TimingCurve = .easeInOut) {
        self.from = from; self.to = to; self.start = start; self.duration = duration; self.curve = curve
    }

    /// Opacity at time `t`.
    public func value(at t: Double) -> Double {
        guard duration > 0 else { return t >= start ? to : from }
        let p = curve.value(at: (t - start) / duration)
        return from + (to - from) * p
    }

    /// True from the moment the fade has reached `to` for good.
    public func isOver(at t: Double) -> Bool { t >= start + duration }
}
