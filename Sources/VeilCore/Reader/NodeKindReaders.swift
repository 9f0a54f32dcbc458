/// The node types of the scene format and the keys each one adds to the common ones. To add a node
/// kind: a `NodeKind` case, a table of its keys below, and one `NodeType` entry in `NodeTypes.all`.

enum NodeTypes {
    static let all: [NodeType] = [
        NodeType("view", takes: { .object(ViewKeys.fields).about("A rectangle (background, border, corner radius) that contains children.") }) { node, value, c throws(SceneError) in
            try c.readKind(value, "view", ViewKeys.fields, node: &node, style: NoStyle()) { _, _ throws(SceneError) in .view }
        },
        NodeType("label", takes: { .object(LabelKeys.fields).about("Text, broken into lines by the core.") }) { node, value, c throws(SceneError) in
            try c.readKind(value, "label", LabelKeys.fields, node: &node, style: LabelStyle()) { s, _ throws(SceneError) in .label(s) }
        },
        NodeType("image", takes: { .object(ImageKeys.fields).about("A placeholder box for an image (Veil draws no bitmaps); the name is for hosts.") }) { node, value, c throws(SceneError) in
            try c.readKind(value, "image", ImageKeys.fields, node: &node, style: ImageStyle()) { s, _ throws(SceneError) in .image(s) }
        },
        NodeType("button", takes: { .object(ButtonKeys.fields).about("A titled button; a tap reports its action to the host.") }) { node, value, c throws(SceneError) in
            try c.readKind(value, "button", ButtonKeys.fields, node: &node, style: ButtonStyle()) { s, _ throws(SceneError) in .button(s) }
        },
        NodeType("stack", takes: { .object(StackKeys.fields).about("Lays out its children one after the other along an axis.") }) { node, value, c throws(SceneError) in
            try c.readKind(value, "stack", StackKeys.fields, node: &node, style: StackStyle()) { s, _ throws(SceneError) in .stack(s) }
        },
        NodeType("scroll", takes: { .object(StackKeys.scrollFields).about("A scroll container: a stack inside a viewport that clips and scrolls it.") }) { node, value, c throws(SceneError) in
            try c.readKind(value, "scroll", StackKeys.scrollFields, node: &node, style: StackStyle()) { s, _ throws(SceneError) in .scroll(s) }
        },
        NodeType("list", takes: { .object(ListKeys.fields).about("A virtual list: rowCount instances of a row template, with a header and a footer.") }) { node, value, c throws(SceneError) in
            c.namespace.lists[node.id] = true
            try c.readKind(value, "list", ListKeys.fields, node: &node, style: ListDraft(listOffset: value.offset)) { s, c throws(SceneError) in
                var draft = s
                return try draft.finish(c)
            }
        },
        NodeType("sheet", takes: { .object(SheetKeys.fields).about("A card over the content that snaps to anchors and holds a stack of pages (its children); a child of the root.") }) { node, value, c throws(SceneError) in
            var sheet = SheetStyle()
            try c.readKind(value, "sheet", SheetKeys.fields, node: &node, style: SheetStyle()) { s, _ throws(SceneError) in
                sheet = s
                return .view
            }
            if let i = sheet.initialAnchor, i >= sheet.anchors.count {
                throw c.error(at: value.offset, "\"initialAnchor\" \(i) names no anchor: the sheet has \(sheet.anchors.count)")
            }
            if node.children.isEmpty { throw c.error(at: value.offset, "a sheet needs at least one page (a child)") }
            for page in sheet.pages where !node.children.contains(where: { $0.id == page }) {
                throw c.error(at: value.offset, "\"pages\" names \"\(c.display(page))\", which is not a child of the sheet")
            }
            node.sheet = sheet
            c.sheets.append((node.id, value.offset))
        },
        NodeType("activityIndicator", takes: { .object(ActivityIndicatorKeys.fields).about("The system activity indicator.") }) { node, value, c throws(SceneError) in
            try c.readKind(value, "activityIndicator", ActivityIndicatorKeys.fields, node: &node,
                           style: ActivityIndicatorStyle()) { s, _ throws(SceneError) in .activityIndicator(s) }
        },
        NodeType("spacer", takes: { .object(SpacerKeys.fields).about("Room in a stack: takes what the other children leave along the stack's axis, shared equally among spacers; nothing across.") }) { node, value, c throws(SceneError) in
            try c.readKind(value, "spacer", SpacerKeys.fields, node: &node, style: SpacerStyle()) { s, _ throws(SceneError) in .spacer(s) }
        },
        NodeType("host", takes: { .object(HostKeys.fields).about("Content the host provides (a page's element): laid out like a view, drawn as a host item that says where it goes. Its width and height are its natural size, which the \"host\" command changes.") }) { node, value, c throws(SceneError) in
            try c.readKind(value, "host", HostKeys.fields, node: &node, style: NoStyle()) { _, _ throws(SceneError) in .host }
        },
    ]
}

enum ViewKeys {
    static let fields: [Field<NodeDraft<NoStyle>>] = [CommonNodeKeys.children()] + CommonNodeKeys.fields()
}

enum SpacerKeys {
    static let fields: [Field<NodeDraft<SpacerStyle>>] = [
        Field("minLength", takes: { .number(Bounds.size).about("The least room it takes along its stack's axis, points.", byDefault: "0") }) { d, m, c throws(SceneError) in d.style.minLength = try c.number(m, Bounds.size) },
    ] + CommonNodeKeys.fields()
}

enum FontWeights {
    static let names: [Choice<Int>] = [
        Choice("regular", 400), Choice("medium", 500), Choice("semibold", 600), Choice("bold", 700),
    ]

    /// 100...900 or a name, as `ReaderContext.fontWeight` reads it.
    static var description: ValueDescription { .anyOf([.integer(Bounds.fontWeight), .choice(names)]) }
}

extension ReaderContext {
    /// 100...900, or one of the names in `FontWeights.names`.
    func fontWeight(_ member: JSONMember) throws(SceneError) -> Int {
        switch member.value.kind {
        case .string: return try choice(member, FontWeights.names)
        case .number: return try integer(member, Bounds.fontWeight)
        default:
            throw typeError(member, expected: "a weight 100...900 or one of \(Self.quotedList(FontWeights.names.map { utf8($0.name) }))")
        }
    }
}

enum LabelKeys {
    static let alignments: [Choice<TextAlignment>] = [
        Choice("left", .left), Choice("center", .center), Choice("right", .right),
    ]

    static let fields: [Field<NodeDraft<LabelStyle>>] = [
        Field("text", takes: { .text.about("The text.", byDefault: "\"\"") }) { d, m, c throws(SceneError) in d.style.text = try c.string(m) },
        Field("fontSize", takes: { .number(Bounds.fontSize).about("Font size, points.", byDefault: "17") }) { d, m, c throws(SceneError) in d.style.fontSize = try c.number(m, Bounds.fontSize) },
        Field("fontWeight", takes: { FontWeights.description.about("Font weight: 100...900 or a name.", byDefault: "400") }) { d, m, c throws(SceneError) in d.style.fontWeight = try c.fontWeight(m) },
        Field("color", takes: { .ref(.color).about("Text colour (default: the appearance's label colour).") }) { d, m, c throws(SceneError) in d.style.color = try c.color(m) },
        Field("numberOfLines", takes: { .integer(Bounds.numberOfLines).about("Lines at most, the last truncated with \"…\"; 0 = as many as the text needs.", byDefault: "1") }) { d, m, c throws(SceneError) in d.style.numberOfLines = try c.integer(m, Bounds.numberOfLines) },
        Field("alignment", takes: { .choice(alignments).about("Horizontal alignment of the lines.", byDefault: "\"left\"") }) { d, m, c throws(SceneError) in d.style.alignment = try c.choice(m, alignments) },
        Field("lineHeight", takes: { .number(Bounds.lineHeight).about("Line height, a multiple of fontSize.", byDefault: "1.2") }) { d, m, c throws(SceneError) in d.style.lineHeight = try c.number(m, Bounds.lineHeight) },
    ] + CommonNodeKeys.fields() + SkeletonNodeKeys.label
}

enum ImageKeys {
    static let fields: [Field<NodeDraft<ImageStyle>>] = [
        Field("name", takes: { .string(minBytes: 0, maxBytes: Bounds.nameBytes).about("The image's name, for hosts and debugging.", byDefault: "\"\"") }) { d, m, c throws(SceneError) in d.style.name = try c.string(m, maxBytes: Bounds.nameBytes) },
        Field("tint", takes: { .ref(.color).about("Tint colour (default none).") }) { d, m, c throws(SceneError) in d.style.tint = try c.color(m) },
    ] + CommonNodeKeys.fields()
}

enum ButtonKeys {
    static let fields: [Field<NodeDraft<ButtonStyle>>] = [
        Field("title", takes: { .text.about("The button's title.", byDefault: "\"\"") }) { d, m, c throws(SceneError) in d.style.title = try c.string(m) },
        Field("fontSize", takes: { .number(Bounds.fontSize).about("Font size, points.", byDefault: "17") }) { d, m, c throws(SceneError) in d.style.fontSize = try c.number(m, Bounds.fontSize) },
        Field("fontWeight", takes: { FontWeights.description.about("Font weight: 100...900 or a name.", byDefault: "600") }) { d, m, c throws(SceneError) in d.style.fontWeight = try c.fontWeight(m) },
        Field("titleColor", takes: { .ref(.color).about("Title colour (default: the appearance's).") }) { d, m, c throws(SceneError) in d.style.titleColor = try c.color(m) },
        Field("action", takes: { .name.about("The event name reported to the host when the button is tapped.", byDefault: "\"tap\"") }) { d, m, c throws(SceneError) in d.style.action = try c.name(m) },
    ] + CommonNodeKeys.fields()
}

enum StackKeys {
    static let axes: [Choice<Axis>] = [Choice("vertical", .vertical), Choice("horizontal", .horizontal)]
    static let alignments: [Choice<StackAlignment>] = [
        Choice("fill", .fill), Choice("leading", .leading), Choice("center", .center), Choice("trailing", .trailing),
    ]

    static let justifications: [Choice<StackJustification>] = [
        Choice("start", .start), Choice("center", .center), Choice("end", .end),
    ]

    static let fields: [Field<NodeDraft<StackStyle>>] = [
        Field("axis", takes: { .choice(axes).about("The direction children follow each other.", byDefault: "\"vertical\"") }) { d, m, c throws(SceneError) in d.style.axis = try c.choice(m, axes) },
        Field("spacing", takes: { .number(Bounds.size).about("Points between children.", byDefault: "0") }) { d, m, c throws(SceneError) in d.style.spacing = try c.number(m, Bounds.size) },
        Field("alignment", takes: { .choice(alignments).about("Placement of the children across the axis.", byDefault: "\"fill\"") }) { d, m, c throws(SceneError) in d.style.alignment = try c.choice(m, alignments) },
        Field("justify", takes: { .choice(justifications).about("Placement of the children, as a group, along the axis.", byDefault: "\"start\"") }) { d, m, c throws(SceneError) in d.style.justify = try c.choice(m, justifications) },
        CommonNodeKeys.children(),
    ] + CommonNodeKeys.fields()

    /// A scroll container's: a stack's, and pull-to-refresh.
    static let scrollFields: [Field<NodeDraft<StackStyle>>] = fields
        + [CommonNodeKeys.lift(RefreshKeys.field), CommonNodeKeys.lift(LoadMoreKeys.field), CommonNodeKeys.lift(ScrollIndicatorKeys.field)]
        + ScrollInsetKeys.fields.map { CommonNodeKeys.lift($0) }
}

/// A list being read: its style, plus what the node count needs once every key is known.
struct ListDraft {
    var style = ListStyle(row: Node(id: utf8("row"), kind: .view))
    /// Where an error about the rows points: "rowCount", or the list itself.
    var rowCountOffset: Int
    /// "rows", read in `finish`.
    var rows: JSONValue? = nil
    /// Where "fetch" is, for an error about it.
    var fetchOffset: Int? = nil

    init(listOffset: Int) { rowCountOffset = listOffset }

    /// Counts the rows a layout can make at once against `Limits.maxNodes`, as `mostNodesLaidOut`
    /// does: skeleton rows included, so no skeleton can grow the tree past what was read.
    mutating func finish(_ c: ReaderContext) throws(SceneError) -> NodeKind {
        if let rows {
            style.rowData = try c.readRows(rows, template: style.row)
            guard style.sections.isEmpty || style.rowData.isEmpty else {
                throw c.error(at: rows.offset, "\"rows\" is for a list without sections")
            }
            style.rowCount = max(style.rowCount, style.rowData.count)
        }
        if let fetchOffset, !style.rowData.isEmpty || !style.sections.isEmpty {
            throw c.error(at: fetchOffset, "a list that fetches its rows has neither \"rows\" nor \"sections\"")
        }
        let rows = style.mostRowsLaidOut
        let perRow = style.row.mostLaidOut
        let nodesPerRow = perRow.nodes
        c.nodeCount += nodesPerRow * rows  // no overflow: each factor is bounded
        c.textCount += rows * min(NodeBound.textSaturation, perRow.textBytes + style.mostTextRowDataAdds)
        if c.textCount > Limits.maxTextLaidOut {
            throw c.error(at: rowCountOffset,
                          "too much text: \(rows) rows bring the text labels and buttons lay out to \(c.textCount) bytes; a scene has at most \(Limits.maxTextLaidOut)")
        }
        if c.nodeCount > Limits.maxNodes {
            let skeleton = rows > min(Limits.maxRowsMade, style.allSections.reduce(0) { $0 + $1.rowCount })
            // UTF8Text, not String: a String interpolation here links String's appending.
            let kind: UTF8Text = skeleton ? " skeleton" : ""
            let note: UTF8Text = skeleton ? " (automatic skeleton rows count as many as fill \(Int(Limits.maxCanvas)) points; give \"skeletonRows\" a number)" : ""
            throw c.error(at: rowCountOffset,
                          "too many nodes: \(rows)\(kind) rows of \(nodesPerRow) nodes bring the scene to \(c.nodeCount); a scene has at most \(Limits.maxNodes)\(note)")
        }
        return .list(style)
    }
}

enum ListKeys {
    static let fields: [Field<NodeDraft<ListDraft>>] = [
        Field("row", required: true, takes: { .ref(.node).about("The row template, instantiated rowCount times (its ids are \"<list id>/<row>/<template id>\").") }) { d, m, c throws(SceneError) in
            d.style.style.row = try c.readRowTemplate(m.value)
        },
        Field("rowCount", takes: { .integer(0...Limits.maxListRows).about("How many rows (default: the number of \"rows\" given, else 0).") }) { d, m, c throws(SceneError) in
            d.style.style.rowCount = try c.integer(m, 0...Limits.maxListRows)
            d.style.rowCountOffset = m.value.offset
        },
        // Read once the template is known (keys come in any order).
        Field("rows", takes: {
            .array(.ref(.row), min: 0, max: Limits.maxRowData).about("Data of the first rows: per row, template node id → a text or an object of \"set\" changes. Not with \"sections\".")
        }) { d, m, c throws(SceneError) in d.style.rows = m.value },
        RowFetchKeys.field,
        CommonNodeKeys.lift(RefreshKeys.field),
        CommonNodeKeys.lift(LoadMoreKeys.field),
        CommonNodeKeys.lift(ScrollIndicatorKeys.field),
        Field("rowHeight", takes: { .number(Bounds.size).about("A row's height, points.", byDefault: "44") }) { d, m, c throws(SceneError) in d.style.style.rowHeight = try c.number(m, Bounds.size) },
        Field("rowWidth", takes: { .number(Bounds.size).about("A horizontal list's card width, points.", byDefault: "160") }) { d, m, c throws(SceneError) in d.style.style.rowWidth = try c.number(m, Bounds.size) },
        Field("axis", takes: { .choice(StackKeys.axes).about("The direction the list scrolls.", byDefault: "\"vertical\"") }) { d, m, c throws(SceneError) in d.style.style.axis = try c.choice(m, StackKeys.axes) },
        Field("separatorColor", takes: { .ref(.color).about("Colour of the lines between rows (default none).") }) { d, m, c throws(SceneError) in d.style.style.separatorColor = try c.color(m) },
        Field("header", takes: { .ref(.node).about("A node above the rows (id default \"<list id>/header\").") }) { d, m, c throws(SceneError) in
            d.style.style.header = try c.readNode(m.value, defaultID: d.node.id + utf8("/header"))
        },
        Field("footer", takes: { .ref(.node).about("A node below the rows (id default \"<list id>/footer\").") }) { d, m, c throws(SceneError) in
            d.style.style.footer = try c.readNode(m.value, defaultID: d.node.id + utf8("/footer"))
        },
    ] + ScrollInsetKeys.fields.map { CommonNodeKeys.lift($0) } + SkeletonListKeys.fields + CommonNodeKeys.fields()
}
