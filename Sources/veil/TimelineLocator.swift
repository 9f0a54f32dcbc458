/// Finds where the i-th entry of a scene file's top-level "timeline" array starts, as line and
/// column, so `veil check` can point at a timeline command the session rejects. The file has
/// already been read by SceneReader, so this scanner only has to skip valid JSON.
enum TimelineLocator {
    static func position(ofEntry index: Int, in source: [UInt8]) -> (line: Int, column: Int)? {
        var scanner = Scanner(bytes: source)
        scanner.skipSpace()
        guard scanner.take(UInt8(ascii: "{")) else { return nil }
        while true {
            scanner.skipSpace()
            guard scanner.peek == UInt8(ascii: "\"") else { return nil }
            let key = scanner.string()
            scanner.skipSpace()
            guard scanner.take(UInt8(ascii: ":")) else { return nil }
            scanner.skipSpace()
            if key == Array("timeline".utf8) {
                guard scanner.take(UInt8(ascii: "[")) else { return nil }
                var i = 0
                while true {
                    scanner.skipSpace()
                    if scanner.peek == UInt8(ascii: "]") || scanner.peek == nil { return nil }
                    if i == index { return lineAndColumn(of: scanner.offset, in: source) }
                    scanner.skipValue()
                    scanner.skipSpace()
                    guard scanner.take(UInt8(ascii: ",")) else { return nil }
                    i += 1
                }
            }
            scanner.skipValue()
            scanner.skipSpace()
            guard scanner.take(UInt8(ascii: ",")) else { return nil }
        }
    }

    /// 1-based line, and column in characters (UTF-8 continuation bytes do not count).
    static func lineAndColumn(of offset: Int, in source: [UInt8]) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for b in source[0..<min(offset, source.count)] {
            if b == UInt8(ascii: "\n") {
                line += 1; column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    private struct Scanner {
        let bytes: [UInt8]
        var offset = 0

        var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

        mutating func take(_ b: UInt8) -> Bool {
            guard peek == b else { return false }
            offset += 1
            return true
        }

        mutating func skipSpace() {
            while let b = peek, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { offset += 1 }
        }

        /// A string's raw bytes between the quotes (escapes left as they are).
        mutating func string() -> [UInt8] {
            offset += 1
            let start = offset
            while let b = peek, b != UInt8(ascii: "\"") {
                offset += b == UInt8(ascii: "\\") ? 2 : 1
            }
            let end = min(offset, bytes.count)
            offset += 1
            return Array(bytes[start..<end])
        }

        /// Skips one value: string, object or array (brackets counted outside strings), or a literal.
        mutating func skipValue() {
            guard let first = peek else { return }
            if first == UInt8(ascii: "\"") { _ = string(); return }
            if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
                var depth = 0
                while let b = peek {
                    if b == UInt8(ascii: "\"") { _ = string(); continue }
                    offset += 1
                    if b == UInt8(ascii: "{") || b == UInt8(ascii: "[") { depth += 1 }
                    if b == UInt8(ascii: "}") || b == UInt8(ascii: "]") {
                        depth -= 1
                        if depth == 0 { return }
                    }
                }
                return
            }
            while let b = peek, b != UInt8(ascii: ","), b != UInt8(ascii: "}"), b != UInt8(ascii: "]"),
                  b != 0x20, b != 0x09, b != 0x0A, b != 0x0D {
                offset += 1
            }
        }
    }
}
