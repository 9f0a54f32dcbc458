/// Turns laid-out boxes into a Frame: one pass in painter's order, paints interned into the table,
/// item ids interned from "<node id>#<role>", containers drawn as layers (docs/ARCHITECTURE.md,
/// "Layers"), children culled by clipping ancestors.
struct Renderer {
    private var ids = IdTable()

    var internedIds: Int { ids.count }

    /// What a render produces: the frame, the fields of it that change with time alone, and
    /// whether some time-driven value could not be recorded as one (then every tick renders).
    struct Output {
        var frame: Frame
        var animations: [AnimatedField]
        var animatesUnrecorded: Bool
    }

    mutating func render(_ root: LayoutBox, scene: Scene, interaction: Interaction, time: Double) -> Output {
        var pass = RenderPass(palette: .of(scene.appearance), interaction: interaction, time: time, ids: ids)
        let background = scene.background ?? pass.palette.background
        pass.draw(root, clip: nil)
        let frame = Frame(width: Fixed.from(scene.width), height: Fixed.from(scene.height), background: background,
                          paints: pass.paints.paints, items: pass.layers[0].items)
        ids = pass.ids
        ids.forget(allBut: frame)
        return Output(frame: frame, animations: pass.animations, animatesUnrecorded: pass.animatesUnrecorded)
    }
}

/// A layer being filled: its own record, where its space starts on the canvas, and its children.
private struct LayerBuilder {
    var layer: Item
    var origin: Point
    var items: [Item] = []
}

/// While a skeleton root's subtree is drawn (docs/ARCHITECTURE.md, "Skeleton layers"): the content
/// of its placeholder nodes and the placeholders themselves go into two flat layers appended after
/// the root's own drawing, so a cross-dissolve between them is two layer opacities.
private struct SkeletonLayers {
    var content: LayerBuilder
    var placeholders: LayerBuilder
    /// The clip (canvas) in force at the root: flat items inside need a clip of their own only
    /// when a clipping container below the root cuts them.
    var clipAtRoot: Rect?
    /// Opacity of layers opened below the root (their items land in the flat layers).
    var opacity: Double = 1
}

/// Where `emit` puts items.
private enum EmitTarget { case layer, skeletonContent, skeletonPlaceholders }

/// The state of one render: what has been emitted so far.
private struct RenderPass {
    let palette: Palette
    let interaction: Interaction
    let time: Double
    var ids: IdTable
    var paints = PaintTable()
    /// The open layers, the root's (id 0, canvas space) first.
    var layers: [LayerBuilder] = [LayerBuilder(layer: Item(id: 0, kind: .layer), origin: .zero)]
    /// The skeleton whose subtree is being drawn.
    var brush: SkeletonBrush? = nil
    var skeleton: SkeletonLayers? = nil
    var target = EmitTarget.layer
    /// Opacity that could not become a layer (only past the wire's layer depth): applied per item.
    var inheritedOpacity = 1.0
    /// Fields that change with time alone (FrameAnimations).
    var animations: [AnimatedField] = []
    /// Set when something time-driven landed where no AnimatedField reaches (a fade past the layer
    /// depth limit, or around a skeleton's flat items): the session then renders every tick.
    var animatesUnrecorded = false
    /// A fading layer is open between the skeleton root and the items being emitted.
    var skeletonFades = false

    init(palette: Palette, interaction: Interaction, time: Double, ids: IdTable) {
        self.palette = palette; self.interaction = interaction; self.time = time; self.ids = ids
    }

    /// A node becomes a layer when it has children (moving it moves one layer), clips them, or has
    /// an opacity below 1 or a fade (group opacity, animated as one field).
    static func makesLayer(_ box: LayoutBox) -> Bool {
        !box.children.isEmpty || box.node.clipsChildren || box.node.opacity < 1 || box.node.fade != nil
    }

    mutating func draw(_ box: LayoutBox, clip: Rect?) {
        let node = box.node
        guard Visibility.isVisible(box, clip: clip) else { return }
        let opacity = node.opacity * (node.fade?.value(at: time) ?? 1)
        let layered = RenderPass.makesLayer(box) && layers.count < WireLimits.maxLayerDepth - 2
        let outerInherited = inheritedOpacity
        let outerSkeletonOpacity = skeleton?.opacity ?? 1
        let outerSkeletonFades = skeletonFades
        if layered {
            openLayer(node, box.frame, opacity: opacity, clip: node.clipsChildren ? box.frame : nil)
            if let fade = node.fade {
                animations.append(.layerOpacity(id: layers[layers.count - 1].layer.id, base: node.opacity, fade: fade))
                if skeleton != nil { skeletonFades = true }
            }
            skeleton?.opacity *= opacity
        } else {
            inheritedOpacity *= opacity
            if node.fade != nil { animatesUnrecorded = true }
        }
        let childClip = Visibility.childClip(box, clip: clip)

        // Skeletons: a root sets the brush of its subtree and opens its two flat layers; a
        // placeholder node's content cross-dissolves into its placeholders.
        let outerBrush = brush
        let startsSkeleton = node.skeletonMark?.look != nil && skeleton == nil
        if let look = node.skeletonMark?.look {
            if startsSkeleton { beginSkeleton(node, clip: childClip) }
            let origin = skeleton?.placeholders.origin ?? layers[layers.count - 1].origin
            let bounds = box.frame.offsetBy(dx: -origin.x, dy: -origin.y)
            let brush = SkeletonBrush(look, bounds: bounds, time: time, paints: &paints)
            if brush.animates { animations.append(.paint(slot: Int(brush.paint) - 1, look: look, bounds: bounds)) }
            self.brush = brush
        }
        let placeholder = node.skeletonMark?.placeholder == true && brush != nil && skeleton != nil
        if placeholder {
            if brush?.showsContent == true { target = .skeletonContent; drawContent(box, clip) }
            target = .skeletonPlaceholders
            if let brush { drawPlaceholders(node, box.frame, brush, clip) }
            target = .layer
        } else {
            drawContent(box, clip)
        }

        // Children, a list's separators over its rows, then the overlays over everything.
        let rows = box.children.count - node.overlays.count
        for child in box.children.prefix(rows) { draw(child, clip: childClip) }
        if case let .list(style) = node.kind, let separator = style.separatorColor {
            drawSeparators(box, rows: rows, separator, childClip)
        }
        for overlay in box.children.dropFirst(rows) { draw(overlay, clip: childClip) }
        if startsSkeleton { endSkeleton() }
        brush = outerBrush
        if layered { closeLayer() }
        inheritedOpacity = outerInherited
        skeleton?.opacity = outerSkeletonOpacity
        skeletonFades = outerSkeletonFades
    }

    private mutating func openLayer(_ node: Node, _ frame: Rect, opacity: Double, clip: Rect?) {
        let parent = layers[layers.count - 1].origin
        var layer = Item(id: ids.id(node: node.id, role: "layer"), kind: .layer)
        layer.x = Fixed.from(frame.x - parent.x); layer.y = Fixed.from(frame.y - parent.y)
        layer.width = Fixed.from(frame.width); layer.height = Fixed.from(frame.height)
        layer.opacity = Fixed.opacity(opacity)
        layer.clip = clip.map { Clip(rect: $0.offsetBy(dx: -parent.x, dy: -parent.y)) }
        layers.append(LayerBuilder(layer: layer, origin: Point(x: frame.x, y: frame.y)))
    }

    private mutating func closeLayer() {
        let done = layers.removeLast()
        var layer = done.layer
        layer.children = done.items
        layers[layers.count - 1].items.append(layer)
    }

    private mutating func beginSkeleton(_ node: Node, clip: Rect?) {
        let origin = layers[layers.count - 1].origin
        // Interned together, so the two ids are adjacent and a cross-dissolve's two updates cost
        // one byte of id gap for the second.
        var content = Item(id: ids.id(node: node.id, role: "skc"), kind: .layer)
        var placeholders = Item(id: ids.id(node: node.id, role: "skp"), kind: .layer)
        content.opacity = 0; placeholders.opacity = 0
        skeleton = SkeletonLayers(content: LayerBuilder(layer: content, origin: origin),
                                  placeholders: LayerBuilder(layer: placeholders, origin: origin),
                                  clipAtRoot: clip)
    }

    /// Appends the skeleton's flat layers to the current layer: the content (while the placeholders
    /// are not yet, or no longer, fully shown) under the placeholders.
    private mutating func endSkeleton() {
        guard let done = skeleton else { return }
        skeleton = nil
        let reveal = brush?.reveal ?? 1
        let dissolving = brush?.look.fade != nil
        if brush?.showsContent == true {
            var content = done.content.layer
            content.opacity = Fixed.opacity(1 - reveal)
            content.children = done.content.items
            layers[layers.count - 1].items.append(content)
            if dissolving, let look = brush?.look { animations.append(.skeletonContent(id: content.id, look: look)) }
        }
        var placeholders = done.placeholders.layer
        placeholders.opacity = Fixed.opacity(reveal)
        placeholders.children = done.placeholders.items
        layers[layers.count - 1].items.append(placeholders)
        if dissolving, let look = brush?.look { animations.append(.skeletonPlaceholders(id: placeholders.id, look: look)) }
    }

    /// What the node itself draws (not its children).
    private mutating func drawContent(_ box: LayoutBox, _ clip: Rect?) {
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
            item.rotation = ActivityIndicator.rotation(at: time)
            animations.append(.indicator(id: item.id))
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
        case .view, .stack, .list:
            drawBackground(node, box.frame, opacity, clip)
        }
    }

    /// A skeleton leaf's placeholders (lines for a label, else one box) in the skeleton's paint.
    private mutating func drawPlaceholders(_ node: Node, _ frame: Rect, _ brush: SkeletonBrush, _ clip: Rect?) {
        let o = origin
        for (i, shape) in SkeletonPlaceholders.shapes(of: node, in: frame, appearance: brush.look.appearance).enumerated() {
            var item = makeItem(node, "sk", .rect, shape.rect, 1, clip)
            item.id = ids.id(node: node.id, role: "sk", index: i)
            item.cornerRadius = Fixed.from(shape.cornerRadius)
            item.fill = brush.paint != 0 ? brush.paint
                : paints.reference(SkeletonPaint.local(brush.look, rect: shape.rect.offsetBy(dx: -o.x, dy: -o.y)))
            emit(item)
        }
    }

    /// Where the space of the items being emitted starts on the canvas.
    private var origin: Point {
        switch target {
        case .layer: return layers[layers.count - 1].origin
        case .skeletonContent, .skeletonPlaceholders: return skeleton?.content.origin ?? layers[layers.count - 1].origin
        }
    }

    /// Out of line, like `emit` (for size): each inlined copy of building or appending an `Item`
    /// (a large struct) cost a few hundred bytes of veil.wasm.
    @inline(never)
    private mutating func emit(_ item: Item) {
        switch target {
        case .layer: layers[layers.count - 1].items.append(item)
        case .skeletonContent: skeleton?.content.items.append(item)
        case .skeletonPlaceholders: skeleton?.placeholders.items.append(item)
        }
    }

    /// An item of `node` at `r` (canvas) in the space of the emit target. Items in a layer need no
    /// clip (the layer clips); items in a skeleton's flat layers carry the clip of any clipping
    /// container between them and the skeleton root.
    @inline(never)
    private mutating func makeItem(_ node: Node, _ role: StaticString, _ kind: ItemKind, _ r: Rect,
                                   _ opacity: Double, _ clip: Rect?) -> Item {
        let o = origin
        var item = Item(id: ids.id(node: node.id, role: role), kind: kind)
        item.x = Fixed.from(r.x - o.x); item.y = Fixed.from(r.y - o.y)
        item.width = Fixed.from(r.width); item.height = Fixed.from(r.height)
        var alpha = opacity * inheritedOpacity
        if target != .layer, let skeleton {
            alpha *= skeleton.opacity
            if skeletonFades { animatesUnrecorded = true }
            if let clip, clip != skeleton.clipAtRoot { item.clip = Clip(rect: clip.offsetBy(dx: -o.x, dy: -o.y)) }
        }
        item.opacity = Fixed.opacity(alpha)
        return item
    }

    @inline(never)  // for size: several callers
    private mutating func drawBackground(_ node: Node, _ r: Rect, _ opacity: Double, _ clip: Rect?) {
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

    private mutating func drawLabel(_ node: Node, _ style: LabelStyle, _ frame: Rect, _ opacity: Double, _ clip: Rect?) {
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
                                    fontSize: Double, weight: Int, color: Color, _ opacity: Double, _ clip: Rect?) {
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

    private mutating func drawButton(_ node: Node, _ style: ButtonStyle, _ frame: Rect, _ opacity: Double, _ clip: Rect?) {
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

    /// Hairlines under every row but the last (before the list's overlays, which cover them).
    private mutating func drawSeparators(_ list: LayoutBox, rows: Int, _ color: Color, _ clip: Rect?) {
        let fill = paints.solid(color)
        for (i, row) in list.children.prefix(rows).enumerated() where i + 1 < rows {
            let r = Rect(x: row.frame.x, y: row.frame.maxY - 0.5, width: row.frame.width, height: 0.5)
            if let clip, clip.intersection(r).height <= 0 { continue }
            var item = makeItem(list.node, "sep", .rect, r, 1, clip)
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
