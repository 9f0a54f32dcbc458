/// Scene-file reading for skeletons: the per-node keys, the list keys (sections, skeleton rows,
/// row preparations), the scene's "skeleton" appearance, and the "skeleton" and "appearance"
/// commands. docs/SCENE.md, "Skeleton", is the reference.

enum SkeletonNodeKeys {
    /// Keys every node accepts.
    static let node: [Field<Node>] = [
        Field("skeletonable") { n, m, c throws(SceneError) in n.skeleton.skeletonable = try c.bool(m) },
        Field("hiddenWhenSkeletonIsActive") { n, m, c throws(SceneError) in
            n.skeleton.hiddenWhenSkeletonIsActive = try c.bool(m)
        },
        Field("interactiveWhenSkeleton") { n, m, c throws(SceneError) in
            n.skeleton.interactiveWhenSkeleton = try c.bool(m)
        },
        Field("skeletonCornerRadius") { n, m, c throws(SceneError) in
            n.skeleton.cornerRadius = try c.number(m, Bounds.size)
        },
    ]

    /// Keys of labels: how their placeholder lines are drawn.
    static let label: [Field<NodeDraft<LabelStyle>>] = [
        Field("lastLineFillPercent") { d, m, c throws(SceneError) in
            d.node.skeleton.text.lastLineFillPercent = try c.number(m, 0...100)
        },
        Field("linesCornerRadius") { d, m, c throws(SceneError) in
            d.node.skeleton.text.linesCornerRadius = try c.number(m, Bounds.size)
        },
        Field("skeletonLineSpacing") { d, m, c throws(SceneError) in
            d.node.skeleton.text.lineSpacing = try c.number(m, Bounds.size)
        },
        Field("skeletonPaddingInsets") { d, m, c throws(SceneError) in
            d.node.skeleton.text.paddingInsets = try c.insets(m)
        },
        Field("skeletonTextLineHeight") { d, m, c throws(SceneError) in
            d.node.skeleton.text.lineHeight = try c.skeletonLineHeight(m)
        },
        Field("skeletonTextNumberOfLines") { d, m, c throws(SceneError) in
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
        Field("skeletonRows") { d, m, c throws(SceneError) in d.style.style.skeletonRows = try c.skeletonRows(m) },
        Field("sections") { d, m, c throws(SceneError) in
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
        Field("skeletonPreparations") { d, m, c throws(SceneError) in
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
        Field("header") { d, m, c throws(SceneError) in
            d.section.header = try c.readNode(m.value, defaultID: d.list + UTF8Text("/\(d.index)/header").bytes)
        },
        Field("footer") { d, m, c throws(SceneError) in
            d.section.footer = try c.readNode(m.value, defaultID: d.list + UTF8Text("/\(d.index)/footer").bytes)
        },
        Field("rowCount") { d, m, c throws(SceneError) in d.section.rowCount = try c.integer(m, 0...Limits.maxListRows) },
        Field("skeletonRows") { d, m, c throws(SceneError) in d.section.skeletonRows = try c.skeletonRows(m) },
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
        Field("section") { d, m, c throws(SceneError) in d.section = try c.integer(m, 0...Limits.maxSections) },
        Field("row") { d, m, c throws(SceneError) in d.row = try c.integer(m, 0...Limits.maxSkeletonRows) },
    ] + SetKeys.fields.map { field in
        Field(field.name, required: field.required) { d, m, c throws(SceneError) in
            if m.key == utf8("node") { d.nodeOffset = m.value.offset }
            try field.read(&d.set, m, c)
        }
    }
}

/// The scene's "skeleton": appearance defaults.
enum SkeletonAppearanceKeys {
    static let fields: [Field<SkeletonAppearance>] = [
        Field("tint") { a, m, c throws(SceneError) in a.tint = try c.color(m) },
        Field("darkTint") { a, m, c throws(SceneError) in a.darkTint = try c.color(m) },
        Field("gradient") { a, m, c throws(SceneError) in a.gradient = try c.gradientColors(m) },
        Field("textLineHeight") { a, m, c throws(SceneError) in a.textLineHeight = try c.skeletonLineHeight(m) },
        Field("multilineSpacing") { a, m, c throws(SceneError) in a.multilineSpacing = try c.number(m, Bounds.size) },
        Field("multilineLastLineFillPercent") { a, m, c throws(SceneError) in
            a.multilineLastLineFillPercent = try c.number(m, 0...100)
        },
        Field("multilineCornerRadius") { a, m, c throws(SceneError) in a.multilineCornerRadius = try c.number(m, Bounds.size) },
        Field("skeletonCornerRadius") { a, m, c throws(SceneError) in a.skeletonCornerRadius = try c.number(m, Bounds.size) },
    ]
}

enum SkeletonCommandReaders {
    static let all: [Variant<Command>] = [
        Variant("skeleton", takes: { .object(SkeletonCommandKeys.fields) }) { m, c throws(SceneError) in
            var draft = SkeletonDraft()
            try c.readObject(m.value, "\"skeleton\"", SkeletonCommandKeys.fields, into: &draft)
            return .skeleton(node: draft.node, try draft.command(m.value.offset, c))
        },
        Variant("appearance", takes: { .choice(SceneKeys.appearances) }) { m, c throws(SceneError) in
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
        Field("node", required: true, takes: { .node }) { d, m, c throws(SceneError) in d.node = try c.name(m) },
        Field("show", takes: { .flag }) { d, m, c throws(SceneError) in try c.skeletonVerb(&d, .show, m) },
        Field("hide", takes: { .flag }) { d, m, c throws(SceneError) in try c.skeletonVerb(&d, .hide, m) },
        Field("update", takes: { .object(SkeletonStyleKeys.fields) }) { d, m, c throws(SceneError) in
            try c.skeletonVerb(&d, .update, m)
            try c.readObject(m.value, "\"update\"", SkeletonStyleKeys.fields, into: &d.update)
        },
        Field("transition", takes: { .choice(OverlayTransitionNames.all) }) { d, m, c throws(SceneError) in
            d.transition = try c.transition(m, defaultDuration: 0.25)
            d.transitionOffset = m.keyOffset
        },
        Field("delay", takes: { .number(0...Limits.maxSkeletonSeconds) }) { d, m, c throws(SceneError) in
            d.delay = try c.number(m, 0...Limits.maxSkeletonSeconds)
            d.markShowOnly(m)
        },
    ] + SkeletonStyleKeys.fields.map { field in
        Field(field.name, takes: field.takes) { d, m, c throws(SceneError) in
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
        Field("style", takes: { .choice(kinds) }) { s, m, c throws(SceneError) in s.kind = try c.choice(m, kinds) },
        Field("color") { s, m, c throws(SceneError) in s.color = try c.color(m) },
        Field("gradient") { s, m, c throws(SceneError) in s.gradient = try c.gradientColors(m) },
        Field("direction", takes: { .choice(directions) }) { s, m, c throws(SceneError) in s.direction = try c.choice(m, directions) },
        Field("duration", takes: { .number(0.05...Limits.maxSkeletonSeconds) }) { s, m, c throws(SceneError) in s.duration = try c.number(m, 0.05...Limits.maxSkeletonSeconds) },
        Field("curve", takes: { .choice(curves) }) { s, m, c throws(SceneError) in s.curve = try c.choice(m, curves) },
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
