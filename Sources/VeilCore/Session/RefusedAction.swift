/// A timeline or reaction action the session could not apply (an unknown node, a command the
/// node cannot take): it changed nothing, and the host reports it — `veil serve` in its log and
/// the viewer's overlay, `veil render` on standard error — as `veil check` reports the timeline.
public struct RefusedAction: Equatable, Sendable {
    /// The time the action was due, seconds.
    public var time: Double
    /// Where the action is in the scene file (nil for one built in code).
    public var place: SourcePlace?
    /// The event whose reaction ran it; nil for a timeline entry.
    public var reactionTo: [UInt8]?
    /// Why it was refused (the session's error message).
    public var message: String

    /// `file:line:column: timeline entry (t = 1.5): no node with id "x"` — the form of `veil check`.
    public func description(file: String) -> String {
        var text: UTF8Text = "\(file)"
        if let place { text.append(":\(place.line):\(place.column)") }
        if let reactionTo { text.append(": reaction to \"\(reactionTo)\"") } else { text.append(": timeline entry") }
        text.append(" (t = \(ReaderContext.format(time))): \(message)")
        return text.string
    }
}
