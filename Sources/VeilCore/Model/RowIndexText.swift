/// `{index}` in a row template's label or button text: the row's index (from 0, across sections),
/// for previews of lists that have no data yet. The index never has more digits than the
/// placeholder has bytes (rows are at most `Limits.maxListRows`), so the text bounds hold.
extension Node {
    static let rowIndexPlaceholder: [UInt8] = Array("{index}".utf8)

    /// Whether a label's or button's text in this subtree says `{index}`.
    var showsRowIndex: Bool {
        if Self.contains(Self.rowIndexPlaceholder, in: ownText) { return true }
        return children.contains { $0.showsRowIndex }
    }

    /// This subtree with `{index}` in its labels' and buttons' text replaced by `index`.
    func replacingRowIndex(_ index: Int) -> Node {
        var node = self
        let digits = UTF8Text("\(index)").bytes
        switch node.kind {
        case var .label(style) where Self.contains(Self.rowIndexPlaceholder, in: style.text):
            style.text = Self.replacing(Self.rowIndexPlaceholder, with: digits, in: style.text)
            node.kind = .label(style)
        case var .button(style) where Self.contains(Self.rowIndexPlaceholder, in: style.title):
            style.title = Self.replacing(Self.rowIndexPlaceholder, with: digits, in: style.title)
            node.kind = .button(style)
        default:
            break
        }
        if children.contains(where: { $0.showsRowIndex }) {
            node.children = children.map { $0.replacingRowIndex(index) }
        }
        return node
    }

    /// A label's text or a button's title.
    private var ownText: [UInt8] {
        switch kind {
        case let .label(style): return style.text
        case let .button(style): return style.title
        default: return []
        }
    }

    private static func contains(_ needle: [UInt8], in text: [UInt8]) -> Bool {
        guard text.count >= needle.count else { return false }
        for start in 0 ... text.count - needle.count where text[start ..< start + needle.count].elementsEqual(needle) { return true }
        return false
    }

    private static func replacing(_ needle: [UInt8], with replacement: [UInt8], in text: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < text.count {
            if i + needle.count <= text.count, text[i ..< i + needle.count].elementsEqual(needle) {
                out += replacement
                i += needle.count
            } else {
                out.append(text[i])
                i += 1
            }
        }
        return out
    }
}
