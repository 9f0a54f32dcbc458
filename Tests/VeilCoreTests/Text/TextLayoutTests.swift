import PropertyBased
import Testing
@testable import VeilCore

/// Text layout: widths from the bundled Inter table, line breaking, truncation, alignment.
@Suite struct TextLayoutTests {
    private func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }
    private func string(_ b: [UInt8]) -> String { String(decoding: b, as: UTF8.self) }
    private func texts(_ lines: [TextLine]) -> [String] { lines.map { string($0.text) } }
    private func points(_ units: Int, _ fontSize: Double) -> Double { Double(units) * fontSize / 2816 }
    private func width(_ s: String, _ fontSize: Double = 17, weight: Int = 400) -> Double {
        TextLayout.measure(bytes(s), fontSize: fontSize, weight: weight)
    }
    private func layout(_ s: String, width: Double, lines: Int = 0, fontSize: Double = 17,
                        alignment: TextAlignment = .left) -> [TextLine] {
        TextLayout.lines(bytes(s), fontSize: fontSize, weight: 400, width: width, numberOfLines: lines,
                         alignment: alignment)
    }

    // MARK: widths

    /// Sums of advances in font units printed by `tools/fontwidths.py --expect` straight from the
    /// font's hmtx table (unitsPerEm 2816), per weight.
    @Test(arguments: [
        (400, "Hello, world!", 16536), (400, "Veil", 4880), (400, "Skeleton placeholders …", 32628),
        (400, "Ça coûte 12,50 € — “déjà vu”", 38892), (400, "WAVE", 8164), (400, "0", 1760),
        (500, "Hello, world!", 16789), (500, "Ça coûte 12,50 € — “déjà vu”", 39170),
        (600, "Hello, world!", 17040), (600, "Skeleton placeholders …", 33354),
        (700, "Hello, world!", 17292), (700, "WAVE", 8854),
    ])
    func widthsMatchTheFont(weight: Int, text: String, units: Int) {
        for fontSize in [1.0, 13, 17, 34.5] {
            #expect(width(text, fontSize, weight: weight) == points(units, fontSize))
        }
    }

    @Test func noKerningWidthIsTheSumOfCharacters() {
        // "WAVE" would kern in a shaping engine; the core (and the subset web font) never does.
        let sum = width("W") + width("A") + width("V") + width("E")
        #expect(abs(width("WAVE") - sum) < 1e-9)
    }

    @Test func weightsMapToTheFaceABrowserWouldPick() {
        #expect(TextLayout.fontWeight(100) == 400)
        #expect(TextLayout.fontWeight(400) == 400)
        #expect(TextLayout.fontWeight(450) == 500)
        #expect(TextLayout.fontWeight(550) == 600)
        #expect(TextLayout.fontWeight(650) == 700)
        #expect(TextLayout.fontWeight(900) == 700)
        #expect(width("Hello, world!", 17, weight: 450) == points(16789, 17))
        #expect(width("Hello, world!", 17, weight: 900) == points(17292, 17))
    }

    @Test func uncoveredScalarsUseTheDocumentedFallbacks() {
        let zero = width("0")
        #expect(width("\u{0416}") == zero)                 // Cyrillic Zhe: not covered, width of "0"
        #expect(width("日本") == points(2 * 2816, 17))      // East Asian wide: one em each
        #expect(width("e\u{0301}") == width("e"))           // combining mark: no advance
        #expect(width("a\u{00AD}b") == width("ab"))         // soft hyphen: invisible
        #expect(width("a\tb") == width("a b"))              // a canvas draws a tab as a space
    }

    @Test func measureIgnoresTrailingSpacesAndTakesTheWidestLine() {
        #expect(width("Hello   ") == width("Hello"))
        #expect(width("ab\nabcdef\nabc") == width("abcdef"))
        #expect(width("") == 0)
    }

    // MARK: vertical metrics

    @Test func baselineCentresTheGlyphBoxInTheLineBox() {
        let ascent = points(2728, 17), descent = points(680, 17)
        let baseline = TextLayout.baseline(fontSize: 17, lineHeight: 20.4)
        #expect(abs(baseline - ((20.4 - ascent - descent) / 2 + ascent)) < 1e-12)
        // Half-leading: the space above the ascender equals the space below the descender.
        #expect(abs((baseline - ascent) - (20.4 - baseline - descent)) < 1e-12)
        // Line height equal to the content height puts the baseline at the ascender.
        #expect(abs(TextLayout.baseline(fontSize: 17, lineHeight: ascent + descent) - ascent) < 1e-12)
    }

    // MARK: line breaking

    @Test func wrapsAtSpacesAndDropsTheBreakSpaces() {
        let box = width("Hello world")
        let lines = layout("Hello world again and again", width: box)
        #expect(texts(lines) == ["Hello world", "again and", "again"])
        #expect(lines[0].width == box)
        for line in lines { #expect(line.width <= box) }
        // One unit narrower and "world" no longer fits on the first line.
        #expect(texts(layout("Hello world a", width: box - 0.001)) == ["Hello", "world a"])
    }

    @Test func trailingSpacesDoNotCountForWidth() {
        let box = width("Hello")
        let lines = layout("Hello      Hi", width: box)
        #expect(texts(lines) == ["Hello", "Hi"])
        #expect(lines[0].width == box)
    }

    @Test func breaksAfterHyphensInsideWords() {
        let box = width("well-kno")
        #expect(texts(layout("well-known", width: box)) == ["well-", "known"])
        #expect(texts(layout("a — b—c", width: width("a — b—"))) == ["a — b—", "c"])
        // A leading minus is not a break opportunity: "-5000" is broken by characters instead.
        #expect(texts(layout("-5000", width: width("-50"))) == ["-50", "00"])
    }

    @Test func newlinesForceBreaks() {
        #expect(texts(layout("one\ntwo\r\nthree\rfour\u{2028}five", width: 1000))
            == ["one", "two", "three", "four", "five"])
        #expect(texts(layout("a\n\nb", width: 1000)) == ["a", "", "b"])
        #expect(texts(layout("a\n", width: 1000)) == ["a", ""])
        #expect(texts(layout("a  \n  b", width: 1000)) == ["a", "  b"])
    }

    @Test func longWordsBreakBetweenCharacters() {
        let word = "Supercalifragilisticexpialidocious"
        let box = width("Supercal")
        let lines = layout(word, width: box)
        #expect(lines.count > 1)
        #expect(texts(lines).joined() == word)
        for line in lines { #expect(line.width <= box) }
        #expect(texts(lines)[0] == "Supercal")
    }

    @Test func aCharacterWiderThanTheBoxGetsALineOfItsOwn() {
        let lines = layout("WWW", width: 1)
        #expect(texts(lines) == ["W", "W", "W"])
        #expect(lines[0].width == width("W"))
        // The spaces after such a character are break spaces: the next line starts at "b".
        #expect(texts(layout("W  b", width: 1)) == ["W", "b"])
        #expect(texts(layout("W  ", width: 1)) == ["W"])
    }

    @Test func combiningMarksStayWithTheirBase() {
        let lines = layout("e\u{0301}e\u{0301}", width: width("e"))
        #expect(texts(lines) == ["e\u{0301}", "e\u{0301}"])
    }

    // MARK: numberOfLines and truncation

    @Test func numberOfLinesKeepsThatManyAndTruncatesTheLast() {
        let box = width("Hello world")
        let lines = layout("Hello world again and again", width: box, lines: 2)
        #expect(lines.count == 2)
        #expect(string(lines[0].text) == "Hello world")
        let last = string(lines[1].text)
        #expect(last.hasSuffix("…"))
        #expect("again and again".hasPrefix(String(last.dropLast())))
        #expect(lines[1].width <= box)
        #expect(lines[1].width == width(last))
    }

    @Test func truncationTrimsSpacesBeforeTheEllipsis() {
        // "Hello " + "…" would fit, but the space is trimmed: "Hello…".
        let lines = layout("Hello world", width: width("Hello …"), lines: 1)
        #expect(texts(lines) == ["Hello…"])
        #expect(lines[0].width == width("Hello…"))
    }

    @Test func truncationAfterAHardBreak() {
        #expect(texts(layout("abc\ndef", width: 1000, lines: 1)) == ["abc…"])
        // Nothing visible left: no ellipsis.
        #expect(texts(layout("abc\n \n", width: 1000, lines: 1)) == ["abc"])
        #expect(texts(layout("abc", width: 1000, lines: 1)) == ["abc"])
    }

    @Test func anEllipsisWiderThanTheBoxIsDrawnAlone() {
        #expect(texts(layout("Hello world", width: 1, lines: 1)) == ["…"])
    }

    @Test func zeroLinesMeansUnlimited() {
        let text = "one two three four five six"
        let box = width("three")
        #expect(layout(text, width: box, lines: 0).count == 6)
        #expect(layout(text, width: box, lines: -1).count == 6)
        #expect(layout(text, width: box, lines: 6) == layout(text, width: box, lines: 0))
    }

    // MARK: alignment

    @Test func alignmentSetsEachLineX() {
        let box = 200.0
        let text = "Hello world again"
        let left = layout(text, width: box, alignment: .left)
        let centre = layout(text, width: box, alignment: .center)
        let right = layout(text, width: box, alignment: .right)
        #expect(left.map(\.x) == [0])
        #expect(centre[0].x == (box - width(text)) / 2)
        #expect(right[0].x == box - width(text))
        let lines = layout("Hi\nHello world", width: box, alignment: .right)
        #expect(lines.map(\.x) == [box - width("Hi"), box - width("Hello world")])
    }

    // MARK: degenerate input

    @Test func emptyTextOrUnusableBoxGivesNoLines() {
        #expect(layout("", width: 100).isEmpty)
        for box in [0.0, -5, .nan, .infinity, -.infinity] {
            #expect(layout("Hello", width: box).isEmpty)
        }
        #expect(layout("Hello", width: 100, fontSize: 0).isEmpty)
        #expect(layout("Hello", width: 100, fontSize: .nan).isEmpty)
    }

    @Test func invalidUTF8IsReplacedAndMeasuredAsUFFFD() {
        let input: [UInt8] = [0x61, 0xFF, 0x62, 0xE2, 0x82, 0x63, 0xF0, 0x9F, 0x98]
        let lines = TextLayout.lines(input, fontSize: 17, weight: 400, width: 1000, numberOfLines: 0,
                                     alignment: .left)
        // One U+FFFD per maximal ill-formed subpart, as Swift's and the browser's decoders do.
        #expect(lines.map(\.text) == [Array(string(input).utf8)])
        #expect(string(lines[0].text) == "a\u{FFFD}b\u{FFFD}c\u{FFFD}")
        #expect(lines[0].width == width("a0b0c0"))
    }

    @Test func workIsBoundedByMaxTextBytes() {
        let huge = [UInt8](repeating: 0x61, count: Limits.maxTextBytes + 5000) + [0x62]
        let lines = TextLayout.lines(huge, fontSize: 17, weight: 400, width: 300, numberOfLines: 0,
                                     alignment: .left)
        #expect(lines.reduce(0) { $0 + $1.text.count } == Limits.maxTextBytes)
        #expect(!lines.contains { $0.text.contains(0x62) })
        // A cut never splits a scalar.
        let euros = Array(String(repeating: "€", count: Limits.maxTextBytes / 3 + 10).utf8)
        let cut = TextLayout.lines(euros, fontSize: 17, weight: 400, width: 1e6, numberOfLines: 0,
                                   alignment: .left)
        #expect(cut.count == 1)
        #expect(cut[0].text.count == Limits.maxTextBytes / 3 * 3)
        #expect(string(cut[0].text).unicodeScalars.allSatisfy { $0 == "€" })
    }

    @Test func theLargestTextInTheNarrowestBoxGivesOneLinePerCharacter() {
        // Worst case for the breaker: one paragraph of Limits.maxTextBytes characters, each too wide.
        let text = [UInt8](repeating: 0x57, count: Limits.maxTextBytes)
        let lines = TextLayout.lines(text, fontSize: 17, weight: 700, width: 1, numberOfLines: 0,
                                     alignment: .center)
        #expect(lines.count == Limits.maxTextBytes)
        #expect(lines.allSatisfy { $0.text == [0x57] })
    }

    // MARK: properties

    /// Pieces random texts are made of: words, spaces, newlines, hyphens, wide and invisible
    /// characters, and ill-formed bytes.
    static let pieces: [[UInt8]] = [
        "a", "Skeleton", "loading", "well-known", "—", "-", " ", "  ", "\t", "\n", "\r\n", "\u{2028}",
        "€", "…", "Ça", "WWWWWWWWWWWWWWWWWWWW", "iiiiii", "日本語", "e\u{0301}", "\u{00A0}", "\u{00AD}",
        "\u{200B}", "Ж", "12,50",
    ].map { Array($0.utf8) } + [[0xFF], [0xE2, 0x82], [0xC0, 0xAF], [0xED, 0xA0, 0x80]]

    @Test func randomTextsObeyTheLayoutRules() async {
        let pieces = Self.pieces
        let text = Gen.int(in: 0...(pieces.count - 1)).array(of: 0...40).map { $0.flatMap { pieces[$0] } }
        let fontSize = Gen.int(in: 0...3).map { [9.0, 13, 17, 28][$0] }
        await propertyCheck(count: 1000, input: text, Gen.double(in: 0.5...400), Gen.int(in: 0...4),
                            Gen.int(in: 100...900), fontSize) {
            text, box, limit, weight, fontSize in
            let full = TextLayout.lines(text, fontSize: fontSize, weight: weight, width: box,
                                        numberOfLines: 0, alignment: .left)
            let normalized = Array(String(decoding: text, as: UTF8.self).utf8)
            func measured(_ b: [UInt8]) -> Double { TextLayout.measure(b, fontSize: fontSize, weight: weight) }

            #expect(full.isEmpty == text.isEmpty)
            for line in full {
                // Every line fits, unless it holds a single visible character wider than the box.
                let visible = String(decoding: line.text, as: UTF8.self).unicodeScalars
                    .filter { measured(Array(String($0).utf8)) > 0 }
                #expect(line.width <= box + 1e-6 || visible.count == 1, "\(string(line.text)) in \(box)")
                #expect(line.width == measured(line.text))
                #expect(line.text.last != 0x20)
            }
            #expect(restores(normalized, from: full), "\(string(text)) → \(texts(full))")

            let limited = TextLayout.lines(text, fontSize: fontSize, weight: weight, width: box,
                                           numberOfLines: limit, alignment: .right)
            if limit == 0 {
                #expect(limited.map(\.text) == full.map(\.text))
            } else {
                #expect(limited.count == min(limit, full.count))
                #expect(limited.dropLast().map(\.text) == full.prefix(limited.count).dropLast().map(\.text))
                // Cut exactly when visible text was left over: then the last line ends in "…" and
                // still fits (or is "…" alone).
                if let last = limited.last {
                    if full.dropFirst(limit).contains(where: { !$0.text.isEmpty }) {
                        #expect(last.text.suffix(3) == [0xE2, 0x80, 0xA6])
                        #expect(last.width <= box || last.text == [0xE2, 0x80, 0xA6])
                    } else {
                        #expect(last.text == full[limited.count - 1].text)
                    }
                }
            }
            for line in limited { #expect(line.x == box - line.width) }
        }
    }

    /// Whether `lines` joined with the break spaces and newlines they dropped give back `text`:
    /// after each line only spaces or tabs and then at most one newline may have been removed.
    private func restores(_ text: [UInt8], from lines: [TextLine]) -> Bool {
        var position = 0
        for (index, line) in lines.enumerated() {
            guard text[position...].starts(with: line.text) else { return false }
            position += line.text.count
            while position < text.count && (text[position] == 0x20 || text[position] == 0x09) { position += 1 }
            if index == lines.count - 1 { break }
            for newline: [UInt8] in [[0x0D, 0x0A], [0x0A], [0x0D], [0xE2, 0x80, 0xA8], [0xE2, 0x80, 0xA9]]
            where text[position...].starts(with: newline) {
                position += newline.count
                break
            }
        }
        return position == text.count
    }
}

/// `TextLayout.lines` takes a shortcut for one paragraph that fits; it must give what breaking the
/// text gives, for any text, width, alignment and line limit.
@Suite struct TextLayoutShortcutTests {
    static let pieces: [[UInt8]] = ["a", "W", " ", "  ", "\t", "-", "well-known", "Zoë", "日本語", "🙂👍🏽", "\u{200B}", "\u{0301}",
                                    "\n", "\r\n", "\u{2028}", "…", "x"].map { Array($0.utf8) } + [[0xFF], [0xE2, 0x82], [0xC0, 0x80]]

    @Test func theShortcutGivesWhatBreakingGives() {
        var random = RandomFrames(seed: 0x7E47)
        var shortcuts = 0
        for _ in 0 ..< 3_000 {
            var text: [UInt8] = []
            for _ in 0 ..< random.int(0 ... 12) {
                // Newlines and ill-formed bytes rarely, so most texts can take the shortcut.
                let piece = Self.pieces[random.int(0 ... Self.pieces.count - 1)]
                if piece.contains(0x0A) || piece.first.map({ $0 >= 0xC0 && piece.count < 3 || $0 == 0xFF }) == true, random.chance(80) { continue }
                text += piece
            }
            let fontSize = [1.0, 12, 17, 40][random.int(0 ... 3)]
            let weight = [400, 500, 600, 700][random.int(0 ... 3)]
            let width = [0.5, 8, 30, 120, 400, 1e9][random.int(0 ... 5)]
            let lines = random.int(0 ... 3)
            let alignment = [TextAlignment.left, .center, .right][random.int(0 ... 2)]
            let quick = TextLayout.lines(text, fontSize: fontSize, weight: weight, width: width, numberOfLines: lines, alignment: alignment)
            let broken = TextLayout.breakLines(text, fontSize: fontSize, weight: weight, width: width, numberOfLines: lines, alignment: alignment)
            #expect(quick == broken, "\(text) at \(width) pt, \(fontSize) pt, weight \(weight), \(lines) lines")
            if let single = TextLayout.singleParagraph(text, face: FontFace(weight: weight)) {
                shortcuts += 1
                let wide = TextLayout.breakLines(text, fontSize: fontSize, weight: weight, width: 1e9, numberOfLines: 0, alignment: .left)
                #expect(TextLayout.measure(text, fontSize: fontSize, weight: weight) == (wide.first?.width ?? 0))
                #expect(single.bytes <= text.count)
            }
        }
        #expect(shortcuts > 1_000, "most random texts are one well-formed paragraph")
    }
}
