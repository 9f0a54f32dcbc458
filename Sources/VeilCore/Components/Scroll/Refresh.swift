/// Pull-to-refresh on a list or scroll container (Infinity's behaviour, docs/SCENE.md "Pull to
/// refresh"): pulled down past its top, the content reveals an animator — a grey circle whose
/// stroke grows with the pull's progress² from 12 o'clock — and let go once pulled `height`
/// points, it holds the animator open (the top inset grows by `height`), shows an activity
/// indicator and sends `refresh` to the host until the host says `end`.
public struct RefreshStyle: Sendable {
    /// How far to pull before letting go refreshes, and how much room the loading animator takes.
    public var height: Double = 60
    public var enabled = true
    public init() {}
}

/// What the `refresh` command does.
public enum RefreshCommand: Sendable {
    /// Scrolls to the top and refreshes, as a pull would (a `refresh` event follows).
    case begin
    /// The host's refresh is done: the animator closes.
    case end
    /// Turns pulling to refresh on or off (off ends one in progress).
    case enabled(Bool)
}

/// Where the animator is drawn, in the container's layer space, for an offset.
struct RefreshAnimator: Sendable {
    /// The container's width, and the trigger height.
    var width: Double
    var height: Double

    static let diameter = 24.0
    static let lineWidth = 3.0
    static let color = Color(r: 142, g: 142, b: 147)

    /// Centred across, in the middle of the `height` points above the content's top (content
    /// space: it moves with the content).
    var rect: Rect {
        let d = Self.diameter
        return Rect(x: width / 2 - d / 2, y: -height / 2 - d / 2, width: d, height: d)
    }

    /// The arc shows while pulled and not refreshing.
    func arcOpacity(offset: Double, refreshing: Bool) -> Double { !refreshing && offset < 0 ? 1 : 0 }

    static func place(_ item: inout Item, _ r: Rect) {
        item.x = Fixed.from(r.x); item.y = Fixed.from(r.y)
        item.width = Fixed.from(r.width); item.height = Fixed.from(r.height)
    }

    /// The pull's progress: 0 at rest, 1 once pulled `height` points.
    func progress(offset: Double) -> Double { min(1, max(0, -offset) / max(1, height)) }

    /// The arc's sweep, turns/65536: progress², from 12 o'clock.
    func sweep(offset: Double) -> Int32 {
        let p = progress(offset: offset)
        return Int32((p * p * 65536).rounded())
    }
}

enum RefreshKeys {
    /// `"refresh": true | false | {"height"?: points, "enabled"?: bool}` on a list or scroll node.
    static let field = Field<Node>("refresh") { node, m, c throws(SceneError) in
        var style = RefreshStyle()
        if case let .bool(on) = m.value.kind {
            style.enabled = on
        } else {
            try c.readObject(m.value, "\"refresh\"", fields, into: &style)
        }
        node.refresh = style
    }

    static let fields: [Field<RefreshStyle>] = [
        Field("height") { s, m, c throws(SceneError) in s.height = try c.number(m, 1 ... 1_000) },
        Field("enabled") { s, m, c throws(SceneError) in s.enabled = try c.bool(m) },
    ]
}
