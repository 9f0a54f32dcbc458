/// A layer being filled: its own record, where its space starts on the canvas, and its children.
struct LayerBuilder {
    var layer: Item
    var origin: Point
    var items: [Item] = []
}

/// Two flat layers a subtree's items are drawn into instead of its own layers, both in the space
/// of the node that opened them (a skeleton's root: its content under its placeholders, so a
/// cross-dissolve between the two is two layer opacities; docs/ARCHITECTURE.md, "Layers").
/// Layers opened below that node still open, but their items land here: each carries the clip of
/// any clipping container between it and the opening node, and the opacity of the layers around it.
/// A class: the pass holds one while such a subtree is drawn, and a reference keeps the pass's
/// state small instead of copying two layers' records in and out of an optional.
final class FlatLayers {
    // Unchecked: only the render pass that made it touches it, and the dynamic exclusivity checks
    // on a class's properties showed in the 10k grid's first frame (docs/EMBED.md, veil.wasm's size table).
    @exclusivity(unchecked) var lower: LayerBuilder
    @exclusivity(unchecked) var upper: LayerBuilder
    /// The clip (canvas) in force where they opened: flat items inside need a clip of their own
    /// only when a clipping container below cuts them.
    let clipAtRoot: Rect?
    /// Opacity of layers opened below the opening node (their items land in the flat layers).
    @exclusivity(unchecked) var opacity: Double = 1

    init(lower: LayerBuilder, upper: LayerBuilder, clipAtRoot: Rect?) {
        self.lower = lower; self.upper = upper; self.clipAtRoot = clipAtRoot
    }
}

/// Where `RenderPass.emit` puts items: the open layer, or one of the flat layers.
enum EmitTarget { case layer, lower, upper }
