/// What assistive technology should know of a session's current layout, for hosts that mirror it in
/// a hidden DOM (Web/a11y.js): whether content is loading, the texts of the statuses shown, and the
/// buttons one can press. Built from the layout (`Session.layout()`), so it follows every command,
/// timeline action and reaction alike. Hidden and fully transparent nodes, and everything under a
/// skeleton placeholder (its content is not on screen), are left out.
public struct AccessibilityDescription: Sendable {
    /// A button on screen: its node id, title, the event its tap reports, and its frame (canvas
    /// points, before any scrolling of the containers around it).
    public struct Button: Sendable {
        public var node: [UInt8]
        public var title: [UInt8]
        public var action: [UInt8]
        public var frame: Rect
    }

    /// A skeleton or an activity indicator (a loading status, a spinner overlay) is shown, or a
    /// list is refreshing or loading more.
    public internal(set) var busy = false
    /// Per status shown (`<host>/status` overlays): its labels' texts joined by ". ".
    public private(set) var statuses: [(node: [UInt8], text: [UInt8])] = []
    public private(set) var buttons: [Button] = []
    /// Lists and scroll containers a pull would refresh now (a host offers a Refresh action).
    public private(set) var refreshable: [[UInt8]] = []

    /// Bounds the description whatever the scene holds (a list of a million rows has few on screen).
    static let maxButtons = 256
    static let maxStatusBytes = 4096

    public init(_ root: LayoutBox) { visit(root) }

    private mutating func visit(_ box: LayoutBox) {
        let node = box.node
        if node.hidden || node.opacity <= 0 { return }
        if node.skeletonMark != nil { busy = true; return }
        switch node.kind {
        case .activityIndicator:
            busy = true
        case let .button(style):
            if buttons.count < Self.maxButtons, node.interactive {
                buttons.append(Button(node: node.id, title: style.title, action: style.action, frame: box.frame))
            }
        default:
            break
        }
        if node.scrolls, node.refresh?.enabled == true, refreshable.count < Self.maxButtons {
            refreshable.append(node.id)
        }
        if Self.isStatus(node.id) {
            var text: [UInt8] = []
            collectText(box, into: &text)
            statuses.append((node.id, text))
        }
        for child in box.children { visit(child) }
    }

    /// The labels' texts of a status view, in reading order (buttons are listed apart).
    private func collectText(_ box: LayoutBox, into text: inout [UInt8]) {
        let node = box.node
        if node.hidden || node.opacity <= 0 { return }
        if case let .label(style) = node.kind, !style.text.isEmpty,
           text.count + style.text.count + 2 <= Self.maxStatusBytes {
            if !text.isEmpty { text.append(contentsOf: [0x2E, 0x20]) }  // ". "
            text.append(contentsOf: style.text)
        }
        for child in box.children { collectText(child, into: &text) }
    }

    /// Status overlays are named `<host>/status` (StatusView).
    private static func isStatus(_ id: [UInt8]) -> Bool {
        let suffix: [UInt8] = [0x2F, 0x73, 0x74, 0x61, 0x74, 0x75, 0x73]  // "/status"
        return id.count > suffix.count && Array(id[(id.count - suffix.count)...]) == suffix
    }

    /// `{"busy":B,"statuses":[{"node":…,"text":…}],"buttons":[{"node":…,"title":…,"action":…,
    /// "x":…,"y":…,"width":…,"height":…}],"refreshable":[id…]}`; coordinates in whole points.
    public var json: [UInt8] {
        var out: [UInt8] = []
        out.append(contentsOf: utf8("{\"busy\":"))
        out.append(contentsOf: busy ? utf8("true") : utf8("false"))
        out.append(contentsOf: utf8(",\"statuses\":["))
        for (i, s) in statuses.enumerated() {
            if i > 0 { out.append(0x2C) }
            out.append(contentsOf: UTF8Text("{\"node\":").bytes + FrameJSON.stringLiteral(s.node))
            out.append(contentsOf: UTF8Text(",\"text\":").bytes + FrameJSON.stringLiteral(s.text) + [0x7D])
        }
        out.append(contentsOf: UTF8Text("],\"buttons\":[").bytes)
        for (i, b) in buttons.enumerated() {
            if i > 0 { out.append(0x2C) }
            out.append(contentsOf: UTF8Text("{\"node\":").bytes + FrameJSON.stringLiteral(b.node))
            out.append(contentsOf: UTF8Text(",\"title\":").bytes + FrameJSON.stringLiteral(b.title))
            out.append(contentsOf: UTF8Text(",\"action\":").bytes + FrameJSON.stringLiteral(b.action))
            let f = b.frame
            out.append(contentsOf: UTF8Text(",\"x\":\(Self.points(f.x)),\"y\":\(Self.points(f.y)),\"width\":\(Self.points(f.width)),\"height\":\(Self.points(f.height))}").bytes)
        }
        out.append(contentsOf: utf8("],\"refreshable\":["))
        for (i, id) in refreshable.enumerated() {
            if i > 0 { out.append(0x2C) }
            out.append(contentsOf: FrameJSON.stringLiteral(id))
        }
        out.append(contentsOf: UTF8Text("]}").bytes)
        return out
    }

    /// Whole points, clamped to what the wire allows (no Double formatting in veil.wasm).
    private static func points(_ v: Double) -> Int {
        guard v.isFinite else { return 0 }
        return Int(max(-1_000_000_000, min(1_000_000_000, v.rounded())))
    }
}
