/// Scene-file reading for the status component: the "status" command, a scene's "statusViews" (custom views per state) and "reactions" (actions run on an event).

enum StatusCommandReaders {
    static let all: [Variant<Command>] = [
        Variant("status", takes: { .object(StatusKeys.fields).about("Shows a loading, error or empty state over a node, or hides it.") }) { m, c throws(SceneError) in
            var draft = StatusDraft()
            try c.readObject(m.value, "\"status\"", StatusKeys.fields, into: &draft)
            return .status(node: draft.node, status: draft.status, transition: draft.transition)
        },
    ]
}

/// `{"status": {"node": id, "state": "loading"|"error"|"empty"|"none", …}}`.
struct StatusDraft {
    var node: [UInt8] = []
    var state: Status.Kind? = nil
    /// The text fields, read in any order before or after "state".
    var provisional = Status(kind: .loading)
    var transition: OverlayTransition = .none

    /// nil for "none".
    var status: Status? {
        guard let state else { return nil }
        var s = provisional
        s.kind = state
        return s
    }
}

enum StatusKeys {
    /// "none" hides the status.
    static let states: [Choice<Status.Kind?>] = [
        Choice("loading", .loading), Choice("error", .error), Choice("empty", .empty), Choice("none", nil),
    ]

    static let fields: [Field<StatusDraft>] = [
        Field("node", required: true, takes: { .node.about("The node the status covers.") }) { d, m, c throws(SceneError) in d.node = try c.name(m) },
        Field("state", required: true, takes: { .choice(states).about("The state; \"none\" hides the status.") }) { d, m, c throws(SceneError) in
            d.state = try c.choice(m, states)
        },
        Field("title", takes: { .text.about("The status view's title.") }) { d, m, c throws(SceneError) in d.provisional.title = try c.string(m) },
        Field("message", takes: { .text.about("The status view's message.") }) { d, m, c throws(SceneError) in d.provisional.message = try c.string(m) },
        Field("image", takes: { .string(minBytes: 0, maxBytes: Bounds.nameBytes).about("An image name for the status view.") }) { d, m, c throws(SceneError) in d.provisional.image = try c.string(m, maxBytes: Bounds.nameBytes) },
        Field("actionTitle", takes: { .text.about("The title of the status view's button.") }) { d, m, c throws(SceneError) in d.provisional.actionTitle = try c.string(m) },
        Field("action", takes: { .name.about("The event the status view's button reports.") }) { d, m, c throws(SceneError) in d.provisional.action = try c.name(m) },
        Field("transition", takes: { OverlayTransitionNames.description.about("How the status fades in and out.", byDefault: "\"none\"") }) { d, m, c throws(SceneError) in d.transition = try c.transition(m, defaultDuration: 0.2) },
    ]
}

/// The string forms of a transition (the object form is {"crossDissolve": seconds}).
enum OverlayTransitionNames {
    static let all = [utf8("none"), utf8("crossDissolve")]

    /// A name, or {"crossDissolve": seconds}.
    static var description: ValueDescription {
        .anyOf([.choice(all), .object([Field<Double>("crossDissolve", required: true, takes: { .number(Bounds.transition).about("Seconds.") }) { _, _, _ throws(SceneError) in }])])
    }
}

extension ReaderContext {
    /// "none", "crossDissolve" (with `defaultDuration`) or {"crossDissolve": seconds}.
    func transition(_ member: JSONMember, defaultDuration: Double) throws(SceneError) -> OverlayTransition {
        switch member.value.kind {
        case let .string(name):
            if name == OverlayTransitionNames.all[0] { return .none }
            if name == OverlayTransitionNames.all[1] { return .crossDissolve(defaultDuration) }
            throw error(at: member.value.offset,
                        "unknown transition \"\(display(name))\"; expected \"none\", \"crossDissolve\" or {\"crossDissolve\": seconds}")
        case let .object(members):
            guard members.count == 1, members[0].key == utf8("crossDissolve") else {
                throw error(at: member.value.offset, "expected {\"crossDissolve\": seconds} for \"transition\"")
            }
            return .crossDissolve(try number(members[0], Bounds.transition))
        default:
            throw typeError(member, expected: "\"none\", \"crossDissolve\" or {\"crossDissolve\": seconds}")
        }
    }

    /// A scene's "statusViews": {"loading"|"error"|"empty": NODE}. Their ids live in their own
    /// namespace: a status view is instantiated per host as "<host>/status/<id>".
    func readStatusViews(_ member: JSONMember) throws(SceneError) -> StatusViews {
        var views = StatusViews()
        try readObject(member.value, "\"statusViews\"", StatusViewKeys.fields, into: &views)
        return views
    }

    func readDetachedNode(_ value: JSONValue, defaultID: [UInt8]) throws(SceneError) -> Node {
        try inNamespace { () throws(SceneError) in try readNode(value, defaultID: defaultID) }
    }

    /// A scene's "reactions": [{"event": name, "node"?: id, "actions": [timed actions]}].
    func readReactions(_ member: JSONMember) throws(SceneError) -> [Reaction] {
        let elements = try elements(of: member)
        if elements.count > Limits.maxReactions {
            throw error(at: elements[Limits.maxReactions].offset, "\"reactions\" has more than \(Limits.maxReactions) entries")
        }
        var reactions: [Reaction] = []
        for element in elements {
            var r = Reaction(event: [], actions: [])
            try readObject(element, "a reaction", ReactionKeys.fields, into: &r)
            reactions.append(r)
        }
        return reactions
    }
}

enum StatusViewKeys {
    static let fields: [Field<StatusViews>] = [
        Field("loading", takes: { .ref(.node).about("The view shown while loading (ids \"<host>/status/<id>\").") }) { v, m, c throws(SceneError) in v.loading = try c.readDetachedNode(m.value, defaultID: utf8("loading")) },
        Field("error", takes: { .ref(.node).about("The view shown on an error.") }) { v, m, c throws(SceneError) in v.error = try c.readDetachedNode(m.value, defaultID: utf8("error")) },
        Field("empty", takes: { .ref(.node).about("The view shown when there is nothing.") }) { v, m, c throws(SceneError) in v.empty = try c.readDetachedNode(m.value, defaultID: utf8("empty")) },
    ]
}

enum ReactionKeys {
    static let fields: [Field<Reaction>] = [
        Field("event", required: true, takes: { .name.about("The event that runs the actions (a button's action, \"refresh\", \"loadMore\"…).") }) { r, m, c throws(SceneError) in r.event = try c.name(m) },
        Field("node", takes: { .name.about("Only when this node sends the event (default: any).") }) { r, m, c throws(SceneError) in r.node = try c.name(m) },
        Field("actions", required: true, takes: {
            .array(.ref(.timedAction), min: 0, max: Limits.maxTimeline).about("What runs, \"t\" seconds after the event, in time order.")
        }) { r, m, c throws(SceneError) in r.actions = try c.readTimeline(m) },
    ]
}

enum ActivityIndicatorKeys {
    static let fields: [Field<NodeDraft<ActivityIndicatorStyle>>] = [
        Field("color", takes: { .ref(.color).about("The spokes' colour (default: the appearance's secondary text colour).") }) { d, m, c throws(SceneError) in d.style.color = try c.color(m) },
        Field("large", takes: { .bool.about("37 points across when large, else 20.", byDefault: "false") }) { d, m, c throws(SceneError) in d.style.large = try c.bool(m) },
    ] + CommonNodeKeys.fields()
}
