/// Turns laid-out boxes into a Frame: one pass in painter's order (`RenderPass`), paints interned
/// into the table, item ids interned from "<node id>#<role>", containers drawn as layers
/// (docs/ARCHITECTURE.md, "Layers"), children culled by clipping ancestors. What components draw
/// beyond the tree they install, they draw themselves, through `ComponentDrawing`.
///
/// Incremental: a layer whose layout subtree is the very same as at an earlier render (same node
/// value, frame and child boxes), culled by the same clip, drawn outside any flat layers, and whose
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

    /// `sent` is the frame the viewer has (ticks may have stepped its animated fields since);
    /// `values` the values that move (scroll offsets, sheet positions) at `time`.
    mutating func render(_ root: LayoutBox, scene: Scene, interaction: Interaction, time: Double,
                         values: MovingValues = MovingValues(), sent: Frame? = nil) -> Output {
        let (output, freedPaints) = renderOnce(root, scene: scene, interaction: interaction, time: time, values: values, sent: sent)
        // Cut short while the paint table held slots of earlier frames only: with them freed, once more.
        guard output.leftOut != nil && freedPaints else { return output }
        return renderOnce(root, scene: scene, interaction: interaction, time: time, values: values, sent: sent).0
    }

    /// One render; and whether collecting the paint table afterwards freed slots.
    private mutating func renderOnce(_ root: LayoutBox, scene: Scene, interaction: Interaction, time: Double,
                                     values: MovingValues, sent: Frame?) -> (Output, Bool) {
        paints.adoptAnimatedValues(of: sent)
        // The tables move into the pass and back, so they are never copied (they hold an entry per id).
        var pass = RenderPass(appearance: scene.appearance, interaction: interaction, time: time,
                              ids: take(&ids, IdTable()), paints: take(&paints, PaintTable()),
                              drawn: reusesNothing ? [] : take(&drawn, []), values: values)
        let background = (scene.background ?? pass.palette.background).resolved(scene.appearance)
        pass.draw(root, clip: nil)
        var motions = pass.motions
        motions.sortStably { $0.slot < $1.slot }
        var itemMotions = pass.itemMotions
        itemMotions.sortStably(by: ItemMotion.ordered)
        let frame = Frame(width: Fixed.from(scene.width), height: Fixed.from(scene.height), background: background,
                          paints: pass.paints.paints, items: pass.layers[0].items, motions: motions,
                          itemMotions: itemMotions)
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
final class DrawnLayer {
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
