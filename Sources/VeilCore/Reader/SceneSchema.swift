/// The JSON Schema (draft 2020-12) of scene files and of one events-file line, written from the
/// reader's own tables: every key of every object (`Field`), whether it is required, what its value
/// is, its range, choices, default and description (`Field.takes`), the node types (`NodeTypes.all`),
/// commands (`CommandReaders.all`) and inputs (`InputReaders.all`). A key added to a table is in the
/// schema; nothing here names a key. `veil schema` prints it, `veil serve` serves it, and
/// docs/scene.schema.json and docs/events.schema.json are copies the tests regenerate and compare.
///
/// What a schema cannot say is left to the reader: ids unique and existing, timelines in time
/// order, a key saying what to do only once, byte lengths (a schema counts characters), the node
/// and text bounds. Native build only (the tables' descriptions are).
#if !hasFeature(Embedded)
public enum SceneSchema {
    /// The schema of a scene file, pretty-printed, ending in a newline.
    public static var scene: String {
        var writer = SchemaWriter()
        let fields = SceneKeys.fields.map { $0.description }
        var root: [(String, SchemaJSON)] = [
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("title", .string("Veil scene")),
            ("description", .string("A Veil scene file (docs/SCENE.md). Written from the reader's tables by `veil schema`.")),
        ]
        root += writer.objectBody(fields, needsOneOf: [])
        root.append(("$defs", writer.definitions()))
        return SchemaJSON.object(root).pretty + "\n"
    }

    /// The schema of one line of an events file (JSON Lines: one timed action a line, in time order).
    public static var events: String {
        var writer = SchemaWriter()
        var root: [(String, SchemaJSON)] = [
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("title", .string("Veil events-file line")),
            ("description", .string("One line of a Veil events file (*.events.jsonl, docs/SCENE.md \"Timeline and events\"): a command or an input at a time. The file is JSON Lines: one such object a line, in time order. Written from the reader's tables by `veil schema --events`.")),
        ]
        if case let .object(members) = writer.definitionBody(.timedAction) {
            root += members.filter { $0.0 != "description" }
        }
        root.append(("$defs", writer.definitions()))
        return SchemaJSON.object(root).pretty + "\n"
    }

    /// How many keys (object properties, node types, commands, inputs) the schemas describe, and how
    /// many of them have no description: the tests want none.
    static var undescribed: [String] {
        var found: [String] = []
        func walk(_ value: ValueDescription, _ path: String) {
            switch value {
            case let .documented(inner, about, _):
                if about.utf8CodeUnitCount == 0 { found.append(path) }
                walkInner(inner, path)
            case .other: found.append(path)
            default: found.append(path); walkInner(value, path)
            }
        }
        func walkInner(_ value: ValueDescription, _ path: String) {
            switch value {
            case let .object(fields, _):
                for f in fields { walk(f.takes, path + "." + String(decoding: f.name, as: UTF8.self)) }
            case let .map(_, inner), let .array(inner, _, _): walkInner(inner, path)
            case let .anyOf(options): for o in options { walkInner(o, path) }
            case let .documented(inner, _, _): walkInner(inner, path)
            case .other: found.append(path)
            default: break
            }
        }
        for f in SceneKeys.fields { walk(f.takes(), "scene." + String(describing: f.name)) }
        for t in NodeTypes.all { walk(t.takes(), "node." + String(describing: t.name)) }
        for v in CommandReaders.all { walk(v.takes(), "command." + String(describing: v.name)) }
        for v in InputReaders.all { walk(v.takes(), "input." + String(describing: v.name)) }
        for f in ActionKeys.fields { walk(f.takes(), "action." + String(describing: f.name)) }
        return found
    }
}

/// Writes `ValueDescription`s as JSON Schema, collecting the definitions they refer to.
struct SchemaWriter {
    private var wanted: [String] = []
    /// The node type whose keys are being written ("type" is then that name).
    private var nodeType: String? = nil

    private static let semanticColors: [SchemaJSON] = SemanticColor.names.map { .string(String(describing: $0)) }

    mutating func schema(_ value: ValueDescription) -> SchemaJSON {
        switch value {
        case .flag:
            return .object([("const", .bool(true)), ("description", .string("true"))])
        case .bool: return .object([("type", .string("boolean"))])
        case let .number(low, high):
            return .object([("type", .string("number")), ("minimum", .number(low)), ("maximum", .number(high))])
        case let .integer(low, high):
            return .object([("type", .string("integer")), ("minimum", .number(Double(low))), ("maximum", .number(Double(high)))])
        case .node:
            return .object([("type", .string("string")), ("minLength", .number(1)), ("maxLength", .number(Double(Bounds.nameBytes)))])
        case .text:
            return .object([("type", .string("string")), ("maxLength", .number(Double(Limits.maxTextBytes)))])
        case let .string(minBytes, maxBytes):
            var members: [(String, SchemaJSON)] = [("type", .string("string"))]
            if minBytes > 0 { members.append(("minLength", .number(Double(minBytes)))) }
            members.append(("maxLength", .number(Double(maxBytes))))
            return .object(members)
        case .color: return reference("color")
        case .null: return .object([("type", .string("null"))])
        case let .choice(names):
            return .object([("type", .string("string")), ("enum", .array(names.map { .string(Self.text($0)) }))])
        case let .object(fields, needsOneOf):
            return .object(objectBody(fields, needsOneOf: needsOneOf))
        case let .map(keys, inner):
            if let keys {
                return .object([("type", .string("object")),
                                ("properties", .object(keys.map { (Self.text($0), schema(inner)) })),
                                ("additionalProperties", .bool(false))])
            }
            return .object([("type", .string("object")), ("additionalProperties", schema(inner))])
        case let .array(element, low, high):
            var members: [(String, SchemaJSON)] = [("type", .string("array")), ("items", schema(element))]
            if low > 0 { members.append(("minItems", .number(Double(low)))) }
            if high < Int(Int32.max) { members.append(("maxItems", .number(Double(high)))) }
            return .object(members)
        case let .anyOf(options):
            return .object([("anyOf", .array(options.map { schema($0) }))])
        case let .ref(definition):
            return reference(Self.name(of: definition))
        case .nodeType:
            if let nodeType { return .object([("const", .string(nodeType))]) }
            return .object([("type", .string("string")), ("enum", .array(NodeTypes.all.map { .string(String(describing: $0.name)) }))])
        case let .documented(inner, about, byDefault):
            guard case var .object(members) = schema(inner) else { return schema(inner) }
            if about.utf8CodeUnitCount > 0 {
                members.removeAll { $0.0 == "description" }
                members.append(("description", .string(String(describing: about))))
            }
            if byDefault.utf8CodeUnitCount > 0 { members.append(("default", .raw(String(describing: byDefault)))) }
            return .object(members)
        case .other:
            return .object([("description", .string("(undescribed)"))])
        }
    }

    /// "type": "object", its properties, the required ones, no others; and at least one of
    /// `needsOneOf` when it names keys.
    mutating func objectBody(_ fields: [FieldDescription], needsOneOf: [[UInt8]]) -> [(String, SchemaJSON)] {
        var members: [(String, SchemaJSON)] = [("type", .string("object"))]
        members.append(("properties", .object(fields.map { (Self.text($0.name), schema($0.takes)) })))
        let required = fields.filter(\.required).map { SchemaJSON.string(Self.text($0.name)) }
        if !required.isEmpty { members.append(("required", .array(required))) }
        members.append(("additionalProperties", .bool(false)))
        if !needsOneOf.isEmpty {
            members.append(("anyOf", .array(needsOneOf.map {
                .object([("required", .array([.string(Self.text($0))]))])
            })))
        }
        return members
    }

    private mutating func reference(_ name: String) -> SchemaJSON {
        if !wanted.contains(name) { wanted.append(name) }
        return .object([("$ref", .string("#/$defs/" + name))])
    }

    /// Every definition referred to so far (and those they refer to), sorted by name.
    mutating func definitions() -> SchemaJSON {
        var written: [(String, SchemaJSON)] = []
        var i = 0
        while i < wanted.count {
            let name = wanted[i]
            i += 1
            written.append((name, body(ofDefinitionNamed: name)))
        }
        return .object(written.sorted { $0.0 < $1.0 })
    }

    private mutating func body(ofDefinitionNamed name: String) -> SchemaJSON {
        if name.hasPrefix("node.") {
            let typeName = String(name.dropFirst(5))
            guard let type = NodeTypes.all.first(where: { String(describing: $0.name) == typeName }) else { return .object([]) }
            nodeType = typeName
            defer { nodeType = nil }
            return schema(type.takes())
        }
        for definition in Self.all where Self.name(of: definition) == name { return definitionBody(definition) }
        return .object([])
    }

    mutating func definitionBody(_ definition: SchemaDefinition) -> SchemaJSON {
        switch definition {
        case .node:
            let types = NodeTypes.all.map { String(describing: $0.name) }
            return .object([
                ("description", .string("A node: an object with a \"type\" and that type's keys.")),
                ("type", .string("object")),
                ("properties", .object([("type", .object([("enum", .array(types.map { .string($0) }))]))])),
                ("required", .array([.string("type")])),
                ("allOf", .array(types.map { type in
                    .object([("if", .object([("properties", .object([("type", .object([("const", .string(type))]))]))])),
                             ("then", reference("node." + type))])
                })),
            ])
        case .timedAction:
            return schema(ValueDescription.object(ActionKeys.fields, needsOneOf: ["command", "input"])
                .about("A command or an input, at a time: {\"t\"?: seconds, \"command\" | \"input\": …}."))
        case .command:
            return variants(CommandReaders.all, "A command: an object with exactly one key, the command's name.")
        case .input:
            return variants(InputReaders.all, "An input: an object with exactly one key, the input's name.")
        case .row:
            return schema(ValueDescription.map(keys: nil, value: .anyOf([
                .text.about("The node's text."),
                .object(SetKeys.changeFields).about("Changes to the node, as a \"set\" command's."),
            ])).about("A row's data: per node of the row template (by id), a text or an object of \"set\" changes."))
        case .color:
            return .object([
                ("description", .string(ColorParsing.expected)),
                ("type", .string("string")),
                ("anyOf", .array([
                    .object([("pattern", .string("^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"))]),
                    .object([("enum", .array(Self.semanticColors))]),
                ])),
            ])
        }
    }

    /// An object with exactly one of the variants' names as its key.
    private mutating func variants<Result>(_ all: [Variant<Result>], _ about: String) -> SchemaJSON {
        .object([
            ("description", .string(about)),
            ("type", .string("object")),
            ("properties", .object(all.map { (String(describing: $0.name), schema($0.takes())) })),
            ("additionalProperties", .bool(false)),
            ("minProperties", .number(1)),
            ("maxProperties", .number(1)),
        ])
    }

    private static let all: [SchemaDefinition] = [.node, .timedAction, .command, .input, .row, .color]

    static func name(of definition: SchemaDefinition) -> String {
        switch definition {
        case .node: "node"
        case .timedAction: "timedAction"
        case .command: "command"
        case .input: "input"
        case .row: "row"
        case .color: "color"
        }
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}

/// JSON as the schema writer builds it; `raw` is JSON text written as is (a table's default).
indirect enum SchemaJSON: Sendable {
    case object([(String, SchemaJSON)])
    case array([SchemaJSON])
    case string(String)
    case number(Double)
    case bool(Bool)
    case raw(String)

    /// Two-space indentation; an array of scalars on one line.
    var pretty: String {
        var out = ""
        write(into: &out, indent: "")
        return out
    }

    private func write(into out: inout String, indent: String) {
        switch self {
        case let .object(members):
            if members.isEmpty { out += "{}"; return }
            out += "{\n"
            let inner = indent + "  "
            for (i, (key, value)) in members.enumerated() {
                out += inner
                Self.quote(key, into: &out)
                out += ": "
                value.write(into: &out, indent: inner)
                out += i == members.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        case let .array(elements):
            if elements.allSatisfy(\.isScalar) {
                out += "["
                for (i, e) in elements.enumerated() {
                    if i > 0 { out += ", " }
                    e.write(into: &out, indent: indent)
                }
                out += "]"
                return
            }
            out += "[\n"
            let inner = indent + "  "
            for (i, e) in elements.enumerated() {
                out += inner
                e.write(into: &out, indent: inner)
                out += i == elements.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case let .string(text): Self.quote(text, into: &out)
        case let .number(value):
            if value == value.rounded(), value.magnitude < 1e15 { out += String(Int64(value)) } else { out += "\(value)" }
        case let .bool(value): out += value ? "true" : "false"
        case let .raw(text): out += text
        }
    }

    private var isScalar: Bool {
        switch self {
        case .object, .array: false
        default: true
        }
    }

    private static func quote(_ text: String, into out: inout String) {
        out += String(decoding: FrameJSON.stringLiteral(Array(text.utf8)), as: UTF8.self)
    }
}
#endif
