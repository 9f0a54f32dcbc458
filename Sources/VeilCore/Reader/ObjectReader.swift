/// Table-driven reading of JSON objects. Every object of the scene format (scene, node kinds, canvas,
/// commands, inputs…) is described by a table of `Field`s; a later issue adds a key by adding a line
/// to a table, and unknown keys, missing required keys and the "expected one of" lists follow from it.

/// One key an object accepts and how its value is read into `Target`.
///
/// Every stored property is a literal (a `StaticString`, a flag, a closure that captures nothing),
/// so a table written as an array literal is data in the binary, not code that builds it at first
/// use: the reader's tables cost veil.wasm initialization code at every table while their names
/// were `[UInt8]` and their descriptions enums with array payloads.
struct Field<Target>: Sendable {
    typealias Read = @Sendable (inout Target, JSONMember, ReaderContext) throws(SceneError) -> Void

    let name: StaticString
    let required: Bool
    #if !hasFeature(Embedded)
    /// What the value is, for `CommandCatalog` and `SceneSchema` (the reader itself checks the value
    /// in `read`). Only the native build keeps it: in veil.wasm the closure, and the descriptions and
    /// defaults in it, are dropped, so describing a key costs the module nothing.
    let takes: Takes
    #endif
    let read: Read

    init(_ name: StaticString, required: Bool = false, takes: @escaping Takes = { .other }, _ read: @escaping Read) {
        self.name = name
        self.required = required
        #if !hasFeature(Embedded)
        self.takes = takes
        #endif
        self.read = read
    }

    /// The same key (name, required, description) read by `read` into another target.
    func reading<Other>(_ read: @escaping Field<Other>.Read) -> Field<Other> {
        #if hasFeature(Embedded)
        Field<Other>(name, required: required, read)
        #else
        Field<Other>(name, required: required, takes: takes, read)
        #endif
    }

    #if !hasFeature(Embedded)
    /// The key as `CommandCatalog` and `SceneSchema` describe it.
    var description: FieldDescription { FieldDescription(name: utf8(name), required: required, takes: takes()) }
    #endif

    /// A key read elsewhere (such as a node's "type" and "id") that the table must still accept and list.
    static func handledElsewhere(_ name: StaticString, required: Bool = false, takes: @escaping Takes) -> Field<Target> {
        Field(name, required: required, takes: takes) { _, _, _ throws(SceneError) in }
    }
}

/// One alternative of an object that has exactly one key naming what it is: `{"set": {…}}`,
/// `{"pointer": {…}}`. Literal properties only, as `Field`'s.
struct Variant<Result>: Sendable {
    typealias Read = @Sendable (JSONMember, ReaderContext) throws(SceneError) -> Result

    let name: StaticString
    #if !hasFeature(Embedded)
    /// What the variant's value is, for `CommandCatalog` and `SceneSchema` (native build only, as `Field.takes`).
    let takes: Takes
    #endif
    let read: Read

    init(_ name: StaticString, takes: @escaping Takes = { .other }, _ read: @escaping Read) {
        self.name = name
        #if !hasFeature(Embedded)
        self.takes = takes
        #endif
        self.read = read
    }
}

extension ReaderContext {
    /// The members of an object, or an error saying an object was expected for `what`.
    func members(of value: JSONValue, _ what: UTF8Text) throws(SceneError) -> [JSONMember] {
        guard case let .object(members) = value.kind else { throw notAnObject(value, what) }
        return members
    }

    /// "expected an object for `what`, found …" at `value`.
    @inline(never)
    func notAnObject(_ value: JSONValue, _ what: UTF8Text) -> SceneError {
        error(at: value.offset, "expected an object for \(what), found \(value.typeName)")
    }

    /// The elements of an array, or an error saying an array was expected for the member.
    func elements(of member: JSONMember) throws(SceneError) -> [JSONValue] {
        guard case let .array(elements) = member.value.kind else {
            throw typeError(member, expected: "an array")
        }
        return elements
    }

    /// Reads every member of the object `value` with `fields`, in source order, into `target`.
    /// `what` names the object in messages ("label", "\"canvas\"").
    ///
    /// Only this loop is specialized per `Target` (Embedded Swift specializes every generic); matching
    /// keys and the messages are in the non-generic `fieldIndex` and `checkRequired`, so each table
    /// costs little code.
    func readObject<Target>(_ value: JSONValue, _ what: UTF8Text, _ fields: [Field<Target>],
                                     into target: inout Target) throws(SceneError) {
        let members = try members(of: value, what)
        var seen = [Bool](repeating: false, count: fields.count)
        for member in members {
            let index = try fieldIndex(of: member, what, fields.count) { fields[$0].name }
            seen[index] = true
            try fields[index].read(&target, member, self)
        }
        try checkRequired(value, what, seen) { (fields[$0].name, fields[$0].required) }
    }

    /// The index of `member`'s key among `count` field names (`name(i)`), or the unknown-key error.
    @inline(never)
    func fieldIndex(of member: JSONMember, _ what: UTF8Text, _ count: Int,
                    _ name: (Int) -> StaticString) throws(SceneError) -> Int {
        guard let index = (0..<count).firstIndex(where: { name($0).equals(member.key) }) else {
            let names = (0..<count).map { utf8(name($0)) }
            throw error(at: member.keyOffset,
                        "unknown key \"\(display(member.key))\" in \(what); \(Self.didYouMean(member.key, names))expected one of: \(Self.list(names))")
        }
        return index
    }

    /// Throws for the first required field (`field(i)` is its name and whether it is required) that
    /// is not `seen`.
    @inline(never)
    func checkRequired(_ value: JSONValue, _ what: UTF8Text, _ seen: [Bool],
                       _ field: (Int) -> (StaticString, Bool)) throws(SceneError) {
        for index in seen.indices where !seen[index] {
            let (name, required) = field(index)
            if required { throw error(at: value.offset, "missing required key \"\(display(utf8(name)))\" in \(what)") }
        }
    }

    /// Reads an object with exactly one key, chosen from `variants`; `noun` names it ("command").
    func readVariant<Result>(_ value: JSONValue, _ noun: String,
                                      _ variants: [Variant<Result>]) throws(SceneError) -> Result {
        let (member, index) = try matchVariant(value, noun, variants.count) { variants[$0].name }
        return try variants[index].read(member, self)
    }

    /// The one member of the object `value` and the index of its variant (`name(i)` is the name of
    /// variant `i`); throws when the object is not one of them.
    @inline(never)
    func matchVariant(_ value: JSONValue, _ noun: String, _ count: Int,
                      _ name: (Int) -> StaticString) throws(SceneError) -> (JSONMember, Int) {
        // For messages only: built when one is thrown.
        var names: [UInt8] { Self.list((0..<count).map { utf8(name($0)) }) }
        var article: String { noun.utf8.first.map { utf8("aeiou").contains($0) } == true ? "an" : "a" }
        guard case let .object(members) = value.kind else { throw notAnObject(value, "\(article) \(noun)") }
        guard let member = members.first else {
            throw error(at: value.offset, "expected \(article) \(noun) object with one key, one of: \(names)")
        }
        guard let index = (0..<count).firstIndex(where: { name($0).equals(member.key) }) else {
            let hint = Self.didYouMean(member.key, (0..<count).map { utf8(name($0)) })
            throw error(at: member.keyOffset, "unknown \(noun) \"\(display(member.key))\"; \(hint)expected one of: \(names)")
        }
        if members.count > 1 {
            throw error(at: members[1].keyOffset,
                        "\(article) \(noun) object has exactly one key; found \"\(display(members[1].key))\" after \"\(display(member.key))\"")
        }
        return (member, index)
    }

    /// `did you mean "name"? ` for the name closest to a misspelt `key` (at most 2 edits, and fewer
    /// than half its length; ASCII case ignored), or nothing.
    @inline(never)
    static func didYouMean(_ key: [UInt8], _ names: [[UInt8]]) -> [UInt8] {
        var best: [UInt8]? = nil
        var bestDistance = min(2, (key.count - 1) / 2) + 1
        for name in names {
            let d = editDistance(key, name, limit: bestDistance)
            if d < bestDistance { best = name; bestDistance = d }
        }
        guard let best else { return [] }
        return UTF8Text("did you mean \"\(best)\"? ").bytes
    }

    /// Edits (insert, delete, replace, swap of neighbours) between two byte strings, ASCII letters
    /// compared without case; `limit` or more once it is at least `limit`.
    static func editDistance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
        if a.count > b.count + limit || b.count > a.count + limit { return limit }
        if a.isEmpty || b.isEmpty { return min(max(a.count, b.count), limit) }
        func fold(_ c: UInt8) -> UInt8 { c >= 0x41 && c <= 0x5A ? c + 0x20 : c }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = [Int](repeating: 0, count: b.count + 1)
        for j in 0...b.count { previous[j] = j }
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = fold(a[i - 1]) == fold(b[j - 1]) ? 0 : 1
                var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, fold(a[i - 1]) == fold(b[j - 2]), fold(a[i - 2]) == fold(b[j - 1]) {
                    d = min(d, before[j - 2] + 1)
                }
                current[j] = d
            }
            before = previous
            previous = current
        }
        return min(previous[b.count], limit)
    }

    /// "a, b, c" from key names.
    static func list(_ names: [[UInt8]]) -> [UInt8] {
        var out: [UInt8] = []
        for (i, name) in names.enumerated() {
            if i > 0 { out.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: " ")]) }
            out.append(contentsOf: name)
        }
        return out
    }

    /// Text from the file for a message (shortened, control characters hidden).
    func display(_ text: [UInt8]) -> [UInt8] { JSONParser.display(text) }
}
