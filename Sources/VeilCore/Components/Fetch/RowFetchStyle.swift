/// A list that fetches its rows from the host (docs/SCENE.md, "Lists that fetch their rows"): it
/// has `rowCount` rows but no data for them; as rows come near its viewport it asks for them, a
/// page at a time, with a `rows` host event naming the range, and shows them as skeleton rows until
/// the host answers with the `rows` command's `fill`. It holds the rows near its window only.
public struct RowFetchStyle: Sendable {
    /// Rows per request. Ranges are whole pages (`[k·page, (k+1)·page)`, the last one cut at
    /// `rowCount`), so a range is asked for once and a host can cache by page.
    public var page = 50
    /// How rows waiting for data are drawn (SkeletonView's styles; default solid, the scene's tint).
    public var skeleton = SkeletonStyle()
    public init() {}
}

enum RowFetchKeys {
    /// `"fetch": true | false | {"page"?, "skeleton"?}` on a list.
    static let field = Field<NodeDraft<ListDraft>>("fetch", takes: {
        .anyOf([.bool, .object(fields)]).about("Rows come from the host: the list asks for them with \"rows\" events and shows skeleton rows until they are filled in. Not with \"rows\" or \"sections\".")
    }) { d, m, c throws(SceneError) in
        var style = RowFetchStyle()
        if case .bool = m.value.kind {
            guard try c.bool(m) else { return }
        } else {
            try c.readObject(m.value, "\"fetch\"", fields, into: &style)
        }
        d.style.style.fetch = style
        d.style.fetchOffset = m.keyOffset
    }

    static let pages = 1...1_000

    static let fields: [Field<RowFetchStyle>] = [
        Field("page", takes: { .integer(pages).about("Rows asked for at once: ranges are whole pages of this many rows.", byDefault: "50") }) { s, m, c throws(SceneError) in s.page = try c.integer(m, pages) },
        Field("skeleton", takes: { .object(SkeletonStyleKeys.fields).about("How rows waiting for data are drawn: a skeleton style.", byDefault: "{\"style\": \"solid\"}") }) { s, m, c throws(SceneError) in
            try c.readObject(m.value, "\"skeleton\"", SkeletonStyleKeys.fields, into: &s.skeleton)
        },
    ]
}
