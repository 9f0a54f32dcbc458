/// Turns laid-out boxes into a Frame: one pass in painter's order, paints interned into the table,
/// item ids interned from "<node id>#<role>", containers drawn as layers (docs/ARCHITECTURE.md,
/// "Layers"), children culled by clipping ancestors.
///
/// Incremental: a layer whose layout subtree is the very same as at an earlier render (same node
/// value, frame and child boxes), culled by the same clip, drawn outside any skeleton, and whose
/// drawing did not depend on time (no animated field, nothing unrecorded) nor on a pressed look or
/// focus that has changed since, keeps the children it drew then — the same array, so the differ
/// and the frame hash pass over it in O(1). Ids and paint slots are session-wide, so its items'
/// references stay valid.
struct Renderer {
    private var ids = IdTable()
    private var paints = PaintTable()
    /// Per layer id, what it drew at an earlier render and from what.
    private var drawn: [DrawnLayer?] = []
    /// For tests: draw everything every time (reuse must not change a byte).
    var reusesNothing = false

    var internedIds: Int { ids.count }

    func itemKey(_ id: UInt32) -> [UInt8]? { ids.key(of: id) }

    /// What a render produces: the frame, the fields of it that change with time alone, and
    /// whether some time-driven value could not be recorded as one (then every tick renders).
    struct Output {
        var frame: Frame
        var animations: [AnimatedField]
        var animatesUnrecorded: Bool
        /// Layers whose children were taken from an earlier render (nothing in them animates).
        var reusedLayers: IdIndex
        /// The first node left out to keep the frame within the wire's bounds (RenderBudget), if any.
        var leftOut: [UInt8]?
    }

    /// `sent` is the frame the viewer has (ticks may have stepped its animated fields since).
    mutating func render(_ root: LayoutBox, scene: Scene, interaction: Interaction, time: Double,
                         scroll: ScrollPositions = ScrollPositions(), sent: Frame? = nil) -> Output {
        let (output, freedPaints) = renderOnce(root, scene: scene, interaction: interaction, time: time, scroll: scroll, sent: sent)
        // Cut short while the paint table held slots of earlier frames only: with them freed, once more.
        guard output.leftOut != nil && freedPaints else { return output }
        return renderOnce(root, scene: scene, interaction: interaction, time: time, scroll: scroll, sent: sent).0
    }

    /// One render; and whether collecting the paint table afterwards freed slots.
    private mutating func renderOnce(_ root: LayoutBox, scene: Scene, interaction: Interaction, time: Double,
                                     scroll: ScrollPositions, sent: Frame?) -> (Output, Bool) {
        paints.adoptAnimatedValues(of: sent)
        // The tables move into the pass and back, so they are never copied (they hold an entry per id).
        var pass = RenderPass(appearance: scene.appearance, interaction: interaction, time: time,
                              ids: take(&ids, IdTable()), paints: take(&paints, PaintTable()),
                              drawn: reusesNothing ? [] : take(&drawn, []), scroll: scroll)
        let background = (scene.background ?? pass.palette.background).resolved(scene.appearance)
        pass.draw(root, clip: nil)
        let frame = Frame(width: Fixed.from(scene.width), height: Fixed.from(scene.height), background: background,
                          paints: pass.paints.paints, items: pass.layers[0].items)
        ids = pass.ids
        drawn = pass.drawn
        if let used = ids.forget(allBut: frame, live: pass.entries) {
            for id in drawn.indices where id >= used.count || !used[id] { drawn[id] = nil }
        }
        paints = pass.paints
        let held = paints.held
        paints.forget(allBut: frame, always: pass.budget.firstLeftOut != nil)
        return (Output(frame: frame, animations: pass.animations, animatesUnrecorded: pass.animatesUnrecorded,
                       reusedLayers: pass.reused, leftOut: pass.budget.firstLeftOut), paints.held < held)
    }
}

/// The value of `x`, leaving `empty` in its place (so the value is uniquely referenced).
private func take<T>(_ x: inout T, _ empty: T) -> T {
    var value = empty
    swap(&value, &x)
    return value
}

/// What a layer drew, kept to be reused while what it was drawn from is unchanged. A class: the
/// renderer's table of them is indexed by layer id, and a reference keeps a slot at one word.
private final class DrawnLayer {
    /// The layout subtree it was drawn from (kept, so its node and child array cannot be confused
    /// with newer ones at the same address).
    let box: LayoutBox
    /// The clip (canvas) its children were culled with.
    let clip: Rect?
    /// The appearance its palette came from.
    let appearance: Appearance
    /// The pressed buttons and focus when drawn, if a button in it showed them.
    let interaction: [[UInt8]]?
    let children: [Item]
    /// Entries in `children`, at every depth.
    let entryCount: Int

    init(box: LayoutBox, clip: Rect?, appearance: Appearance, interaction: [[UInt8]]?, children: [Item], entryCount: Int) {
        self.box = box; self.clip = clip; self.appearance = appearance
        self.interaction = interaction; self.children = children; self.entryCount = entryCount
    }

    func fits(_ box: LayoutBox, clip: Rect?, appearance: Appearance, interaction now: Interaction) -> Bool {
        self.box.frame == box.frame && self.clip == clip && self.appearance == appearance
            && self.box.node.isSameValue(as: box.node) && LayoutBox.sameChildren(self.box, box)
            && (interaction.map { $0 == now.drawnState } ?? true)
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
/// A class: the pass holds one while a skeleton's subtree is drawn, and a reference keeps the
/// pass's state small instead of copying two layers' records in and out of an optional.
private final class SkeletonLayers {
    // Unchecked: only the render pass that made it touches it, and the dynamic exclusivity checks
    // on a class's properties cost 2 % of the 10k grid's first frame.
    @exclusivity(unchecked) var content: LayerBuilder
    @exclusivity(unchecked) var placeholders: LayerBuilder
    /// The clip (canvas) in force at the root: flat items inside need a clip of their own only
    /// when a clipping container below the root cuts them.
    let clipAtRoot: Rect?
    /// Opacity of layers opened below the root (their items land in the flat layers).
    @exclusivity(unchecked) var opacity: Double = 1

    init(content: LayerBuilder, placeholders: LayerBuilder, clipAtRoot: Rect?) {
        self.content = content; self.placeholders = placeholders; self.clipAtRoot = clipAtRoot
    }
}

/// Where `emit` puts items.
private enum EmitTarget { case layer, skeletonContent, skeletonPlaceholders }

/// The state of one render: what has been emitted so far.
private struct RenderPass {
    let appearance: Appearance
    let palette: Palette
    let interaction: Interaction
    let time: Double
    var ids: IdTable
    var paints: PaintTable
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
    /// Entries emitted so far (items and layers, at every depth).
    var entries = 0
    /// Buttons drawn so far (their look depends on the interaction).
    var buttonsDrawn = 0
    /// What the frame may still hold.
    var budget = RenderBudget()
    /// What layers drew, by id: read for reuse, written for the next render.
    var drawn: [DrawnLayer?]
    var reused = IdIndex(capacity: 0)

    /// Where scroll containers are (their content layers' offsets, their indicators).
    let scroll: ScrollPositions

    init(appearance: Appearance, interaction: Interaction, time: Double, ids: IdTable, paints: PaintTable,
         drawn: [DrawnLayer?], scroll: ScrollPositions) {
        self.scroll = scroll
        self.appearance = appearance; self.palette = .of(appearance)
        self.interaction = interaction; self.time = time; self.ids = ids
        self.paints = paints; self.drawn = drawn
        self.paints.appearance = appearance
    }

    /// A node becomes a layer when it has children (moving it moves one layer), clips them, or has
    /// an opacity below 1 or a fade (group opacity, animated as one field).
    static func makesLayer(_ box: LayoutBox) -> Bool {
        !box.children.isEmpty || box.node.clipsChildren || box.node.opacity < 1 || box.node.fade != nil
            || box.node.link != nil
    }

    mutating func draw(_ box: LayoutBox, clip: Rect?) {
        let node = box.node
        guard Visibility.isVisible(box, clip: clip) else { return }
        guard budget.admits(box, entries: entries, paintsHeld: paints.held) else { return }
        let owedEntries = RenderBudget.entriesAfter(box)
        budget.owedEntries += owedEntries
        defer { budget.owedEntries -= owedEntries }
        let opacity = node.opacity * (node.fade?.value(at: time) ?? 1)
        let layered = RenderPass.makesLayer(box) && layers.count < WireLimits.maxLayerDepth - 2
        let outerInherited = inheritedOpacity
        let outerSkeletonOpacity = skeleton?.opacity ?? 1
        let outerSkeletonFades = skeletonFades
        // Whether this layer's drawing may be kept for a later render, and what it starts from.
        var keeps = false
        let (animationsBefore, entriesBefore, buttonsBefore) = (animations.count, entries, buttonsDrawn)
        if layered {
            openLayer(node, box.frame, opacity: opacity, clip: node.clipsChildren ? box.frame : nil)
            let id = layers[layers.count - 1].layer.id
            if let link = node.link {
                var layer = layers[layers.count - 1].layer
                applyLink(link, to: &layer)
                layers[layers.count - 1].layer = layer
            }
            if let fade = node.fade {
                animations.append(.layerOpacity(id: id, base: node.opacity, fade: fade))
                if skeleton != nil { skeletonFades = true }
            }
            skeleton?.opacity *= opacity
            // A scrolling container's own layer holds its offset and indicator: its content layer
            // is the one kept.
            keeps = skeleton == nil && brush == nil && node.skeletonMark == nil && inheritedOpacity == 1
                && target == .layer && !animatesUnrecorded && !node.scrolls
            if keeps && reuseEarlierDrawing(box, clip: clip) {
                closeLayer()
                return
            }
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
            let brush = SkeletonBrush(look, owner: node.id, bounds: bounds, time: time, paints: &paints)
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

        // Children, a list's separators over its rows, then the overlays over everything. A
        // scrolling container's children and separators go into its content layer.
        let rows = box.children.count - node.overlays.count
        if layered && node.scrolls && target == .layer && skeleton == nil {
            openContentLayer(box)
            let keepsContent = brush == nil && inheritedOpacity == 1 && !animatesUnrecorded
            let (animationsBefore, entriesBefore, buttonsBefore) = (animations.count, entries, buttonsDrawn)
            // Fields drawn after the kept rows animate: then the layer is not skipped by FrameAnimations.
            let appendsAnimated = node.refresh != nil || node.loadMore != nil
            if !(keepsContent && reuseEarlierDrawing(box, clip: childClip, holdsAnimations: appendsAnimated)) {
                drawRows(box, rows: rows, clip: childClip)
                keep(box, childClip, drawnIf: keepsContent && animations.count == animationsBefore && !animatesUnrecorded,
                     entries: entries - entriesBefore, showsInteraction: buttonsDrawn > buttonsBefore)
            }
            // After what is kept: these change with the pull or the load, the rows do not.
            if let view = box.refreshView.first { draw(view, clip: childClip) } else if node.refresh != nil { drawRefreshAnimator(box) }
            if node.loadMore != nil { drawLoadMoreFooter(box) }
            closeLayer()
            drawIndicator(box)
        } else {
            drawRows(box, rows: rows, clip: childClip)
        }
        // A skeleton's layers close before the overlays: a status or spinner on its root lies above
        // its placeholders.
        if startsSkeleton { endSkeleton() }
        brush = outerBrush
        for overlay in box.children.dropFirst(rows) { draw(overlay, clip: node.scrolls ? clip : childClip) }
        if layered {
            let ownFields = (node.fade == nil ? 0 : 1) + (node.link == nil ? 0 : 1)
            keep(box, clip, drawnIf: keeps && animations.count == animationsBefore + ownFields
                 && !animatesUnrecorded, entries: entries - entriesBefore, showsInteraction: buttonsDrawn > buttonsBefore)
            closeLayer()
        }
        inheritedOpacity = outerInherited
        skeleton?.opacity = outerSkeletonOpacity
        skeletonFades = outerSkeletonFades
    }

    /// The children (a list's rows) and a list's separators.
    private mutating func drawRows(_ box: LayoutBox, rows: Int, clip: Rect?) {
        for child in box.children.prefix(rows) { draw(child, clip: clip) }
        if case let .list(style) = box.node.kind, let separator = style.separatorColor {
            drawSeparators(box, rows: rows, separator, clip)
        }
    }

    /// Takes the open layer's children from an earlier render when what drew them is unchanged
    /// (`DrawnLayer.fits`); true when it did. Unless the layer `holdsAnimations` drawn after what
    /// is reused, it is listed in `reused`, whose layers FrameAnimations does not search.
    private mutating func reuseEarlierDrawing(_ box: LayoutBox, clip: Rect?, holdsAnimations: Bool = false) -> Bool {
        let id = layers[layers.count - 1].layer.id
        guard Int(id) < drawn.count, let earlier = drawn[Int(id)],
              earlier.fits(box, clip: clip, appearance: appearance, interaction: interaction),
              budget.admitsEarlier(entries: entries, count: earlier.entryCount) else { return false }
        layers[layers.count - 1].items = earlier.children
        entries += earlier.entryCount
        if earlier.interaction != nil { buttonsDrawn += 1 }  // so the layers around it know
        if !holdsAnimations { _ = reused.insert(id, at: 0) }
        return true
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

    /// A layer field a component drives (a sheet's y, its dim's opacity), as the positions say now.
    private mutating func applyLink(_ link: PositionLink, to layer: inout Item) {
        let value = scroll.link(link.key)
        switch link.role {
        case .offsetY:
            let base = Fixed.points(layer.y)
            animations.append(.link(id: layer.id, key: link.key, role: .offsetY, base: base))
            layer.y = Fixed.from(base + value)
        case .opacity:
            animations.append(.link(id: layer.id, key: link.key, role: .opacity, base: 0))
            layer.opacity = Fixed.opacity(value)
        case .cornerRadius:
            break  // a background's, drawn with it
        }
    }

    /// A scrolling container's content: a layer at minus the scroll offset in the container's
    /// layer, whose items are placed as if unscrolled (its origin is the container's), so
    /// scrolling moves one layer field (`AnimatedField.scrollContent`).
    private mutating func openContentLayer(_ box: LayoutBox) {
        let node = box.node
        let horizontal = node.scrollAxis == .horizontal
        let offset = Fixed.from(-scroll.offset(of: node.id))
        var layer = Item(id: ids.id(node: node.id, role: "content"), kind: .layer)
        if horizontal { layer.x = offset } else { layer.y = offset }
        layer.width = Fixed.from(box.frame.width); layer.height = Fixed.from(box.frame.height)
        layers.append(LayerBuilder(layer: layer, origin: Point(x: box.frame.x, y: box.frame.y)))
        animations.append(.scrollContent(id: layer.id, node: node.id, horizontal: horizontal))
    }

    /// The scroll indicator, over the content, in the container's layer.
    private mutating func drawIndicator(_ box: LayoutBox) {
        let node = box.node
        let horizontal = node.scrollAxis == .horizontal
        let indicator = ScrollIndicator(horizontal: horizontal, width: box.frame.width, height: box.frame.height,
                                        viewport: box.viewportLength, content: box.contentLength,
                                        startInset: horizontal ? box.insets.left : box.insets.top,
                                        endInset: horizontal ? box.insets.right : box.insets.bottom)
        guard indicator.applies else { return }
        var item = Item(id: ids.id(node: node.id, role: "ind"), kind: .rect)
        let r = indicator.rect(offset: scroll.offset(of: node.id))
        item.x = Fixed.from(r.x); item.y = Fixed.from(r.y)
        item.width = Fixed.from(r.width); item.height = Fixed.from(r.height)
        item.cornerRadius = Fixed.from(ScrollIndicator.thickness / 2)
        item.fill = paints.solid(ScrollIndicator.color(appearance))
        item.opacity = Fixed.opacity(scroll.entry(node.id)?.indicator ?? 0)
        emit(item)
        animations.append(.scrollIndicator(id: item.id, node: node.id, indicator))
    }

    /// Pull-to-refresh's animator in the `height` points above the content's top, in the content
    /// layer (so scrolling moves it for free): the growing arc while pulled, the activity indicator
    /// while refreshing (both always present, shown by their opacity, so a pull changes fields only).
    private mutating func drawRefreshAnimator(_ box: LayoutBox) {
        let node = box.node
        let animator = RefreshAnimator(width: box.frame.width, height: node.refresh?.height ?? 60,
                                       kind: node.refresh?.animator ?? .standard, top: box.insets.top)
        let entry = scroll.entry(node.id)
        for part in 0 ..< animator.parts {
            // The default animator's two items keep the roles they had before there were others.
            let role: StaticString = animator.kind == .standard ? (part == 0 ? "ptr" : "ptrspin") : "ptr"
            var item = animator.kind == .standard ? Item(id: ids.id(node: node.id, role: role), kind: .rect)
                : Item(id: ids.id(node: node.id, role: role, index: part), kind: .rect)
            animator.setUp(part, &item) { paints.solid($0) }
            animator.update(part, &item, offset: entry?.offset ?? 0, refreshing: entry?.refreshing ?? false, at: time)
            emit(item)
            animations.append(.refreshPart(id: item.id, node: node.id, animator, part: part))
        }
    }

    /// Infinite scroll's footer below the content's end, in the content layer: an activity
    /// indicator while loading (always present, shown by its opacity), the end text once there is
    /// no more.
    private mutating func drawLoadMoreFooter(_ box: LayoutBox) {
        let node = box.node
        guard let more = node.loadMore else { return }
        let horizontal = node.scrollAxis == .horizontal
        let footer = LoadMoreFooter(horizontal: horizontal, cross: horizontal ? box.frame.height : box.frame.width,
                                    contentLength: box.contentLength, height: more.height, edge: more.edge,
                                    startInset: horizontal ? box.insets.left : box.insets.top,
                                    endInset: horizontal ? box.insets.right : box.insets.bottom)
        let loading = scroll.entry(node.id)?.loadingMore ?? false
        var spinner = Item(id: ids.id(node: node.id, role: "more"), kind: .activityIndicator)
        RefreshAnimator.place(&spinner, footer.spinnerRect)
        spinner.fill = paints.solid(RefreshAnimator.color)
        spinner.lineWidth = Fixed.from(2.5)
        spinner.rotation = loading ? ActivityIndicator.rotation(at: time) : 0
        spinner.opacity = Fixed.opacity(loading ? 1 : 0)
        emit(spinner)
        animations.append(.loadMoreSpinner(id: spinner.id, node: node.id))
        if !more.hasMore && !more.endText.isEmpty {
            let fontSize = 15.0, lineHeight = 15.0 * 1.2
            let band = footer.band
            let content = Rect(x: box.frame.x + band.x + 16, y: box.frame.y + band.y, width: max(0, band.width - 32),
                               height: band.height)
            let lines = TextLayout.lines(more.endText, fontSize: fontSize, weight: 400, width: content.width,
                                         numberOfLines: 1, alignment: .center)
            drawLines(node, lines, x: content.x, top: content.y + (content.height - lineHeight) / 2, lineHeight: lineHeight,
                      fontSize: fontSize, weight: 400, color: palette.secondaryText, 1, nil)
        }
    }

    /// Records (or, when it may not be kept, forgets) what the open layer drew.
    private mutating func keep(_ box: LayoutBox, _ clip: Rect?, drawnIf keeps: Bool, entries count: Int,
                               showsInteraction: Bool) {
        // A layer the budget cut short is drawn again in full when there is room.
        let keeps = keeps && budget.firstLeftOut == nil
        let id = Int(layers[layers.count - 1].layer.id)
        if id >= drawn.count {
            guard keeps else { return }
            drawn.append(contentsOf: repeatElement(nil, count: id + 1 - drawn.count))
        }
        drawn[id] = keeps ? DrawnLayer(box: box, clip: clip, appearance: appearance,
                                       interaction: showsInteraction ? interaction.drawnState : nil,
                                       children: layers[layers.count - 1].items, entryCount: count) : nil
    }

    private mutating func closeLayer() {
        let done = layers.removeLast()
        var layer = done.layer
        layer.children = done.items
        layers[layers.count - 1].items.append(layer)
        entries += 1
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
            entries += 1
            if dissolving, let look = brush?.look { animations.append(.skeletonContent(id: content.id, look: look)) }
        }
        var placeholders = done.placeholders.layer
        placeholders.opacity = Fixed.opacity(reveal)
        placeholders.children = done.placeholders.items
        layers[layers.count - 1].items.append(placeholders)
        entries += 1
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
        case .view, .stack, .scroll, .list:
            if node.sheet?.shadow == true { drawSheetShadow(node, box.frame, opacity, clip) }
            drawBackground(node, box.frame, opacity, clip)
        }
    }

    /// A sheet's shadow: black fading from 12 % at its top edge to nothing `SheetStyle.shadowHeight`
    /// above it, across its width (under its rounded corners too), in its own layer so it moves with it.
    private mutating func drawSheetShadow(_ node: Node, _ frame: Rect, _ opacity: Double, _ clip: Rect?) {
        let h = SheetStyle.shadowHeight
        let r = Rect(x: frame.x, y: frame.y - h, width: frame.width, height: h + node.cornerRadius)
        var item = makeItem(node, "shadow", .rect, r, opacity, clip)
        let o = origin
        item.fill = paints.reference(.linear(x0: 0, y0: Fixed.from(r.y - o.y), x1: 0, y1: Fixed.from(frame.y + node.cornerRadius - o.y),
                                             stops: [GradientStop(offset: 0, color: Color(r: 0, g: 0, b: 0, a: 0)),
                                                     GradientStop(offset: 65535, color: Color(r: 0, g: 0, b: 0, a: 31))]))
        emit(item)
    }

    /// A skeleton leaf's placeholders (lines for a label, else one box) in the skeleton's paint.
    private mutating func drawPlaceholders(_ node: Node, _ frame: Rect, _ brush: SkeletonBrush, _ clip: Rect?) {
        let o = origin
        for (i, shape) in SkeletonPlaceholders.shapes(of: node, in: frame, appearance: brush.look.appearance).enumerated() {
            var item = makeItem(node, "sk", index: i, .rect, shape.rect, 1, clip)
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
        entries += 1
        switch target {
        case .layer: layers[layers.count - 1].items.append(item)
        case .skeletonContent: skeleton?.content.items.append(item)
        case .skeletonPlaceholders: skeleton?.placeholders.items.append(item)
        }
    }

    /// An item of `node` at `r` (canvas) in the space of the emit target, with the id of
    /// "<node id>#<role><index>". Items in a layer need no clip (the layer clips); items in a
    /// skeleton's flat layers carry the clip of any clipping container between them and the
    /// skeleton root. (Every key interned here is drawn: a key interned and not drawn would be
    /// forgotten and interned again, so ids would depend on how often a session renders.)
    @inline(never)
    private mutating func makeItem(_ node: Node, _ role: StaticString, index: Int? = nil, _ kind: ItemKind, _ r: Rect,
                                   _ opacity: Double, _ clip: Rect?) -> Item {
        let o = origin
        let id = index.map { ids.id(node: node.id, role: role, index: $0) } ?? ids.id(node: node.id, role: role)
        var item = Item(id: id, kind: kind)
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
        if let key = node.link?.cornerRadius {
            item.cornerRadius = Fixed.from(scroll.link(key))
            animations.append(.link(id: item.id, key: key, role: .cornerRadius, base: 0))
        }
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

    private mutating func drawLines(_ node: Node, _ lines: [TextLine], x: Double, top: Double, lineHeight: Double,
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
        let horizontal = min(Button.horizontalPadding, max(0, room))
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
    private mutating func drawSeparators(_ list: LayoutBox, rows: Int, _ color: Color, _ clip: Rect?) {
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

extension Clip {
    init(rect r: Rect) {
        self.init(x: Fixed.from(r.x), y: Fixed.from(r.y), width: Fixed.from(r.width), height: Fixed.from(r.height))
    }
}
