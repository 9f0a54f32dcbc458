/// A status shown over a host node, as StatusProvider: loading, error or empty (none = hidden).
public struct Status: Equatable, Sendable {
    public enum Kind: UInt8, Sendable { case loading = 0, error = 1, empty = 2 }

    public var kind: Kind
    public var title: [UInt8]? = nil
    /// The error message, or the empty state's caption.
    public var message: [UInt8]? = nil
    /// Image name (drawn as a placeholder box).
    public var image: [UInt8]? = nil
    public var actionTitle: [UInt8]? = nil
    /// Event name reported when the button is tapped.
    public var action: [UInt8]? = nil

    public init(kind: Kind) { self.kind = kind }

    /// The reference's presets: loading shows "Loading…"; error is titled "Error" with a "Retry"
    /// button reporting "retry"; an empty state's button reports "action" unless named.
    public var resolved: Status {
        var s = self
        switch kind {
        case .loading:
            if s.title == nil { s.title = utf8("Loading…") }
            s.actionTitle = nil
        case .error:
            if s.title == nil { s.title = utf8("Error") }
            if s.actionTitle == nil { s.actionTitle = utf8("Retry") }
            if s.action == nil { s.action = utf8("retry") }
        case .empty:
            if s.actionTitle != nil && s.action == nil { s.action = utf8("action") }
        }
        return s
    }
}

public enum OverlayTransition: Equatable, Sendable {
    case none
    case crossDissolve(Double)
}
