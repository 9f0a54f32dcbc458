/// A card over the main content that snaps to anchors and holds a stack of pages (sheets 0.9.2's
/// behaviour, docs/SCENE.md "Sheets"): a `sheet` node, a child of the root, whose children are its
/// pages. Where it rests, how it is dragged and what it draws are SheetComponent's.
public struct SheetStyle: Sendable {
    /// Where the sheet's top may rest, in any order (sorted top first when used).
    public var anchors: [SheetAnchor] = [.expanded, .collapsed]
    /// The anchor (index in `anchors`) it starts at; nil = the lowest.
    public var initialAnchor: Int? = nil
    /// The pages on the stack at the start, bottom first; empty = the first child.
    public var pages: [[UInt8]] = []
    /// Past the extreme anchors a drag rubber-bands (else it stops), and snaps bounce a little.
    public var bounces = true
    /// Tapping the header of a collapsed sheet expands it; tapping the dim collapses it.
    public var expandsOnHeaderTap = true
    public var collapsesOnDimTap = true
    /// Release snaps only to the next anchor in the flick's direction, never past it.
    public var snapsToNextAnchor = false
    /// Dragged or flicked below the lowest anchor, the sheet closes; `confirmsDismiss` makes it
    /// ask first (it springs back and the host gets `dismissRequested`).
    public var dismissible = false
    public var confirmsDismiss = false
    /// While collapsed, a touch on the sheet's content does not reach it (a tap expands instead).
    public var cancelsTouchesInCollapsedState = false
    /// A close button (30×30, 10 from the top right) on pushed pages: it pops the page.
    public var closeButton = false
    /// The top corners square off (radius to 0) as the sheet rises from its second anchor to its top one.
    public var animatesCorners = false
    /// A soft shadow above its top edge (`shadowHeight` points, black fading in to 12 %).
    public var shadow = true
    static let shadowHeight = 12.0
    /// The chevron at the top (30×4, 5 from the top) and the top corners' radius.
    public var chevron = false
    public var cornerRadius = 10.0
    /// The top part that takes header taps and keyboard focus (the grabber).
    public var headerHeight = 44.0
    public init() {}
}

/// Where a sheet's top may rest (within the safe area), and the name events give it.
public struct SheetAnchor: Sendable, Equatable {
    public enum Place: Sendable, Equatable {
        /// 0 = the top of the safe area, 1 = its bottom.
        case ratio(Double)
        case fromTop(Double)
        case fromBottom(Double)
        /// As high as the top page is tall (its laid-out height).
        case fit
    }
    public var place: Place
    public var name: [UInt8]

    public init(_ place: Place, name: [UInt8]) { self.place = place; self.name = name }

    public static let expanded = SheetAnchor(.fromTop(20), name: utf8("expanded"))
    public static let collapsed = SheetAnchor(.fromBottom(44), name: utf8("collapsed"))
    public static let fit = SheetAnchor(.fit, name: utf8("fit"))
}

/// What the `sheet` command does.
public enum SheetCommand: Sendable {
    /// Moves to an anchor (index in the anchors as given), animated or not.
    case snap(to: Int, animated: Bool)
    case expand, collapse
    /// Pushes a page (a child of the sheet) on the stack; pops the top one; back to the first.
    case push([UInt8]), pop, popToRoot
    /// A new stack (bottom first, at least one page), shown at once.
    case setPages([[UInt8]])
    /// New anchors, then a snap to one of them (nil: the nearest to where it is), animated or not.
    case setAnchors([SheetAnchor], snapTo: Int?, animated: Bool)
    /// The host's answer to `dismissRequested`: close, or stay.
    case dismiss(Bool)
}

enum SheetKeys {
    /// The `sheet` node type: a view whose children are pages, with the keys below.
    static let fields: [Field<NodeDraft<SheetStyle>>] = [
        Field("anchors", takes: { SheetKeys.anchorList.about("Where the sheet's top may rest, any order.", byDefault: "[\"expanded\", \"collapsed\"]") }) { d, m, c throws(SceneError) in d.style.anchors = try c.sheetAnchors(m) },
        Field("initialAnchor", takes: { .integer(Bounds.anchorIndex).about("The anchor (index in anchors) it starts at (default: the lowest).") }) { d, m, c throws(SceneError) in d.style.initialAnchor = try c.integer(m, Bounds.anchorIndex) },
        Field("pages", takes: { .array(.name).about("Ids of children: the stack of pages at the start, bottom first (default: the first child).") }) { d, m, c throws(SceneError) in
            d.style.pages = []
            for element in try c.elements(of: m) {
                d.style.pages.append(try c.name(JSONMember(key: m.key, keyOffset: m.keyOffset, value: element)))
            }
        },
        Field("bounces", takes: { .bool.about("Past the extreme anchors a drag rubber-bands; snaps overshoot a little.", byDefault: "true") }) { d, m, c throws(SceneError) in d.style.bounces = try c.bool(m) },
        Field("expandsOnHeaderTap", takes: { .bool.about("A tap on the header of a collapsed sheet expands it.", byDefault: "true") }) { d, m, c throws(SceneError) in d.style.expandsOnHeaderTap = try c.bool(m) },
        Field("collapsesOnDimTap", takes: { .bool.about("A tap on the dim of an expanded sheet collapses it.", byDefault: "true") }) { d, m, c throws(SceneError) in d.style.collapsesOnDimTap = try c.bool(m) },
        Field("snapsToNextAnchor", takes: { .bool.about("A release goes at most one anchor on.", byDefault: "false") }) { d, m, c throws(SceneError) in d.style.snapsToNextAnchor = try c.bool(m) },
        Field("dismissible", takes: { .bool.about("Dragged or flicked below the lowest anchor, the sheet closes.", byDefault: "false") }) { d, m, c throws(SceneError) in d.style.dismissible = try c.bool(m) },
        Field("confirmsDismiss", takes: { .bool.about("Instead of closing, it springs back and asks the host (dismissRequested).", byDefault: "false") }) { d, m, c throws(SceneError) in d.style.confirmsDismiss = try c.bool(m) },
        Field("chevron", takes: { .bool.about("A grabber bar at the top.", byDefault: "false") }) { d, m, c throws(SceneError) in d.style.chevron = try c.bool(m) },
        Field("shadow", takes: { .bool.about("A soft shadow above the top edge.", byDefault: "true") }) { d, m, c throws(SceneError) in d.style.shadow = try c.bool(m) },
        Field("animatesCorners", takes: { .bool.about("The top corners square off as the sheet rises to its top anchor.", byDefault: "false") }) { d, m, c throws(SceneError) in d.style.animatesCorners = try c.bool(m) },
        Field("cancelsTouchesInCollapsedState", takes: { .bool.about("While collapsed, the content takes no touches: a tap expands.", byDefault: "false") }) { d, m, c throws(SceneError) in d.style.cancelsTouchesInCollapsedState = try c.bool(m) },
        Field("closeButton", takes: { .bool.about("A close button on pushed pages; it pops the page.", byDefault: "false") }) { d, m, c throws(SceneError) in d.style.closeButton = try c.bool(m) },
        Field("sheetCornerRadius", takes: { .number(0...100).about("The top corners' radius, points.", byDefault: "10") }) { d, m, c throws(SceneError) in d.style.cornerRadius = try c.number(m, 0 ... 100) },
        Field("headerHeight", takes: { .number(0...1_000).about("The top points that take header taps.", byDefault: "44") }) { d, m, c throws(SceneError) in d.style.headerHeight = try c.number(m, 0 ... 1_000) },
        CommonNodeKeys.children(),
    ] + CommonNodeKeys.fields()

    static let anchorNames: [Choice<SheetAnchor>] = [
        Choice("expanded", .expanded), Choice("collapsed", .collapsed), Choice("fit", .fit),
    ]

    static let anchorFields: [Field<SheetAnchorDraft>] = [
        Field("ratio", takes: { .number(Bounds.unit).about("Where the top rests: 0 = the safe area's top, 1 = its bottom.") }) { d, m, c throws(SceneError) in d.place = .ratio(try c.number(m, Bounds.unit)) },
        Field("fromTop", takes: { .number(Bounds.anchorDistance).about("Points from the safe area's top.") }) { d, m, c throws(SceneError) in d.place = .fromTop(try c.number(m, Bounds.anchorDistance)) },
        Field("fromBottom", takes: { .number(Bounds.anchorDistance).about("Points from the safe area's bottom.") }) { d, m, c throws(SceneError) in d.place = .fromBottom(try c.number(m, Bounds.anchorDistance)) },
        Field("name", takes: { .name.about("The anchor's name in events (default \"anchor<i>\").") }) { d, m, c throws(SceneError) in d.name = try c.name(m) },
    ]

    /// Every form an anchor takes, for the messages that refuse one.
    static let anchorForms: StaticString = "an anchor is \"expanded\", \"collapsed\", \"fit\", {\"ratio\": 0...1} (0 = the safe area's top, 1 = its bottom), {\"fromTop\": points} or {\"fromBottom\": points}, each object with an optional \"name\""

    /// 1...32 anchors: a name or an object, as `ReaderContext.sheetAnchors` reads them.
    static var anchorList: ValueDescription {
        .array(.anyOf([.choice(anchorNames), .object(anchorFields, needsOneOf: ["ratio", "fromTop", "fromBottom"])]), min: Bounds.sheetAnchors.lowerBound, max: Bounds.sheetAnchors.upperBound)
    }
}

struct SheetAnchorDraft {
    var place: SheetAnchor.Place? = nil
    var name: [UInt8]? = nil
}

extension ReaderContext {
    /// `["expanded" | "collapsed" | "fit" | {"ratio" | "fromTop" | "fromBottom": n, "name"?: s}, …]`:
    /// one to 32 anchors.
    func sheetAnchors(_ m: JSONMember) throws(SceneError) -> [SheetAnchor] {
        let elements = try elements(of: m)
        guard Bounds.sheetAnchors.contains(elements.count) else {
            throw error(at: m.value.offset, "\"anchors\" needs 1 to 32 anchors")
        }
        var anchors: [SheetAnchor] = []
        for element in elements {
            if case let .string(name) = element.kind {
                guard let anchor = SheetKeys.anchorNames.first(where: { $0.name.equals(name) }) else {
                    throw error(at: element.offset, "unknown anchor \"\(display(name))\"; \(utf8(SheetKeys.anchorForms))")
                }
                anchors.append(anchor.value)
                continue
            }
            guard case .object = element.kind else {
                throw error(at: element.offset, "expected an anchor, found \(describe(element)); \(utf8(SheetKeys.anchorForms))")
            }
            var draft = SheetAnchorDraft()
            try readObject(element, "an anchor", SheetKeys.anchorFields, into: &draft)
            guard let place = draft.place else {
                throw error(at: element.offset, "an anchor needs one of \"ratio\", \"fromTop\" or \"fromBottom\"; \(utf8(SheetKeys.anchorForms))")
            }
            anchors.append(SheetAnchor(place, name: draft.name ?? utf8("anchor") + UTF8Text("\(anchors.count)").bytes))
        }
        return anchors
    }
}

/// `{"sheet": {"node": id, "snapTo": i, "animated"?: b | "expand": true | "collapse": true |
/// "push": page | "pop": true | "popToRoot": true | "setPages": [pages] | "anchors": [...], "snapTo"?: i,
/// "animated"?: b | "dismiss": b}}`.
struct SheetCommandDraft {
    var command = NodeCommandDraft<SheetCommand>()
    var snapTo: Int? = nil
    var animated = true
    var anchors: [SheetAnchor]? = nil
}

enum SheetCommandKeys {
    static let fields: [Field<SheetCommandDraft>] = [
        Field("node", required: true, takes: { .node.about("The sheet.") }) { d, m, c throws(SceneError) in d.command.node = try c.name(m) },
        Field("snapTo", takes: { .integer(Bounds.anchorIndex).about("Moves to this anchor (index); with \"anchors\", one of the new ones.") }) { d, m, c throws(SceneError) in d.snapTo = try c.integer(m, Bounds.anchorIndex) },
        Field("animated", takes: { .bool.about("Animate the move.", byDefault: "true") }) { d, m, c throws(SceneError) in d.animated = try c.bool(m) },
        Field("anchors", takes: { SheetKeys.anchorList.about("New anchors (then a snap to \"snapTo\", else the nearest).") }) { d, m, c throws(SceneError) in d.anchors = try c.sheetAnchors(m) },
        Field("expand", takes: { .flag.about("Moves to the top anchor.") }) { d, m, c throws(SceneError) in if try c.bool(m) { try c.say(&d.command, m, .expand) } },
        Field("collapse", takes: { .flag.about("Moves to the lowest anchor.") }) { d, m, c throws(SceneError) in if try c.bool(m) { try c.say(&d.command, m, .collapse) } },
        Field("push", takes: { .node.about("Pushes this page (a child of the sheet).") }) { d, m, c throws(SceneError) in try c.say(&d.command, m, .push(try c.name(m))) },
        Field("pop", takes: { .flag.about("Pops the top page.") }) { d, m, c throws(SceneError) in if try c.bool(m) { try c.say(&d.command, m, .pop) } },
        Field("popToRoot", takes: { .flag.about("Back to the first page.") }) { d, m, c throws(SceneError) in if try c.bool(m) { try c.say(&d.command, m, .popToRoot) } },
        Field("dismiss", takes: { .bool.about("The answer to dismissRequested: close (true) or stay.") }) { d, m, c throws(SceneError) in try c.say(&d.command, m, .dismiss(try c.bool(m))) },
        Field("setPages", takes: { .array(.name, min: Bounds.sheetPages.lowerBound, max: Bounds.sheetPages.upperBound).about("A new stack of pages, bottom first, shown at once.") }) { d, m, c throws(SceneError) in
            var pages: [[UInt8]] = []
            for element in try c.elements(of: m) {
                pages.append(try c.name(JSONMember(key: m.key, keyOffset: m.keyOffset, value: element)))
            }
            guard Bounds.sheetPages.contains(pages.count) else { throw c.error(at: m.value.offset, "\"setPages\" needs 1 to 32 pages") }
            try c.say(&d.command, m, .setPages(pages))
        },
    ]

    static let variant = Variant<Command>("sheet", takes: {
        .object(fields, needsOneOf: ["snapTo", "expand", "collapse", "push", "pop", "popToRoot", "setPages", "anchors", "dismiss"])
            .about("Moves a sheet, pushes or pops its pages, changes its anchors or answers a dismiss request.")
    }) { m, c throws(SceneError) in
        var draft = SheetCommandDraft()
        try c.readObject(m.value, "\"sheet\"", fields, into: &draft)
        if let anchors = draft.anchors {
            if draft.command.what != nil { throw c.error(at: m.value.offset, "\"anchors\" comes with no other key saying what to do") }
            if let i = draft.snapTo, i >= anchors.count { throw c.error(at: m.value.offset, "\"snapTo\" names no anchor") }
            return .sheet(node: draft.command.node, .setAnchors(anchors, snapTo: draft.snapTo, animated: draft.animated))
        }
        if let i = draft.snapTo {
            if draft.command.what != nil { throw c.error(at: m.value.offset, "\"snapTo\" comes with no other key saying what to do") }
            return .sheet(node: draft.command.node, .snap(to: i, animated: draft.animated))
        }
        guard let what = draft.command.what else {
            throw c.error(at: m.value.offset, "\"sheet\" needs one of \"snapTo\", \"expand\", \"collapse\", \"push\", \"pop\", \"popToRoot\", \"setPages\", \"anchors\" or \"dismiss\"")
        }
        return .sheet(node: draft.command.node, what)
    }
}
