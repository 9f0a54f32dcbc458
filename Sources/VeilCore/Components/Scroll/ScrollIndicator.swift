/// The thin bar that shows where a scroll container's content is, as UIScrollView draws it: 3 pt
/// thick, 3 pt from the trailing (or bottom) edge, as long as the viewport's share of the content
/// (at least 36 pt), shrinking while the content is pulled past an edge. It shows while the content
/// moves and fades out after it rests (`ScrollComponent`). Geometry is in the container's layer
/// space (its frame's origin at 0, 0).
struct ScrollIndicator: Sendable {
    var horizontal: Bool
    /// The container's size.
    var width: Double
    var height: Double
    /// The viewport's and the content's lengths along the axis.
    var viewport: Double
    var content: Double
    /// The container's insets along the axis: the bar runs between them.
    var startInset = 0.0
    var endInset = 0.0

    static let thickness = 3.0
    static let inset = 3.0
    static let minimumLength = 36.0
    static let shrunkLength = 7.0

    /// Whether there is anything to scroll (no indicator otherwise).
    var applies: Bool { content > viewport + 0.5 }

    /// The bar's rectangle when the content is at `offset`.
    func rect(offset: Double) -> Rect {
        let track = larger(0, (horizontal ? width : height) - 2 * Self.inset - startInset - endInset
            - (horizontal ? Self.thickness + Self.inset : 0))
        let upper = larger(0, content - viewport)
        var length = larger(Self.minimumLength, track * viewport / larger(content, 1))
        let overshoot = offset < 0 ? -offset : larger(0, offset - upper)
        length = larger(Self.shrunkLength, length - overshoot)
        let progress = upper > 0 ? smaller(1, larger(0, offset / upper)) : 0
        let along = Self.inset + startInset + (track - length) * progress
        if horizontal {
            return Rect(x: along, y: height - Self.thickness - Self.inset, width: length, height: Self.thickness)
        }
        return Rect(x: width - Self.thickness - Self.inset, y: along, width: Self.thickness, height: length)
    }

    static func color(_ appearance: Appearance) -> Color {
        appearance == .dark ? Color(r: 255, g: 255, b: 255, a: 89) : Color(r: 0, g: 0, b: 0, a: 89)
    }
}

enum ScrollIndicatorKeys {
    /// `"showsIndicator": false` on a list or scroll node.
    static let field = Field<Node>("showsIndicator", takes: { .bool.about("Whether the scroll indicator is drawn.", byDefault: "true") }) { n, m, c throws(SceneError) in
        n.showsIndicator = try c.bool(m)
    }
}
