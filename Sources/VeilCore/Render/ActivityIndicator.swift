/// The activity indicator's motion: like UIActivityIndicatorView, the highlight steps one spoke
/// (1/8 turn) at a time, a full turn per second, from session time 0. It is declared once
/// (`ItemMotion`): the frame's item holds rotation 0 and each host steps it on its own clock —
/// a spinner node, a pull-to-refresh animator's and infinite scroll's footer's.
enum ActivityIndicator {
    static let spokes = 8
    static let turnsPerSecond = 1.0

    /// The rotation (turns/65536) of item `id`, stepping with time.
    static func motion(id: UInt32) -> ItemMotion {
        ItemMotion(id: id, field: .rotation,
                   path: .steps(count: spokes, rate: turnsPerSecond * Double(spokes), increment: Int32(65536 / spokes)),
                   start: 0)
    }
}
