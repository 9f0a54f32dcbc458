/// Pointer and keyboard interaction with buttons: hit-testing, the pressed look, keyboard focus,
/// and the taps reported to the host. Pointers go through the session's GestureRouter first, which
/// decides press, tap and pan; this follows its decisions for buttons.
///
/// A tap is a pointer going down and up inside the same button (leaving and coming back is fine,
/// like UIControl's touchUpInside); a cancel reports nothing. Tab / Shift-Tab move focus through the
/// visible buttons in tree order and, past the last or before the first, out of the canvas (a
/// `focusExit` event, node "next" or "previous": the host moves focus on in its page); Enter or
/// Space activates the focused one; Escape clears focus.
public struct Interaction: Sendable {
    /// Per pointer: the button it went down on, and whether it is inside it now. A few pointers at
    /// most, so a list (a Dictionary would pull hashing into veil.wasm).
    private var tracking: [(pointer: Int, button: [UInt8], inside: Bool)] = []
    public private(set) var focused: [UInt8]? = nil
    /// What had the focus when a focus trap began, given back when it ends.
    private var focusBeforeTrap: [UInt8]?? = nil

    /// Whether a focus trap begins or ends with `trap` (the id of what traps, or nil).
    func trapChanges(to trap: [UInt8]?) -> Bool { (trap != nil) != (focusBeforeTrap != nil) }

    /// A modal sheet expanded (`trap` its id) or went away (nil): focus moves in — kept when it
    /// is inside already (`keep`), else to nothing yet, so the next Tab takes the first focusable
    /// inside — or back to where it was. True when the focus changed.
    mutating func trapFocus(_ trap: [UInt8]?, keep: Bool) -> Bool {
        switch (trap, focusBeforeTrap) {
        case (.some, .none):
            focusBeforeTrap = .some(focused)
            guard !keep, focused != nil else { return false }
            focused = nil
            return true
        case (.none, .some(let before)):
            focusBeforeTrap = nil
            let changed = focused != before
            focused = before
            return changed
        default:
            return false
        }
    }

    public init() {}

    /// What of the interaction shows in a frame: the pressed buttons and the focus. A pointer or
    /// key event that leaves it unchanged needs no render.
    var drawnState: [[UInt8]] {
        var state = tracking.filter { $0.inside }.map { $0.button }
        state.append(focused ?? [])
        return state
    }

    public func isPressed(_ id: [UInt8]) -> Bool {
        for t in tracking where t.inside && t.button == id { return true }
        return false
    }

    /// Whether a press of `pointer` is being followed (its moves then need hit-testing).
    func tracks(_ pointer: Int) -> Bool { trackIndex(pointer) != nil }

    private func trackIndex(_ pointer: Int) -> Int? {
        tracking.firstIndex { $0.pointer == pointer }
    }

    private mutating func track(_ pointer: Int, _ button: [UInt8], inside: Bool) {
        if let i = trackIndex(pointer) {
            tracking[i] = (pointer, button, inside)
        } else {
            // Bounded: a host that never sends "up" cannot grow this; the oldest press is dropped.
            if tracking.count >= Limits.maxTrackedPointers { tracking.removeFirst() }
            tracking.append((pointer, button, inside))
        }
    }

    /// Stops tracking `pointer`; returns what was tracked.
    private mutating func untrack(_ pointer: Int) -> (pointer: Int, button: [UInt8], inside: Bool)? {
        guard let i = trackIndex(pointer) else { return nil }
        return tracking.remove(at: i)
    }

    /// The gesture candidates under `point`, innermost first: the topmost visible button (taps),
    /// then the boxes it lies in that take gestures (`gestures`: what the components take, such
    /// as pans of scroll containers along their axis), innermost first.
    static func targets(at point: Point, in root: LayoutBox, values: MovingValues = MovingValues(),
                        gestures: (LayoutBox) -> GestureTarget.Interests = { _ in [] }) -> [GestureTarget] {
        var chain: [GestureTarget] = []
        if let button = Interaction.button(at: point, in: root, values: values) {
            chain.append(GestureTarget(id: button.node.id, wants: .tap))
        }
        for box in boxes(at: point, in: root, values: values).reversed() {
            let wants = gestures(box)
            if !wants.isEmpty { chain.append(GestureTarget(id: box.node.id, wants: wants)) }
        }
        return chain
    }

    /// The boxes that take input under `point`, outermost first.
    static func boxes(at point: Point, in root: LayoutBox, values: MovingValues) -> [LayoutBox] {
        var result: [LayoutBox] = []
        visit(root, values) { target in
            if target.contains(point) { result.append(target.box) }
        }
        return result
    }

    /// Follows what the gesture router decided for `pointer` (its pressed look, its taps) and where
    /// it is now; returns the event to report, if any.
    mutating func apply(_ events: [GestureRouter.Event], pointer p: PointerEvent, in root: LayoutBox,
                        values: MovingValues = MovingValues()) -> HostEvent? {
        var report: HostEvent? = nil
        for event in events {
            switch event {
            case let .pressBegan(id): track(p.pointer, id, inside: true)
            case let .pressCancelled(id):
                // This pointer's press, or — when the router evicted its oldest pointer to make
                // room — whichever pointer pressed that button.
                if let i = trackIndex(p.pointer), tracking[i].button == id {
                    tracking.remove(at: i)
                } else if let i = tracking.firstIndex(where: { $0.button == id }) {
                    tracking.remove(at: i)
                }
            case let .tap(id):
                _ = untrack(p.pointer)
                if let box = root.box(of: id) { report = Interaction.tap(box.node) }
            case .panBegan, .panChanged, .panEnded, .panCancelled:
                break  // pans go to scroll containers (the session hands them over)
            }
        }
        if p.phase == .move, let i = trackIndex(p.pointer) {
            tracking[i].inside = Interaction.button(at: Point(x: p.x, y: p.y), in: root, values: values)?.node.id == tracking[i].button
        }
        return report
    }

    /// Applies a key event; returns the event to report, if any.
    /// A key going down. With a `trap` (an expanded modal sheet), Tab cycles through the
    /// focusables inside it and never leaves.
    public mutating func key(_ k: KeyEvent, in root: LayoutBox, trap: LayoutBox? = nil) -> HostEvent? {
        guard k.phase == .down else { return nil }
        switch k.key {
        case utf8("Tab"):
            // Through the focusables in order; past the last (or, with Shift, before the first)
            // focus leaves the canvas: the host moves it to the page's next element.
            let buttons = Interaction.buttons(in: trap ?? root)
            let current = buttons.firstIndex { $0.box.node.id == focused }
            var next: Int
            if let current {
                next = current + (k.shift ? -1 : 1)
            } else {
                next = k.shift ? buttons.count - 1 : 0
            }
            if trap != nil, !buttons.isEmpty { next = (next + buttons.count) % buttons.count }
            guard buttons.indices.contains(next) else {
                focused = nil
                return HostEvent(name: utf8("focusExit"), node: k.shift ? utf8("previous") : utf8("next"))
            }
            focused = buttons[next].box.node.id
            return nil
        case utf8("Enter"), utf8(" "):
            guard let focused else { return nil }
            guard let target = Interaction.buttons(in: root).first(where: { $0.box.node.id == focused }) else {
                return nil
            }
            return Interaction.tap(target.box.node)
        case utf8("Escape"):
            focused = nil
            return nil
        default:
            return nil
        }
    }

    static func tap(_ node: Node) -> HostEvent {
        if case let .button(style) = node.kind { return HostEvent(name: style.action, node: node.id) }
        return HostEvent(name: utf8("tap"), node: node.id)
    }

    /// The topmost visible button under `point` (the last one drawn there).
    static func button(at point: Point, in root: LayoutBox, values: MovingValues = MovingValues()) -> LayoutBox? {
        buttons(in: root, values: values).last { $0.contains(point) }?.box
    }

    /// A visible box and where it is drawn (`BoxPlacement`: the clip its ancestors put on it, how far
    /// scrolling and sheets moved it).
    struct Target {
        var box: LayoutBox
        var placement: BoxPlacement

        var clip: Rect? { placement.clip }
        /// Canvas position = layout position − shift.
        var shift: Point { placement.shift }
        func contains(_ p: Point) -> Bool { placement.contains(p, in: box) }
    }

    /// Visible buttons in drawing order. Out of line (for size): four callers.
    @inline(never)
    static func buttons(in root: LayoutBox, values: MovingValues = MovingValues()) -> [Target] {
        var result: [Target] = []
        visit(root, values) { target in
            if case .button = target.box.node.kind { result.append(target) }
        }
        return result
    }

    /// Every box that takes input, in drawing order: drawn (Visibility), taking input (a leaving
    /// overlay does not), and not on its way in from fully transparent; placed as drawn (`BoxPlacement`).
    static func visit(_ root: LayoutBox, _ values: MovingValues, _ body: (Target) -> Void) {
        visit(root, BoxPlacement(), values, body)
    }

    private static func visit(_ box: LayoutBox, _ parent: BoxPlacement, _ values: MovingValues, _ body: (Target) -> Void) {
        let node = box.node
        guard Visibility.isVisible(box, clip: parent.cull), node.interactive, node.opacity > 0,
              let at = parent.entering(box, values) else { return }
        body(Target(box: box, placement: at))
        let (rows, overlays) = at.children(of: box, values)
        let count = box.rowCount
        for (i, child) in box.children.enumerated() { visit(child, i < count ? rows : overlays, values, body) }
    }
}
