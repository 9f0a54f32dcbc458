/// What a scroll container's box holds besides its node, frame and children (`LayoutBox.scrolling`):
/// what it was laid out for — the chunk of offsets its rows are the window of (`ContentWindow`), its
/// insets in force (`ScrollInsets.adjusted`), the state its custom refresh view is in — and what
/// that gave: its content length and its refresh view. The layout asks for it (`of`) before looking
/// into a box, reuses a box only while it is the same (`isLaidOut`), and leaves the rest to this
/// folder: Layout knows no windows, insets or refresh views.
struct ScrollLayout: Sendable {
    var chunk = 0
    var insets = EdgeInsets.zero
    var refreshState = RefreshViewState.idle
    /// Its content length along its axis, from the content box's start (insets included).
    var contentLength = 0.0
    /// Its custom refresh view (at most one box), laid out above its content in `refreshState`;
    /// drawn in the content layer, not hit-tested.
    var refreshView: [LayoutBox] = []

    /// What `node`, a scroll container along `axis`, at `frame` is laid out for, where the layout's
    /// moving values put it.
    static func of(_ node: Node, axis: Axis, at frame: Rect, _ context: LayoutContext) -> ScrollLayout {
        ScrollLayout(chunk: context.values.chunk(of: node.id),
                            insets: node.scrollInsets.adjusted(frame: frame, axis: axis, safe: context.safeRect),
                            refreshState: node.refresh?.view == nil ? .idle : context.values.refreshState(of: node.id))
    }

    /// Whether a box laid out as `earlier` was laid out for what this one is.
    func isLaidOut(as earlier: ScrollLayout) -> Bool {
        chunk == earlier.chunk && insets == earlier.insets && refreshState == earlier.refreshState
    }

    /// Lays out `node`'s custom refresh view in the `height` points above its content's start
    /// (below the top inset), `content` being its content box.
    mutating func placeRefreshView(of node: Node, content: Rect, _ context: LayoutContext) {
        guard let refresh = node.refresh, let view = refresh.view(in: refreshState) else { return }
        let band = Rect(x: content.x, y: content.y + insets.top - refresh.height, width: content.width, height: refresh.height)
        refreshView = [Layout.place(view, in: band, previous: nil, context)]
    }
}

extension LayoutBox {
    /// A scroll container's content length along its axis (`ScrollLayout`).
    var contentLength: Double { scrolling.contentLength }
    /// A scroll container's insets in force: its content starts `insets.top` (horizontally `left`)
    /// into the content length.
    var insets: EdgeInsets { scrolling.insets }
    /// A scroll container's custom refresh view, laid out.
    var refreshView: [LayoutBox] { scrolling.refreshView }
}
