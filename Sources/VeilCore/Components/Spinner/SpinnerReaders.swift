/// Scene-file reading for the spinner component: the "spinner" command.

enum SpinnerCommandReaders {
    static let all: [Variant<Command>] = [
        Variant("spinner", takes: { .object(SpinnerKeys.fields).about("Shows or hides a spinner over a node.") }) { m, c throws(SceneError) in
            var draft = SpinnerDraft()
            try c.readObject(m.value, "\"spinner\"", SpinnerKeys.fields, into: &draft)
            return .spinner(node: draft.node, show: draft.show)
        },
    ]
}

/// `{"spinner": {"node": id, "show": bool}}`.
struct SpinnerDraft {
    var node: [UInt8] = []
    var show = true
}

enum SpinnerKeys {
    static let fields: [Field<SpinnerDraft>] = [
        Field("node", required: true, takes: { .node.about("The node the spinner covers.") }) { d, m, c throws(SceneError) in d.node = try c.name(m) },
        Field("show", required: true, takes: { .bool.about("Shows or hides the spinner.") }) { d, m, c throws(SceneError) in d.show = try c.bool(m) },
    ]
}
