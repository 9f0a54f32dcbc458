/// What the components say of one laid-out box for assistive technology, asked by the
/// accessibility walk for every box it reaches (`Component.describe(_:into:)`), as each of
/// Flutter's render objects describes its own semantics: the walk knows node kinds (labels,
/// buttons, activity indicators) and where boxes are drawn (`BoxPlacement`), and no component.
struct BoxSemantics {
    /// Something is loading here (a skeleton's placeholders).
    var busy = false
    /// Its content is not on screen (it is under placeholders): only its overlays are read.
    var contentCovered = false
    /// A status view shown: its labels are announced together, as one status.
    var status = false
    /// A modal dim: what it covers takes no tap, and focus stays among the buttons above it.
    var modal = false
    /// A pull would refresh it now (a host offers a Refresh action).
    var refreshable = false
    /// The scroll offset of its end, when it loads more there (a host offers "Load more").
    var loadsMoreAt: Double? = nil

    /// What `components` say of `box`.
    static func of(_ box: LayoutBox, _ components: [any Component]) -> BoxSemantics {
        var semantics = BoxSemantics()
        for component in components { component.describe(box, into: &semantics) }
        return semantics
    }
}
