/// What a key's (or a command's, a node type's) value is, as the tables say it: `CommandCatalog`
/// tells hosts the commands with it, and `SceneSchema` writes the JSON Schema of scene and events
/// files from it. The reader itself checks each value in its `read` closure; the tests hold the two
/// together (Tests/cli/test_schema.py: what the schema accepts the reader accepts, and the other way).
///
/// Only the native build keeps descriptions (`Field.takes`): in veil.wasm they are dropped.
indirect enum ValueDescription: Sendable {
    /// `true` (the key alone says what to do: "show": true); `false` is read and ignored.
    case flag
    case bool
    case number(Double, Double)
    case integer(Int, Int)
    /// A node id of the scene (1–256 bytes).
    case node
    /// Any string (at most `Limits.maxTextBytes` bytes).
    case text
    /// A string of `minBytes`...`maxBytes` bytes (names, image names, keys).
    case string(minBytes: Int, maxBytes: Int)
    /// A colour: "#RGB", "#RRGGBB", "#RRGGBBAA" or a semantic colour's name.
    case color
    case null
    /// One of these strings.
    case choice([[UInt8]])
    /// An object with these keys; when `needsOneOf` is not empty, at least one of those keys.
    case object([FieldDescription], needsOneOf: [[UInt8]])
    /// An object whose keys are free (`keys` nil: any name) or these names, each with a value `value`.
    case map(keys: [[UInt8]]?, value: ValueDescription)
    /// An array of `min`...`max` elements.
    case array(ValueDescription, min: Int, max: Int)
    /// Any of these.
    case anyOf([ValueDescription])
    /// A shape the format defines once and uses in several places.
    case ref(SchemaDefinition)
    /// A node type's "type": its name.
    case nodeType
    /// `value`, with what it is for (a sentence) and its default (JSON text, "" for none).
    case documented(ValueDescription, about: StaticString, default: StaticString)
    /// Something the description does not detail.
    case other

    static func number(_ range: ClosedRange<Double>) -> ValueDescription { .number(range.lowerBound, range.upperBound) }
    static func integer(_ range: ClosedRange<Int>) -> ValueDescription { .integer(range.lowerBound, range.upperBound) }
    static func choice<Value>(_ choices: [Choice<Value>]) -> ValueDescription { .choice(choices.map { utf8($0.name) }) }
    static func object<Target>(_ fields: [Field<Target>]) -> ValueDescription { object(fields, needsOneOf: []) }
    static func object<Target>(_ fields: [Field<Target>], needsOneOf: [StaticString]) -> ValueDescription {
        #if hasFeature(Embedded)
        .other
        #else
        .object(fields.map { $0.description }, needsOneOf: needsOneOf.map { utf8($0) })
        #endif
    }
    /// A name: 1–256 bytes (ids, scene names, action names).
    static var name: ValueDescription { .string(minBytes: 1, maxBytes: Bounds.nameBytes) }
    static func array(_ element: ValueDescription) -> ValueDescription { .array(element, min: 0, max: Int(Int32.max)) }
    static func orNull(_ value: ValueDescription) -> ValueDescription { .anyOf([value, .null]) }
    /// Insets: a number for all four sides or an object of sides.
    static var insets: ValueDescription { .anyOf([.number(Bounds.size), .object(GeometryFields.insets)]) }
    static var rect: ValueDescription { .object(GeometryFields.rect) }

    /// This value, described: `about` says what the key is for, `byDefault` is its default as JSON.
    func about(_ about: StaticString, byDefault: StaticString = "") -> ValueDescription {
        .documented(self, about: about, default: byDefault)
    }

    /// The value without its description.
    var bare: ValueDescription {
        if case let .documented(value, _, _) = self { return value.bare }
        return self
    }
}

/// The shapes `ValueDescription.ref` names: written once in a schema's `$defs`.
enum SchemaDefinition: Sendable {
    /// A node object (any type).
    case node
    /// `{"t"?, "command" | "input"}`.
    case timedAction
    case command
    case input
    /// One row of a list's data: per node of the row template, a text or the changes of a "set".
    case row
    case color
}

/// What a key's (or a variant's) value is, as a table entry holds it: a closure that captures
/// nothing (`takes: { .number(0...31) }`), so the table stays a literal; `.other` by default.
typealias Takes = @Sendable () -> ValueDescription

/// One key of an object, as `CommandCatalog` and `SceneSchema` describe it.
struct FieldDescription: Sendable {
    let name: [UInt8]
    let required: Bool
    let takes: ValueDescription
}
