/// Places the node tree on the canvas. Pure: the same scene gives the same boxes.
///
/// Rules (docs/SCENE.md, "Layout"): a child with a `frame` sits at that frame inside its parent's
/// content box (bounds inset by padding); otherwise a stack or list places it; otherwise it fills
/// the content box, `width`/`height` overriding (a label then centres its lines vertically, an
/// activity indicator sits in the middle). In stacks, labels, buttons, stacks and lists take their
/// intrinsic height; hidden nodes take no space.
///
/// Incremental: given the previous layout, a subtree whose node is the very same value (one
/// copy-on-write box: nothing in it changed) placed at the same frame keeps its previous boxes
/// without being looked into, since a box depends only on its node and its frame. Children are
/// paired with the previous boxes by position.
public enum Layout {
    public static func layout(_ scene: Scene, reusing previous: LayoutBox? = nil) -> LayoutBox {
        layout(scene, reusing: previous, values: MovingValues())
    }

    /// `values` says where scroll containers and sheets are: a list makes the rows of its window only.
    static func layout(_ scene: Scene, reusing previous: LayoutBox?, values: MovingValues) -> LayoutBox {
        let canvas = Rect(x: 0, y: 0, width: scene.width, height: scene.height)
        let root = scene.root
        let frame = root.frame.map { $0.offsetBy(dx: canvas.x, dy: canvas.y) } ?? canvas
        let context = LayoutContext(values: values, safeRect: canvas.inset(by: scene.safeArea), sizes: IntrinsicMemo())
        return place(root, in: frame, previous: previous, context)
    }

    /// `boxes.append(place(node, in: frame, previous:))` with the previous box at the same
    /// position, out of line (for size): a `LayoutBox` appended inline at each of the layouts' call
    /// sites was a copy each.
    @inline(never)
    private static func place(_ node: Node, in frame: Rect, appendingTo boxes: inout [LayoutBox],
                              previous: LayoutBox?, _ context: LayoutContext) {
        let index = boxes.count
        let before = previous.flatMap { index < $0.children.count ? $0.children[index] : nil }
        boxes.append(place(node, in: frame, previous: before, context))
    }

    static func place(_ node: Node, in frame: Rect, previous: LayoutBox? = nil,
                      _ context: LayoutContext = LayoutContext()) -> LayoutBox {
        // What a scroll container is laid out for is part of what its boxes depend on; a subtree
        // holding a scroll container depends on where that one is scrolled, so it is looked into
        // again (its other children are still reused).
        let scrollAxis = node.scrollAxis
        var scrolling = scrollAxis.map { ScrollLayout.of(node, axis: $0, at: frame, context) } ?? ScrollLayout()
        if let previous, previous.frame == frame, scrolling.isLaidOut(as: previous.scrolling), !previous.nestsScroll,
           previous.node.isSameValue(as: node) {
            return previous
        }
        let content = frame.inset(by: node.padding)
        var children: [LayoutBox] = []
        var contentLength = 0.0
        // Inside scrolled content frames are not where things show: no safe-area adjustment there.
        let context = scrollAxis == nil ? context : LayoutContext(values: context.values, sizes: context.sizes)
        switch node.kind {
        case let .stack(style):
            children = stack(node.children, style: style, in: content, previous: previous, context)
        case let .scroll(style):
            (children, contentLength) = scrollContent(node.children, style: style, in: content, insets: scrolling.insets,
                                                      previous: previous, context)
        case let .list(style):
            (children, contentLength) = list(node, style: style, in: content, insets: scrolling.insets, chunk: scrolling.chunk,
                                             previous: previous, context)
        default:
            children.reserveCapacity(node.children.count)
            for child in node.children {
                place(child, in: freeFrame(of: child, in: content), appendingTo: &children, previous: previous, context)
            }
        }
        for overlay in node.overlays {
            place(overlay, in: frame, appendingTo: &children, previous: previous, context)
        }
        var box = LayoutBox(node: node, frame: frame, children: children)
        box.nestsScroll = children.contains { $0.node.scrollAxis != nil || $0.nestsScroll }
        if scrollAxis != nil {
            scrolling.contentLength = contentLength
            scrolling.placeRefreshView(of: node, content: content, context)
            box.scrolling = scrolling
        }
        return box
    }

    /// A scroll container's children one after the other along its axis, each as long as it asks
    /// (its size, else its natural size; a horizontal one's children without either take the
    /// viewport's width, like pages), across as a stack places them; `insets` around them (the
    /// content length includes them).
    static func scrollContent(_ nodes: [Node], style: StackStyle, in viewport: Rect, insets: EdgeInsets,
                              previous: LayoutBox?, _ context: LayoutContext) -> ([LayoutBox], Double) {
        let content = viewport.inset(by: insets)
        var boxes: [LayoutBox] = []
        boxes.reserveCapacity(nodes.count)
        var position = 0.0
        var placed = 0
        for child in nodes {
            if child.hidden {
                place(child, in: Rect(x: content.x, y: content.y, width: 0, height: 0), appendingTo: &boxes, previous: previous, context)
                continue
            }
            if placed > 0 { position += style.spacing }
            placed += 1
            switch style.axis {
            case .vertical:
                let (x, w) = cross(child, requested: child.width, style.alignment, start: content.x, length: content.width,
                                   intrinsic: { Intrinsic.width(of: child, context.sizes) })
                let h = child.height ?? child.spacerMinLength ?? Intrinsic.height(of: child, width: w, context.sizes) ?? content.height
                place(child, in: Rect(x: x, y: content.y + position, width: w, height: h), appendingTo: &boxes, previous: previous, context)
                position += h
            case .horizontal:
                let w = child.width ?? child.spacerMinLength ?? Intrinsic.width(of: child, context.sizes) ?? content.width
                let (y, h) = cross(child, requested: child.height, style.alignment, start: content.y,
                                   length: content.height, intrinsic: { Intrinsic.height(of: child, width: w, context.sizes) })
                place(child, in: Rect(x: content.x + position, y: y, width: w, height: h), appendingTo: &boxes, previous: previous, context)
                position += w
            }
        }
        return (boxes, position + (style.axis == .vertical ? insets.top + insets.bottom : insets.left + insets.right))
    }

    /// Where a child not placed by a stack or list goes.
    static func freeFrame(of child: Node, in content: Rect) -> Rect {
        if let f = child.frame { return f.offsetBy(dx: content.x, dy: content.y) }
        var w = child.width ?? content.width
        var x = content.x
        if let cap = child.maxWidth, w > cap {
            x += (w - cap) / 2
            w = cap
        }
        return Rect(x: x, y: content.y, width: w, height: child.height ?? content.height)
    }

    static func stack(_ nodes: [Node], style: StackStyle, in content: Rect, previous: LayoutBox?,
                      _ context: LayoutContext) -> [LayoutBox] {
        let visible = nodes.filter { !$0.hidden }
        let gaps = style.spacing * Double(max(0, visible.count - 1))
        var boxes: [LayoutBox] = []
        boxes.reserveCapacity(nodes.count)
        switch style.axis {
        case .vertical:
            // Cross-axis first, then heights; when they overflow, multi-line labels give up lines.
            var placements: [(x: Double, w: Double, h: Double)] = []
            var total = gaps
            var scrollers: [Int] = []
            var spacers: [Int] = []
            for (i, child) in nodes.enumerated() {
                if child.hidden { placements.append((content.x, 0, 0)); continue }
                if let least = child.spacerMinLength {
                    // Nothing across; along, its floor now and a share of what is left below.
                    if child.height == nil { spacers.append(i) }
                    let h = child.height ?? least
                    placements.append((content.x, 0, h))
                    total += h
                    continue
                }
                let (x, w) = cross(child, requested: child.width, style.alignment, start: content.x, length: content.width,
                                   intrinsic: { Intrinsic.width(of: child, context.sizes) })
                let h = child.height ?? Intrinsic.height(of: child, width: w, context.sizes) ?? 0
                if child.height == nil && child.scrollAxis == .vertical { scrollers.append(i) }
                placements.append((x, w, h))
                total += h
            }
            // A vertical scroll container with no height of its own scrolls within what the others
            // leave (a list under a header fills the page, and scrolls), never more than its content.
            if total > content.height && !scrollers.isEmpty {
                let others = scrollers.reduce(total) { $0 - placements[$1].h }
                let share = larger(0, content.height - others) / Double(scrollers.count)
                for i in scrollers where placements[i].h > share {
                    total -= placements[i].h - share
                    placements[i].h = share
                }
            }
            if total > content.height { shrinkLabels(nodes, &placements, by: total - content.height, total: &total) }
            var free = content.height - total
            if free > 0 && !spacers.isEmpty {
                let floors = spacers.map { placements[$0].h }
                let lengths = FlexibleShare.lengths(room: free + floors.reduce(0, +), floors: floors)
                for (i, h) in zip(spacers, lengths) { placements[i].h = h }
                free = 0  // the spacers took it: nothing left to justify
            }
            var y = content.y + justifyOffset(style.justify, free: free)
            for (child, p) in zip(nodes, placements) {
                place(child, in: Rect(x: p.x, y: y, width: p.w, height: p.h), appendingTo: &boxes, previous: previous, context)
                if !child.hidden { y += p.h + style.spacing }
            }
        case .horizontal:
            // Children with a width or an intrinsic width keep it; the others share what is left.
            // Spacers are among the latter, each taking at least its `minLength`.
            var fixed = 0.0
            var flexible = 0
            var floors: [Double] = []
            var spacers = false
            for child in visible {
                if let w = child.width ?? Intrinsic.width(of: child, context.sizes) { fixed += w; continue }
                flexible += 1
                floors.append(child.spacerMinLength ?? 0)
                spacers = spacers || child.spacerMinLength != nil
            }
            let share = flexible > 0 ? larger(0, content.width - gaps - fixed) / Double(flexible) : 0
            // Without spacers, the shares as they always were (the same arithmetic, the same bytes).
            let lengths = spacers ? FlexibleShare.lengths(room: content.width - gaps - fixed, floors: floors) : []
            let used = spacers ? fixed + gaps + lengths.reduce(0, +) : fixed + gaps + share * Double(flexible)
            var x = content.x + justifyOffset(style.justify, free: content.width - used)
            var k = 0
            for child in nodes {
                if child.hidden { place(child, in: Rect(x: x, y: content.y, width: 0, height: 0), appendingTo: &boxes, previous: previous, context); continue }
                let natural = child.width ?? Intrinsic.width(of: child, context.sizes)
                var w = natural ?? share
                if natural == nil {
                    if spacers { w = lengths[k] }
                    k += 1
                }
                let (y, h) = child.spacerMinLength != nil ? (content.y, 0)
                    : cross(child, requested: child.height, style.alignment, start: content.y,
                            length: content.height, intrinsic: { Intrinsic.height(of: child, width: w, context.sizes) })
                place(child, in: Rect(x: x, y: y, width: w, height: h), appendingTo: &boxes, previous: previous, context)
                x += w + style.spacing
            }
        }
        return boxes
    }

    static func justifyOffset(_ j: StackJustification, free: Double) -> Double {
        switch j {
        case .start: return 0
        case .center: return larger(0, free) / 2
        case .end: return larger(0, free)
        }
    }

    /// Takes `excess` height from the unsized multi-line labels of a vertical stack, evenly, keeping
    /// at least one line each (they then show only the lines that fit, the last one truncated).
    static func shrinkLabels(_ nodes: [Node], _ placements: inout [(x: Double, w: Double, h: Double)],
                             by excess: Double, total: inout Double) {
        var shrinkable: [Int] = []
        for (i, n) in nodes.enumerated() where !n.hidden && n.height == nil {
            if case let .label(s) = n.kind, s.numberOfLines != 1 { shrinkable.append(i) }
        }
        var remaining = excess
        while remaining > 0.001 && !shrinkable.isEmpty {
            let share = remaining / Double(shrinkable.count)
            var next: [Int] = []
            for i in shrinkable {
                guard case let .label(s) = nodes[i].kind else { continue }
                let minimum = s.fontSize * s.lineHeight + nodes[i].padding.top + nodes[i].padding.bottom
                let cut = smaller(share, larger(0, placements[i].h - minimum))
                placements[i].h -= cut
                remaining -= cut
                total -= cut
                if placements[i].h > minimum { next.append(i) }
            }
            if next.count == shrinkable.count && share <= 0.001 { break }
            shrinkable = next
        }
    }

    /// Cross-axis position and length of a stack child. Out of line (for size): three callers.
    @inline(never)
    static func cross(_ child: Node, requested: Double?, _ alignment: StackAlignment, start: Double, length: Double,
                      intrinsic: () -> Double?) -> (Double, Double) {
        if alignment == .fill && requested == nil && child.maxWidth == nil { return (start, length) }
        var size = smaller(length, requested ?? intrinsic() ?? length)
        if let cap = child.maxWidth, size > cap {
            size = cap
            if alignment == .fill { return (start + (length - size) / 2, size) }
        }
        switch alignment {
        case .fill, .leading: return (start, size)
        case .center: return (start + (length - size) / 2, size)
        case .trailing: return (start + length - size, size)
        }
    }

    /// Per section: header, rows (`ListRows`: ids "<list>/<row>/<template id>", rows numbered
    /// across sections), footer, top to bottom.
    /// `insets` (the first row starts `insets.top` into the content, which ends `insets.bottom`
    /// after the last; across, rows are narrowed by the sides).
    static func list(_ node: Node, style: ListStyle, in viewport: Rect, insets: EdgeInsets, chunk: Int, previous: LayoutBox?,
                     _ context: LayoutContext) -> ([LayoutBox], Double) {
        var boxes: [LayoutBox] = []
        let content = viewport.inset(by: insets)
        // Along the axis: `at` runs down a vertical list, right along a horizontal one (a carousel).
        let horizontal = style.axis == .horizontal
        let rowLength = style.rowLength
        func rect(_ at: Double, _ length: Double) -> Rect {
            horizontal ? Rect(x: at, y: content.y, width: length, height: content.height)
                       : Rect(x: content.x, y: at, width: content.width, height: length)
        }
        let viewportStart = horizontal ? viewport.x : viewport.y
        var at = horizontal ? content.x : content.y
        // Virtual: only what lies in the window (content coordinates, from the viewport's start at
        // offset 0) is laid out.
        let window = ContentWindow.range(chunk: chunk, viewport: horizontal ? viewport.width : viewport.height)
        let top = viewportStart + window.start, bottom = viewportStart + window.end
        func section(_ n: Node) {
            let length = horizontal ? n.width ?? Intrinsic.width(of: n, context.sizes) ?? rowLength
                                    : n.height ?? Intrinsic.height(of: n, width: content.width, context.sizes) ?? rowLength
            if at + length > top && at < bottom {
                place(n, in: rect(at, length), appendingTo: &boxes, previous: previous, context)
            }
            at += length
        }
        let rows = ListRows.of(node, style)
        let showsIndex = rows.showsIndex(style)
        // At most `maxRowsMade` rows in all (what `mostNodesLaidOut` counts for the list).
        var row = 0
        var made = 0
        for (s, sec) in style.allSections.enumerated() {
            if let header = sec.header { section(header) }
            let count = rows.count(of: sec, visibleLength: horizontal ? content.width : content.height, rowLength: rowLength)
            var first = 0, last = count
            if rowLength > 0 {
                first = Int.clamped(((top - at) / rowLength).rounded(.down), to: 0...count)
                last = Int.clamped(((bottom - at) / rowLength).rounded(.up), to: first...count)
            }
            last = min(last, first + max(0, Limits.maxRowsMade - made))
            made += last - first
            for r in first ..< last {
                let template = rows.template(style, section: s, row: r, index: row + r)
                var instance = template.instantiated(prefix: node.id + UTF8Text("/\(row + r)/").bytes)
                if showsIndex, let shown = instance.replacingRowIndex(row + r) { instance = shown }
                place(instance, in: rect(at + Double(r) * rowLength, rowLength), appendingTo: &boxes, previous: nil, context)
            }
            at += Double(count) * rowLength
            row += count
            if let footer = sec.footer { section(footer) }
        }
        return (boxes, at - viewportStart + (horizontal ? insets.right : insets.bottom))
    }
}

/// What a layout reads besides the scene: where scroll containers are, and the canvas's safe area
/// (containers reaching out of it inset their content, `ScrollInsets`).
struct LayoutContext {
    var values = MovingValues()
    var safeRect = Rect(x: -Limits.maxCanvas, y: -Limits.maxCanvas, width: 3 * Limits.maxCanvas, height: 3 * Limits.maxCanvas)
    /// Natural sizes measured so far in this pass.
    var sizes: IntrinsicMemo? = nil
}

extension Node {
    /// A copy with every id in the subtree suffixed, for an overlay leaving while its successor arrives.
    func renamed(suffix: [UInt8]) -> Node {
        var copy = self
        copy.id = id + suffix
        copy.children = children.map { $0.renamed(suffix: suffix) }
        copy.renameSupplementaries { $0.renamed(suffix: suffix) }
        return copy
    }

    /// A copy with every id in the subtree prefixed, for list row instances.
    func instantiated(prefix: [UInt8]) -> Node {
        var copy = self
        copy.id = prefix + id
        copy.frame = nil
        copy.children = children.map { $0.instantiated(prefix: prefix) }
        copy.renameSupplementaries { $0.instantiated(prefix: prefix) }
        return copy
    }

    /// Renames what a layout shows of a node besides its children: a list's headers and footers
    /// (its rows follow the list's own id) and overlays — so that a renamed copy shares no id with
    /// the original, wherever in it an id was written.
    private mutating func renameSupplementaries(_ rename: (Node) -> Node) {
        overlays = overlays.map(rename)
        if let view = refresh?.view { refresh?.view = rename(view) }
        guard case var .list(style) = kind else { return }
        style.header = style.header.map(rename)
        style.footer = style.footer.map(rename)
        for i in style.sections.indices {
            style.sections[i].header = style.sections[i].header.map(rename)
            style.sections[i].footer = style.sections[i].footer.map(rename)
        }
        kind = .list(style)
    }
}
