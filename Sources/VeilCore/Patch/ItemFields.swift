/// The field mask of an item on the wire: one bit per field (docs/PROTOCOL.md, "Item fields").
/// The most often animated fields have the low bits, so a typical mask is one varint byte.
///
/// The fields themselves are the table in `ItemFields.table` below: the bit, the name, the words,
/// the encoding and the `Item` property of each, on one line. Diffing (`differing`), copying
/// (`copy`), encoding (`FrameCoding.writeFields`, and with it the frame hash), decoding
/// (`FrameCoding.readFields`) and `all` are derived from it, so a new field is a property of
/// `Item`, a bit constant here and one line of the table (plus its row in docs/PROTOCOL.md and its
/// entry in Web/wire-format.js's `FIELDS`; Tests/Vectors/fields.json checks the two tables agree).
public struct ItemFields: OptionSet, Equatable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let x = ItemFields(rawValue: 1 << 0)
    public static let y = ItemFields(rawValue: 1 << 1)
    public static let width = ItemFields(rawValue: 1 << 2)
    public static let height = ItemFields(rawValue: 1 << 3)
    public static let fill = ItemFields(rawValue: 1 << 4)
    public static let opacity = ItemFields(rawValue: 1 << 5)
    public static let rotation = ItemFields(rawValue: 1 << 6)
    public static let cornerRadius = ItemFields(rawValue: 1 << 7)
    public static let stroke = ItemFields(rawValue: 1 << 8)
    public static let lineWidth = ItemFields(rawValue: 1 << 9)
    public static let clip = ItemFields(rawValue: 1 << 10)
    public static let arcStart = ItemFields(rawValue: 1 << 11)
    public static let arcSweep = ItemFields(rawValue: 1 << 12)
    public static let text = ItemFields(rawValue: 1 << 13)
    public static let kind = ItemFields(rawValue: 1 << 14)
    public static let fontSize = ItemFields(rawValue: 1 << 15)
    public static let fontWeight = ItemFields(rawValue: 1 << 16)
    public static let baseline = ItemFields(rawValue: 1 << 17)
    public static let willChange = ItemFields(rawValue: 1 << 18)

    /// The field table: every wire field, in bit order. The visitor gets each field's value in the
    /// items `a` and `b` and a setter of the field (which it uses is its business: the optimizer
    /// drops what it does not), `context` is its state. `@_transparent` (inlined before the
    /// optimizer runs) rather than `@inline(__always)`: so `differing` compiles as the hand-written
    /// comparisons did (with `@inline(__always)` the -Osize wasm build made veil.wasm larger:
    /// docs/ARCHITECTURE.md, "Adding a wire item field").
    @_transparent
    static func table<V: ItemFieldVisitor>(_ v: inout V, _ a: Item, _ b: Item,
                                           _ context: inout V.Context) throws(V.Failure) {
        //           bit            name            words            encoding        a               b               set
        try v.field(.x,            "x",            "x",             Svarint.self,   a.x,             b.x,             { $0.x = $1 }, &context)
        try v.field(.y,            "y",            "y",             Svarint.self,   a.y,             b.y,             { $0.y = $1 }, &context)
        try v.field(.width,        "width",        "width",         Svarint.self,   a.width,         b.width,         { $0.width = $1 }, &context)
        try v.field(.height,       "height",       "height",        Svarint.self,   a.height,        b.height,        { $0.height = $1 }, &context)
        try v.field(.fill,         "fill",         "fill",          Varint.self,    a.fill,          b.fill,          { $0.fill = $1 }, &context)
        try v.field(.opacity,      "opacity",      "opacity",       U8.self,        a.opacity,       b.opacity,       { $0.opacity = $1 }, &context)
        try v.field(.rotation,     "rotation",     "rotation",      Svarint.self,   a.rotation,      b.rotation,      { $0.rotation = $1 }, &context)
        try v.field(.cornerRadius, "cornerRadius", "corner radius", Svarint.self,   a.cornerRadius,  b.cornerRadius,  { $0.cornerRadius = $1 }, &context)
        try v.field(.stroke,       "stroke",       "stroke",        Varint.self,    a.stroke,        b.stroke,        { $0.stroke = $1 }, &context)
        try v.field(.lineWidth,    "lineWidth",    "line width",    Svarint.self,   a.lineWidth,     b.lineWidth,     { $0.lineWidth = $1 }, &context)
        try v.field(.clip,         "clip",         "clip",          ClipValue.self, a.clip,          b.clip,          { $0.clip = $1 }, &context)
        try v.field(.arcStart,     "arcStart",     "arc start",     Svarint.self,   a.arcStart,      b.arcStart,      { $0.arcStart = $1 }, &context)
        try v.field(.arcSweep,     "arcSweep",     "arc sweep",     Svarint.self,   a.arcSweep,      b.arcSweep,      { $0.arcSweep = $1 }, &context)
        try v.field(.text,         "text",         "text",          UTF8Text.self,  a.text,          b.text,          { $0.text = $1 }, &context)
        try v.field(.kind,         "kind",         "kind",          Kind.self,      a.kind,          b.kind,          { $0.kind = $1 }, &context)
        try v.field(.fontSize,     "fontSize",     "font size",     Svarint.self,   a.fontSize,      b.fontSize,      { $0.fontSize = $1 }, &context)
        try v.field(.fontWeight,   "fontWeight",   "font weight",   Varint16.self,  a.fontWeight,    b.fontWeight,    { $0.fontWeight = $1 }, &context)
        try v.field(.baseline,     "baseline",     "baseline",      Svarint.self,   a.baseline,      b.baseline,      { $0.baseline = $1 }, &context)
        try v.field(.willChange,   "willChange",   "will change",   U8.self,        a.willChange,    b.willChange,    { $0.willChange = $1 }, &context)
    }

    /// Every bit of the table; a mask with any other bit set is an error.
    public static var all: ItemFields {
        var v = Union(), mask: UInt32 = 0
        table(&v, Item.defaults, Item.defaults, &mask)
        return ItemFields(rawValue: mask)
    }

    /// The fields in which two items differ (the id is not a field). Out of line (for size): the
    /// differ, the frame encoder and the animated fields each inlined their own copy.
    @inline(never)
    public static func differing(_ a: Item, _ b: Item) -> ItemFields {
        var v = Differing(), mask: UInt32 = 0
        table(&v, a, b, &mask)
        return ItemFields(rawValue: mask)
    }

    /// Copies the fields in the mask from `source` into `target`.
    public func copy(from source: Item, to target: inout Item) {
        var v = Copying(mask: self)
        ItemFields.table(&v, source, source, &target)
    }

    /// Visits each field of the table with its bit, name and words (in bit order).
    public static func forEach(_ body: (_ field: ItemFields, _ name: StaticString, _ words: StaticString) -> Void) {
        var v = Naming(), item = Item.defaults, list: [(ItemFields, StaticString, StaticString)] = []
        table(&v, item, item, &list)
        for (field, name, words) in list { body(field, name, words) }
    }
}

/// One use of the field table: `field` is called once per field, in bit order, with the field's
/// bit, name, words, encoding, its values in the items `a` and `b` and a setter of it.
protocol ItemFieldVisitor {
    associatedtype Context
    associatedtype Failure: Error
    mutating func field<E: ItemFieldEncoding>(_ field: ItemFields, _ name: StaticString, _ words: StaticString,
                                              _ encoding: E.Type, _ a: E.Value, _ b: E.Value, _ set: (inout Item, E.Value) -> Void,
                                              _ context: inout Context) throws(Failure)
}

/// How a field's value is written and read (docs/PROTOCOL.md, "Item fields", "encoding"). `words`
/// name the field in error messages.
protocol ItemFieldEncoding {
    associatedtype Value: Equatable
    /// The encoding's name in Tests/Vectors/fields.json and Web/wire-format.js's `FIELDS`.
    static var name: StaticString { get }
    static func write<S: ByteSink>(_ value: Value, to sink: inout S)
    static func read(_ r: inout ByteReader, _ words: StaticString) throws(WireError) -> Value
    /// The value in `veil render --format json` (`FrameJSON`): a number, a string or a clip object.
    static func json(_ value: Value, into out: inout TextBytes)
}

extension ItemFieldEncoding where Value: BinaryInteger {
    static func json(_ value: Value, into out: inout TextBytes) { out.int(value) }
}

// The encodings of the table (nested, so their short names stay out of the module's namespace).
extension ItemFields {
    /// A signed varint (zigzag).
    enum Svarint: ItemFieldEncoding {
        static var name: StaticString { "svarint" }
        @inline(__always) static func write<S: ByteSink>(_ value: Int32, to sink: inout S) { sink.writeZigzag(value) }
        @inline(__always) static func read(_ r: inout ByteReader, _ words: StaticString) throws(WireError) -> Int32 { try r.zigzag() }
    }

    /// An unsigned varint (paint references).
    enum Varint: ItemFieldEncoding {
        static var name: StaticString { "varint" }
        @inline(__always) static func write<S: ByteSink>(_ value: UInt32, to sink: inout S) { sink.writeVarint(value) }
        @inline(__always) static func read(_ r: inout ByteReader, _ words: StaticString) throws(WireError) -> UInt32 { try r.varint() }
    }

    /// A varint of at most 65535.
    enum Varint16: ItemFieldEncoding {
        static var name: StaticString { "varint16" }
        @inline(__always) static func write<S: ByteSink>(_ value: UInt16, to sink: inout S) { sink.writeVarint(UInt32(value)) }
        @inline(__always) static func read(_ r: inout ByteReader, _ words: StaticString) throws(WireError) -> UInt16 {
            let start = r.offset
            let w = try r.varint()
            guard w <= 65535 else { throw WireError(offset: start, reason: "\(words.description) \(w) exceeds 65535") }
            return UInt16(w)
        }
    }

    /// One byte.
    enum U8: ItemFieldEncoding {
        static var name: StaticString { "u8" }
        @inline(__always) static func write<S: ByteSink>(_ value: UInt8, to sink: inout S) { sink.write(value) }
        @inline(__always) static func read(_ r: inout ByteReader, _ words: StaticString) throws(WireError) -> UInt8 { try r.byte() }
    }

    /// An item kind: one byte, 0...6.
    enum Kind: ItemFieldEncoding {
        static var name: StaticString { "kind" }
        @inline(__always) static func write<S: ByteSink>(_ value: ItemKind, to sink: inout S) { sink.write(value.rawValue) }
        static func json(_ value: ItemKind, into out: inout TextBytes) { out.int(value.rawValue) }
        @inline(__always) static func read(_ r: inout ByteReader, _ words: StaticString) throws(WireError) -> ItemKind {
            let k = try r.byte()
            guard let kind = ItemKind(rawValue: k) else {
                throw WireError(offset: r.offset - 1, reason: "item kind \(k) is not 0...6")
            }
            return kind
        }
    }

    /// Length-prefixed UTF-8 of at most `WireLimits.maxTextBytes`.
    enum UTF8Text: ItemFieldEncoding {
        static var name: StaticString { "utf8" }
        @inline(__always) static func write<S: ByteSink>(_ value: [UInt8], to sink: inout S) { sink.writeLengthPrefixed(value) }
        static func json(_ value: [UInt8], into out: inout TextBytes) { FrameJSON.string(value, into: &out) }
        @inline(__always) static func read(_ r: inout ByteReader, _ words: StaticString) throws(WireError) -> [UInt8] {
            try r.utf8(max: WireLimits.maxTextBytes, of: words)
        }
    }

    /// A clip: byte 0 (none), or byte 1 then x, y, width, height, corner radius as signed varints.
    enum ClipValue: ItemFieldEncoding {
        static var name: StaticString { "clip" }
        @inline(__always) static func write<S: ByteSink>(_ value: Clip?, to sink: inout S) {
            if let clip = value {
                sink.write(1)
                sink.writeZigzag(clip.x); sink.writeZigzag(clip.y)
                sink.writeZigzag(clip.width); sink.writeZigzag(clip.height)
                sink.writeZigzag(clip.cornerRadius)
            } else {
                sink.write(0)
            }
        }
        static func json(_ value: Clip?, into out: inout TextBytes) {
            guard let clip = value else { out.append("null"); return }
            out.append("{\"x\":"); out.int(clip.x)
            out.append(",\"y\":"); out.int(clip.y)
            out.append(",\"width\":"); out.int(clip.width)
            out.append(",\"height\":"); out.int(clip.height)
            out.append(",\"cornerRadius\":"); out.int(clip.cornerRadius)
            out.append("}")
        }
        @inline(__always) static func read(_ r: inout ByteReader, _ words: StaticString) throws(WireError) -> Clip? {
            let flag = try r.byte()
            switch flag {
            case 0: return nil
            case 1:
                let x = try r.zigzag(), y = try r.zigzag(), w = try r.zigzag(), h = try r.zigzag()
                return Clip(x: x, y: y, width: w, height: h, cornerRadius: try r.zigzag())
            default:
                throw WireError(offset: r.offset - 1, reason: "clip flag \(flag) is not 0 or 1")
            }
        }
    }
}

// MARK: the uses of the table

/// Sets the bit of each field in which `a` and `b` differ.
struct Differing: ItemFieldVisitor {
    typealias Context = UInt32
    typealias Failure = Never
    @_transparent  // as `table`
    mutating func field<E: ItemFieldEncoding>(_ field: ItemFields, _ name: StaticString, _ words: StaticString,
                                              _ encoding: E.Type, _ a: E.Value, _ b: E.Value, _ set: (inout Item, E.Value) -> Void,
                                              _ mask: inout UInt32) {
        if a != b { mask |= field.rawValue }
    }
}

/// Copies the fields of `mask` from `a` into `target`.
struct Copying: ItemFieldVisitor {
    typealias Context = Item
    typealias Failure = Never
    let mask: ItemFields
    @inline(__always)
    mutating func field<E: ItemFieldEncoding>(_ field: ItemFields, _ name: StaticString, _ words: StaticString,
                                              _ encoding: E.Type, _ a: E.Value, _ b: E.Value, _ set: (inout Item, E.Value) -> Void,
                                              _ target: inout Item) {
        if mask.contains(field) { set(&target, a) }
    }
}

/// Writes the fields of `mask` of `a` to the sink, in bit order.
struct Writing<S: ByteSink>: ItemFieldVisitor {
    typealias Context = S
    typealias Failure = Never
    let mask: ItemFields
    @inline(__always)
    mutating func field<E: ItemFieldEncoding>(_ field: ItemFields, _ name: StaticString, _ words: StaticString,
                                              _ encoding: E.Type, _ a: E.Value, _ b: E.Value, _ set: (inout Item, E.Value) -> Void,
                                              _ sink: inout S) {
        if mask.contains(field) { E.write(a, to: &sink) }
    }
}

/// Reads the fields of `mask` into `target`, in bit order.
struct Reading: ItemFieldVisitor {
    typealias Context = Item
    typealias Failure = WireError
    let mask: ItemFields
    var r: ByteReader
    @inline(__always)
    mutating func field<E: ItemFieldEncoding>(_ field: ItemFields, _ name: StaticString, _ words: StaticString,
                                              _ encoding: E.Type, _ a: E.Value, _ b: E.Value, _ set: (inout Item, E.Value) -> Void,
                                              _ target: inout Item) throws(WireError) {
        if mask.contains(field) { set(&target, try E.read(&r, words)) }
    }
}

/// The union of the table's bits.
struct Union: ItemFieldVisitor {
    typealias Context = UInt32
    typealias Failure = Never
    @inline(__always)
    mutating func field<E: ItemFieldEncoding>(_ field: ItemFields, _ name: StaticString, _ words: StaticString,
                                              _ encoding: E.Type, _ a: E.Value, _ b: E.Value, _ set: (inout Item, E.Value) -> Void,
                                              _ mask: inout UInt32) {
        mask |= field.rawValue
    }
}

/// The table's bits, names and words.
struct Naming: ItemFieldVisitor {
    typealias Context = [(ItemFields, StaticString, StaticString)]
    typealias Failure = Never
    mutating func field<E: ItemFieldEncoding>(_ field: ItemFields, _ name: StaticString, _ words: StaticString,
                                              _ encoding: E.Type, _ a: E.Value, _ b: E.Value, _ set: (inout Item, E.Value) -> Void,
                                              _ list: inout [(ItemFields, StaticString, StaticString)]) {
        list.append((field, name, words))
    }
}

extension Item {
    /// The item every field mask is relative to in a keyframe or an insert: a rect with all defaults.
    static let defaults = Item(id: 0, kind: .rect)
}
