/// What components draw beyond the tree they install, at fixed points of the renderer's walk
/// (`RenderPass.draw`): the renderer calls these hooks for every node it draws and knows no
/// component; each hook asks the components that draw at that point, in one line each. The
/// components draw through the pass as the renderer does (ids, paints, `makeItem`, `emit`,
/// layers) and record what moves as their own `ComponentField`s.
///
/// Static dispatch (no existentials on the hot path): a hook is a plain call the optimizer can
/// inline. A component that draws nothing of its own (status, spinner) appears nowhere here.
enum ComponentDrawing {
    /// Whether a layer's drawing may be kept for a later render as far as components go (not a
    /// skeleton's marked node, not a scrolling container, whose own layer holds its offset).
    @inline(__always)
    static func mayKeep(_ node: Node) -> Bool {
        SkeletonDrawing.mayKeep(node) && ScrollDrawing.mayKeep(node)
    }

    /// The most entries (and paints) components draw for `node` besides what its kind draws
    /// (`RenderBudget`).
    @inline(__always)
    static func mostDrawn(_ node: Node) -> Int {
        SkeletonDrawing.mostDrawn(node)
    }

    /// What components keep while drawing a node's subtree, restored by `leave`.
    struct Scope {
        var skeleton: SkeletonDrawing.Scope?
    }

    /// Before a node draws anything: a skeleton's root opens its flat layers and sets its brush.
    @inline(__always)
    static func enter(_ box: LayoutBox, childClip: Rect?, _ pass: inout RenderPass) -> Scope {
        Scope(skeleton: SkeletonDrawing.enter(box, childClip: childClip, &pass))
    }

    /// Draws what the node itself draws instead of the renderer (a skeleton's placeholders); false
    /// leaves it to the renderer.
    @inline(__always)
    static func drawContent(_ box: LayoutBox, _ clip: Rect?, _ pass: inout RenderPass) -> Bool {
        SkeletonDrawing.drawContent(box, clip, &pass)
    }

    /// Under a container's background (a sheet's shadow).
    @inline(__always)
    static func drawBeneath(_ box: LayoutBox, _ clip: Rect?, _ pass: inout RenderPass) {
        SheetDrawing.drawBeneath(box, clip, &pass)
    }

    /// Draws a layered node's children (its first `rows`) instead of the renderer (a scrolling
    /// container's content layer, its animators and indicator); false leaves them to the renderer.
    @inline(__always)
    static func drawChildren(_ box: LayoutBox, rows: Int, clip: Rect?, _ pass: inout RenderPass) -> Bool {
        ScrollDrawing.drawChildren(box, rows: rows, clip: clip, &pass)
    }

    /// After the node's children, before its overlays: a skeleton's root closes its flat layers.
    @inline(__always)
    static func leave(_ box: LayoutBox, _ scope: Scope, _ pass: inout RenderPass) {
        SkeletonDrawing.leave(scope.skeleton, &pass)
    }
}

/// What components keep in the render pass while they draw a subtree.
struct ComponentDrawState {
    /// The brush of the skeleton whose subtree is being drawn.
    var skeleton: SkeletonBrush? = nil
}
