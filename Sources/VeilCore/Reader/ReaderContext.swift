/// What everything reading one scene file (or one action) shares: the source, so that error offsets
/// become `file:line:column`, and the running totals that bound a scene (nodes, ids).
///
/// A class, though the table closures take it `inout`: passed as one reference, where the struct
/// was copied into every closure and value reader that uses it.
final class ReaderContext {
    let file: String
    let source: [UInt8]
    /// Line number of the source's first line: 1 for a file, the line number for one events-file line.
    let firstLine: Int
    /// Nodes read so far, list rows instantiated included (bounded by `Limits.maxNodes`).
    var nodeCount = 0
    /// Text bytes of labels and buttons read so far, counted as `nodeCount` (`Limits.maxTextLaidOut`).
    var textCount = 0
    /// The ids of the namespace being read (the scene's, a row template's, a status view's).
    var namespace = IDNamespace()
    /// Every sheet read and where: a sheet must be a child of the scene's root (`SceneReader`).
    var sheets: [(id: [UInt8], offset: Int)] = []
    /// Where `place(of:)` last counted to: actions are read in source order, so a scene's timeline
    /// and reactions are placed in one pass over the source, not one pass per action.
    private var counted = (offset: 0, line: 1, column: 1)

    init(file: String, source: [UInt8], firstLine: Int = 1) {
        self.file = file
        self.source = source
        self.firstLine = firstLine
    }

    /// Out of line (for size): the reader has a few hundred throw sites.
    @inline(never)
    func error(at offset: Int, _ message: UTF8Text) -> SceneError {
        error(at: offset, message: message.string)
    }

    func error(_ json: JSONError) -> SceneError { error(at: json.offset, message: json.message) }

    private func error(at offset: Int, message: String) -> SceneError {
        let position = SourcePosition(offset: offset, in: source)
        return SceneError(file: file, line: firstLine - 1 + position.line, column: position.column, message: message)
    }

    /// Parses the source as one JSON value.
    func parseJSON() throws(SceneError) -> JSONValue {
        do {
            return try JSONParser.parse(source)
        } catch {
            throw self.error(error)
        }
    }

    /// The line and column of `offset` (counting on from the last place asked for when it is later).
    func place(of offset: Int) -> SourcePlace {
        if offset < counted.offset { counted = (0, 1, 1) }
        var (line, column) = (counted.line, counted.column)
        let end = min(max(offset, 0), source.count)
        var i = counted.offset
        while i < end {
            if source[i] == UInt8(ascii: "\n") { line += 1; column = 1 } else if source[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        counted = (end, line, column)
        return SourcePlace(line: firstLine - 1 + line, column: column)
    }

    /// "line:column" of an offset, for messages that point back at an earlier place.
    func position(of offset: Int) -> UTF8Text {
        let position = SourcePosition(offset: offset, in: source)
        return "\(firstLine - 1 + position.line):\(position.column)"
    }
}
