/// Rectangles and insets: `"frame": {"x", "y", "width", "height"}`, `"padding": 16 | {"top", …}`.
enum GeometryFields {
    /// Each side defaults to 0 and is a size (≥ 0).
    static let insets: [Field<EdgeInsets>] = [
        Field("top", takes: { .number(Bounds.size).about("Points.", byDefault: "0") }) { e, m, c throws(SceneError) in e.top = try c.number(m, Bounds.size) },
        Field("left", takes: { .number(Bounds.size).about("Points.", byDefault: "0") }) { e, m, c throws(SceneError) in e.left = try c.number(m, Bounds.size) },
        Field("bottom", takes: { .number(Bounds.size).about("Points.", byDefault: "0") }) { e, m, c throws(SceneError) in e.bottom = try c.number(m, Bounds.size) },
        Field("right", takes: { .number(Bounds.size).about("Points.", byDefault: "0") }) { e, m, c throws(SceneError) in e.right = try c.number(m, Bounds.size) },
    ]

    /// x and y default to 0; width and height are required.
    static let rect: [Field<Rect>] = [
        Field("x", takes: { .number(Bounds.coordinate).about("Points from the parent's content box's left.", byDefault: "0") }) { r, m, c throws(SceneError) in r.x = try c.number(m, Bounds.coordinate) },
        Field("y", takes: { .number(Bounds.coordinate).about("Points from the parent's content box's top.", byDefault: "0") }) { r, m, c throws(SceneError) in r.y = try c.number(m, Bounds.coordinate) },
        Field("width", required: true, takes: { .number(Bounds.size).about("Points.") }) { r, m, c throws(SceneError) in r.width = try c.number(m, Bounds.size) },
        Field("height", required: true, takes: { .number(Bounds.size).about("Points.") }) { r, m, c throws(SceneError) in r.height = try c.number(m, Bounds.size) },
    ]
}

extension ReaderContext {
    /// A number for all four sides, or an object with any of "top", "left", "bottom", "right".
    func insets(_ member: JSONMember) throws(SceneError) -> EdgeInsets {
        switch member.value.kind {
        case .number:
            return EdgeInsets(all: try number(member, Bounds.size))
        case .object:
            var insets = EdgeInsets.zero
            try readObject(member.value, "\"\(display(member.key))\"", GeometryFields.insets, into: &insets)
            return insets
        default:
            throw typeError(member, expected: "a number or an object {\"top\", \"left\", \"bottom\", \"right\"}")
        }
    }

    func rect(_ member: JSONMember) throws(SceneError) -> Rect {
        guard case .object = member.value.kind else {
            throw typeError(member, expected: "an object {\"x\", \"y\", \"width\", \"height\"}")
        }
        var rect = Rect.zero
        try readObject(member.value, "\"\(display(member.key))\"", GeometryFields.rect, into: &rect)
        return rect
    }

    /// A rectangle, or null for "none".
    func optionalRect(_ member: JSONMember) throws(SceneError) -> Rect? {
        if case .null = member.value.kind { return nil }
        guard case .object = member.value.kind else {
            throw typeError(member, expected: "an object {\"x\", \"y\", \"width\", \"height\"} or null")
        }
        return try rect(member)
    }
}
