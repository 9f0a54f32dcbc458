/// The activity indicator's motion: like UIActivityIndicatorView, the highlight steps one spoke
/// (1/8 turn) at a time, a full turn per second. Stepping rather than spinning smoothly means the
/// item changes 8 times a second, one small field each time.
enum ActivityIndicator {
    static let spokes = 8
    static let turnsPerSecond = 1.0

    /// `rotation` field value (turns/65536) at time `t`.
    static func rotation(at t: Double) -> Int32 {
        guard t.isFinite, t > 0 else { return 0 }
        let steps = (t * turnsPerSecond * Double(spokes)).rounded(.down)
        let step = steps - (steps / Double(spokes)).rounded(.down) * Double(spokes)
        return Int32.clamped(step, to: 0...Int32(spokes - 1)) * Int32(65536 / spokes)
    }
}
