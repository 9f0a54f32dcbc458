// STUB — owned by the text work (helper "text"); replaced by the real implementation.
/// One laid-out line: its UTF-8 bytes, its x offset inside the box (alignment) and its width.
public struct TextLine: Equatable, Sendable {
    public var text: [UInt8]
    public var x: Double
    public var width: Double
    public init(text: [UInt8], x: Double, width: Double) { self.text = text; self.x = x; self.width = width }
}

public enum TextLayout {
    /// Breaks `text` into lines no wider than `width` with the bundled font.
    /// numberOfLines 0 = unlimited; otherwise the last kept line ends in "…" when text was cut.
    public static func lines(_ text: [UInt8], fontSize: Double, weight: Int, width: Double,
                             numberOfLines: Int, alignment: TextAlignment) -> [TextLine] {
        [TextLine(text: text, x: 0, width: Double(text.count) * fontSize * 0.5)]
    }
    /// Distance from the top of a line box of height `lineHeight` to the baseline.
    public static func baseline(fontSize: Double, lineHeight: Double) -> Double {
        (lineHeight - fontSize) / 2 + fontSize * 0.8
    }
    /// Width of a single line of text, without breaking.
    public static func measure(_ text: [UInt8], fontSize: Double, weight: Int) -> Double {
        Double(text.count) * fontSize * 0.5
    }
}
