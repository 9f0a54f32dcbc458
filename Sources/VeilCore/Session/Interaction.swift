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

    /// The gesture candidates under `point`, innermost first: the topmost visible button (taps).
    /// Scroll containers and sheets will add their pans here.
    static func targets(at point: Point, in root: LayoutBox) -> [GestureTarget] {
        guard let button = Interaction.button(at: point, in: root) else { return [] }
        return [GestureTarget(id: button.node.id, wants: .tap)]
    }

    /// Follows what the gesture router decided for `pointer` (its pressed look, its taps) and where
    /// it is now; returns the event to report, if any.
    public mutating func apply(_ events: [GestureRouter.Event], pointer p: PointerEvent, in root: LayoutBox) -> HostEvent? {
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
                break  // no pan consumers yet (scroll containers and sheets)
            }
        }
        if p.phase == .move, let i = trackIndex(p.pointer) {
            tracking[i].inside = Interaction.button(at: Point(x: p.x, y: p.y), in: root)?.node.id == tracking[i].button
        }
        return report
    }

    /// Applies a key event; returns the event to report, if any.
    public mutating func key(_ k: KeyEvent, in root: LayoutBox) -> HostEvent? {
        guard k.phase == .down else { return nil }
        switch k.key {
        case utf8("Tab"):
            // Through the focusables in order; past the last (or, with Shift, before the first)
            // focus leaves the canvas: the host moves it to the page's next element.
            let buttons = Interaction.buttons(in: root)
            let current = buttons.firstIndex { $0.box.node.id == focused }
            let next: Int
            if let current {
                next = current + (k.shift ? -1 : 1)
            } else {
                next = k.shift ? buttons.count - 1 : 0
            }
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
    static func button(at point: Point, in root: LayoutBox) -> LayoutBox? {
        buttons(in: root).last { $0.box.frame.contains(point) && ($0.clip?.contains(point) ?? true) }?.box
    }

    /// A visible button and the clip its ancestors put on it.
    struct Target {
        var box: LayoutBox
        var clip: Rect?
    }

    /// Visible buttons in drawing order.
    static func buttons(in root: LayoutBox) -> [Target] {
        var result: [Target] = []
        collect(root, clip: nil, into: &result)
        return result
    }

    private static func collect(_ box: LayoutBox, clip: Rect?, into result: inout [Target]) {
        let node = box.node
        // Drawn (Visibility), taking input (a leaving overlay does not), and not on its way in
        // from fully transparent.
        guard Visibility.isVisible(box, clip: clip), node.interactive, node.opacity > 0 else { return }
        if case .button = node.kind { result.append(Target(box: box, clip: clip)) }
        let childClip = Visibility.childClip(box, clip: clip)
        for child in box.children { collect(child, clip: childClip, into: &result) }
    }
}
