import Testing
@testable import VeilCore

private func parse(_ text: String) throws(JSONError) -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

private func parseError(_ bytes: [UInt8]) -> JSONError? {
    do {
        _ = try JSONParser.parse(bytes)
        return nil
    } catch {
        return error
    }
}

private func number(_ text: String) throws(JSONError) -> Double? {
    if case let .number(v) = try parse(text).kind { return v }
    return nil
}

private func string(_ text: String) throws(JSONError) -> [UInt8]? {
    if case let .string(s) = try parse(text).kind { return s }
    return nil
}

@Test func valuesAndTheirOffsets() throws {
    let value = try parse(" {\"a\": [1, true, null, \"x\"], \"b\": {}}")
    guard case let .object(members) = value.kind, members.count == 2,
          case let .array(elements) = members[0].value.kind, elements.count == 4,
          case .number(1) = elements[0].kind, case .bool(true) = elements[1].kind,
          case .null = elements[2].kind, case .string([0x78]) = elements[3].kind,
          case let .object(inner) = members[1].value.kind, inner.isEmpty
    else { Issue.record("wrong tree: \(value)"); return }
    #expect(value.offset == 1)
    #expect(members[0].keyOffset == 2 && members[0].value.offset == 7)
    #expect(elements.map(\.offset) == [8, 11, 17, 23])
    #expect(members[1].keyOffset == 29 && members[1].value.offset == 34)
}

@Test func numbersAreExactWhereDecimalsAreExact() throws {
    // Mantissa < 2^53 and exponent within ±22: one correctly rounded operation, equal to strtod.
    for text in ["0", "-0", "1", "-1", "0.1", "0.2", "0.3", "1.2", "390", "844.5", "17", "0.5", "1e9", "1E3",
                 "2.5e-3", "123456.789", "3.14159", "1e22", "-7.25e+2", "9007199254740991", "0.000001", "1e-22"] {
        let expected = Double(text)!
        #expect(try number(text) == (expected == 0 ? 0 : expected), "\(text)")
    }
}

@Test func longAndExtremeNumbersAreClose() throws {
    for text in ["12345678901234567890", "1.2345678901234567890123", "0.000000000000000000000000123",
                 "1e300", "-2.5e-300", "1.7976931348623157e308", "123456789012345678901234567890e-10"] {
        let expected = Double(text)!
        let value = try #require(try number(text))
        #expect(abs(value - expected) <= abs(expected) * 1e-15, "\(text): \(value) vs \(expected)")
    }
    #expect(try number("1e-400") == 0)
    #expect(try number("0e999999999999") == 0)
    #expect(try number("0.\(String(repeating: "0", count: 5000))1") == 0)
}

@Test func numberSyntaxErrors() {
    let cases: [(String, Int, String)] = [
        ("01", 0, "leading zeros"), ("-01", 0, "leading zeros"), ("-", 1, "expected a digit after \"-\""),
        ("1.", 2, "after the decimal point"), ("1.e5", 2, "after the decimal point"), ("1e", 2, "in the exponent"),
        ("1e+", 3, "in the exponent"), (".5", 0, "expected a value"), ("+1", 0, "expected a value"),
        ("1e309", 0, "number out of range"), ("-1e309", 0, "number out of range"), ("1 2", 2, "expected end of input"),
        ("0x10", 1, "expected end of input"), ("NaN", 0, "expected a value"), ("Infinity", 0, "expected a value"),
    ]
    for (text, offset, fragment) in cases {
        let error = parseError(Array(text.utf8))
        #expect(error?.offset == offset, "\(text): \(String(describing: error))")
        #expect(error?.message.contains(fragment) == true, "\(text): \(String(describing: error))")
    }
}

@Test func stringEscapesDecode() throws {
    #expect(try string(#""a\"b\\c\/d\b\f\n\r\t""#) == Array("a\"b\\c/d\u{8}\u{C}\n\r\t".utf8))
    #expect(try string(#""\u0041\u00e9\u20AC\ud83d\ude00""#) == Array("Aé€😀".utf8))
    #expect(try string(#""\u0000""#) == [0])
    #expect(try string("\"é😀\"") == Array("é😀".utf8))
    #expect(try string(#""""#) == [])
}

@Test func stringErrors() {
    let cases: [([UInt8], Int, String)] = [
        (Array("\"abc".utf8), 0, "unexpected end of input inside a string"),
        (Array(#""ab\"#.utf8), 0, "unexpected end of input inside a string"),
        (Array(#""\u12"#.utf8), 0, "unexpected end of input inside a string"),
        (Array(#""a\x""#.utf8), 2, "invalid escape \\x"),
        (Array(#""\u00G0""#.utf8), 1, "expected 4 hex digits"),
        (Array(#""\uD800""#.utf8), 1, "must be followed by a low surrogate"),
        (Array(#""\uDBFF\uDBFF""#.utf8), 1, "must be followed by a low surrogate"),
        (Array(#""\uDFFF""#.utf8), 1, "unpaired low surrogate"),
        (Array("\"a\nb\"".utf8), 2, "control character 0x0A"),
        ([0x22, 0x80, 0x22], 1, "invalid UTF-8 byte 0x80"),
        ([0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], 1, "invalid UTF-8 byte 0xF5"),
        ([0x22, 0xE0, 0x80, 0x80, 0x22], 1, "invalid UTF-8 sequence"),  // overlong
        ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1, "invalid UTF-8 sequence"),  // above U+10FFFF
        ([0x22, 0xF0, 0x9F, 0x98], 1, "invalid UTF-8 sequence"),  // truncated at end of input
    ]
    for (bytes, offset, fragment) in cases {
        let error = parseError(bytes)
        #expect(error?.offset == offset, "\(bytes): \(String(describing: error))")
        #expect(error?.message.contains(fragment) == true, "\(bytes): \(String(describing: error))")
    }
}

@Test func stringLengthIsBounded() throws {
    let atLimit = "\"" + String(repeating: "é", count: Limits.maxTextBytes / 2) + "\""
    #expect(try string(atLimit)?.count == Limits.maxTextBytes)
    let over = "[\"" + String(repeating: "a", count: Limits.maxTextBytes + 1) + "\"]"
    let error = parseError(Array(over.utf8))
    #expect(error?.offset == 1 && error?.message == "string longer than \(Limits.maxTextBytes) bytes")
}

@Test func depthIsBounded() throws {
    let ok = String(repeating: "[", count: Limits.maxDepth) + String(repeating: "]", count: Limits.maxDepth)
    #expect(throws: Never.self) { try parse(ok) }
    let deep = String(repeating: "{\"a\":", count: Limits.maxDepth + 1) + "1" + String(repeating: "}", count: Limits.maxDepth + 1)
    let error = parseError(Array(deep.utf8))
    #expect(error?.offset == Limits.maxDepth * 5)
    #expect(error?.message == "nesting deeper than \(Limits.maxDepth) levels")
    // Far deeper input fails the same way instead of exhausting the stack.
    #expect(parseError(Array(String(repeating: "[", count: 100_000).utf8))?.offset == Limits.maxDepth)
}

@Test func duplicateKeysAreFoundInSmallAndLargeObjects() {
    let small = parseError(Array(#"{"a": 1, "b": 2, "a": 3}"#.utf8))
    #expect(small?.offset == 17 && small?.message == "duplicate key \"a\" in an object")
    let keys = (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
    #expect(throws: Never.self) { try parse("{" + keys + "}") }
    let source = "{" + keys + ", \"k7\": 0}"
    #expect(parseError(Array(source.utf8))?.offset == source.utf8.count - 8)
    #expect(parseError(Array(source.utf8))?.message == "duplicate key \"k7\" in an object")
}

@Test func structuralErrorsSayWhatWasExpected() {
    let cases: [(String, Int, String)] = [
        ("", 0, "expected a value, found end of input"),
        ("[1,]", 3, "trailing commas are not allowed"),
        ("[1 2]", 3, "expected \",\" or \"]\" after an array element, found \"2\""),
        ("{\"a\" 1}", 5, "expected \":\" after the key \"a\""),
        ("{\"a\": 1 \"b\": 2}", 8, "expected \",\" or \"}\" after an object member"),
        ("{1: 2}", 1, "expected a string key or \"}\" in an object, found \"1\""),
        ("{\"a\": 1,}", 8, "expected a string key after \",\", found \"}\""),
        ("[", 1, "expected a value, found end of input"),
        ("{\"a\": 1", 7, "found end of input"),
        ("nul", 0, "expected true, false or null"),
        ("truex", 4, "expected end of input after the JSON value, found \"x\""),
        ("[] // comment", 3, "expected end of input"),
        ("\u{FEFF}[]", 0, "byte order mark"),
        ("[é]", 1, "expected a value, found \"é\""),
        ("[\u{7F}]", 1, "found control character 0x7F"),
    ]
    for (text, offset, fragment) in cases {
        let error = parseError(Array(text.utf8))
        #expect(error?.offset == offset, "\(text): \(String(describing: error))")
        #expect(error?.message.contains(fragment) == true, "\(text): \(String(describing: error))")
    }
}

@Test func whitespaceIsOnlyTheFourJSONCharacters() throws {
    #expect(throws: Never.self) { try parse(" \t\r\n[ 1 ,\t2 ]\r\n") }
    #expect(parseError(Array("[1,\u{0B}2]".utf8))?.offset == 3)
    #expect(parseError(Array("\u{A0}[]".utf8))?.offset == 0)
}

@Test func positionsCountLinesAndCharacters() {
    let source = Array("ab\né😀x\r\n  y".utf8)
    #expect(SourcePosition(offset: 0, in: source) == SourcePosition(line: 1, column: 1))
    #expect(SourcePosition(offset: 2, in: source) == SourcePosition(line: 1, column: 3))
    #expect(SourcePosition(offset: 3, in: source) == SourcePosition(line: 2, column: 1))
    // "é" is 2 bytes and "😀" 4, but each is one column.
    #expect(SourcePosition(offset: 9, in: source) == SourcePosition(line: 2, column: 3))
    #expect(SourcePosition(offset: 14, in: source) == SourcePosition(line: 3, column: 3))
    #expect(SourcePosition(offset: source.count, in: source) == SourcePosition(line: 3, column: 4))
}
