/// Infinite scroll on a list or scroll container (vertical or horizontal) (docs/SCENE.md, "Infinite scroll"): when
/// what is left below the viewport (above it, at the start `edge`) falls under `prefetch`, a `loadMore` event asks the host for
/// more, once, until it answers (rows appended, or `end`); meanwhile an activity indicator turns in
/// `height` points below the content (the bottom inset grows by them). Content shorter than the
/// viewport keeps asking until it fills or `hasMore` is false; never while a refresh is under way.
public struct LoadMoreStyle: Sendable {
    /// Points left below the viewport at which to ask; nil = one viewport.
    public var prefetch: Double? = nil
    /// Room for the footer animator while loading.
    public var height: Double = 60
    /// False: the end of the list is reached (no more asking; `endText` shows below the content).
    public var hasMore = true
    public var endText: [UInt8] = []
    /// Where more content comes: after the end (a feed), or before the start (a chat's older
    /// messages; the list then opens at its end and follows new rows appended while at it).
    public var edge = LoadMoreEdge.end
    public init() {}
}

public enum LoadMoreEdge: UInt8, Sendable { case end, start }

/// What the `loadMore` command says.
public enum LoadMoreCommand: Sendable {
    /// The host has nothing more this time (rows appended end a load by themselves).
    case end
    /// Whether there is more to load.
    case hasMore(Bool)
}

/// The footer (a header at the start edge): an activity indicator while loading, the end text
/// once there is no more, in the `height` points past the content's end or before its start.
struct LoadMoreFooter: Sendable {
    var horizontal = false
    /// The container's size across its axis.
    var cross: Double
    /// Where the content ends (content space, along the axis).
    var contentLength: Double
    /// The band's length along the axis.
    var height: Double
    var edge = LoadMoreEdge.end
    /// The container's insets along its axis: the band lies inside them.
    var startInset = 0.0
    var endInset = 0.0

    static let diameter = 20.0

    /// The footer's band, content space: below the content (a horizontal list: after it).
    var band: Rect {
        let along = edge == .end ? contentLength - endInset : startInset - height
        return horizontal ? Rect(x: along, y: 0, width: height, height: cross) : Rect(x: 0, y: along, width: cross, height: height)
    }

    var spinnerRect: Rect {
        let d = Self.diameter, b = band
        return Rect(x: b.x + b.width / 2 - d / 2, y: b.y + b.height / 2 - d / 2, width: d, height: d)
    }
}

enum LoadMoreKeys {
    /// `"loadMore": true | {"prefetch"?, "height"?, "hasMore"?, "endText"?}` on a list or scroll node.
    static let field = Field<Node>("loadMore", takes: {
        .anyOf([.bool, .object(fields)]).about("Infinite scroll: true (on), false (no more to load) or its options.")
    }) { node, m, c throws(SceneError) in
        var style = LoadMoreStyle()
        if case let .bool(on) = m.value.kind {
            style.hasMore = on
        } else {
            try c.readObject(m.value, "\"loadMore\"", fields, into: &style)
        }
        node.loadMore = style
    }

    static let fields: [Field<LoadMoreStyle>] = [
        Field("prefetch", takes: { .number(0...100_000).about("Points left past the viewport at which to ask for more (default: one viewport).") }) { s, m, c throws(SceneError) in s.prefetch = try c.number(m, 0 ... 100_000) },
        Field("height", takes: { .number(1...1_000).about("Room for the activity indicator while loading, points.", byDefault: "60") }) { s, m, c throws(SceneError) in s.height = try c.number(m, 1 ... 1_000) },
        Field("hasMore", takes: { .bool.about("False: the end is reached (endText shows).", byDefault: "true") }) { s, m, c throws(SceneError) in s.hasMore = try c.bool(m) },
        Field("endText", takes: { .string(minBytes: 0, maxBytes: Bounds.nameBytes).about("Text shown once there is no more.", byDefault: "\"\"") }) { s, m, c throws(SceneError) in s.endText = try c.string(m, maxBytes: Bounds.nameBytes) },
        Field("edge", takes: { .choice(edges).about("Where more content comes: after the end (a feed) or before the start (a chat).", byDefault: "\"end\"") }) { s, m, c throws(SceneError) in s.edge = try c.choice(m, edges) },
    ]

    static let edges: [Choice<LoadMoreEdge>] = [Choice("end", .end), Choice("start", .start)]
}
