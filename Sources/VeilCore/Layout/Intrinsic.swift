/// Natural sizes of nodes that have one: text-bearing nodes and stacks. nil = "no natural size".
/// With a memo (a layout pass's), each node is measured once per width.
/// `width(of:)` and `height(of:)` are out of line (for size): layout asks from a dozen places.
enum Intrinsic {
    @inline(never)
    static func width(of node: Node, _ memo: IntrinsicMemo? = nil) -> Double? {
        guard let memo else { return measureWidth(node, nil) }
        return memo.size(of: node, width: nil) { measureWidth(node, memo) }
    }

    @inline(never)
    static func height(of node: Node, width: Double, _ memo: IntrinsicMemo? = nil) -> Double? {
        guard let memo else { return measureHeight(node, width, nil) }
        return memo.size(of: node, width: width) { measureHeight(node, width, memo) }
    }

    private static func measureWidth(_ node: Node, _ memo: IntrinsicMemo?) -> Double? {
        let pad = node.padding.left + node.padding.right
        switch node.kind {
        case let .label(s):
            return TextLayout.measure(s.text, fontSize: s.fontSize, weight: s.fontWeight) + pad
        case let .button(s):
            let title = TextLayout.measure(s.title, fontSize: s.fontSize, weight: s.fontWeight)
            return title + (pad > 0 ? pad : 2 * Button.horizontalPadding)
        case let .activityIndicator(style):
            return style.diameter
        case let .stack(style) where style.axis == .horizontal:
            var total = 0.0
            let visible = node.children.filter { !$0.hidden }
            for child in visible {
                guard let w = child.width ?? width(of: child, memo) else { return nil }
                total += w
            }
            return total + style.spacing * Double(max(0, visible.count - 1)) + pad
        default:
            return nil
        }
    }

    private static func measureHeight(_ node: Node, _ width: Double, _ memo: IntrinsicMemo?) -> Double? {
        let vpad = node.padding.top + node.padding.bottom
        let inner = width - node.padding.left - node.padding.right
        switch node.kind {
        case let .label(s):
            let lines = TextLayout.lines(s.text, fontSize: s.fontSize, weight: s.fontWeight, width: inner,
                                         numberOfLines: s.numberOfLines, alignment: s.alignment)
            return Double(max(1, lines.count)) * s.fontSize * s.lineHeight + vpad
        case let .button(s):
            return larger(Button.minimumHeight, s.fontSize * 1.2 + vpad)
        case let .stack(style):
            let visible = node.children.filter { !$0.hidden }
            switch style.axis {
            case .vertical:
                var total = style.spacing * Double(max(0, visible.count - 1))
                for child in visible {
                    total += child.height ?? height(of: child, width: child.width ?? inner, memo) ?? child.spacerMinLength ?? 0
                }
                return total + vpad
            case .horizontal:
                var tallest = 0.0
                for child in visible {
                    let w = child.width ?? Intrinsic.width(of: child, memo) ?? inner
                    tallest = larger(tallest, child.height ?? height(of: child, width: w, memo) ?? 0)
                }
                return tallest + vpad
            }
        case let .list(style) where style.axis == .horizontal:
            return style.rowHeight + vpad  // its rows are rowWidth × rowHeight
        case let .list(style):
            var total = 0.0
            for section in style.allSections {
                total += Double(max(0, section.rowCount)) * style.rowHeight
                for n in [section.header, section.footer] {
                    if let n { total += n.height ?? height(of: n, width: inner, memo) ?? style.rowHeight }
                }
            }
            return total + vpad
        case let .activityIndicator(style):
            return style.diameter
        case .view, .image, .radialGradient, .scroll, .spacer, .host:
            return nil  // a scroll container takes the space it is given, not its content's
        }
    }
}

/// Metrics of the default button look.
enum Button {
    static let minimumHeight = 44.0
    static let horizontalPadding = 16.0
    static let cornerRadius = 10.0
}
