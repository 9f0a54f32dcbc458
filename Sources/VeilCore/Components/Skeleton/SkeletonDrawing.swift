/// How a shown skeleton draws (docs/ARCHITECTURE.md, "Skeleton layers"). Its root opens two flat
/// layers (`FlatLayers`, ids `#skc` and `#skp`) and sets the brush of its subtree; a placeholder
/// node's content goes into the lower layer and its placeholders (lines for a label, else one box,
/// in the brush's paint) into the upper; the root closes them — content at 1 − reveal under the
/// placeholders at reveal — before its overlays, so a status or spinner on it lies above them.
enum SkeletonDrawing {
    /// What `enter` changed at a skeleton's root: the brush around it, and whether it opened the
    /// flat layers (a skeleton inside another draws into the outer one's).
    struct Scope {
        var outerBrush: SkeletonBrush?
        var opened: Bool
    }

    /// A marked node's drawing changes with the skeleton: never kept.
    static func mayKeep(_ node: Node) -> Bool { node.skeletonMark == nil }

    /// A placeholder node may draw a placeholder per text line.
    static func mostDrawn(_ node: Node) -> Int { node.skeletonMark != nil ? Limits.maxSkeletonRows : 0 }

    /// At a skeleton's root: opens the flat layers (unless inside another skeleton's) and sets the
    /// brush; nil elsewhere (nothing to restore).
    static func enter(_ box: LayoutBox, childClip: Rect?, _ pass: inout RenderPass) -> Scope? {
        guard let look = box.node.skeletonMark?.look else { return nil }
        let node = box.node
        let scope = Scope(outerBrush: pass.components.skeleton, opened: pass.flat == nil)
        if scope.opened { openLayers(node, look: look, clip: childClip, &pass) }
        let origin = pass.flat?.upper.origin ?? pass.layers[pass.layers.count - 1].origin
        let bounds = box.frame.offsetBy(dx: -origin.x, dy: -origin.y)
        let brush = SkeletonBrush(look, owner: node.id, bounds: bounds, time: pass.time, paints: &pass.paints)
        if brush.animates, let motion = SkeletonPaint.motion(look, slot: Int(brush.paint) - 1, bounds: bounds) {
            pass.motions.append(motion)
        }
        pass.components.skeleton = brush
        return scope
    }

    /// A placeholder node under a brush: its content into the lower layer (while it still shows),
    /// its placeholders into the upper. False for any other node.
    static func drawContent(_ box: LayoutBox, _ clip: Rect?, _ pass: inout RenderPass) -> Bool {
        guard box.node.skeletonMark?.placeholder == true, let brush = pass.components.skeleton, pass.flat != nil else {
            return false
        }
        if brush.showsContent { pass.target = .lower; pass.drawContent(box, clip) }
        pass.target = .upper
        drawPlaceholders(box.node, box.frame, brush, clip, &pass)
        pass.target = .layer
        return true
    }

    /// Closes what `enter` opened and gives the brush back.
    static func leave(_ scope: Scope?, _ pass: inout RenderPass) {
        guard let scope else { return }
        if scope.opened { closeLayers(&pass) }
        pass.components.skeleton = scope.outerBrush
    }

    private static func openLayers(_ node: Node, look: SkeletonLook, clip: Rect?, _ pass: inout RenderPass) {
        let origin = pass.layers[pass.layers.count - 1].origin
        // Interned together, so the two ids are adjacent and a cross-dissolve's two updates cost
        // one byte of id gap for the second. The content layer only when it will be drawn
        // (`SkeletonBrush.showsContent`): the ids interned are then those of the frame, whether a
        // layer is drawn afresh or kept from an earlier render.
        let showsContent = look.fade != nil || look.reveal(at: pass.time) < 1
        var content = Item(id: showsContent ? pass.ids.id(node: node.id, role: "skc") : 0, kind: .layer)
        var placeholders = Item(id: pass.ids.id(node: node.id, role: "skp"), kind: .layer)
        content.opacity = 0; placeholders.opacity = 0
        pass.flat = FlatLayers(lower: LayerBuilder(layer: content, origin: origin),
                               upper: LayerBuilder(layer: placeholders, origin: origin), clipAtRoot: clip)
    }

    /// Appends the flat layers to the current layer: the content (while the placeholders are not
    /// yet, or no longer, fully shown) under the placeholders.
    private static func closeLayers(_ pass: inout RenderPass) {
        guard let done = pass.flat else { return }
        pass.flat = nil
        let brush = pass.components.skeleton
        // A cross-dissolve is declared once (`ItemMotion.fading`): the layers hold where it starts,
        // the content fading as 1 − the placeholders' share, and each host plays it.
        let fade = brush?.look.fade
        let reveal = fade.map { smaller(1, larger(0, $0.value(at: $0.start))) } ?? brush?.reveal ?? 1
        if brush?.showsContent == true {
            var content = done.lower.layer
            content.opacity = Fixed.opacity(1 - reveal)
            content.children = done.lower.items
            pass.emit(content)
            if let f = fade {
                let under = Fade(from: 1 - f.from, to: 1 - f.to, start: f.start, duration: f.duration, curve: f.tween.curve)
                pass.itemMotions.append(.fading(content.id, under, scale: 1))
            }
        }
        var placeholders = done.upper.layer
        placeholders.opacity = Fixed.opacity(reveal)
        placeholders.children = done.upper.items
        pass.emit(placeholders)
        if let f = fade { pass.itemMotions.append(.fading(placeholders.id, f, scale: 1)) }
    }

    /// A skeleton leaf's placeholders (lines for a label, else one box) in the skeleton's paint.
    private static func drawPlaceholders(_ node: Node, _ frame: Rect, _ brush: SkeletonBrush, _ clip: Rect?,
                                         _ pass: inout RenderPass) {
        let o = pass.origin
        for (i, shape) in SkeletonPlaceholders.shapes(of: node, in: frame, appearance: brush.look.appearance).enumerated() {
            var item = pass.makeItem(node, "sk", index: i, .rect, shape.rect, 1, clip)
            item.cornerRadius = Fixed.from(shape.cornerRadius)
            item.fill = brush.paint != 0 ? brush.paint
                : pass.paints.reference(SkeletonPaint.local(brush.look, rect: shape.rect.offsetBy(dx: -o.x, dy: -o.y)))
            pass.emit(item)
        }
    }
}
