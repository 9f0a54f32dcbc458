/// The state of one render and the walk that fills it: what has been emitted so far, in painter's
/// order. Components draw through the same pass (`ComponentDrawing`): they intern ids and paints,
/// build items with `makeItem`, `emit` them, open and close layers, draw children with `draw`, and
/// record the fields of what they draw that move with time or with `values` in `animations`.
struct RenderPass {
    let appearance: Appearance
    let palette: Palette
    let interaction: Interaction
    let time: Double
    var ids: IdTable
    var paints: PaintTable
    /// The open layers, the root's (id 0, canvas space) first.
    var layers: [LayerBuilder] = [LayerBuilder(layer: Item(id: 0, kind: .layer), origin: .zero)]
    /// The flat layers a subtree is being drawn into, if any, and which of them `emit` fills.
    var flat: FlatLayers? = nil
    var target = EmitTarget.layer
    /// What components keep while they draw a subtree (`ComponentDrawing.enter`).
    var components = ComponentDrawState()
    /// Opacity that could not become a layer (only past the wire's layer depth): applied per item.
    var inheritedOpacity = 1.0
    /// Fields that change with time alone, or with `values` (FrameAnimations).
    var animations: [AnimatedField] = []
    /// Paints that move with time alone, declared once (`PaintMotion`): components add them.
    var motions: [PaintMotion] = []
    /// Item fields that move with time alone, declared once (`ItemMotion`): an activity indicator's
    /// turn, a layer's fade.
    var itemMotions: [ItemMotion] = []
    /// Set when something time-driven landed where no AnimatedField reaches (a fade past the layer
    /// depth limit, or around flat items): the session then renders every tick.
    var animatesUnrecorded = false
    /// The fade of a layer open between the node that opened the flat layers and the items being
    /// emitted (a status fading in inside a skeleton): declared on that layer; an item drawn into
    /// the flat layers under it (no component draws one today) follows it by a render each tick.
    var flatFade: Fade? = nil
    /// Another fading layer is open inside that one: an item holds one fade, so these are stepped.
    var flatFades = false
    /// Entries emitted so far (items and layers, at every depth).
    var entries = 0
    /// Buttons drawn so far (their look depends on the interaction).
    var buttonsDrawn = 0
    /// What the frame may still hold.
    var budget = RenderBudget()
    /// What layers drew, by id: read for reuse, written for the next render.
    var drawn: [DrawnLayer?]
    var reused = IdIndex(capacity: 0)

    /// The values that move (scroll offsets, linked layer fields) at `time`.
    let values: MovingValues

    init(appearance: Appearance, interaction: Interaction, time: Double, ids: IdTable, paints: PaintTable,
         drawn: [DrawnLayer?], values: MovingValues) {
        self.values = values
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
        let layered = RenderPass.makesLayer(box) && layers.count < WireLimits.maxLayerDepth - 2
        // A layer's fade is declared once (`ItemMotion.fading`): its opacity field holds the fade's
        // start — unless a link drives the same field. Inside flat layers too, one fade deep: the
        // flat layers' opacity leaves it out (`flatFade`).
        let fadesFlat = layered && node.fade != nil && flat != nil && flatFade == nil && node.link?.role != .opacity
        let declaresFade = layered && node.fade != nil && node.link?.role != .opacity && (flat == nil || fadesFlat)
        let opacity = node.opacity * (node.fade.map { declaresFade ? $0.value(at: $0.start) : $0.value(at: time) } ?? 1)
        let outerInherited = inheritedOpacity
        let outerFlatOpacity = flat?.opacity ?? 1
        let outerFlatFade = flatFade, outerFlatFades = flatFades
        // Whether this layer's drawing may be kept for a later render, and what it starts from.
        var keeps = false
        let (animationsBefore, entriesBefore, buttonsBefore) = (animations.count, entries, buttonsDrawn)
        let motionsBefore = motions.count + itemMotions.count
        if layered {
            openLayer(node, box.frame, opacity: opacity, clip: node.clipsChildren ? box.frame : nil)
            let id = layers[layers.count - 1].layer.id
            if let link = node.link {
                var layer = layers[layers.count - 1].layer
                applyLink(link, to: &layer)
                layers[layers.count - 1].layer = layer
            }
            if let fade = node.fade {
                if declaresFade {
                    itemMotions.append(.fading(id, fade, scale: node.opacity))
                } else {
                    animations.append(.layerOpacity(id: id, base: node.opacity, fade: fade))
                    if flat != nil { flatFades = true }
                }
            }
            if fadesFlat { flatFade = node.fade }
            flat?.opacity *= fadesFlat ? node.opacity : opacity
            keeps = flat == nil && ComponentDrawing.mayKeep(node) && inheritedOpacity == 1
                && target == .layer && !animatesUnrecorded
            if keeps && reuseEarlierDrawing(box, clip: clip) {
                closeLayer()
                return
            }
        } else {
            inheritedOpacity *= opacity
            if node.fade != nil { animatesUnrecorded = true }
        }
        // Where the children are culled: the rule hit-testing and accessibility place them by.
        let (childClip, overlayClip) = BoxPlacement.culls(of: box, clip)

        // What the node draws, then its children (a list's separators over its rows), both as
        // components may draw them instead; then the overlays over everything.
        let scope = ComponentDrawing.enter(box, childClip: childClip, &self)
        if !ComponentDrawing.drawContent(box, clip, &self) { drawContent(box, clip) }
        let rows = box.rowCount
        if !(layered && ComponentDrawing.drawChildren(box, rows: rows, clip: childClip, &self)) {
            drawRows(box, rows: rows, clip: childClip)
        }
        ComponentDrawing.leave(box, scope, &self)
        for overlay in box.children.dropFirst(rows) { draw(overlay, clip: overlayClip) }
        if layered {
            let ownFields = (node.fade == nil || declaresFade ? 0 : 1) + (node.link == nil ? 0 : 1)
            // A layer with a motion inside is drawn again each render: the motion is the render's.
            keep(box, clip, drawnIf: keeps && animations.count == animationsBefore + ownFields
                 && motions.count + itemMotions.count == motionsBefore + (declaresFade ? 1 : 0) && !animatesUnrecorded, entries: entries - entriesBefore, showsInteraction: buttonsDrawn > buttonsBefore)
            closeLayer()
        }
        inheritedOpacity = outerInherited
        flat?.opacity = outerFlatOpacity
        flatFade = outerFlatFade
        flatFades = outerFlatFades
    }

    /// The children (a list's rows) and a list's separators.
    mutating func drawRows(_ box: LayoutBox, rows: Int, clip: Rect?) {
        for child in box.children.prefix(rows) { draw(child, clip: clip) }
        if case let .list(style) = box.node.kind, let separator = style.separatorColor {
            drawSeparators(box, rows: rows, separator, clip)
        }
    }

    /// Takes the open layer's children from an earlier render when what drew them is unchanged
    /// (`DrawnLayer.fits`); true when it did. Unless the layer `holdsAnimations` drawn after what
    /// is reused, it is listed in `reused`, whose layers FrameAnimations does not search.
    mutating func reuseEarlierDrawing(_ box: LayoutBox, clip: Rect?, holdsAnimations: Bool = false) -> Bool {
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

    /// Opens `layer` (its fields relative to the open layer's space) whose space starts at
    /// `origin` on the canvas; what is emitted until `closeLayer` goes into it.
    mutating func openLayer(_ layer: Item, origin: Point) {
        layers.append(LayerBuilder(layer: layer, origin: origin))
    }

    /// A layer field a component drives (a sheet's y, its dim's opacity), as the values say now:
    /// drawn where `BoxPlacement.entering` says hit-testing and accessibility find it.
    private mutating func applyLink(_ link: PositionLink, to layer: inout Item) {
        switch link.role {
        case .offsetY, .opacity:
            layer.willChange = 1  // a drag or a spring moves or fades it
            let base = link.role == .offsetY ? Fixed.points(layer.y) : 0
            link.role.set(linked(layer.id, link.key, link.role, base: base), on: &layer)
        case .cornerRadius:
            break  // a background's, drawn with it
        }
    }

    /// A linked field of item `id` as the values say now, recorded for ticks to step (and, while
    /// its value follows a path, to declare: `FrameAnimations.step`).
    @inline(never)  // for size: three callers
    mutating func linked(_ id: UInt32, _ key: [UInt8], _ role: PositionLink.Role, base: Double) -> Int32 {
        animations.append(.link(id: id, key: key, role: role, base: base))
        return role.field(base + values.link(key))
    }

    /// Records (or, when it may not be kept, forgets) what the open layer drew.
    mutating func keep(_ box: LayoutBox, _ clip: Rect?, drawnIf keeps: Bool, entries count: Int,
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

    mutating func closeLayer() {
        let done = layers.removeLast()
        var layer = done.layer
        layer.children = done.items
        layers[layers.count - 1].items.append(layer)
        entries += 1
    }

    /// Where the space of the items being emitted starts on the canvas.
    var origin: Point {
        switch target {
        case .layer: return layers[layers.count - 1].origin
        case .lower, .upper: return flat?.lower.origin ?? layers[layers.count - 1].origin
        }
    }

    /// Out of line, like `emit` (for size): each inlined copy of building or appending an `Item`
    /// (a large struct) cost a few hundred bytes of veil.wasm.
    @inline(never)
    mutating func emit(_ item: Item) {
        entries += 1
        switch target {
        case .layer: layers[layers.count - 1].items.append(item)
        case .lower: flat?.lower.items.append(item)
        case .upper: flat?.upper.items.append(item)
        }
    }

    /// An item of `node` at `r` (canvas) in the space of the emit target, with the id of
    /// "<node id>#<role><index>". Items in a layer need no clip (the layer clips); items in flat
    /// layers carry the clip of any clipping container between them and the node that opened
    /// them. (Every key interned here is drawn: a key interned and not drawn would be forgotten
    /// and interned again, so ids would depend on how often a session renders.)
    @inline(never)
    mutating func makeItem(_ node: Node, _ role: StaticString, index: Int? = nil, _ kind: ItemKind, _ r: Rect,
                           _ opacity: Double, _ clip: Rect?) -> Item {
        let o = origin
        let id = index.map { ids.id(node: node.id, role: role, index: $0) } ?? ids.id(node: node.id, role: role)
        var item = Item(id: id, kind: kind)
        item.x = Fixed.from(r.x - o.x); item.y = Fixed.from(r.y - o.y)
        item.width = Fixed.from(r.width); item.height = Fixed.from(r.height)
        var alpha = opacity * inheritedOpacity
        if target != .layer, let flat {
            alpha *= flat.opacity
            if let fade = flatFade { alpha *= fade.value(at: time) }
            if flatFade != nil || flatFades { animatesUnrecorded = true }
            if let clip, clip != flat.clipAtRoot { item.clip = Clip(rect: clip.offsetBy(dx: -o.x, dy: -o.y)) }
        }
        item.opacity = Fixed.opacity(alpha)
        return item
    }
}

extension Clip {
    init(rect r: Rect) {
        self.init(x: Fixed.from(r.x), y: Fixed.from(r.y), width: Fixed.from(r.width), height: Fixed.from(r.height))
    }
}
