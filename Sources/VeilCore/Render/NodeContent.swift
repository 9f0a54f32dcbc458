/// What a node draws itself, by kind (not its children): backgrounds, a label's lines, an image's
/// placeholder, a button with its pressed look and focus ring, an activity indicator, a radial
/// gradient, a list's separators.
extension RenderPass {
    /// What the node itself draws (not its children).
    mutating func drawContent(_ box: LayoutBox, _ clip: Rect?) {
        let node = box.node
        let opacity = 1.0
        switch node.kind {
        case let .label(style):
            drawBackground(node, box.frame, opacity, clip)
            drawLabel(node, style, box.frame, opacity, clip)
        case let .image(style):
            var item = makeItem(node, "img", .image, box.frame, opacity, clip)
            item.cornerRadius = Fixed.from(node.cornerRadius)
            item.fill = paints.solid(node.background ?? palette.imagePlaceholder)
            item.stroke = paints.solid(style.tint ?? palette.imageGlyph)
            emit(item)
        case let .button(style):
            drawButton(node, style, box.frame, opacity, clip)
        case let .activityIndicator(style):
            drawBackground(node, box.frame, opacity, clip)
            let d = style.diameter
            let r = Rect(x: box.frame.center.x - d / 2, y: box.frame.center.y - d / 2, width: d, height: d)
            var item = makeItem(node, "spin", .activityIndicator, r, opacity, clip)
            item.fill = paints.solid(style.color ?? palette.secondaryText)
            item.lineWidth = Fixed.from(style.large ? 4 : 2.5)
            itemMotions.append(ActivityIndicator.motion(id: item.id))
            emit(item)
        case let .radialGradient(style):
            var item = makeItem(node, "bg", .rect, box.frame, opacity, clip)
            let c = box.frame.center
            let o = origin
            item.cornerRadius = Fixed.from(node.cornerRadius)
            item.fill = paints.reference(.radial(cx: Fixed.from(c.x - o.x), cy: Fixed.from(c.y - o.y),
                                                 radius: Fixed.from(style.radiusFactor * box.frame.width / 2),
                                                 stops: style.stops))
            emit(item)
        case .view, .stack, .scroll, .list:
            ComponentDrawing.drawBeneath(box, clip, &self)
            drawBackground(node, box.frame, opacity, clip)
        case .spacer:
            break  // room, not content
        case .host:
            drawHost(node, box.frame, clip)
        }
    }

    @inline(never)  // for size: several callers
    private mutating func drawBackground(_ node: Node, _ r: Rect, _ opacity: Double, _ clip: Rect?) {
        let border = node.borderWidth > 0 ? node.borderColor : nil
        guard node.background != nil || border != nil else { return }
        var item = makeItem(node, "bg", .rect, r, opacity, clip)
        item.cornerRadius = Fixed.from(node.cornerRadius)
        if let key = node.link?.cornerRadius { item.cornerRadius = linked(item.id, key, .cornerRadius, base: 0) }
        if let bg = node.background { item.fill = paints.solid(bg) }
        if let border {
            item.stroke = paints.solid(border)
            item.lineWidth = Fixed.from(node.borderWidth)
        }
        emit(item)
    }

    private mutating func drawLabel(_ node: Node, _ style: LabelStyle, _ frame: Rect, _ opacity: Double, _ clip: Rect?) {
        let content = frame.inset(by: node.padding)
        let lineHeight = style.fontSize * style.lineHeight
        // Like a UILabel: only the lines that fit are shown, the last one truncated.
        var limit = style.numberOfLines
        if lineHeight > 0 {
            let fitting = Int.clamped((content.height / lineHeight + 0.001).rounded(.down), to: 1...Limits.maxLinesPerLabel)
            limit = limit == 0 ? fitting : min(limit, fitting)
        }
        if limit <= 0 || limit > Limits.maxLinesPerLabel { limit = Limits.maxLinesPerLabel }
        let lines = TextLayout.lines(style.text, fontSize: style.fontSize, weight: style.fontWeight,
                                     width: content.width, numberOfLines: limit, alignment: style.alignment)
        let top = content.y + (content.height - Double(lines.count) * lineHeight) / 2
        drawLines(node, lines, x: content.x, top: top, lineHeight: lineHeight, fontSize: style.fontSize,
                  weight: style.fontWeight, color: style.color ?? palette.text, opacity, clip)
    }

    mutating func drawLines(_ node: Node, _ lines: [TextLine], x: Double, top: Double, lineHeight: Double,
                                    fontSize: Double, weight: Int, color: Color, _ opacity: Double, _ clip: Rect?) {
        let fill = paints.solid(color)
        let baseline = Fixed.from(TextLayout.baseline(fontSize: fontSize, lineHeight: lineHeight))
        for (i, line) in lines.enumerated() {
            let r = Rect(x: x + line.x, y: top + Double(i) * lineHeight, width: line.width, height: lineHeight)
            var item = makeItem(node, "t", index: i, .text, r, opacity, clip)
            item.text = line.text
            item.fontSize = Fixed.from(fontSize)
            item.fontWeight = UInt16(TextLayout.fontWeight(weight))
            item.baseline = baseline
            item.fill = fill
            emit(item)
        }
    }

    private mutating func drawButton(_ node: Node, _ style: ButtonStyle, _ frame: Rect, _ opacity: Double, _ clip: Rect?) {
        buttonsDrawn += 1
        let pressed = interaction.isPressed(node.id)
        let o = pressed ? opacity * 0.55 : opacity
        var bg = makeItem(node, "bg", .rect, frame, o, clip)
        bg.cornerRadius = Fixed.from(node.cornerRadius > 0 ? node.cornerRadius : Button.cornerRadius)
        bg.fill = paints.solid(node.background ?? palette.accent)
        if node.borderWidth > 0, let border = node.borderColor {
            bg.stroke = paints.solid(border)
            bg.lineWidth = Fixed.from(node.borderWidth)
        }
        emit(bg)

        let lineHeight = style.fontSize * 1.2
        // No padding given: UIButton's horizontal content insets, as far as the title leaves room
        // (a round 30-point close button's "×" would not fit between two of them).
        let room = (frame.width - TextLayout.measure(style.title, fontSize: style.fontSize, weight: style.fontWeight)) / 2
        let horizontal = smaller(Button.horizontalPadding, larger(0, room))
        let inset = node.padding == .zero ? EdgeInsets(top: 0, left: horizontal, bottom: 0, right: horizontal) : node.padding
        let content = frame.inset(by: inset)
        let lines = TextLayout.lines(style.title, fontSize: style.fontSize, weight: style.fontWeight,
                                     width: content.width, numberOfLines: 1, alignment: .center)
        drawLines(node, lines, x: content.x, top: content.y + (content.height - lineHeight) / 2,
                  lineHeight: lineHeight, fontSize: style.fontSize, weight: style.fontWeight,
                  color: style.titleColor ?? palette.onAccent, o, clip)

        if interaction.focused == node.id {
            let ring = Rect(x: frame.x - 3, y: frame.y - 3, width: frame.width + 6, height: frame.height + 6)
            var item = makeItem(node, "focus", .rect, ring, opacity, clip)
            item.cornerRadius = bg.cornerRadius + Fixed.from(3)
            item.stroke = paints.solid(palette.accent)
            item.lineWidth = Fixed.from(2)
            emit(item)
        }
    }

    /// Hairlines under every row but the last (before the list's overlays, which cover them).
    mutating func drawSeparators(_ list: LayoutBox, rows: Int, _ color: Color, _ clip: Rect?) {
        let fill = paints.solid(color)
        let horizontal = list.node.scrollAxis == .horizontal
        for (i, row) in list.children.prefix(rows).enumerated() where i + 1 < rows {
            let r = horizontal ? Rect(x: row.frame.maxX - 0.5, y: row.frame.y, width: 0.5, height: row.frame.height)
                               : Rect(x: row.frame.x, y: row.frame.maxY - 0.5, width: row.frame.width, height: 0.5)
            if let clip, horizontal ? clip.intersection(r).width <= 0 : clip.intersection(r).height <= 0 { continue }
            var item = makeItem(list.node, "sep", index: i, .rect, r, 1, clip)
            item.fill = fill
            emit(item)
        }
    }
}
