/// The keys of a host node and of the `host` command (docs/SCENE.md, "host").

enum HostKeys {
    /// A leaf: the common keys only (no children: its content is the host's).
    static let fields: [Field<NodeDraft<NoStyle>>] = CommonNodeKeys.fields()
}

/// `{"host": {"node": id, "width": w, "height": h}}`: the size the host measured its content at.
struct HostSizeDraft {
    var node: [UInt8] = []
    var width: Double? = nil
    var height: Double? = nil
}

enum HostCommandKeys {
    static let fields: [Field<HostSizeDraft>] = [
        Field("node", required: true, takes: { .node.about("The host node.") }) { d, m, c throws(SceneError) in d.node = try c.name(m) },
        Field("width", takes: { .number(Bounds.size).about("The content's width, points.") }) { d, m, c throws(SceneError) in d.width = try c.number(m, Bounds.size) },
        Field("height", takes: { .number(Bounds.size).about("The content's height, points.") }) { d, m, c throws(SceneError) in d.height = try c.number(m, Bounds.size) },
    ]

    static let variant = Variant<Command>("host", takes: {
        .object(fields, needsOneOf: ["width", "height"]).about("The size the host measured a host node's content at: the node is laid out again at it.")
    }) { m, c throws(SceneError) in
        var draft = HostSizeDraft()
        try c.readObject(m.value, "\"host\"", fields, into: &draft)
        guard draft.width != nil || draft.height != nil else {
            throw c.error(at: m.value.offset, "\"host\" needs \"width\" or \"height\"")
        }
        return .host(node: draft.node, width: draft.width, height: draft.height)
    }
}
