/// Commands and inputs: an events-file line, a timeline entry, or a message from a viewer or a wasm
/// page — `{"t"?: seconds, "command": COMMAND}` or `{"t"?: seconds, "input": INPUT}`.
/// A command or an input is an object with one key naming it; to add one, add a `Variant` below.

enum CommandReaders {
    static let all: [Variant<Command>] = [
        Variant("set", takes: { .object(SetKeys.fields).about("Changes keys of a node.") }) { m, c throws(SceneError) in
            var draft = SetDraft()
            try c.readObject(m.value, "\"set\"", SetKeys.fields, into: &draft)
            return .set(node: draft.node, changes: draft.changes)
        },
        Variant("rows", takes: {
            .object(RowsKeys.fields, needsOneOf: ["append", "prepend", "replace", "remove", "fill"]).about("Edits a list's row data, or fills in the rows a fetching list asked for.")
        }) { m, c throws(SceneError) in
            let (node, edit) = try c.readNodeCommand(m, RowsKeys.fields, needs: "one of \"append\", \"prepend\", \"replace\" or \"remove\"")
            return .rows(node: node, edit)
        },
        Variant("refresh", takes: {
            .object(RefreshCommandKeys.fields, needsOneOf: ["begin", "end", "enabled"]).about("Begins or ends a pull-to-refresh, or turns it on or off.")
        }) { m, c throws(SceneError) in
            let (node, command) = try c.readNodeCommand(m, RefreshCommandKeys.fields, needs: "one of \"begin\", \"end\" or \"enabled\"")
            return .refresh(node: node, command)
        },
        Variant("loadMore", takes: {
            .object(LoadMoreCommandKeys.fields, needsOneOf: ["end", "hasMore"]).about("Ends a load, or says whether there is more to load.")
        }) { m, c throws(SceneError) in
            let (node, command) = try c.readNodeCommand(m, LoadMoreCommandKeys.fields, needs: "\"end\" or \"hasMore\"")
            return .loadMore(node: node, command)
        },
        Variant("scroll", takes: { .object(ScrollKeys.fields).about("Scrolls a list or scroll container to an offset.") }) { m, c throws(SceneError) in
            var draft = ScrollDraft()
            try c.readObject(m.value, "\"scroll\"", ScrollKeys.fields, into: &draft)
            return .scroll(node: draft.node, to: draft.to, animated: draft.animated)
        },
        SheetCommandKeys.variant,
        HostCommandKeys.variant,
    ] + StatusCommandReaders.all + SpinnerCommandReaders.all + SkeletonCommandReaders.all + [
        Variant("motion", takes: { .choice(motions).about("Full or reduced motion (reduced: fades instead of slides and springs).") }) { m, c throws(SceneError) in
            .motion(reduced: try c.choice(m, motions))
        },
    ]

    static let motions = [Choice("full", false), Choice("reduced", true)]
}

enum InputReaders {
    static let all: [Variant<InputEvent>] = [
        Variant("pointer", takes: { .object(PointerKeys.fields).about("A pointer (mouse, pen, touch) goes down, moves, goes up or is cancelled.") }) { m, c throws(SceneError) in
            var event = PointerEvent(phase: .down, x: 0, y: 0)
            try c.readObject(m.value, "\"pointer\"", PointerKeys.fields, into: &event)
            return .pointer(event)
        },
        Variant("key", takes: { .object(KeyKeys.fields).about("A key goes down or up.") }) { m, c throws(SceneError) in
            var event = KeyEvent(phase: .down, key: [])
            try c.readObject(m.value, "\"key\"", KeyKeys.fields, into: &event)
            return .key(event)
        },
        Variant("resize", takes: { .object(ResizeKeys.fields).about("The canvas gets a new size.") }) { m, c throws(SceneError) in
            var size = Size.zero
            try c.readObject(m.value, "\"resize\"", ResizeKeys.fields, into: &size)
            return .resize(width: size.width, height: size.height)
        },
        Variant("wheel", takes: { .object(WheelKeys.fields).about("A wheel or trackpad scroll, as the DOM's WheelEvent.") }) { m, c throws(SceneError) in
            var event = WheelEvent(x: 0, y: 0)
            try c.readObject(m.value, "\"wheel\"", WheelKeys.fields, into: &event)
            return .wheel(event)
        },
    ]
}

/// A command on one node that says one of a few things: `{"node": id, <one key>: …}`.
struct NodeCommandDraft<What> {
    var node: [UInt8] = []
    var what: What? = nil
    /// For "replace" and "remove" of rows.
    var at = 0, count = 1
    var rows: [ListRow] = []
}

/// The "node" key of a `NodeCommandDraft`.
func nodeField<What>() -> Field<NodeCommandDraft<What>> {
    Field("node", required: true, takes: { .node.about("The id of the node.") }) { d, m, c throws(SceneError) in d.node = try c.name(m) }
}

extension ReaderContext {
    /// Reads `m`'s object with `fields` (of which exactly one says what to do).
    func readNodeCommand<What>(_ m: JSONMember, _ fields: [Field<NodeCommandDraft<What>>],
                               needs: String) throws(SceneError) -> ([UInt8], What) {
        var draft = NodeCommandDraft<What>()
        try readObject(m.value, "\"\(display(m.key))\"", fields, into: &draft)
        guard let what = draft.what else { throw error(at: m.value.offset, "\"\(display(m.key))\" needs \(needs)") }
        return (draft.node, what)
    }

    /// Sets what a command says, refusing a second key that says it too.
    func say<What>(_ draft: inout NodeCommandDraft<What>, _ member: JSONMember, _ what: What) throws(SceneError) {
        if draft.what != nil { throw error(at: member.keyOffset, "\"\(display(member.key))\" comes after another key saying what to do") }
        draft.what = what
    }
}

/// `{"rows": {"node": id, "append" | "prepend": [rows], "replace" | "fill": {"at": n, "rows": [rows]},
/// "remove": {"at": n, "count": n}}}`.
enum RowsKeys {
    static let fields: [Field<NodeCommandDraft<RowsEdit>>] = [
        nodeField(),
        Field("append", takes: { .array(.ref(.row), min: 0, max: Limits.maxRowData).about("Rows added at the end.") }) { d, m, c throws(SceneError) in try c.say(&d, m, .append(try c.readRows(m.value, template: nil))) },
        Field("prepend", takes: { .array(.ref(.row), min: 0, max: Limits.maxRowData).about("Rows added at the start.") }) { d, m, c throws(SceneError) in try c.say(&d, m, .prepend(try c.readRows(m.value, template: nil))) },
        Field("replace", takes: { .object(RowsAtKeys.fields).about("Replaces rows from \"at\" with \"rows\".") }) { d, m, c throws(SceneError) in
            var inner = NodeCommandDraft<RowsEdit>()
            try c.readObject(m.value, "\"replace\"", RowsAtKeys.fields, into: &inner)
            try c.say(&d, m, .replace(at: inner.at, inner.rows))
        },
        Field("remove", takes: { .object(RowsAtKeys.fields).about("Removes \"count\" rows from \"at\".") }) { d, m, c throws(SceneError) in
            var inner = NodeCommandDraft<RowsEdit>()
            try c.readObject(m.value, "\"remove\"", RowsAtKeys.fields, into: &inner)
            try c.say(&d, m, .remove(at: inner.at, count: inner.count))
        },
        Field("fill", takes: { .object(RowsAtKeys.fields).about("Rows a list that fetches its rows asked for (a \"rows\" event), from \"at\".") }) { d, m, c throws(SceneError) in
            var inner = NodeCommandDraft<RowsEdit>()
            try c.readObject(m.value, "\"fill\"", RowsAtKeys.fields, into: &inner)
            try c.say(&d, m, .fill(at: inner.at, inner.rows))
        },
    ]
}

enum RowsAtKeys {
    static let fields: [Field<NodeCommandDraft<RowsEdit>>] = [
        Field("at", required: true, takes: { .integer(Bounds.row).about("The first row.") }) { d, m, c throws(SceneError) in d.at = try c.integer(m, Bounds.row) },
        Field("count", takes: { .integer(Bounds.row).about("How many rows to remove.", byDefault: "1") }) { d, m, c throws(SceneError) in d.count = try c.integer(m, Bounds.row) },
        Field("rows", takes: { .array(.ref(.row), min: 0, max: Limits.maxRowData).about("The new rows.", byDefault: "[]") }) { d, m, c throws(SceneError) in d.rows = try c.readRows(m.value, template: nil) },
    ]
}

/// `{"refresh": {"node": id, "begin": true | "end": true | "enabled": bool}}`.
enum RefreshCommandKeys {
    static let fields: [Field<NodeCommandDraft<RefreshCommand>>] = [
        nodeField(),
        Field("begin", takes: { .flag.about("Scrolls to the top and refreshes, as a pull would.") }) { d, m, c throws(SceneError) in if try c.bool(m) { try c.say(&d, m, .begin) } },
        Field("end", takes: { .flag.about("The host's refresh is done: the animator closes.") }) { d, m, c throws(SceneError) in if try c.bool(m) { try c.say(&d, m, .end) } },
        Field("enabled", takes: { .bool.about("Turns pulling to refresh on or off.") }) { d, m, c throws(SceneError) in try c.say(&d, m, .enabled(try c.bool(m))) },
    ]
}

/// `{"loadMore": {"node": id, "end": true | "hasMore": bool}}`.
enum LoadMoreCommandKeys {
    static let fields: [Field<NodeCommandDraft<LoadMoreCommand>>] = [
        nodeField(),
        Field("end", takes: { .flag.about("The host has nothing more this time.") }) { d, m, c throws(SceneError) in if try c.bool(m) { try c.say(&d, m, .end) } },
        Field("hasMore", takes: { .bool.about("Whether there is more to load.") }) { d, m, c throws(SceneError) in try c.say(&d, m, .hasMore(try c.bool(m))) },
    ]
}

/// `{"scroll": {"node": id, "to": points, "animated"?: bool}}`.
struct ScrollDraft {
    var node: [UInt8] = []
    var to = 0.0
    var animated = false
}

enum ScrollKeys {
    static let fields: [Field<ScrollDraft>] = [
        Field("node", required: true, takes: { .node.about("The list or scroll container.") }) { d, m, c throws(SceneError) in d.node = try c.name(m) },
        Field("to", required: true, takes: { .number(Bounds.coordinate).about("The content offset along the axis, points.") }) { d, m, c throws(SceneError) in d.to = try c.number(m, Bounds.coordinate) },
        Field("animated", takes: { .bool.about("Scroll with an animation.", byDefault: "false") }) { d, m, c throws(SceneError) in d.animated = try c.bool(m) },
    ]
}

enum WheelKeys {
    static let fields: [Field<WheelEvent>] = [
        Field("x", required: true, takes: { .number(Bounds.coordinate).about("Where the pointer is, canvas points.") }) { e, m, c throws(SceneError) in e.x = try c.number(m, Bounds.coordinate) },
        Field("y", required: true, takes: { .number(Bounds.coordinate).about("Where the pointer is, canvas points.") }) { e, m, c throws(SceneError) in e.y = try c.number(m, Bounds.coordinate) },
        Field("dx", takes: { .number(Bounds.coordinate).about("Horizontal delta (DOM deltaX).", byDefault: "0") }) { e, m, c throws(SceneError) in e.dx = try c.number(m, Bounds.coordinate) },
        Field("dy", takes: { .number(Bounds.coordinate).about("Vertical delta (DOM deltaY).", byDefault: "0") }) { e, m, c throws(SceneError) in e.dy = try c.number(m, Bounds.coordinate) },
        Field("mode", takes: { .integer(Bounds.wheelMode).about("DOM deltaMode: 0 pixels, 1 lines, 2 pages.", byDefault: "0") }) { e, m, c throws(SceneError) in e.mode = try c.integer(m, Bounds.wheelMode) },
    ]
}

/// `{"set": {"node": id, change…}}`: the changes in file order.
struct SetDraft {
    var node: [UInt8] = []
    var changes: [NodeChange] = []
}

enum SetKeys {
    static let fields: [Field<SetDraft>] = [
        Field("node", required: true, takes: { .node.about("The node to change.") }) { d, m, c throws(SceneError) in d.node = try c.name(m) },
    ] + changeFields

    /// The changes alone (a list row's data names its node by its key).
    static let changeFields: [Field<SetDraft>] = [
        Field("text", takes: { .text.about("A label's text or a button's title.") }) { d, m, c throws(SceneError) in d.changes.append(.text(try c.string(m))) },
        Field("hidden", takes: { .bool.about("Hides or shows the node.") }) { d, m, c throws(SceneError) in d.changes.append(.hidden(try c.bool(m))) },
        Field("background", takes: { .orNull(.ref(.color)).about("The fill colour; null for none.") }) { d, m, c throws(SceneError) in d.changes.append(.background(try c.optionalColor(m))) },
        Field("textColor", takes: { .orNull(.ref(.color)).about("A label's colour or a button's title colour; null for the default.") }) { d, m, c throws(SceneError) in d.changes.append(.textColor(try c.optionalColor(m))) },
        Field("opacity", takes: { .number(Bounds.unit).about("The node's opacity.") }) { d, m, c throws(SceneError) in d.changes.append(.opacity(try c.number(m, Bounds.unit))) },
        Field("frame", takes: { .orNull(.rect).about("The node's frame; null for the parent's layout.") }) { d, m, c throws(SceneError) in d.changes.append(.frame(try c.optionalRect(m))) },
    ]
}

enum PointerKeys {
    static let phases: [Choice<PointerPhase>] = [
        Choice("down", .down), Choice("move", .move), Choice("up", .up), Choice("cancel", .cancel),
    ]
    static let fields: [Field<PointerEvent>] = [
        Field("phase", required: true, takes: { .choice(phases).about("What the pointer does.") }) { e, m, c throws(SceneError) in e.phase = try c.choice(m, phases) },
        Field("x", required: true, takes: { .number(Bounds.coordinate).about("Canvas points.") }) { e, m, c throws(SceneError) in e.x = try c.number(m, Bounds.coordinate) },
        Field("y", required: true, takes: { .number(Bounds.coordinate).about("Canvas points.") }) { e, m, c throws(SceneError) in e.y = try c.number(m, Bounds.coordinate) },
        Field("id", takes: { .integer(Bounds.pointerID).about("Which pointer (several may be down at once).", byDefault: "0") }) { e, m, c throws(SceneError) in e.pointer = try c.integer(m, Bounds.pointerID) },
        Field("kind", takes: { .choice(kinds).about("The kind of pointer: how far it may move before a pan takes it.", byDefault: "\"mouse\"") }) { e, m, c throws(SceneError) in e.kind = try c.choice(m, kinds) },
    ]
    static let kinds: [Choice<PointerKind>] = [Choice("mouse", .mouse), Choice("pen", .pen), Choice("touch", .touch)]
}

enum KeyKeys {
    static let phases: [Choice<KeyPhase>] = [Choice("down", .down), Choice("up", .up)]
    static let fields: [Field<KeyEvent>] = [
        Field("phase", required: true, takes: { .choice(phases).about("Down or up.") }) { e, m, c throws(SceneError) in e.phase = try c.choice(m, phases) },
        Field("key", required: true, takes: { .string(minBytes: 1, maxBytes: Bounds.keyBytes).about("The DOM key name (\"Enter\", \"Tab\", \" \", \"a\"…).") }) { e, m, c throws(SceneError) in
            e.key = try c.string(m, maxBytes: Bounds.keyBytes, allowEmpty: false)
        },
        Field("shift", takes: { .bool.about("Shift is held.", byDefault: "false") }) { e, m, c throws(SceneError) in e.shift = try c.bool(m) },
    ]
}

enum ResizeKeys {
    static let fields: [Field<Size>] = [
        Field("width", required: true, takes: { .number(Bounds.canvas).about("Canvas width, points.") }) { s, m, c throws(SceneError) in s.width = try c.number(m, Bounds.canvas) },
        Field("height", required: true, takes: { .number(Bounds.canvas).about("Canvas height, points.") }) { s, m, c throws(SceneError) in s.height = try c.number(m, Bounds.canvas) },
    ]
}

/// A timed action being read, and where its "t" was (for the timeline order error).
struct ActionDraft {
    var time: Double = 0
    var timeOffset: Int?
    var action: Action?
    /// Where "command" or "input" was, so that a second one is reported.
    var actionKey: [UInt8] = []
}

enum ActionKeys {
    static let fields: [Field<ActionDraft>] = [
        Field("t", takes: { .number(Bounds.time).about("When, seconds from the start (a reaction's: after the event).", byDefault: "0") }) { d, m, c throws(SceneError) in
            d.time = try c.number(m, Bounds.time)
            d.timeOffset = m.value.offset
        },
        Field("command", takes: { .ref(.command).about("A command: an object with one key, its name.") }) { d, m, c throws(SceneError) in
            try c.expectNoAction(d, m)
            d.action = .command(try c.readVariant(m.value, "command", CommandReaders.all))
            d.actionKey = m.key
        },
        Field("input", takes: { .ref(.input).about("An input: an object with one key, its name.") }) { d, m, c throws(SceneError) in
            try c.expectNoAction(d, m)
            d.action = .input(try c.readVariant(m.value, "input", InputReaders.all))
            d.actionKey = m.key
        },
    ]
}

extension ReaderContext {
    fileprivate func expectNoAction(_ draft: ActionDraft, _ member: JSONMember) throws(SceneError) {
        if draft.action != nil {
            throw error(at: member.keyOffset,
                        "an action has exactly one of \"command\" or \"input\"; found \"\(display(member.key))\" after \"\(display(draft.actionKey))\"")
        }
    }

    /// Reads `{"t"?: seconds, "command" | "input": …}`; "t" defaults to 0.
    func readTimedAction(_ value: JSONValue) throws(SceneError) -> (TimedAction, timeOffset: Int) {
        var draft = ActionDraft()
        try readObject(value, "an action", ActionKeys.fields, into: &draft)
        guard let action = draft.action else {
            throw error(at: value.offset, "missing \"command\" or \"input\" in an action")
        }
        var timed = TimedAction(time: draft.time, action: action, isTimed: draft.timeOffset != nil)
        timed.place = place(of: value.offset)
        return (timed, draft.timeOffset ?? value.offset)
    }

    /// Reads an array of timed actions (a scene's "timeline"): bounded, and in time order.
    func readTimeline(_ member: JSONMember) throws(SceneError) -> [TimedAction] {
        let elements = try elements(of: member)
        if elements.count > Limits.maxTimeline {
            throw error(at: elements[Limits.maxTimeline].offset,
                        "\"\(display(member.key))\" has more than \(Limits.maxTimeline) entries")
        }
        var timeline: [TimedAction] = []
        timeline.reserveCapacity(elements.count)
        for element in elements {
            let (entry, timeOffset) = try readTimedAction(element)
            try checkOrder(entry, after: timeline.last, at: timeOffset)
            timeline.append(entry)
        }
        return timeline
    }

    /// Timelines and events files are sorted by "t" (equal times keep their order).
    func checkOrder(_ entry: TimedAction, after previous: TimedAction?, at offset: Int) throws(SceneError) {
        if let previous, entry.time < previous.time {
            throw error(at: offset,
                        "entries must be in time order: t = \(Self.format(entry.time)) comes after t = \(Self.format(previous.time))")
        }
    }
}
