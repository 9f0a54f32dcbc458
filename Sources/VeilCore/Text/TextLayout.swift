/// One laid-out line: its UTF-8 bytes, its x offset inside the box (alignment) and its width.
/// Hosts draw `text` at (box x + x, line top + TextLayout.baseline) and never re-wrap it.
public struct TextLine: Equatable, Sendable {
    public var text: [UInt8]
    public var x: Double
    public var width: Double
    public init(text: [UInt8], x: Double, width: Double) { self.text = text; self.x = x; self.width = width }
}

/// Text layout with the bundled font's advance widths (docs/TEXT.md): the same line breaks in the
/// browser, in wasm and in SVG, because only the core ever decides them.
public enum TextLayout {
    /// Breaks `text` into lines no wider than `width` with the bundled font.
    ///
    /// Lines break at spaces (the spaces at a break are dropped and never count), after hyphens and
    /// dashes inside a word, and at every newline (LF, CR, CRLF, U+2028, U+2029); a word wider than
    /// the box is broken between characters; a single character wider than the box gets a line of
    /// its own. numberOfLines 0 (or negative) = unlimited; otherwise the last kept line ends in "…"
    /// when visible text was cut. Empty text, a width that is not a positive finite number, or a
    /// font size that is not one, gives no lines.
    @inline(never)  // for size: four callers (layout, measuring, rendering, the hidden DOM)
    public static func lines(_ text: [UInt8], fontSize: Double, weight: Int, width: Double,
                             numberOfLines: Int, alignment: TextAlignment) -> [TextLine] {
        guard width > 0, width.isFinite, fontSize > 0, fontSize.isFinite, !text.isEmpty else { return [] }
        // Most labels: one paragraph that fits. Its line is the whole text (the general path gives
        // the same line, after decoding the text into arrays).
        if let single = singleParagraph(text, face: FontFace(weight: weight)) {
            let lineWidth = FontMetrics.points(single.units, fontSize: fontSize)
            if lineWidth <= width + 1e-6 {
                let line = single.bytes == text.count ? text : Array(text[..<single.bytes])
                return [TextLine(text: line, x: x(of: lineWidth, in: width, alignment), width: lineWidth)]
            }
        }
        return breakLines(text, fontSize: fontSize, weight: weight, width: width, numberOfLines: numberOfLines, alignment: alignment)
    }

    /// `lines` without its shortcut: the text decoded, then broken by `LineBreaker`.
    static func breakLines(_ text: [UInt8], fontSize: Double, weight: Int, width: Double,
                           numberOfLines: Int, alignment: TextAlignment) -> [TextLine] {
        guard width > 0, width.isFinite, fontSize > 0, fontSize.isFinite, !text.isEmpty else { return [] }
        var breaker = LineBreaker(text: ScalarText(decoding: text), face: FontFace(weight: weight),
                                  fontSize: fontSize, width: width)
        var result: [TextLine] = []
        while let line = breaker.next() {
            var emitted = breaker.line(line)
            if numberOfLines > 0 && result.count + 1 == numberOfLines {
                if breaker.hasVisibleText(from: line.next) { emitted = breaker.truncated(line) }
                result.append(emitted)
                break
            }
            result.append(emitted)
        }
        for index in result.indices { result[index].x = x(of: result[index].width, in: width, alignment) }
        return result
    }

    private static func x(of lineWidth: Double, in width: Double, _ alignment: TextAlignment) -> Double {
        switch alignment {
        case .left: return 0
        case .center: return (width - lineWidth) / 2
        case .right: return width - lineWidth
        }
    }

    /// A text of one paragraph (no newline), well-formed and within the length bound, measured in one
    /// pass without decoding it into arrays: how many of its bytes its line holds (trailing spaces
    /// left out, as `LineBreaker` leaves them out) and their width in font units. nil otherwise.
    static func singleParagraph(_ text: [UInt8], face: FontFace) -> (bytes: Int, units: Int)? {
        guard text.count <= Limits.maxTextBytes else { return nil }
        let widths = FontMetrics.widths(face)
        var i = 0, units = 0
        var kept = (bytes: 0, units: 0)
        while i < text.count {
            var scalar = UInt32(text[i]), length = 1
            if scalar >= 0x80 {
                let (decoded, count) = ScalarText.decode(text, at: i, end: text.count)
                guard let decoded else { return nil }
                (scalar, length) = (decoded, count)
            }
            switch scalar {
            case 0x0A, 0x0D, 0x2028, 0x2029: return nil
            default: break
            }
            units += scalar >= 0x20 && scalar <= 0x7E ? Int(widths[Int(scalar - 0x20)]) : FontMetrics.advance(of: scalar, face: face)
            i += length
            if scalar != 0x20 && scalar != 0x09 { kept = (i, units) }
        }
        return kept
    }

    /// Distance from the top of a line box of height `lineHeight` to the alphabetic baseline, the way
    /// CSS places it: the glyph box (ascender + descender, OS/2 typo = hhea metrics) is centred in
    /// the line box (half-leading), so baseline = (lineHeight − content) / 2 + ascender.
    public static func baseline(fontSize: Double, lineHeight: Double) -> Double {
        let ascent = FontMetrics.points(InterWidths.ascender, fontSize: fontSize)
        let descent = FontMetrics.points(InterWidths.descender, fontSize: fontSize)
        return (lineHeight - ascent - descent) / 2 + ascent
    }

    /// Width of the widest line the text has when broken only at its newlines (trailing spaces not
    /// counted), so `lines(text, …, width: measure(text, …), …)` breaks only at newlines.
    public static func measure(_ text: [UInt8], fontSize: Double, weight: Int) -> Double {
        guard fontSize > 0, fontSize.isFinite else { return 0 }
        if let single = singleParagraph(text, face: FontFace(weight: weight)) {
            return FontMetrics.points(single.units, fontSize: fontSize)
        }
        let breaker = LineBreaker(text: ScalarText(decoding: text), face: FontFace(weight: weight),
                                  fontSize: fontSize, width: .infinity)
        return FontMetrics.points(breaker.widestParagraph(), fontSize: fontSize)
    }

    /// The weight of the face `weight` selects (400, 500, 600 or 700): what a host should draw with.
    public static func fontWeight(_ weight: Int) -> Int { FontFace(weight: weight).rawValue }
}

/// Greedy line breaking over decoded text; advances are summed as integers in font units and
/// converted once per line, so widths do not depend on summation order.
struct LineBreaker {
    /// A line: scalars start..<end are drawn (trailing spaces already excluded); the next line
    /// starts at `next`.
    struct LineRange { var start: Int; var end: Int; var next: Int }

    private enum Kind: UInt8 { case other, space, newline, breakAfter }

    private let text: ScalarText
    private let fontSize: Double
    private let width: Double
    private let ellipsisUnits: Int
    /// prefix[i] = sum of the advances of scalars 0..<i, in font units.
    private var prefix: [Int]
    private var kinds: [Kind]
    /// Where the next line starts; nil once the text is exhausted.
    private var position: Int?
    /// End of the paragraph being broken (found once per paragraph, so the work stays linear).
    private var currentParagraphEnd = -1

    init(text: ScalarText, face: FontFace, fontSize: Double, width: Double) {
        self.text = text
        self.fontSize = fontSize
        self.width = width
        ellipsisUnits = FontMetrics.advance(of: FontMetrics.ellipsis, face: face)
        prefix = [0]
        prefix.reserveCapacity(text.count + 1)
        kinds = []
        kinds.reserveCapacity(text.count)
        let widths = FontMetrics.widths(face)
        var sum = 0
        for scalar in text.scalars {
            // Printable ASCII straight from the table (FontMetrics.advance says the same, slower).
            sum += scalar >= 0x20 && scalar <= 0x7E ? Int(widths[Int(scalar - 0x20)]) : FontMetrics.advance(of: scalar, face: face)
            prefix.append(sum)
            kinds.append(LineBreaker.kind(of: scalar))
        }
        position = text.count > 0 ? 0 : nil
    }

    private static func kind(of scalar: UInt32) -> Kind {
        switch scalar {
        case 0x20, 0x09: return .space
        case 0x0A, 0x0D, 0x2028, 0x2029: return .newline
        // hyphen-minus, hyphen, en dash, em dash, zero width space
        case 0x2D, 0x2010, 0x2013, 0x2014, 0x200B: return .breakAfter
        default: return .other
        }
    }

    /// Within 10⁻⁶ pt: a box sized to a text's measure (a button's intrinsic width, less its
    /// padding) must fit it despite the rounding of adding and taking away the padding.
    private func fits(_ units: Int) -> Bool { FontMetrics.points(units, fontSize: fontSize) <= width + 1e-6 }

    /// End of the paragraph that contains `start`: the index of the next newline, or count.
    private func paragraphEnd(from start: Int) -> Int {
        var i = start
        while i < text.count && kinds[i] != .newline { i += 1 }
        return i
    }

    /// First index after the newline at `i` (CRLF counts as one).
    private func afterNewline(_ i: Int) -> Int {
        text.scalars[i] == 0x0D && i + 1 < text.count && text.scalars[i + 1] == 0x0A ? i + 2 : i + 1
    }

    private func trimmedEnd(_ start: Int, _ end: Int) -> Int {
        var e = end
        while e > start && kinds[e - 1] == .space { e -= 1 }
        return e
    }

    /// The next line, or nil when the text is used up.
    mutating func next() -> LineRange? {
        guard let start = position else { return nil }
        if currentParagraphEnd < start { currentParagraphEnd = paragraphEnd(from: start) }
        let end = currentParagraphEnd
        var opportunity: LineRange? = nil
        var i = start
        while i < end {
            if kinds[i] == .space {
                var j = i
                while j < end && kinds[j] == .space { j += 1 }
                if j < end { opportunity = LineRange(start: start, end: i, next: j) }
                i = j
                continue
            }
            if !fits(prefix[i + 1] - prefix[start]) {
                if let opportunity {
                    position = opportunity.next
                    return opportunity
                }
                // A word wider than the box: break before this character, or after it when it is
                // alone, taking invisible scalars (combining marks) that belong to it along.
                var cut = i > start ? i : i + 1
                while cut < end && kinds[cut] == .other && prefix[cut + 1] == prefix[cut] { cut += 1 }
                var next = cut  // spaces right after the cut are break spaces too
                while next < end && kinds[next] == .space { next += 1 }
                if next < end {
                    position = next
                    return LineRange(start: start, end: trimmedEnd(start, cut), next: next)
                }
                break
            }
            // After a hyphen or dash inside a word ("well-known"), not after a leading one ("-5");
            // after a zero width space always. Never when a space follows (that break comes next).
            if kinds[i] == .breakAfter && i + 1 < end && kinds[i + 1] != .space
                && (text.scalars[i] == 0x200B || (i > start && kinds[i - 1] != .space)) {
                opportunity = LineRange(start: start, end: i + 1, next: i + 1)
            }
            i += 1
        }
        let next = end < text.count ? afterNewline(end) : text.count
        position = end < text.count ? next : nil
        return LineRange(start: start, end: trimmedEnd(start, end), next: next)
    }

    func line(_ range: LineRange) -> TextLine {
        TextLine(text: Array(text.utf8[text.starts[range.start]..<text.starts[range.end]]), x: 0,
                 width: FontMetrics.points(prefix[range.end] - prefix[range.start], fontSize: fontSize))
    }

    /// Whether anything but spaces and newlines remains from scalar `index` on.
    func hasVisibleText(from index: Int) -> Bool {
        var i = index
        while i < text.count {
            if kinds[i] != .space && kinds[i] != .newline { return true }
            i += 1
        }
        return false
    }

    /// The line cut so that it plus "…" fits: characters dropped from the end, trailing spaces
    /// trimmed, "…" appended. An ellipsis wider than the box is still drawn alone.
    func truncated(_ range: LineRange) -> TextLine {
        var keep = range.start
        var k = range.start
        while k < range.end {
            k += 1
            let end = trimmedEnd(range.start, k)
            if fits(prefix[end] - prefix[range.start] + ellipsisUnits) { keep = end } else { break }
        }
        var bytes = Array(text.utf8[text.starts[range.start]..<text.starts[keep]])
        bytes.append(contentsOf: FontMetrics.ellipsisUTF8)
        let units = prefix[keep] - prefix[range.start] + ellipsisUnits
        return TextLine(text: bytes, x: 0, width: FontMetrics.points(units, fontSize: fontSize))
    }

    /// Units of the widest newline-separated paragraph, trailing spaces excluded.
    func widestParagraph() -> Int {
        var widest = 0
        var start = 0
        while start < text.count {
            let end = paragraphEnd(from: start)
            widest = max(widest, prefix[trimmedEnd(start, end)] - prefix[start])
            if end >= text.count { break }
            start = afterNewline(end)
        }
        return widest
    }
}
