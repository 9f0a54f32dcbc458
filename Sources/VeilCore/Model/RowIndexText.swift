/// `{index}` in a row template's label text or button title: the row's index (from 0, across
/// sections), for previews of lists that have no data yet. The index never has more digits than
/// the placeholder has bytes (rows are at most `Limits.maxListRows`), so the text bounds hold.
extension Node {
    /// This subtree with `{index}` replaced by `index` in its labels' text and buttons' titles;
    /// nil when none of them says `{index}`.
    func replacingRowIndex(_ index: Int) -> Node? {
        var digits: [UInt8] = []
        var rest = index
        repeat {
            digits.insert(UInt8(48 + rest % 10), at: 0)
            rest /= 10
        } while rest > 0
        return replacingRowIndex(digits: digits)
    }

    private func replacingRowIndex(digits: [UInt8]) -> Node? {
        var node = self
        var changed = false
        switch node.kind {
        case var .label(style):
            if let text = Self.replacingPlaceholder(in: style.text, with: digits) {
                style.text = text
                node.kind = .label(style)
                changed = true
            }
        case var .button(style):
            if let title = Self.replacingPlaceholder(in: style.title, with: digits) {
                style.title = title
                node.kind = .button(style)
                changed = true
            }
        default:
            break
        }
        var children = node.children
        for i in children.indices {
            if let child = children[i].replacingRowIndex(digits: digits) {
                children[i] = child
                changed = true
            }
        }
        guard changed else { return nil }
        node.children = children
        return node
    }

    /// `text` with each `{index}` replaced; nil when it has none.
    private static func replacingPlaceholder(in text: [UInt8], with digits: [UInt8]) -> [UInt8]? {
        let placeholder: [UInt8] = [0x7B, 0x69, 0x6E, 0x64, 0x65, 0x78, 0x7D]  // {index}
        var out: [UInt8] = []
        var found = false
        var i = 0
        while i < text.count {
            if text[i] == 0x7B, i + 7 <= text.count, (1 ..< 7).allSatisfy({ text[i + $0] == placeholder[$0] }) {
                out += digits
                i += 7
                found = true
            } else {
                out.append(text[i])
                i += 1
            }
        }
        return found ? out : nil
    }
}
