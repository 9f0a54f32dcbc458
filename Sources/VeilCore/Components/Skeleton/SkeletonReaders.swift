/// Scene-file reading for skeletons: the per-node keys, the list keys (sections, skeleton rows,
/// row preparations), the scene's "skeleton" appearance, and the "skeleton" and "appearance"
/// commands. docs/SCENE.md, "Skeleton", is the reference.

enum SkeletonNodeKeys {
    /// Keys every node accepts.
    static let node: [Field<Node>] = [
        Field("skeletonable", takes: { .bool.about("The node shows as a placeholder while a skeleton is shown on it or an ancestor.", byDefault: "false") }) { n, m, c throws(SceneError) in n.skeleton.skeletonable = try c.bool(m) },
        Field("hiddenWhenSkeletonIsActive", takes: { .bool.about("The node is hidden while a skeleton is shown.", byDefault: "false") }) { n, m, c throws(SceneError) in
            n.skeleton.hiddenWhenSkeletonIsActive = try c.bool(m)
        },
        Field("interactiveWhenSkeleton", takes: { .bool.about("The node still takes input while a skeleton is shown.", byDefault: "false") }) { n, m, c throws(SceneError) in
            n.skeleton.interactiveWhenSkeleton = try c.bool(m)
        },
        Field("skeletonCornerRadius", takes: { .number(Bounds.size).about("The placeholder's corner radius, points (default: the scene's skeleton appearance).") }) { n, m, c throws(SceneError) in
            n.skeleton.cornerRadius = try c.number(m, Bounds.size)
        },
    ]

    /// Keys of labels: how their placeholder lines are drawn.
    static let label: [Field<NodeDraft<LabelStyle>>] = [
        Field("lastLineFillPercent", takes: { .number(0...100).about("How much of the width the last placeholder line fills, percent (default: the scene's).") }) { d, m, c throws(SceneError) in
            d.node.skeleton.text.lastLineFillPercent = try c.number(m, 0...100)
        },
        Field("linesCornerRadius", takes: { .number(Bounds.size).about("The placeholder lines' corner radius, points (default: the scene's).") }) { d, m, c throws(SceneError) in
            d.node.skeleton.text.linesCornerRadius = try c.number(m, Bounds.size)
        },
        Field("skeletonLineSpacing", takes: { .number(Bounds.size).about("Points between placeholder lines (default: the scene's).") }) { d, m, c throws(SceneError) in
            d.node.skeleton.text.lineSpacing = try c.number(m, Bounds.size)
        },
        Field("skeletonPaddingInsets", takes: { .insets.about("Insets of the placeholder lines in the label.", byDefault: "0") }) { d, m, c throws(SceneError) in
            d.node.skeleton.text.paddingInsets = try c.insets(m)
        },
        Field("skeletonTextLineHeight", takes: { .anyOf([.number(0.5...1000), .choice([utf8("relativeToFont")])]).about("A placeholder line's height: points or \"relativeToFont\" (default: the scene's).") }) { d, m, c throws(SceneError) in
            d.node.skeleton.text.lineHeight = try c.skeletonLineHeight(m)
        },
        Field("skeletonTextNumberOfLines", takes: {
            .anyOf([.integer(Bounds.numberOfLines), .choice([utf8("inherited")])]).about("Placeholder lines: a count or \"inherited\" (the label's numberOfLines).", byDefault: "\"inherited\"")
        }) { d, m, c throws(SceneError) in
            switch m.value.kind {
            case .string: d.node.skeleton.text.numberOfLines = try c.choice(m, [Choice("inherited", .inherited)])
            default: d.node.skeleton.text.numberOfLines = .custom(try c.integer(m, Bounds.numberOfLines))
            }
        },
    ]
}

/// List keys: "sections", "skeletonRows", "skeletonPreparations".
enum SkeletonListKeys {
    static let fields: [Field<NodeDraft<ListDraft>>] = [
        Field("skeletonRows", takes: { .anyOf([.integer(0...Limits.maxSkeletonRows), .choice([utf8("automatic")])]).about("Rows a skeleton shows: a count or \"automatic\" (as many as fill the list).", byDefault: "\"automatic\"") }) { d, m, c throws(SceneError) in d.style.style.skeletonRows = try c.skeletonRows(m) },
        Field("sections", takes: {
            .array(.object(SectionKeys.fields), min: 0, max: Limits.maxSections).about("Sections, each with its rows, header and footer. Not with \"rows\".")
        }) { d, m, c throws(SceneError) in
            let elements = try c.elements(of: m)
            guard elements.count <= Limits.maxSections else {
                throw c.error(at: elements[Limits.maxSections].offset, "a list has at most \(Limits.maxSections) sections")
            }
            var sections: [ListSection] = []
            for (i, element) in elements.enumerated() {
                var draft = SectionDraft(list: d.node.id, index: i)
                try c.readObject(element, "a section", SectionKeys.fields, into: &draft)
                sections.append(draft.section)
            }
            d.style.style.sections = sections
        },
        Field("skeletonPreparations", takes: {
            .array(.object(PreparationKeys.fields), min: 0, max: Limits.maxSkeletonRows).about("Changes to skeleton rows' nodes (\"set\" keys), by section and row.")
        }) { d, m, c throws(SceneError) in
            let elements = try c.elements(of: m)
            guard elements.count <= Limits.maxSkeletonRows else {
                throw c.error(at: elements[Limits.maxSkeletonRows].offset, "at most \(Limits.maxSkeletonRows) row preparations")
            }
            var preparations: [RowPreparation] = []
            for element in elements {
                var draft = PreparationDraft()
                try c.readObject(element, "a row preparation", PreparationKeys.fields, into: &draft)
                guard let row = draft.row else {
                    throw c.error(at: element.offset, "missing required key \"row\" in a row preparation")
                }
                guard d.style.style.row.path(to: draft.set.node) != nil else {
                    throw c.error(at: draft.nodeOffset, "no node \"\(c.display(draft.set.node))\" in the list's row template")
                }
                preparations.append(RowPreparation(section: draft.section, row: row, node: draft.set.node, changes: draft.set.changes))
            }
            d.style.style.skeletonPreparations = preparations
        },
    ]
}

struct SectionDraft {
    var section = ListSection()
    var list: [UInt8]
    var index: Int
}

enum SectionKeys {
    static let fields: [Field<SectionDraft>] = [
        Field("header", takes: { .ref(.node).about("A node above the section's rows (id default \"<list id>/<i>/header\").") }) { d, m, c throws(SceneError) in
            d.section.header = try c.readNode(m.value, defaultID: d.list + UTF8Text("/\(d.index)/header").bytes)
        },
        Field("footer", takes: { .ref(.node).about("A node below the section's rows (id default \"<list id>/<i>/footer\").") }) { d, m, c throws(SceneError) in
            d.section.footer = try c.readNode(m.value, defaultID: d.list + UTF8Text("/\(d.index)/footer").bytes)
        },
        Field("rowCount", takes: { .integer(0...Limits.maxListRows).about("The section's rows.", byDefault: "0") }) { d, m, c throws(SceneError) in d.section.rowCount = try c.integer(m, 0...Limits.maxListRows) },
        Field("skeletonRows", takes: { .anyOf([.integer(0...Limits.maxSkeletonRows), .choice([utf8("automatic")])]).about("The section's skeleton rows: a count or \"automatic\".", byDefault: "\"automatic\"") }) { d, m, c throws(SceneError) in d.section.skeletonRows = try c.skeletonRows(m) },
    ]
}

/// `{"section"?: n, "row": n, "node": template id, …the changes of a "set" command}`.
struct PreparationDraft {
    var section: Int? = nil
    var row: Int? = nil
    var set = SetDraft()
    var nodeOffset = 0
}

enum PreparationKeys {
    static let fields: [Field<PreparationDraft>] = [
        Field("section", takes: { .integer(0...Limits.maxSections).about("The section (default: every section).") }) { d, m, c throws(SceneError) in d.section = try c.integer(m, 0...Limits.maxSections) },
        Field("row", required: true, takes: { .integer(0...Limits.maxSkeletonRows).about("The skeleton row.") }) { d, m, c throws(SceneError) in d.row = try c.integer(m, 0...Limits.maxSkeletonRows) },
    ] + SetKeys.fields.map { field in
        field.reading { (d: inout PreparationDraft, m, c) throws(SceneError) in
            if m.key == utf8("node") { d.nodeOffset = m.value.offset }
            try field.read(&d.set, m, c)
        }
    }
}

/// The scene's "skeleton": appearance defaults.
enum SkeletonAppearanceKeys {
    static let fields: [Field<SkeletonAppearance>] = [
        Field("tint", takes: { .ref(.color).about("The placeholder colour in light appearance.", byDefault: "\"#ECF0F1\"") }) { a, m, c throws(SceneError) in a.tint = try c.color(m) },
        Field("darkTint", takes: { .ref(.color).about("The placeholder colour in dark appearance.", byDefault: "\"#1C2325\"") }) { a, m, c throws(SceneError) in a.darkTint = try c.color(m) },
        Field("gradient", takes: { .array(.ref(.color), min: 1, max: Limits.maxGradientColors).about("Gradient colours of gradient skeletons (default: from the tint).") }) { a, m, c throws(SceneError) in a.gradient = try c.gradientColors(m) },
        Field("textLineHeight", takes: { .anyOf([.number(0.5...1000), .choice([utf8("relativeToFont")])]).about("A placeholder line's height: points or \"relativeToFont\".", byDefault: "15") }) { a, m, c throws(SceneError) in a.textLineHeight = try c.skeletonLineHeight(m) },
        Field("multilineSpacing", takes: { .number(Bounds.size).about("Points between placeholder lines.", byDefault: "10") }) { a, m, c throws(SceneError) in a.multilineSpacing = try c.number(m, Bounds.size) },
        Field("multilineLastLineFillPercent", takes: { .number(0...100).about("How much of the width the last placeholder line fills, percent.", byDefault: "70") }) { a, m, c throws(SceneError) in
            a.multilineLastLineFillPercent = try c.number(m, 0...100)
        },
        Field("multilineCornerRadius", takes: { .number(Bounds.size).about("The placeholder lines' corner radius, points.", byDefault: "0") }) { a, m, c throws(SceneError) in a.multilineCornerRadius = try c.number(m, Bounds.size) },
        Field("skeletonCornerRadius", takes: { .number(Bounds.size).about("Placeholders' corner radius, points.", byDefault: "0") }) { a, m, c throws(SceneError) in a.skeletonCornerRadius = try c.number(m, Bounds.size) },
    ]
}

enum SkeletonCommandReaders {
    static let all: [Variant<Command>] = [
        Variant("skeleton", takes: {
            .object(SkeletonCommandKeys.fields, needsOneOf: ["show", "hide", "update"]).about("Shows, hides or restyles a skeleton on a node's subtree.")
        }) { m, c throws(SceneError) in
            var draft = SkeletonDraft()
            try c.readObject(m.value, "\"skeleton\"", SkeletonCommandKeys.fields, into: &draft)
            return .skeleton(node: draft.node, try draft.command(m.value.offset, c))
        },
        Variant("appearance", takes: { .choice(SceneKeys.appearances).about("Switches light / dark.") }) { m, c throws(SceneError) in
            .appearance(try c.choice(m, SceneKeys.appearances))
        },
    ]
}

/// `{"node": id, "show": true | "hide": true | "update": {style keys}, style keys, "transition", "delay"}`.
struct SkeletonDraft {
    enum Verb { case show, hide, update }
    var node: [UInt8] = []
    var verb: Verb? = nil
    var verbKey: [UInt8] = []
    var style = SkeletonStyle()
    var update = SkeletonStyle()
    var transition = SkeletonCommand.defaultTransition
    var delay = 0.0
    /// Where the first key that only a show takes is (style keys, "delay"), for the error.
    var showOnlyOffset: Int? = nil
    var showOnlyKey: [UInt8] = []
    var transitionOffset: Int? = nil

    func command(_ offset: Int, _ c: ReaderContext) throws(SceneError) -> SkeletonCommand {
        guard let verb else {
            throw c.error(at: offset, "a \"skeleton\" command needs one of \"show\": true, \"hide\": true or \"update\": {…}")
        }
        if verb != .show, let at = showOnlyOffset {
            throw c.error(at: at, "\"\(c.display(showOnlyKey))\" goes with \"show\"; \(verb == .hide ? "\"hide\" takes only \"transition\"" : "put style keys inside \"update\"")")
        }
        if verb == .update, let at = transitionOffset {
            throw c.error(at: at, "\"transition\" goes with \"show\" or \"hide\", not \"update\" (an update never flashes)")
        }
        switch verb {
        case .show: return .show(style, transition: transition, delay: delay)
        case .hide: return .hide(transition: transition)
        case .update: return .update(update)
        }
    }
}

enum SkeletonCommandKeys {
    static let fields: [Field<SkeletonDraft>] = [
        Field("node", required: true, takes: { .node.about("The node whose subtree shows the skeleton.") }) { d, m, c throws(SceneError) in d.node = try c.name(m) },
        Field("show", takes: { .flag.about("Shows the skeleton (must be true), with the style keys beside it.") }) { d, m, c throws(SceneError) in try c.skeletonVerb(&d, .show, m) },
        Field("hide", takes: { .flag.about("Hides the skeleton (must be true).") }) { d, m, c throws(SceneError) in try c.skeletonVerb(&d, .hide, m) },
        Field("update", takes: { .object(SkeletonStyleKeys.fields).about("Restyles a shown skeleton.") }) { d, m, c throws(SceneError) in
            try c.skeletonVerb(&d, .update, m)
            try c.readObject(m.value, "\"update\"", SkeletonStyleKeys.fields, into: &d.update)
        },
        Field("transition", takes: { OverlayTransitionNames.description.about("How a show or hide fades.", byDefault: "\"none\"") }) { d, m, c throws(SceneError) in
            d.transition = try c.transition(m, defaultDuration: 0.25)
            d.transitionOffset = m.keyOffset
        },
        Field("delay", takes: { .number(Bounds.skeletonDelay).about("Seconds before a show takes effect.", byDefault: "0") }) { d, m, c throws(SceneError) in
            d.delay = try c.number(m, Bounds.skeletonDelay)
            d.markShowOnly(m)
        },
    ] + SkeletonStyleKeys.fields.map { field in
        field.reading { (d: inout SkeletonDraft, m, c) throws(SceneError) in
            try field.read(&d.style, m, c)
            d.markShowOnly(m)
        }
    }
}

extension SkeletonDraft {
    mutating func markShowOnly(_ m: JSONMember) {
        if showOnlyOffset == nil { showOnlyOffset = m.keyOffset; showOnlyKey = m.key }
    }
}

/// The style keys of a show or an update.
enum SkeletonStyleKeys {
    static let kinds: [Choice<SkeletonKind>] = [
        Choice("solid", .solid), Choice("gradient", .gradient), Choice("pulse", .pulse), Choice("sliding", .sliding),
    ]
    static let directions: [Choice<SkeletonDirection>] = [
        Choice("leftRight", .leftRight), Choice("rightLeft", .rightLeft), Choice("topBottom", .topBottom),
        Choice("bottomTop", .bottomTop), Choice("topLeftBottomRight", .topLeftBottomRight),
        Choice("bottomRightTopLeft", .bottomRightTopLeft),
    ]
    static let curves: [Choice<TimingCurve>] = [
        Choice("linear", .linear), Choice("easeIn", .easeIn), Choice("easeOut", .easeOut), Choice("easeInOut", .easeInOut),
    ]

    static let fields: [Field<SkeletonStyle>] = [
        Field("style", takes: { .choice(kinds).about("How the placeholders are drawn.", byDefault: "\"solid\"") }) { s, m, c throws(SceneError) in s.kind = try c.choice(m, kinds) },
        Field("color", takes: { .ref(.color).about("The placeholder colour (default: the scene's tint).") }) { s, m, c throws(SceneError) in s.color = try c.color(m) },
        Field("gradient", takes: { .array(.ref(.color), min: 1, max: Limits.maxGradientColors).about("Gradient colours (default: the scene's).") }) { s, m, c throws(SceneError) in s.gradient = try c.gradientColors(m) },
        Field("direction", takes: { .choice(directions).about("The direction a sliding gradient moves.", byDefault: "\"leftRight\"") }) { s, m, c throws(SceneError) in s.direction = try c.choice(m, directions) },
        Field("duration", takes: { .number(Bounds.skeletonDuration).about("Seconds of one pulse or slide.") }) { s, m, c throws(SceneError) in s.duration = try c.number(m, Bounds.skeletonDuration) },
        Field("curve", takes: { .choice(curves).about("The timing curve of the animation.") }) { s, m, c throws(SceneError) in s.curve = try c.choice(m, curves) },
    ]
}

extension ReaderContext {
    fileprivate func skeletonVerb(_ d: inout SkeletonDraft, _ verb: SkeletonDraft.Verb, _ m: JSONMember) throws(SceneError) {
        if d.verb != nil {
            throw error(at: m.keyOffset, "a \"skeleton\" command has one of \"show\", \"hide\" or \"update\"; found \"\(display(m.key))\" after \"\(display(d.verbKey))\"")
        }
        if verb != .update, try !bool(m) {
            throw error(at: m.value.offset, "\"\(display(m.key))\" must be true (to hide a skeleton use \"hide\": true)")
        }
        d.verb = verb
        d.verbKey = m.key
    }

    /// 15 (fixed points) or "relativeToFont".
    func skeletonLineHeight(_ m: JSONMember) throws(SceneError) -> SkeletonLineHeight {
        if case .string = m.value.kind { return try choice(m, [Choice("relativeToFont", SkeletonLineHeight.relativeToFont)]) }
        guard case .number = m.value.kind else { throw typeError(m, expected: "a height in points or \"relativeToFont\"") }
        return .fixed(try number(m, 0.5...1000))
    }

    /// A row count or "automatic".
    func skeletonRows(_ m: JSONMember) throws(SceneError) -> SkeletonRowCount {
        if case .string = m.value.kind { return try choice(m, [Choice("automatic", SkeletonRowCount.automatic)]) }
        guard case .number = m.value.kind else { throw typeError(m, expected: "a row count or \"automatic\"") }
        return .count(try integer(m, 0...Limits.maxSkeletonRows))
    }

    /// 1...16 colours.
    func gradientColors(_ m: JSONMember) throws(SceneError) -> [Color] {
        let elements = try elements(of: m)
        guard (1...Limits.maxGradientColors).contains(elements.count) else {
            throw error(at: m.value.offset, "a gradient has 1 to \(Limits.maxGradientColors) colours; found \(elements.count)")
        }
        var colors: [Color] = []
        for e in elements {
            colors.append(try color(JSONMember(key: m.key, keyOffset: m.keyOffset, value: e)))
        }
        return colors
    }
}
