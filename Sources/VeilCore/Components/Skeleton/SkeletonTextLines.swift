/// The placeholder lines of a label (SkeletonView's multiline layer builder), in points.
///
/// - Count: the label's numberOfLines (or a custom count); when that is 0, or more lines than fit,
///   as many as fit: round(available height / (line height + spacing)), at least one. A height
///   that is not a usable number gives no lines.
/// - Line i: full width of the content box minus the padding insets; the last line (a single line
///   is the last line) is `lastLineFillPercent` % of it, aligned as the text is.
/// - The block of lines is centred vertically (the reference counts the top padding twice; Veil
///   centres within the padded box).
struct SkeletonTextLines {
    var lineHeight: Double
    var spacing: Double
    var lastLineFillPercent: Double
    var cornerRadius: Double
    var padding: EdgeInsets
    /// numberOfLines asked for; 0 = as many as fit.
    var requestedLines: Int
    var alignment: TextAlignment

    init(label style: LabelStyle, traits: SkeletonTextTraits, appearance: SkeletonAppearance) {
        switch traits.lineHeight ?? appearance.textLineHeight {
        case let .fixed(h): lineHeight = h
        case .relativeToFont: lineHeight = style.fontSize * style.lineHeight
        }
        spacing = traits.lineSpacing ?? appearance.multilineSpacing
        lastLineFillPercent = traits.lastLineFillPercent ?? appearance.multilineLastLineFillPercent
        cornerRadius = traits.linesCornerRadius ?? appearance.multilineCornerRadius
        padding = traits.paddingInsets
        switch traits.numberOfLines {
        case .inherited: requestedLines = style.numberOfLines
        case let .custom(n): requestedLines = n
        }
        alignment = style.alignment
    }

    /// How many lines fit `height` (the content box's).
    func count(height: Double) -> Int {
        let available = height - padding.top - padding.bottom
        let pitch = lineHeight + spacing
        guard available.isFinite, available > 0, pitch.isFinite, pitch > 0 else { return 0 }
        let fitting = Int.clamped((available / pitch).rounded(), to: 1...Limits.maxSkeletonRows)
        return requestedLines > 0 ? min(requestedLines, fitting) : fitting
    }

    /// The lines inside `box` (the label's content box).
    func lines(in box: Rect) -> [Rect] {
        let n = count(height: box.height)
        guard n > 0 else { return [] }
        let width = max(0, box.width - padding.left - padding.right)
        let available = box.height - padding.top - padding.bottom
        let block = Double(n) * lineHeight + Double(n - 1) * spacing
        let top = box.y + padding.top + (available - block) / 2
        let left = box.x + padding.left
        var result: [Rect] = []
        result.reserveCapacity(n)
        for i in 0..<n {
            var w = width
            var x = left
            if i == n - 1 {
                w = width * min(100, max(0, lastLineFillPercent)) / 100
                switch alignment {
                case .left: break
                case .center: x += (width - w) / 2
                case .right: x += width - w
                }
            }
            result.append(Rect(x: x, y: top + Double(i) * (lineHeight + spacing), width: w, height: lineHeight))
        }
        return result
    }
}

/// One placeholder: a box or a text line.
struct SkeletonShape: Equatable {
    var rect: Rect
    var cornerRadius: Double
}

enum SkeletonPlaceholders {
    /// The placeholders of a skeleton leaf laid out at `frame`: lines for a label, else one box over
    /// its bounds.
    static func shapes(of node: Node, in frame: Rect, appearance: SkeletonAppearance) -> [SkeletonShape] {
        if case let .label(style) = node.kind {
            let text = SkeletonTextLines(label: style, traits: node.skeleton.text, appearance: appearance)
            return text.lines(in: frame.inset(by: node.padding)).map { SkeletonShape(rect: $0, cornerRadius: text.cornerRadius) }
        }
        let radius = node.skeleton.cornerRadius ?? (node.cornerRadius > 0 ? node.cornerRadius : appearance.skeletonCornerRadius)
        return [SkeletonShape(rect: frame, cornerRadius: radius)]
    }
}
