/// The node types of the scene format and the keys each one adds to the common ones. To add a node
/// kind: a `NodeKind` case, a table of its keys below, and one `NodeType` entry in `NodeTypes.all`.

enum NodeTypes {
    static let all: [NodeType] = [
        NodeType("view") { node, value, c throws(SceneError) in
            try c.readKind(value, "view", ViewKeys.fields, node: &node, style: NoStyle()) { _, _ throws(SceneError) in .view }
        },
        NodeType("label") { node, value, c throws(SceneError) in
            try c.readKind(value, "label", LabelKeys.fields, node: &node, style: LabelStyle()) { s, _ throws(SceneError) in .label(s) }
        },
        NodeType("image") { node, value, c throws(SceneError) in
            try c.readKind(value, "image", ImageKeys.fields, node: &node, style: ImageStyle()) { s, _ throws(SceneError) in .image(s) }
        },
        NodeType("button") { node, value, c throws(SceneError) in
            try c.readKind(value, "button", ButtonKeys.fields, node: &node, style: ButtonStyle()) { s, _ throws(SceneError) in .button(s) }
        },
        NodeType("stack") { node, value, c throws(SceneError) in
            try c.readKind(value, "stack", StackKeys.fields, node: &node, style: StackStyle()) { s, _ throws(SceneError) in .stack(s) }
        },
        NodeType("scroll") { node, value, c throws(SceneError) in
            try c.readKind(value, "scroll", StackKeys.scrollFields, node: &node, style: StackStyle()) { s, _ throws(SceneError) in .scroll(s) }
        },
        NodeType("list") { node, value, c throws(SceneError) in
            c.namespace.lists[node.id] = true
            try c.readKind(value, "list", ListKeys.fields, node: &node, style: ListDraft(listOffset: value.offset)) { s, c throws(SceneError) in
                var draft = s
                return try draft.finish(c)
            }
        },
        NodeType("sheet") { node, value, c throws(SceneError) in
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
        NodeType("activityIndicator") { node, value, c throws(SceneError) in
            try c.readKind(value, "activityIndicator", ActivityIndicatorKeys.fields, node: &node,
                           style: ActivityIndicatorStyle()) { s, _ throws(SceneError) in .activityIndicator(s) }
        },
    ]
}

enum ViewKeys {
    static let fields: [Field<NodeDraft<NoStyle>>] = [CommonNodeKeys.children()] + CommonNodeKeys.fields()
}

enum FontWeights {
    static let names: [Choice<Int>] = [
        Choice("regular", 400), Choice("medium", 500), Choice("semibold", 600), Choice("bold", 700),
    ]
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
        Field("text") { d, m, c throws(SceneError) in d.style.text = try c.string(m) },
        Field("fontSize") { d, m, c throws(SceneError) in d.style.fontSize = try c.number(m, Bounds.fontSize) },
        Field("fontWeight") { d, m, c throws(SceneError) in d.style.fontWeight = try c.fontWeight(m) },
        Field("color") { d, m, c throws(SceneError) in d.style.color = try c.color(m) },
        Field("numberOfLines") { d, m, c throws(SceneError) in d.style.numberOfLines = try c.integer(m, Bounds.numberOfLines) },
        Field("alignment") { d, m, c throws(SceneError) in d.style.alignment = try c.choice(m, alignments) },
        Field("lineHeight") { d, m, c throws(SceneError) in d.style.lineHeight = try c.number(m, Bounds.lineHeight) },
    ] + CommonNodeKeys.fields() + SkeletonNodeKeys.label
}

enum ImageKeys {
    static let fields: [Field<NodeDraft<ImageStyle>>] = [
        Field("name") { d, m, c throws(SceneError) in d.style.name = try c.string(m, maxBytes: Bounds.nameBytes) },
        Field("tint") { d, m, c throws(SceneError) in d.style.tint = try c.color(m) },
    ] + CommonNodeKeys.fields()
}

enum ButtonKeys {
    static let fields: [Field<NodeDraft<ButtonStyle>>] = [
        Field("title") { d, m, c throws(SceneError) in d.style.title = try c.string(m) },
        Field("fontSize") { d, m, c throws(SceneError) in d.style.fontSize = try c.number(m, Bounds.fontSize) },
        Field("fontWeight") { d, m, c throws(SceneError) in d.style.fontWeight = try c.fontWeight(m) },
        Field("titleColor") { d, m, c throws(SceneError) in d.style.titleColor = try c.color(m) },
        Field("action") { d, m, c throws(SceneError) in d.style.action = try c.name(m) },
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
        Field("axis") { d, m, c throws(SceneError) in d.style.axis = try c.choice(m, axes) },
        Field("spacing") { d, m, c throws(SceneError) in d.style.spacing = try c.number(m, Bounds.size) },
        Field("alignment") { d, m, c throws(SceneError) in d.style.alignment = try c.choice(m, alignments) },
        Field("justify") { d, m, c throws(SceneError) in d.style.justify = try c.choice(m, justifications) },
        CommonNodeKeys.children(),
    ] + CommonNodeKeys.fields()

    /// A scroll container's: a stack's, and pull-to-refresh.
    static let scrollFields: [Field<NodeDraft<StackStyle>>] = fields
        + [CommonNodeKeys.lift(RefreshKeys.field), CommonNodeKeys.lift(LoadMoreKeys.field)]
        + ScrollInsetKeys.fields.map { CommonNodeKeys.lift($0) }
}

/// A list being read: its style, plus what the node count needs once every key is known.
struct ListDraft {
    var style = ListStyle(row: Node(id: utf8("row"), kind: .view))
    /// Where an error about the rows points: "rowCount", or the list itself.
    var rowCountOffset: Int
    /// "rows", read in `finish`.
    var rows: JSONValue? = nil

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
        Field("row", required: true) { d, m, c throws(SceneError) in
            d.style.style.row = try c.readRowTemplate(m.value)
        },
        Field("rowCount") { d, m, c throws(SceneError) in
            d.style.style.rowCount = try c.integer(m, 0...Limits.maxListRows)
            d.style.rowCountOffset = m.value.offset
        },
        // Read once the template is known (keys come in any order).
        Field("rows") { d, m, c throws(SceneError) in d.style.rows = m.value },
        CommonNodeKeys.lift(RefreshKeys.field),
        CommonNodeKeys.lift(LoadMoreKeys.field),
        Field("rowHeight") { d, m, c throws(SceneError) in d.style.style.rowHeight = try c.number(m, Bounds.size) },
        Field("rowWidth") { d, m, c throws(SceneError) in d.style.style.rowWidth = try c.number(m, Bounds.size) },
        Field("axis") { d, m, c throws(SceneError) in d.style.style.axis = try c.choice(m, StackKeys.axes) },
        Field("separatorColor") { d, m, c throws(SceneError) in d.style.style.separatorColor = try c.color(m) },
        Field("header") { d, m, c throws(SceneError) in
            d.style.style.header = try c.readNode(m.value, defaultID: d.node.id + utf8("/header"))
        },
        Field("footer") { d, m, c throws(SceneError) in
            d.style.style.footer = try c.readNode(m.value, defaultID: d.node.id + utf8("/footer"))
        },
    ] + ScrollInsetKeys.fields.map { CommonNodeKeys.lift($0) } + SkeletonListKeys.fields + CommonNodeKeys.fields()
}
