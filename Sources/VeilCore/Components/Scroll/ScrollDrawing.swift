/// How a scrolling container draws its children: in a content layer at minus its offset inside the
/// container's own layer, its items placed as if unscrolled (the layer's origin is the
/// container's), so scrolling moves one layer field. After the rows, in the content layer, its
/// pull-to-refresh animator (or custom refresh view) above the content and its load-more footer
/// below; over the content, in the container's layer, its scroll indicator. The rows of the
/// content layer are kept across renders like any layer's; what follows them changes with the pull
/// or the load, the rows do not.
enum ScrollDrawing {
    /// A scrolling container's own layer holds its offset and indicator: its content layer is the
    /// one kept.
    static func mayKeep(_ node: Node) -> Bool { !node.scrolls }

    /// Draws a scrolling container's children; false for any other node, or inside flat layers
    /// (a skeleton's lists rest at their start).
    static func drawChildren(_ box: LayoutBox, rows: Int, clip: Rect?, _ pass: inout RenderPass) -> Bool {
        let node = box.node
        guard node.scrolls, pass.target == .layer, pass.flat == nil else { return false }
        openContentLayer(box, &pass)
        let keepsContent = pass.inheritedOpacity == 1 && !pass.animatesUnrecorded
        let (animationsBefore, entriesBefore, buttonsBefore) = (pass.animations.count, pass.entries, pass.buttonsDrawn)
        // Fields drawn after the kept rows animate: then the layer is not skipped by FrameAnimations.
        let appendsAnimated = node.refresh != nil || node.loadMore != nil
        if !(keepsContent && pass.reuseEarlierDrawing(box, clip: clip, holdsAnimations: appendsAnimated)) {
            pass.drawRows(box, rows: rows, clip: clip)
            pass.keep(box, clip, drawnIf: keepsContent && pass.animations.count == animationsBefore && !pass.animatesUnrecorded,
                      entries: pass.entries - entriesBefore, showsInteraction: pass.buttonsDrawn > buttonsBefore)
        }
        // After what is kept: these change with the pull or the load, the rows do not.
        if let view = box.refreshView.first { pass.draw(view, clip: clip) } else if node.refresh != nil { drawRefreshAnimator(box, &pass) }
        if node.loadMore != nil { drawLoadMoreFooter(box, &pass) }
        pass.closeLayer()
        drawIndicator(box, &pass)
        return true
    }

    /// The content layer: at minus the scroll offset in the container's layer (`ScrollField.content`).
    private static func openContentLayer(_ box: LayoutBox, _ pass: inout RenderPass) {
        let node = box.node
        let horizontal = node.scrollAxis == .horizontal
        let offset = Fixed.from(-pass.values.offset(of: node.id))
        var layer = Item(id: pass.ids.id(node: node.id, role: "content"), kind: .layer)
        if horizontal { layer.x = offset } else { layer.y = offset }
        layer.width = Fixed.from(box.frame.width); layer.height = Fixed.from(box.frame.height)
        layer.willChange = 1  // scrolling moves it
        pass.openLayer(layer, origin: Point(x: box.frame.x, y: box.frame.y))
        pass.animations.append(.item(id: layer.id, .scroll(.content(node: node.id, horizontal: horizontal))))
    }

    /// The scroll indicator, over the content, in the container's layer.
    private static func drawIndicator(_ box: LayoutBox, _ pass: inout RenderPass) {
        let node = box.node
        guard node.showsIndicator else { return }
        let horizontal = node.scrollAxis == .horizontal
        let indicator = ScrollIndicator(horizontal: horizontal, width: box.frame.width, height: box.frame.height,
                                        viewport: box.viewportLength, content: box.contentLength,
                                        startInset: horizontal ? box.insets.left : box.insets.top,
                                        endInset: horizontal ? box.insets.right : box.insets.bottom)
        guard indicator.applies else { return }
        var item = Item(id: pass.ids.id(node: node.id, role: "ind"), kind: .rect)
        indicator.update(&item, id: node.id, values: pass.values)
        item.cornerRadius = Fixed.from(ScrollIndicator.thickness / 2)
        item.fill = pass.paints.solid(ScrollIndicator.color(pass.appearance))
        pass.emit(item)
        pass.animations.append(.item(id: item.id, .scroll(.indicator(node: node.id, indicator))))
    }

    /// Pull-to-refresh's animator in the `height` points above the content's top, in the content
    /// layer (so scrolling moves it for free): the growing arc while pulled, the activity indicator
    /// while refreshing (both always present, shown by their opacity, so a pull changes fields only).
    private static func drawRefreshAnimator(_ box: LayoutBox, _ pass: inout RenderPass) {
        let node = box.node
        let animator = RefreshAnimator(width: box.frame.width, height: node.refresh?.height ?? 60,
                                       kind: node.refresh?.animator ?? .standard, top: box.insets.top)
        let offset = pass.values.offset(of: node.id)
        let refreshing = pass.values.isRefreshing(node.id)
        for part in 0 ..< animator.parts {
            // The default animator's two items keep the roles they had before there were others.
            let role: StaticString = animator.kind == .standard ? (part == 0 ? "ptr" : "ptrspin") : "ptr"
            var item = animator.kind == .standard ? Item(id: pass.ids.id(node: node.id, role: role), kind: .rect)
                : Item(id: pass.ids.id(node: node.id, role: role, index: part), kind: .rect)
            animator.setUp(part, &item) { pass.paints.solid($0) }
            animator.update(part, &item, offset: offset, refreshing: refreshing)
            // Its activity indicator turns for as long as it is drawn, shown by its opacity; the
            // other animators' parts loop while refreshing: declared once.
            if item.kind == .activityIndicator { pass.itemMotions.append(ActivityIndicator.motion(id: item.id)) }
            if refreshing { pass.itemMotions += animator.loops(part, of: item, offset: offset) }
            pass.emit(item)
            pass.animations.append(.item(id: item.id, .scroll(.refreshPart(node: node.id, animator, part: part))))
        }
    }

    /// Infinite scroll's footer below the content's end, in the content layer: an activity
    /// indicator while loading (always present, shown by its opacity), the end text once there is
    /// no more.
    private static func drawLoadMoreFooter(_ box: LayoutBox, _ pass: inout RenderPass) {
        let node = box.node
        guard let more = node.loadMore else { return }
        let horizontal = node.scrollAxis == .horizontal
        let footer = LoadMoreFooter(horizontal: horizontal, cross: horizontal ? box.frame.height : box.frame.width,
                                    contentLength: box.contentLength, height: more.height, edge: more.edge,
                                    startInset: horizontal ? box.insets.left : box.insets.top,
                                    endInset: horizontal ? box.insets.right : box.insets.bottom)
        var spinner = Item(id: pass.ids.id(node: node.id, role: "more"), kind: .activityIndicator)
        RefreshAnimator.place(&spinner, footer.spinnerRect)
        spinner.fill = pass.paints.solid(RefreshAnimator.color)
        spinner.lineWidth = Fixed.from(2.5)
        LoadMoreFooter.updateSpinner(&spinner, loading: pass.values.isLoadingMore(node.id))
        pass.itemMotions.append(ActivityIndicator.motion(id: spinner.id))  // turning, shown while loading
        pass.emit(spinner)
        pass.animations.append(.item(id: spinner.id, .scroll(.loadMoreSpinner(node: node.id))))
        if !more.hasMore && !more.endText.isEmpty {
            let fontSize = 15.0, lineHeight = 15.0 * 1.2
            let band = footer.band
            let content = Rect(x: box.frame.x + band.x + 16, y: box.frame.y + band.y, width: max(0, band.width - 32),
                               height: band.height)
            let lines = TextLayout.lines(more.endText, fontSize: fontSize, weight: 400, width: content.width,
                                         numberOfLines: 1, alignment: .center)
            pass.drawLines(node, lines, x: content.x, top: content.y + (content.height - lineHeight) / 2, lineHeight: lineHeight,
                           fontSize: fontSize, weight: 400, color: pass.palette.secondaryText, 1, nil)
        }
    }
}

/// A scroll container's fields that follow the moving values (`ComponentField.scroll`): each is
/// evaluated with the function its drawing used.
enum ScrollField: Sendable {
    /// Its content layer: at minus its offset.
    case content(node: [UInt8], horizontal: Bool)
    /// Its indicator: where it is and how opaque.
    case indicator(node: [UInt8], ScrollIndicator)
    /// A part of a pull-to-refresh animator (`RefreshAnimator.update`: the pull, the refresh, the
    /// time), moving with the content.
    case refreshPart(node: [UInt8], RefreshAnimator, part: Int)
    /// Infinite scroll's footer activity indicator: shown and turning while loading.
    case loadMoreSpinner(node: [UInt8])

    func step(_ item: inout Item, values: MovingValues?, at t: Double) {
        switch self {
        case let .content(node, horizontal):
            let offset = Fixed.from(-(values?.offset(of: node) ?? 0))
            if horizontal { item.x = offset } else { item.y = offset }
        case let .indicator(node, indicator):
            indicator.update(&item, id: node, values: values)
        case let .refreshPart(node, animator, part):
            animator.update(part, &item, offset: values?.offset(of: node) ?? 0,
                            refreshing: values?.isRefreshing(node) ?? false)
        case let .loadMoreSpinner(node):
            LoadMoreFooter.updateSpinner(&item, loading: values?.isLoadingMore(node) ?? false)
        }
    }
}

extension ScrollField {
    /// The path its container's offset follows, for the fields that follow it.
    func path(in values: MovingValues) -> SampledPath? {
        switch self {
        case let .content(node, _), let .refreshPart(node, _, _):
            return values.path(of: node, .offset)
        case let .indicator(node, _):
            return values.path(of: node, .offset) ?? values.path(of: node, .scrollIndicator)
        case .loadMoreSpinner: return nil
        }
    }

    /// Along the path its container's offset follows (a coast, a spring back): the content
    /// layer's position; the indicator's place and length (at rest, its fade); a pull-to-refresh animator's parts as
    /// the pull has them (while refreshing, what loops with time is the render's). Nil for the rest.
    @inline(never)  // for size
    func motions(of item: Item, _ values: MovingValues) -> [ItemMotion]? {
        switch self {
        case let .content(node, horizontal):
            guard let path = values.path(of: node, .offset) else { return nil }
            return [ItemMotion(id: item.id, field: horizontal ? .x : .y,
                               path: .points(interval: path.interval, values: path.values.map { Fixed.from(-$0) }),
                               start: path.start)]
        case let .indicator(node, indicator):
            // Along the offset's path while the content moves, or its fade's at rest.
            if let path = values.path(of: node, .offset) {
                return indicator.motions(item.id, along: path)
            }
            guard let fade = values.path(of: node, .scrollIndicator) else { return nil }
            return [ItemMotion(id: item.id, field: .opacity, path: .points(interval: fade.interval,
                               values: fade.values.map { Int32(Fixed.opacity($0)) }), start: fade.start)]
        case let .refreshPart(node, animator, part):
            guard let path = values.path(of: node, .offset) else { return nil }
            let refreshing = values.isRefreshing(node)
            // It moves with the pull alone: none on the way, nothing moves.
            if !refreshing && !path.values.contains(where: { $0 < 0 }) { return [] }
            return ItemMotion.along(item.id, count: path.values.count, interval: path.interval, start: path.start) {
                var at = item
                animator.update(part, &at, offset: path.values[$0], refreshing: refreshing)
                return at
            }
        case .loadMoreSpinner:
            return nil
        }
    }

    /// A refresh under way or not, for a pull-to-refresh animator's parts (`AnimatedField.pathState`).
    func pathState(in values: MovingValues) -> Bool {
        if case let .refreshPart(node, _, _) = self { return values.isRefreshing(node) }
        return false
    }
}

extension ScrollIndicator {
    /// The bar's place and opacity as `values` say for the container `id`.
    func update(_ item: inout Item, id: [UInt8], values: MovingValues?) {
        let r = rect(offset: values?.offset(of: id) ?? 0)
        item.x = Fixed.from(r.x); item.y = Fixed.from(r.y)
        item.width = Fixed.from(r.width); item.height = Fixed.from(r.height)
        item.opacity = Fixed.opacity(values?.value(of: id, .scrollIndicator) ?? 0)
    }

    /// The bar `id` as the content follows `path`: its place along the axis and its length as
    /// points, each when it changes on the way (the length, past an edge; across, it stays put).
    @inline(never)  // for size
    func motions(_ id: UInt32, along path: SampledPath) -> [ItemMotion] {
        var place: [Int32] = [], length: [Int32] = []
        place.reserveCapacity(path.values.count)
        length.reserveCapacity(path.values.count)
        for offset in path.values {
            let r = rect(offset: offset)
            place.append(Fixed.from(horizontal ? r.x : r.y))
            length.append(Fixed.from(horizontal ? r.width : r.height))
        }
        var motions: [ItemMotion] = []
        for (field, values) in horizontal ? [(ItemFields.x, place), (.width, length)] : [(.y, place), (.height, length)]
        where values.contains(where: { $0 != values[0] }) {
            motions.append(ItemMotion(id: id, field: field, path: .points(interval: path.interval, values: values),
                                      start: path.start))
        }
        return motions
    }
}

extension LoadMoreFooter {
    /// The footer's activity indicator: shown while loading (its turn is declared, `ItemMotion`).
    static func updateSpinner(_ item: inout Item, loading: Bool) {
        item.opacity = Fixed.opacity(loading ? 1 : 0)
    }
}
