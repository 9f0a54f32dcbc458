/// Reading typed values out of object members, each with its bound. Every error names the key and
/// points at the value: `expected a number for "fontSize", found a string`.

/// One allowed value of a string-valued key ("left" → .left).
/// A literal, like `Field`, so a table of choices is data in the binary.
struct Choice<Value: Sendable>: Sendable {
    let name: StaticString
    let value: Value
    init(_ name: StaticString, _ value: Value) {
        self.name = name
        self.value = value
    }
}

extension ReaderContext {
    @inline(never)  // for size: many call sites
    func typeError(_ member: JSONMember, expected: UTF8Text) -> SceneError {
        error(at: member.value.offset,
              "expected \(expected) for \"\(display(member.key))\", found \(describe(member.value))")
    }

    /// "a number", or for a string also its (shortened) text: `a string "big"`.
    func describe(_ value: JSONValue) -> UTF8Text {
        if case let .string(text) = value.kind { return "a string \"\(display(text))\"" }
        return "\(value.typeName)"
    }

    func number(_ member: JSONMember, _ range: ClosedRange<Double>) throws(SceneError) -> Double {
        guard case let .number(value) = member.value.kind else {
            throw typeError(member, expected: "a number")
        }
        try check(value, of: member, in: range)
        return value
    }

    func integer(_ member: JSONMember, _ range: ClosedRange<Int>) throws(SceneError) -> Int {
        guard case let .number(value) = member.value.kind else {
            throw typeError(member, expected: "an integer")
        }
        try check(value, of: member, in: Double(range.lowerBound)...Double(range.upperBound))
        let integer = Int.clamped(value, to: range)
        guard Double(integer) == value else {
            throw error(at: member.value.offset,
                        "expected an integer for \"\(display(member.key))\", found \(numberText(member.value))")
        }
        return integer
    }

    private func check(_ value: Double, of member: JSONMember, in range: ClosedRange<Double>) throws(SceneError) {
        if value < range.lowerBound {
            throw error(at: member.value.offset,
                        "\"\(display(member.key))\" must be at least \(Self.format(range.lowerBound)), found \(numberText(member.value))")
        }
        if value > range.upperBound {
            throw error(at: member.value.offset,
                        "\"\(display(member.key))\" must be at most \(Self.format(range.upperBound)), found \(numberText(member.value))")
        }
    }

    @inline(never)  // for size: ~35 table closures
    func bool(_ member: JSONMember) throws(SceneError) -> Bool {
        guard case let .bool(value) = member.value.kind else {
            throw typeError(member, expected: "true or false")
        }
        return value
    }

    /// A string of at most `maxBytes` UTF-8 bytes (every string is already below `Limits.maxTextBytes`).
    func string(_ member: JSONMember, maxBytes: Int = Limits.maxTextBytes, allowEmpty: Bool = true) throws(SceneError) -> [UInt8] {
        guard case let .string(text) = member.value.kind else {
            throw typeError(member, expected: "a string")
        }
        if !allowEmpty && text.isEmpty {
            throw error(at: member.value.offset, "\"\(display(member.key))\" must not be empty")
        }
        if text.count > maxBytes {
            throw error(at: member.value.offset,
                        "\"\(display(member.key))\" is longer than \(maxBytes) bytes")
        }
        return text
    }

    /// A non-empty name of at most `Bounds.nameBytes` (ids, names, action names).
    func name(_ member: JSONMember) throws(SceneError) -> [UInt8] {
        try string(member, maxBytes: Bounds.nameBytes, allowEmpty: false)
    }

    func color(_ member: JSONMember) throws(SceneError) -> Color {
        guard case let .string(text) = member.value.kind, let color = ColorParsing.parse(text) else {
            throw typeError(member, expected: "\(ColorParsing.expected)")
        }
        return color
    }

    /// A colour, or null for "none".
    func optionalColor(_ member: JSONMember) throws(SceneError) -> Color? {
        if case .null = member.value.kind { return nil }
        guard case let .string(text) = member.value.kind, let color = ColorParsing.parse(text) else {
            throw typeError(member, expected: "\(ColorParsing.expected) or null")
        }
        return color
    }

    /// One of the names in `choices`.
    func choice<Value>(_ member: JSONMember, _ choices: [Choice<Value>]) throws(SceneError) -> Value {
        choices[try choiceIndex(member, choices.count) { choices[$0].name }].value
    }

    /// The index of the name `member`'s string is, among `count` names (`name(i)`); the non-generic
    /// part of `choice`.
    @inline(never)
    func choiceIndex(_ member: JSONMember, _ count: Int, _ name: (Int) -> StaticString) throws(SceneError) -> Int {
        guard case let .string(text) = member.value.kind else {
            throw typeError(member, expected: "one of \(Self.quotedList((0..<count).map { utf8(name($0)) }))")
        }
        guard let index = (0..<count).firstIndex(where: { name($0).equals(text) }) else {
            let names = (0..<count).map { utf8(name($0)) }
            var hint = Self.didYouMean(text, names)
            if !hint.isEmpty { hint.removeLast(); hint.insert(contentsOf: [UInt8(ascii: ";"), UInt8(ascii: " ")], at: 0) }
            throw error(at: member.value.offset,
                        "expected one of \(Self.quotedList(names)) for \"\(display(member.key))\", found \"\(display(text))\"\(hint)")
        }
        return index
    }

    /// The number as written in the file ("1e12", "-3"), for messages.
    func numberText(_ value: JSONValue) -> [UInt8] {
        var end = value.offset
        while end < source.count, end - value.offset < 32 {
            let byte = source[end]
            let isNumberByte = (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
            guard isNumberByte else { break }
            end += 1
        }
        return Array(source[value.offset..<end])
    }

    /// "\"a\", \"b\" or \"c\"".
    static func quotedList(_ names: [[UInt8]]) -> UTF8Text {
        var out: UTF8Text = ""
        for (i, name) in names.enumerated() {
            if i > 0 { out.append(i == names.count - 1 ? " or " : ", ") }
            out.append("\"\(name)\"")
        }
        return out
    }

    /// A bound or time for a message: "0", "16384", "0.5" (no Double → String in the core). Int64,
    /// not Int: Int is 32 bits in wasm.
    static func format(_ value: Double) -> UTF8Text {
        guard value.isFinite, value.magnitude < 1e12 else { return value < 0 ? "-1e12 or less" : "1e12 or more" }
        let micro = Int64.clamped((value.magnitude * 1_000_000).rounded(), to: 0...1_000_000_000_000_000_000)
        let sign = value < 0 && micro != 0 ? "-" : ""
        var fraction = micro % 1_000_000
        if fraction == 0 { return "\(sign)\(micro / 1_000_000)" }
        var digits = 6
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        var fractionText: UTF8Text = "\(fraction)"
        while fractionText.bytes.count < digits { fractionText = "0\(fractionText)" }
        return "\(sign)\(micro / 1_000_000).\(fractionText)"
    }
}
