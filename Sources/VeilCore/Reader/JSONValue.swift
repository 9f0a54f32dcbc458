/// A parsed JSON value and the byte offset where it starts in the source, so that every later error
/// (a wrong type, a value out of range) can name the line and column of the value it is about.
struct JSONValue: Sendable {
    enum Kind: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        /// Decoded, valid UTF-8.
        case string([UInt8])
        case array([JSONValue])
        /// Members in source order; keys are unique (the parser rejects duplicates).
        case object([JSONMember])
    }

    var kind: Kind
    /// Offset of the value's first byte (its quote, bracket, sign or digit).
    var offset: Int

    /// "a number", "an object"… — how error messages name what was found.
    var typeName: String {
        switch kind {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// `"key": value` inside an object.
struct JSONMember: Sendable {
    /// Decoded, valid UTF-8.
    var key: [UInt8]
    /// Offset of the key's opening quote.
    var keyOffset: Int
    var value: JSONValue
}

/// A parse error at a byte offset; the scene reader turns the offset into line:column.
/// (Not Equatable: comparing Strings would pull Unicode tables into the wasm module.)
struct JSONError: Error, Sendable {
    var offset: Int
    var message: String

    init(offset: Int, message: UTF8Text) {
        self.offset = offset
        self.message = message.string
    }
}

/// Line and column of a byte offset, computed only when an error is reported.
///
/// Lines are 1-based and end at "\n" (so "\r\n" files count the same). Columns are 1-based and count
/// Unicode scalars (every byte that is not a UTF-8 continuation byte), which is what an editor shows
/// for text without combining marks.
struct SourcePosition: Equatable, Sendable {
    var line: Int
    var column: Int

    init(line: Int, column: Int) { self.line = line; self.column = column }

    init(offset: Int, in source: [UInt8]) {
        let end = min(max(offset, 0), source.count)
        var line = 1
        var column = 1
        var i = 0
        while i < end {
            let byte = source[i]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        self.line = line
        self.column = column
    }
}
