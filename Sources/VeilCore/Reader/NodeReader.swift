/// Reading the node tree: node types by their "type" name, ids (given or derived), the node count
/// bound and the keys every node accepts. What each type adds is in NodeKindReaders.swift.

/// A node being read: its common fields and the style its kind adds.
struct NodeDraft<Style> {
    var node: Node
    var style: Style
}

/// The style of a node kind that adds no keys of its own besides children (view).
struct NoStyle {}

/// A node type a scene may use: the name in "type", its keys (`takes`, native build only, as
/// `Field.takes`) and how an object of that type is read.
struct NodeType: Sendable {
    typealias Read = @Sendable (inout Node, JSONValue, ReaderContext) throws(SceneError) -> Void

    let name: StaticString
    #if !hasFeature(Embedded)
    let takes: Takes
    #endif
    let read: Read

    init(_ name: StaticString, takes: @escaping Takes, _ read: @escaping Read) {
        self.name = name
        #if !hasFeature(Embedded)
        self.takes = takes
        #endif
        self.read = read
    }
}

/// The keys every node accepts, whatever its type. Each kind's table is its own keys followed by these.
///
/// They read the common `Node` fields only, so they are written once over `Node` and lifted into each
/// kind's `NodeDraft<Style>` table: Embedded Swift specializes every generic, and generic tables would
/// compile every closure once per node kind.
enum CommonNodeKeys {
    static let node: [Field<Node>] = [
        .handledElsewhere("type", required: true, takes: { .nodeType.about("The node's type.") }),
        .handledElsewhere("id", takes: {
            .name.about("The node's id, unique in the scene; default \"<parent id>/<index>\" (\"root\" for the root).")
        }),
        Field("frame", takes: {
            .rect.about("Where the node is, in points relative to the parent's content box; default: the parent's layout places it, or it fills the parent.")
        }) { n, m, c throws(SceneError) in n.frame = try c.rect(m) },
        Field("width", takes: { .number(Bounds.size).about("A width request, points (default: intrinsic size, or fill).") }) { n, m, c throws(SceneError) in n.width = try c.number(m, Bounds.size) },
        Field("height", takes: { .number(Bounds.size).about("A height request, points.") }) { n, m, c throws(SceneError) in n.height = try c.number(m, Bounds.size) },
        Field("padding", takes: { .insets.about("Room inside the node's edges: a number for all four sides or {top, left, bottom, right}.", byDefault: "0") }) { n, m, c throws(SceneError) in n.padding = try c.insets(m) },
        Field("background", takes: { .ref(.color).about("The fill colour (default none).") }) { n, m, c throws(SceneError) in n.background = try c.color(m) },
        Field("cornerRadius", takes: { .number(Bounds.size).about("Corner radius, points.", byDefault: "0") }) { n, m, c throws(SceneError) in n.cornerRadius = try c.number(m, Bounds.size) },
        Field("borderColor", takes: { .ref(.color).about("The border's colour (default none).") }) { n, m, c throws(SceneError) in n.borderColor = try c.color(m) },
        Field("borderWidth", takes: { .number(Bounds.size).about("The border's width, points.", byDefault: "0") }) { n, m, c throws(SceneError) in n.borderWidth = try c.number(m, Bounds.size) },
        Field("opacity", takes: { .number(Bounds.unit).about("Opacity of the node and its subtree.", byDefault: "1") }) { n, m, c throws(SceneError) in n.opacity = try c.number(m, Bounds.unit) },
        Field("hidden", takes: { .bool.about("A hidden node is not drawn and takes no room in a stack.", byDefault: "false") }) { n, m, c throws(SceneError) in n.hidden = try c.bool(m) },
        Field("clipsToBounds", takes: { .bool.about("Children are clipped to the node's bounds.", byDefault: "false") }) { n, m, c throws(SceneError) in n.clipsToBounds = try c.bool(m) },
        Field("maxWidth", takes: { .number(Bounds.size).about("Caps the width a parent offers; the node is then centred in it.") }) { n, m, c throws(SceneError) in n.maxWidth = try c.number(m, Bounds.size) },
    ] + SkeletonNodeKeys.node

    static func fields<Style>() -> [Field<NodeDraft<Style>>] {
        node.map { lift($0) }
    }

    /// "children": [NODE…] for the kinds that contain other nodes. Unnamed children get
    /// "<parent id>/<index>".
    static let childrenField = Field<Node>("children", takes: {
        .array(.ref(.node)).about("The nodes inside this one, in order.", byDefault: "[]")
    }) { n, m, c throws(SceneError) in
        let elements = try c.elements(of: m)
        var children: [Node] = []
        children.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            children.append(try c.readNode(element, defaultID: n.id + UTF8Text("/\(index)").bytes))
        }
        n.children = children
    }

    static func children<Style>() -> Field<NodeDraft<Style>> { lift(childrenField) }

    /// A `Node` field as a field of a node kind's draft.
    static func lift<Style>(_ field: Field<Node>) -> Field<NodeDraft<Style>> {
        field.reading { (d: inout NodeDraft<Style>, m, c) throws(SceneError) in try field.read(&d.node, m, c) }
    }
}

extension ReaderContext {
    private static let typeKey: [UInt8] = utf8("type")
    private static let idKey: [UInt8] = utf8("id")

    /// Reads one node; `defaultID` is its id when it has no "id".
    func readNode(_ value: JSONValue, defaultID: [UInt8]) throws(SceneError) -> Node {
        let members = try members(of: value, "a node")
        var typeNames: [UInt8] { Self.list(NodeTypes.all.map { utf8($0.name) }) }  // for messages only
        guard let typeMember = members.first(where: { $0.key == Self.typeKey }) else {
            throw error(at: value.offset, "missing required key \"type\" in a node; expected a type, one of: \(typeNames)")
        }
        guard case let .string(typeName) = typeMember.value.kind else {
            throw typeError(typeMember, expected: "a node type (one of: \(typeNames))")
        }
        guard let type = NodeTypes.all.first(where: { $0.name.equals(typeName) }) else {
            throw error(at: typeMember.value.offset,
                        "unknown node type \"\(display(typeName))\"; \(Self.didYouMean(typeName, NodeTypes.all.map { utf8($0.name) }))expected one of: \(typeNames)")
        }

        var id = defaultID
        var idOffset = value.offset
        if let idMember = members.first(where: { $0.key == Self.idKey }) {
            id = try name(idMember)
            idOffset = idMember.value.offset
            namespace.explicit.append((id, idOffset))
        }
        nodeCount += 1
        if nodeCount > Limits.maxNodes {
            throw error(at: value.offset, "too many nodes: a scene has at most \(Limits.maxNodes) (list rows count once per row)")
        }
        if let first = namespace.ids[id] {
            throw error(at: idOffset, "duplicate node id \"\(display(id))\"; first used at \(position(of: first))")
        }
        namespace.ids[id] = idOffset

        var node = Node(id: id, kind: .view)
        try type.read(&node, value, self)
        if node.refresh != nil && node.loadMore?.edge == .start {
            throw error(at: value.offset, "a list cannot both pull to refresh and load more at its start (\"edge\": \"start\"): both use the space above its content")
        }
        if node.refresh != nil && node.scrollAxis == .horizontal {
            throw error(at: value.offset, "pull to refresh is for vertical lists and scroll containers (this one is horizontal)")
        }
        switch node.kind {
        case let .label(style): textCount += style.text.count
        case let .button(style): textCount += style.title.count
        default: break
        }
        if textCount > Limits.maxTextLaidOut {
            throw error(at: value.offset, "too much text: labels and buttons would lay out \(textCount) bytes, list rows counted per row; a scene has at most \(Limits.maxTextLaidOut)")
        }
        return node
    }

    /// Reads the object of a node of one kind with that kind's table, then builds its `NodeKind`.
    func readKind<Style>(_ value: JSONValue, _ what: UTF8Text, _ fields: [Field<NodeDraft<Style>>],
                                  node: inout Node, style: Style,
                                  finish: (Style, ReaderContext) throws(SceneError) -> NodeKind) throws(SceneError) {
        var draft = NodeDraft(node: node, style: style)
        try readObject(value, what, fields, into: &draft)
        node = draft.node
        node.kind = try finish(draft.style, self)
    }

    /// A list's row template: its ids live in their own namespace (they are instantiated per row as
    /// "<list id>/<row>/<template id>"; an unnamed template is "row"). The list counts its rows'
    /// nodes once it knows how many rows it can make.
    func readRowTemplate(_ value: JSONValue) throws(SceneError) -> Node {
        let (countBefore, textBefore) = (nodeCount, textCount)
        let template = try inNamespace { () throws(SceneError) in try readNode(value, defaultID: utf8("row")) }
        (nodeCount, textCount) = (countBefore, textBefore)
        return template
    }
}
