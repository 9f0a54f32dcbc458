/// Sheets (docs/SCENE.md, "Sheets"): each `sheet` node among the root's children is laid over the
/// main content with its top at an anchor, dragged by a pan anywhere on it, snapped by the release
/// rule (`SheetGeometry.release`) with a spring that starts at the release velocity, and a stack of
/// pages that slide in and out. The sheet and its dim are layers whose y and opacity follow
/// `links(at:)`, so dragging or settling a sheet costs one or two layer fields per message.
///
/// **Scroll hand-off**: a vertical scroll container inside a page gives its pans to the sheet
/// (`arbitrate`), which splits each move of the pointer between itself and that container, in one
/// gesture both ways: up, the sheet rises to its top anchor and the rest scrolls the content; down,
/// the content scrolls back to its start and the rest lowers the sheet. The release velocity goes
/// to whichever moved last (a spring for the sheet, momentum for the content). Wheels likewise.
/// The input side (gestures, the hand-off, wheel, keys) is in SheetInput.swift.
final class SheetComponent: Component {
    struct Handoff {
        /// The scroll container the pointer went down over, in the sheet's top page (its box as
        /// laid out then: a pan moves nothing that changes its id or lengths before it drags it).
        var inner: [UInt8]
        var box: LayoutBox
        /// The content's raw offset and the translation given to it so far.
        var contentStart: Double
        var contentTranslation = 0.0
        var contentDragging = false
    }

    struct Sheet {
        var id: [UInt8]
        /// Ids and keys derived from `id`, made once (ticks read them).
        var keys: (dim: [UInt8], page: [UInt8], grabber: [UInt8], close: [UInt8], corners: [UInt8])
        var style: SheetStyle
        var geometry: SheetGeometry
        var motion: SheetMotion
        /// The anchor (sorted position) it rests at or heads to.
        var anchor: Int
        var stack: [[UInt8]]
        /// A page sliding in (push) or out (pop) over 0.5 s: its y as points hosts are told once
        /// (the page is that line wherever the core looks, as a spring's), and when the slide ends.
        var slide: (page: [UInt8], popping: Bool, path: SampledPath, end: Double)? = nil
        /// When the sliding page's path began, as the frame was last stepped.
        var steppedSlideStart: Double? = nil
        /// The pan in progress: the pointer's last translation and what its moves go to.
        var lastDy = 0.0
        var handoff: Handoff? = nil
        var contentMovedLast = false
        var dragStart = 0
        /// After a wheel turn moved it: when it snaps to the nearest anchor.
        var wheelSnapAt: Double? = nil
        /// When the path of its spring began, as the frame was last stepped (a new path is a step,
        /// then none; input and commands that start one at the same time set `moved`).
        var steppedPathStart: Double? = nil
        /// Dismissed: sliding out below the canvas (`closing`), then gone (`closed`).
        var closing = false
        var closed = false
        var askedToDismiss = false

        var topPage: [UInt8] { stack.last ?? [] }
    }

    let scroll: ScrollComponent
    var sheets: [Sheet] = []
    /// Input or a command moved something since the last step.
    var moved = false
    private var steppedAt = -Double.infinity
    private(set) var events: [HostEvent] = []
    /// Where the last pointer went down (canvas), for header taps.
    var downPoint = Point(x: 0, y: 0)
    /// Reduced motion (the session's `motion` command): what moves a sheet to an anchor without a
    /// finger on it — a command, a key, a tap on the grabber, header or dim — moves it at once. A
    /// drag still follows the pointer and its release still settles with the spring.
    var reducedMotion = false

    static let slideDuration = 0.5
    static let dimAlpha = 0.3

    init(scroll: ScrollComponent) { self.scroll = scroll }

    func index(_ id: [UInt8]) -> Int? { sheets.firstIndex { $0.id == id } }

    func report(_ name: StaticString, _ id: [UInt8], _ detail: [UInt8]? = nil) {
        guard events.count < Limits.maxPendingEvents else { return }
        var node = id
        if let detail { node += utf8(":") + detail }
        events.append(HostEvent(name: utf8(name), node: node))
    }

    func takeEvents() -> [HostEvent] {
        defer { events.removeAll() }
        return events
    }

    // MARK: Commands

    /// Sheet commands show and hide pages of the tree and add nothing to it.
    func perform(_ command: Command, _ context: inout CommandContext) throws(SessionError) -> CommandOutcome {
        guard case let .sheet(node, what) = command else { return .passed }
        let scene = context.scene, t = context.time
        let path = try scene.find(node)
        let sceneNode = scene.root.node(at: path)
        // Refused before any layout when the node is no sheet: a layout at the command's time (its
        // lists' windows, their rows asked for) would change the next tick of a refused command.
        guard sceneNode.sheet != nil else { throw SessionError("sheet: the node is not a sheet on screen") }
        _ = context.layout()  // a sheet has its state once laid out
        guard let i = index(node), !sheets[i].closed else {
            throw SessionError("sheet: the node is not a sheet on screen")
        }
        switch what {
        case let .snap(to: anchor, animated):
            guard let p = sheets[i].geometry.position(ofAnchor: anchor) else { throw SessionError("sheet: no anchor \(anchor)") }
            go(i, to: p, animated: animated, at: t)
        case .expand: go(i, to: 0, animated: true, at: t)
        case .collapse: go(i, to: sheets[i].geometry.ys.count - 1, animated: true, at: t)
        case let .push(page):
            guard sceneNode.children.contains(where: { $0.id == page }) else { throw SessionError("sheet: push names no page of the sheet") }
            guard !sheets[i].stack.contains(page) else { throw SessionError("sheet: the page is on the stack already") }
            guard sheets[i].slide == nil else { throw SessionError("sheet: a page is sliding; push when it is done") }
            guard sheets[i].stack.count < Bounds.sheetPages.upperBound else { throw SessionError("sheet: at most \(Bounds.sheetPages.upperBound) pages on the stack") }
            sheets[i].stack.append(page)
            slide(i, page, popping: false, at: t)
            report("pagePushed", node, page)
        case .pop:
            guard sheets[i].stack.count > 1, sheets[i].slide == nil else { return .changed }  // as UINavigationController
            slide(i, sheets[i].topPage, popping: true, at: t)
            report("pagePopped", node, sheets[i].topPage)
        case .popToRoot:
            guard sheets[i].stack.count > 1, sheets[i].slide == nil else { return .changed }
            let top = sheets[i].topPage
            sheets[i].stack = [sheets[i].stack[0], top]
            slide(i, top, popping: true, at: t)
            report("pagePopped", node, top)
        case let .setPages(pages):
            for page in pages where !sceneNode.children.contains(where: { $0.id == page }) {
                throw SessionError("sheet: setPages names a page that is not a child of the sheet")
            }
            for (k, page) in pages.enumerated() where pages[..<k].contains(page) {
                throw SessionError("sheet: setPages names a page twice")
            }
            guard sheets[i].slide == nil else { throw SessionError("sheet: a page is sliding; set the pages when it is done") }
            sheets[i].stack = pages
        case let .setAnchors(anchors, snapTo, animated):
            sheets[i].style.anchors = anchors
            pendingSnap = (node, snapTo, animated)
        case let .dismiss(close):
            guard sheets[i].askedToDismiss else { return .changed }
            sheets[i].askedToDismiss = false
            if close { dismiss(i, velocity: 0, at: t) }
        }
        moved = true
        return .changed
    }

    /// After `setAnchors`, the snap waits for the next install (which knows the new geometry).
    private var pendingSnap: (id: [UInt8], anchor: Int?, animated: Bool)? = nil

    func go(_ i: Int, to position: Int, animated: Bool, at t: Double) {
        let p = min(max(position, 0), sheets[i].geometry.ys.count - 1)
        let changed = p != sheets[i].anchor
        sheets[i].anchor = p
        sheets[i].motion.move(to: sheets[i].geometry.ys[p], animated: animated && !reducedMotion, at: t)
        if changed { anchorChanged(i) }
        moved = true
    }

    func anchorChanged(_ i: Int) {
        let given = sheets[i].geometry.indices[sheets[i].anchor]
        report("anchorChanged", sheets[i].id, sheets[i].style.anchors[given].name)
    }

    func slide(_ i: Int, _ page: [UInt8], popping: Bool, at t: Double) {
        let h = sheets[i].geometry.height
        var value = AnimatedValue(popping ? 0 : h, at: t)
        value.tween(to: popping ? h : 0, duration: Self.slideDuration, curve: .easeInOut, at: t)
        let path = SampledPath.sampling(from: t, to: t + Self.slideDuration, every: SheetMotion.pathInterval,
                                        last: popping ? h : 0) { value.value(at: $0) }
        sheets[i].slide = (page, popping, path, t + Self.slideDuration)
    }

    func dismiss(_ i: Int, velocity: Double, at t: Double) {
        sheets[i].closing = true
        sheets[i].motion.freeBelow = true
        sheets[i].motion.release(to: sheets[i].geometry.height, velocity: velocity, at: t)
        moved = true
    }

    // MARK: The tree

    /// What installing adds at most: a dim, a chevron, a close button ("×") and a grabber per sheet
    /// of the tree, presented or not.
    var installed: TreeBound { TreeBound(nodes: 4 * sheetNodes, textBytes: 2 * sheetNodes) }
    private var sheetNodes = 0

    func install(into root: Node, _ context: InstallContext) -> Node {
        sheetNodes = root.children.reduce(0) { $0 + ($1.sheet == nil ? 0 : 1) }
        guard sheetNodes > 0 else { sheets.removeAll(); return root }
        var out = root
        var children: [Node] = []
        var seen: [[UInt8]] = []
        let width = context.scene.width, height = context.scene.height
        let palette = Palette.of(context.scene.appearance)
        for child in root.children {
            guard let style = child.sheet else { children.append(child); continue }
            // A hidden sheet is not presented: it has no state, and showing it slides it in.
            guard !child.hidden else { continue }
            seen.append(child.id)
            let i = state(for: child, style, width: width, height: height, safeArea: context.scene.safeArea)
            guard let i, !sheets[i].closed else { continue }
            let s = sheets[i]
            let top = s.geometry.top
            let sheetHeight = max(1, height - top)

            var dim = Node(id: s.keys.dim, kind: .view)
            dim.frame = Rect(x: 0, y: 0, width: width, height: height)
            dim.background = Color(r: 0, g: 0, b: 0)
            dim.link = PositionLink(key: dim.id, role: .opacity)
            children.append(dim)

            var sheet = child
            sheet.frame = Rect(x: 0, y: top, width: width, height: sheetHeight)
            sheet.width = nil; sheet.height = nil
            if sheet.background == nil { sheet.background = palette.background }
            sheet.cornerRadius = s.style.cornerRadius
            sheet.link = PositionLink(key: child.id, role: .offsetY,
                                      cornerRadius: s.style.animatesCorners ? s.keys.corners : nil)
            let sliding = s.slide?.page
            var pages: [Node] = []
            for var page in child.children {
                let onTop = page.id == s.topPage
                let underSlide = s.slide != nil && s.stack.count >= 2 && page.id == s.stack[s.stack.count - 2]
                page.hidden = page.hidden || !(onTop || underSlide || page.id == sliding)
                page.frame = Rect(x: 0, y: 0, width: width, height: sheetHeight)
                // A sliding page covers the one under it.
                if page.id == sliding {
                    if page.background == nil { page.background = sheet.background }
                    page.cornerRadius = max(page.cornerRadius, s.style.cornerRadius)
                }
                if s.slide != nil { page.interactive = false }
                if page.id == sliding { page.link = PositionLink(key: s.keys.page, role: .offsetY) }
                pages.append(page)
            }
            // The sliding page lies above the one it covers or reveals.
            if let sliding, let k = pages.firstIndex(where: { $0.id == sliding }) { pages.append(pages.remove(at: k)) }
            if s.style.chevron {
                var chevron = Node(id: child.id + utf8("/chevron"), kind: .view)
                chevron.frame = Rect(x: width / 2 - 15, y: 5, width: 30, height: 4)
                chevron.cornerRadius = 2
                chevron.background = .semantic("tertiaryLabel")
                chevron.interactive = false
                pages.append(chevron)
            }
            if s.style.closeButton && s.stack.count > 1 && s.slide == nil {
                var close = Node(id: s.keys.close, kind: .button(Self.closeStyle))
                close.frame = Rect(x: width - 40, y: 10, width: 30, height: 30)
                close.cornerRadius = 15
                close.padding = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
                close.background = Color(r: 118, g: 118, b: 128, a: 31)
                pages.append(close)
            }
            var grabber = Node(id: s.keys.grabber, kind: .button(Self.grabberStyle))
            grabber.frame = Rect(x: width / 2 - 30, y: 0, width: 60, height: 20)
            grabber.background = Color(r: 0, g: 0, b: 0, a: 0)
            pages.append(grabber)
            sheet.children = pages
            children.append(sheet)
        }
        sheets.removeAll { !seen.contains($0.id) }
        presentedBefore = true
        out.children = children
        return out
    }

    static let closeStyle: ButtonStyle = {
        var style = ButtonStyle()
        style.title = utf8("×")
        style.fontSize = 20
        style.fontWeight = 500
        style.titleColor = Color(r: 60, g: 60, b: 67, a: 153)
        style.action = utf8("close")
        return style
    }()

    static let grabberStyle: ButtonStyle = {
        var style = ButtonStyle()
        style.action = utf8("grabber")
        return style
    }()

    /// The sheet's state, made at its initial anchor the first time; the geometry follows the
    /// canvas and the top page (an anchor keeps its index through a resize).
    private func state(for node: Node, _ style: SheetStyle, width: Double, height: Double, safeArea: EdgeInsets) -> Int? {
        let existing = index(node.id)
        var styleNow = style
        if let i = existing { styleNow.anchors = sheets[i].style.anchors }
        let stack = existing.map { sheets[$0].stack } ?? (style.pages.isEmpty ? [node.children[0].id] : style.pages)
        let topPage = node.children.first { $0.id == stack.last } ?? node.children[0]
        let fit = Intrinsic.height(of: topPage, width: width) ?? topPage.height ?? height / 2
        let geometry = SheetGeometry(styleNow, canvasHeight: height, safeArea: safeArea, fitHeight: fit)
        guard let i = existing else {
            let start = style.initialAnchor.flatMap { geometry.position(ofAnchor: $0) } ?? geometry.ys.count - 1
            // On screen from the start it is at its anchor; presented later, it slides up from below.
            var motion = SheetMotion(at: presentedBefore ? height : geometry.ys[start])
            Self.bound(&motion, geometry, style)
            if presentedBefore {
                motion.freeBelow = true
                motion.move(to: geometry.ys[start], animated: true, at: time)
                motion.freeBelow = style.dismissible
                moved = true
            }
            let keys = (node.id + utf8("/dim"), node.id + utf8("/page"), node.id + utf8("/grabber"), node.id + utf8("/close"),
                        node.id + utf8("/corners"))
            sheets.append(Sheet(id: node.id, keys: keys, style: styleNow, geometry: geometry, motion: motion, anchor: start, stack: stack))
            return sheets.count - 1
        }
        let before = sheets[i].geometry
        sheets[i].geometry = geometry
        sheets[i].style = styleNow
        Self.bound(&sheets[i].motion, geometry, styleNow)
        if let pending = pendingSnap, pending.id == node.id {
            pendingSnap = nil
            let y = sheets[i].motion.y(at: time)
            let p = pending.anchor.flatMap { geometry.position(ofAnchor: $0) } ?? geometry.nearest(to: y)
            sheets[i].anchor = p
            sheets[i].motion.move(to: geometry.ys[p], animated: pending.animated, at: time)
            anchorChanged(i)
            moved = true
        } else if before.ys != geometry.ys, !sheets[i].motion.isDragging, !sheets[i].closing {
            sheets[i].anchor = min(sheets[i].anchor, geometry.ys.count - 1)
            sheets[i].motion.move(to: geometry.ys[sheets[i].anchor], animated: false, at: time)
            moved = true
        }
        return i
    }

    private static func bound(_ motion: inout SheetMotion, _ geometry: SheetGeometry, _ style: SheetStyle) {
        motion.upper = geometry.top
        motion.lower = geometry.bottom
        motion.bounces = style.bounces
        motion.dimension = geometry.height
        if style.dismissible { motion.freeBelow = true }
    }

    /// Set after the first install: sheets that appear later are presented (they slide in).
    private var presentedBefore = false

    /// The session's time at the last settle (install has no time of its own).
    private var time = 0.0

    /// A wheel turn's snap to the nearest anchor, due once the wheel rests; the rest of a spring on
    /// a path, and the end of a page's slide (each then ends in one step).
    var nextSettle: Double? {
        var first: Double? = nil
        for s in sheets {
            if let at = s.wheelSnapAt { first = min(first ?? at, at) }
            if let at = s.slide?.end { first = min(first ?? at, at) }
            if s.motion.path != nil, let at = s.motion.restTime { first = min(first ?? at, at) }
        }
        return first
    }

    func settle(at t: Double) -> Bool {
        time = t
        var changed = false
        for i in sheets.indices {
            if let slide = sheets[i].slide, t >= slide.end {
                if slide.popping { sheets[i].stack.removeAll { $0 == slide.page } }
                sheets[i].slide = nil
                changed = true
            }
            if let at = sheets[i].wheelSnapAt, t >= at {
                sheets[i].wheelSnapAt = nil
                release(i, velocity: 0, at: at)
            }
            guard sheets[i].motion.settle(at: t) else { continue }
            moved = true  // the frame shows where it came to rest
            if sheets[i].closing {
                sheets[i].closed = true
                report("closed", sheets[i].id)
                changed = true
            }
        }
        return changed
    }

    // MARK: What the session reads

    /// Each sheet's translation from its laid-out top, its dim, and its sliding page's y (channel
    /// `.link`: the sheet and dim nodes carry `PositionLink`s to them).
    func publish(into positions: inout MovingValues, at t: Double) {
        for s in sheets where !s.closed {
            let y = s.motion.drawnY(at: t)
            positions.set(y - s.geometry.top, of: s.id, .link)
            positions.set(Self.dimAlpha * s.geometry.dim(at: y), of: s.keys.dim, .link)
            if s.style.animatesCorners {
                positions.set(s.style.cornerRadius * (1 - s.geometry.dim(at: y)), of: s.keys.corners, .link)
            }
            if let path = s.motion.path { Self.publish(path, of: s, into: &positions) }
            if let slide = s.slide {
                positions.set(slide.path.value(at: t), of: s.keys.page, .link)
                positions.setPath(slide.path, of: s.keys.page, .link)
            }
        }
    }

    /// A sheet springing untouched along `path` (its top): the whole way of each linked value,
    /// told to hosts once.
    @inline(never)  // for size: out of the tick's publish
    private static func publish(_ path: SampledPath, of s: Sheet, into positions: inout MovingValues) {
        var offsets = path, dims = path, corners = path
        for (k, y) in path.values.enumerated() {
            let dim = s.geometry.dim(at: y)
            offsets.values[k] = y - s.geometry.top
            dims.values[k] = dimAlpha * dim
            corners.values[k] = s.style.cornerRadius * (1 - dim)
        }
        positions.setPath(offsets, of: s.id, .link)
        positions.setPath(dims, of: s.keys.dim, .link)
        if s.style.animatesCorners { positions.setPath(corners, of: s.keys.corners, .link) }
    }

    /// Where the sheet `id`'s top is drawn at `t`, and the name of the anchor it rests at or heads to.
    func top(of id: [UInt8], at t: Double) -> Double? { index(id).map { sheets[$0].motion.y(at: t) } }

    func anchorName(of id: [UInt8]) -> [UInt8]? {
        index(id).map { sheets[$0].style.anchors[sheets[$0].geometry.indices[sheets[$0].anchor]].name }
    }

    /// The sheet that keeps keyboard focus inside it: the last one expanded to its top anchor,
    /// where it dims what is behind (modal).
    var focusTrap: [UInt8]? {
        sheets.last { !$0.closed && !$0.closing && $0.anchor == 0 && $0.geometry.dim(at: $0.geometry.top) > 0 }?.id
    }

    func needsStep(at t: Double) -> Bool {
        if moved { return true }
        for s in sheets {
            if s.motion.isDragging { return true }
            // A page's slide is told once too: a step when it begins.
            if let slide = s.slide, slide.path.start != s.steppedSlideStart { return true }
            // A spring on a path is told once: nothing to step until it comes to rest (`nextSettle`).
            if s.motion.path?.start != s.steppedPathStart { return true }
            if let rest = s.motion.restTime, rest > steppedAt, s.motion.path == nil { return true }
        }
        return false
    }

    /// Now while it moves; it never waits to move by itself (a wheel's snap is a `nextSettle`).
    func nextStep(at t: Double) -> Double? { needsStep(at: t) ? t : nil }

    func didStep(at t: Double) {
        moved = false
        steppedAt = t
        for i in sheets.indices {
            sheets[i].steppedPathStart = sheets[i].motion.path?.start
            sheets[i].steppedSlideStart = sheets[i].slide?.path.start
        }
    }

    func reducedMotionChanged(_ reduced: Bool) { reducedMotion = reduced }

    /// A presented sheet's dim is modal.
    func describe(_ box: LayoutBox, into semantics: inout BoxSemantics) {
        if box.node.link?.role == .opacity, sheets.contains(where: { $0.keys.dim == box.node.id }) { semantics.modal = true }
    }

    /// The sheets presented, with their anchors.
    func describe(_ description: inout AccessibilityDescription, values: MovingValues) {
        for s in sheets where !s.closed && !s.closing {
            description.sheets.append(.init(node: s.id, grabber: s.keys.grabber, anchor: s.anchor, anchors: s.geometry.ys.count))
        }
    }
}

extension Session {
    /// The session's sheet component (for tests: where a sheet is, its anchor).
    var sheets: SheetComponent { component(SheetComponent.self)! }
}
