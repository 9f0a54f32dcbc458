/// Turns laid-out boxes into a Frame: one pass in painter's order, paints interned into the table,
/// item ids interned from "<node id>#<role>", children clipped and culled by clipping ancestors.
struct Renderer {
    private var ids = IdTable()

    mutating func render(_ root: LayoutBox, scene: Scene, interaction: Interaction, time: Double) -> Frame {
        var pass = RenderPass(palette: .of(scene.appearance), interaction: interaction, time: time, ids: ids)
        let background = scene.background ?? pass.palette.background
        pass.draw(root, opacity: 1, clip: nil)
        ids = pass.ids
        return Frame(width: Fixed.from(scene.width), height: Fixed.from(scene.height), background: background,
                     paints: pass.paints.paints, items: pass.items)
    }
}

/// The state of one render: what has been emitted so far.
private struct RenderPass {
    let palette: Palette
    let interaction: Interaction
    let time: Double
    var ids: IdTable
    var paints = PaintTable()
    var items: [Item] = []
    /// The skeleton whose subtree is being drawn.
    var brush: SkeletonBrush? = nil

    init(palette: Palette, interaction: Interaction, time: Double, ids: IdTable) {
        self.palette = palette; self.interaction = interaction; self.time = time; self.ids = ids
    }

    mutating func draw(_ box: LayoutBox, opacity parentOpacity: Double, clip: Rect?) {
        let node = box.node
        if node.hidden { return }
        let opacity = parentOpacity * node.opacity * (node.fade?.value(at: time) ?? 1)
        if opacity <= 0 { return }
        // Nothing of a node entirely outside its clip is visible: skip the subtree (long lists).
        if let clip {
            let visible = clip.intersection(box.frame)
            if visible.width <= 0 || visible.height <= 0 { return }
        }
        let clipRecord = clip.map(Clip.init(rect:))
        // Skeletons: a root sets the brush of its subtree; a placeholder's own content
        // cross-dissolves into its placeholders, which are drawn over its children.
        let outerBrush = brush
        if let look = node.skeletonMark?.look { brush = SkeletonBrush(look, bounds: box.frame, time: time, paints: &paints) }
        let reveal = node.skeletonMark?.placeholder == true ? (brush?.reveal ?? 0) : 0
        if reveal < 1 { drawContent(box, opacity * (1 - reveal), clipRecord) }

        let childClip = node.clipsChildren ? (clip.map { $0.intersection(box.frame) } ?? box.frame) : clip
        for child in box.children { draw(child, opacity: opacity, clip: childClip) }
        if case let .list(style) = node.kind, let separator = style.separatorColor {
            drawSeparators(box, separator, opacity, childClip)
        }
        if reveal > 0, let brush { drawPlaceholders(node, box.frame, brush, opacity * reveal, clipRecord) }
        brush = outerBrush
    }

    /// What the node itself draws (not its children).
    private mutating func drawContent(_ box: LayoutBox, _ opacity: Double, _ clipRecord: Clip?) {
        let node = box.node
        switch node.kind {
        case let .label(style):
            drawBackground(node, box.frame, opacity, clipRecord)
            drawLabel(node, style, box.frame, opacity, clipRecord)
        case let .image(style):
            var item = makeItem(node, "img", .image, box.frame, opacity, clipRecord)
            item.cornerRadius = Fixed.from(node.cornerRadius)
            item.fill = paints.solid(node.background ?? palette.imagePlaceholder)
            item.stroke = paints.solid(style.tint ?? palette.imageGlyph)
            emit(item)
        case let .button(style):
            drawButton(node, style, box.frame, opacity, clipRecord)
        case let .activityIndicator(style):
            drawBackground(node, box.frame, opacity, clipRecord)
            let d = style.diameter
            let r = Rect(x: box.frame.center.x - d / 2, y: box.frame.center.y - d / 2, width: d, height: d)
            var item = makeItem(node, "spin", .activityIndicator, r, opacity, clipRecord)
            item.fill = paints.solid(style.color ?? palette.secondaryText)
            item.lineWidth = Fixed.from(style.large ? 4 : 2.5)
            item.rotation = ActivityIndicator.rotation(at: time)
            emit(item)
        case let .radialGradient(style):
            var item = makeItem(node, "bg", .rect, box.frame, opacity, clipRecord)
            let c = box.frame.center
            item.cornerRadius = Fixed.from(node.cornerRadius)
            item.fill = paints.reference(.radial(cx: Fixed.from(c.x), cy: Fixed.from(c.y),
                                                 radius: Fixed.from(style.radiusFactor * box.frame.width / 2),
                                                 stops: style.stops))
            emit(item)
        case .view, .stack, .list:
            drawBackground(node, box.frame, opacity, clipRecord)
        }
    }

    /// A skeleton leaf's placeholders (lines for a label, else one box) in the skeleton's paint.
    private mutating func drawPlaceholders(_ node: Node, _ frame: Rect, _ brush: SkeletonBrush, _ opacity: Double, _ clip: Clip?) {
        for (i, shape) in SkeletonPlaceholders.shapes(of: node, in: frame, appearance: brush.look.appearance).enumerated() {
            var item = makeItem(node, "sk", .rect, shape.rect, opacity, clip)
            item.id = ids.id(node: node.id, role: "sk", index: i)
            item.cornerRadius = Fixed.from(shape.cornerRadius)
            item.fill = brush.paint != 0 ? brush.paint : paints.reference(SkeletonPaint.local(brush.look, rect: shape.rect))
            emit(item)
        }
    }

    /// Out of line, like `emit` (for size): each inlined copy of building or appending an `Item`
    /// (a large struct) cost a few hundred bytes of veil.wasm.
    @inline(never)
    private mutating func emit(_ item: Item) { items.append(item) }

    @inline(never)
    private mutating func makeItem(_ node: Node, _ role: StaticString, _ kind: ItemKind, _ r: Rect,
                                   _ opacity: Double, _ clip: Clip?) -> Item {
        var item = Item(id: ids.id(node: node.id, role: role), kind: kind)
        item.x = Fixed.from(r.x); item.y = Fixed.from(r.y)
        item.width = Fixed.from(r.width); item.height = Fixed.from(r.height)
        item.opacity = UInt8((min(1, max(0, opacity)) * 255).rounded())
        item.clip = clip
        return item
    }

    @inline(never)  // for size: several callers
    private mutating func drawBackground(_ node: Node, _ r: Rect, _ opacity: Double, _ clip: Clip?) {
        let border = node.borderWidth > 0 ? node.borderColor : nil
        guard node.background != nil || border != nil else { return }
        var item = makeItem(node, "bg", .rect, r, opacity, clip)
        item.cornerRadius = Fixed.from(node.cornerRadius)
        if let bg = node.background { item.fill = paints.solid(bg) }
        if let border {
            item.stroke = paints.solid(border)
            item.lineWidth = Fixed.from(node.borderWidth)
        }
        emit(item)
    }

    private mutating func drawLabel(_ node: Node, _ style: LabelStyle, _ frame: Rect, _ opacity: Double, _ clip: Clip?) {
        let content = frame.inset(by: node.padding)
        let lineHeight = style.fontSize * style.lineHeight
        // Like a UILabel: only the lines that fit are shown, the last one truncated.
        var limit = style.numberOfLines
        if lineHeight > 0 {
            let fitting = max(1, Int((content.height / lineHeight + 0.001).rounded(.down)))
            limit = limit == 0 ? fitting : min(limit, fitting)
        }
        let lines = TextLayout.lines(style.text, fontSize: style.fontSize, weight: style.fontWeight,
                                     width: content.width, numberOfLines: limit, alignment: style.alignment)
        let top = content.y + (content.height - Double(lines.count) * lineHeight) / 2
        drawLines(node, lines, x: content.x, top: top, lineHeight: lineHeight, fontSize: style.fontSize,
                  weight: style.fontWeight, color: style.color ?? palette.text, opacity, clip)
    }

    private mutating func drawLines(_ node: Node, _ lines: [TextLine], x: Double, top: Double, lineHeight: Double,
                                    fontSize: Double, weight: Int, color: Color, _ opacity: Double, _ clip: Clip?) {
        let fill = paints.solid(color)
        let baseline = Fixed.from(TextLayout.baseline(fontSize: fontSize, lineHeight: lineHeight))
        for (i, line) in lines.enumerated() {
            let r = Rect(x: x + line.x, y: top + Double(i) * lineHeight, width: line.width, height: lineHeight)
            var item = makeItem(node, "t", .text, r, opacity, clip)
            item.id = ids.id(node: node.id, role: "t", index: i)
            item.text = line.text
            item.fontSize = Fixed.from(fontSize)
            item.fontWeight = UInt16(TextLayout.fontWeight(weight))
            item.baseline = baseline
            item.fill = fill
            emit(item)
        }
    }

    private mutating func drawButton(_ node: Node, _ style: ButtonStyle, _ frame: Rect, _ opacity: Double, _ clip: Clip?) {
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
        let inset = node.padding == .zero ? EdgeInsets(top: 0, left: Button.horizontalPadding, bottom: 0,
                                                        right: Button.horizontalPadding) : node.padding
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

    private mutating func drawSeparators(_ list: LayoutBox, _ color: Color, _ opacity: Double, _ clip: Rect?) {
        let fill = paints.solid(color)
        let clipRecord = clip.map(Clip.init(rect:))
        for (i, row) in list.children.enumerated() where i + 1 < list.children.count {
            let r = Rect(x: row.frame.x, y: row.frame.maxY - 0.5, width: row.frame.width, height: 0.5)
            if let clip, clip.intersection(r).height <= 0 { continue }
            var item = makeItem(list.node, "sep", .rect, r, opacity, clipRecord)
            item.id = ids.id(node: list.node.id, role: "sep", index: i)
            item.fill = fill
            emit(item)
        }
    }
}

extension Clip {
    init(rect r: Rect) {
        self.init(x: Fixed.from(r.x), y: Fixed.from(r.y), width: Fixed.from(r.width), height: Fixed.from(r.height))
    }
}
