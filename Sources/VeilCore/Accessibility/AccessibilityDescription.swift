/// What assistive technology should know of a session's current layout, for hosts that mirror it in
/// a hidden DOM (Web/a11y.js): whether content is loading, the texts of the statuses shown, the
/// content on screen (the rows of lists and scroll containers in view, other labels), and the
/// buttons one can press, where they are drawn. Built from the layout (`Session.layout()`) and the
/// scroll and sheet positions of the moment, so it follows every command, timeline action, reaction
/// and scroll alike. Hidden and fully transparent nodes, everything under a skeleton placeholder
/// (its content is not on screen), and buttons scrolled out of view are left out.
public struct AccessibilityDescription: Sendable {
    /// A button on screen: its node id, title, the event its tap reports, and the part of it that
    /// is drawn (canvas points: moved by the scrolling containers and sheets around it, clipped to
    /// their viewports and the canvas), so a tap at its centre lands on it.
    public struct Button: Sendable {
        public var node: [UInt8]
        public var title: [UInt8]
        public var action: [UInt8]
        public var frame: Rect
    }

    /// A presented sheet: its grabber button's node (described among `buttons` while drawn), the
    /// anchor it rests at or heads to (0 = the top, expanded) and how many anchors it has. A tap on
    /// the grabber moves it to the next anchor up, from the top back to the bottom.
    public struct Sheet: Sendable {
        public var node: [UInt8]
        public var grabber: [UInt8]
        public var anchor: Int
        public var anchors: Int
    }

    /// Text on screen, in reading order: the rows of a list or scroll container (`node`: its id;
    /// one item per row or child in view, its labels' texts joined by ". "), or labels outside any
    /// (`node` empty, an item each). `end` is the scroll offset of the container's end when it
    /// loads more there (a host offers "Load more", scrolling to it); nil otherwise.
    public struct Content: Sendable {
        public var node: [UInt8]
        public var items: [[UInt8]] = []
        public var end: Double? = nil
    }

    /// A skeleton or an activity indicator (a loading status, a spinner overlay) is shown, or a
    /// list is refreshing or loading more.
    public internal(set) var busy = false
    /// Per status shown (the status views the status component shows): its labels' texts joined by ". ".
    public private(set) var statuses: [(node: [UInt8], text: [UInt8])] = []
    public private(set) var buttons: [Button] = []
    /// A modal sheet's dim is shown: what lies under it takes no tap (its buttons are left out), and
    /// a host keeps focus among the buttons described (a dialog's focus trap).
    public private(set) var modal = false
    /// Lists and scroll containers a pull would refresh now (a host offers a Refresh action).
    public private(set) var refreshable: [[UInt8]] = []
    /// The sheets presented (the session fills them in: their anchors are its state, not layout's).
    public internal(set) var sheets: [Sheet] = []
    public private(set) var content: [Content] = []

    /// Bounds the description whatever the scene holds (a list of a million rows has few on screen).
    static let maxButtons = 256
    static let maxStatusBytes = 4096
    static let maxItems = 256
    static let maxContentBytes = 32_768
    private var contentBytes = 0
    private var items = 0

    /// The description of `root` drawn with the containers and sheets where `values` puts them,
    /// each box with what `components` say of it (`BoxSemantics`), then what they say of themselves.
    init(_ root: LayoutBox, values: MovingValues, components: [any Component]) {
        visit(root, BoxPlacement(clip: root.frame), Reading(components: components), values)
        for component in components { component.describe(&self, values: values) }
    }

    /// What the walk carries down besides where a box is drawn (`BoxPlacement`, as hit-testing
    /// places it): whether input reaches it (no ancestor turned it off), whether it is inside a
    /// container's row, whose text is read as one item (its labels are not items), and whom to
    /// ask what a box means.
    private struct Reading {
        let components: [any Component]
        var tappable = true
        var inRow = false
    }

    private mutating func visit(_ box: LayoutBox, _ parent: BoxPlacement, _ reading: Reading, _ values: MovingValues) {
        let node = box.node
        if node.hidden || node.opacity <= 0 { return }
        let semantics = BoxSemantics.of(box, reading.components)
        if semantics.busy { busy = true }
        if semantics.contentCovered {
            for overlay in box.children.suffix(node.overlays.count) { visit(overlay, parent, reading, values) }
            return
        }
        guard let at = parent.entering(box, values) else { return }
        let clip = at.clip ?? box.frame
        let drawn = at.frame(of: box)
        if semantics.modal {
            // A tap on what it covers lands on it, so those buttons cannot be pressed (nor tabbed
            // to) while it shows.
            let dim = drawn.intersection(clip)
            buttons.removeAll { dim.intersects(Rect(x: $0.frame.center.x - 0.5, y: $0.frame.center.y - 0.5, width: 1, height: 1)) }
            modal = true
        }
        var reading = reading
        reading.tappable = reading.tappable && node.interactive
        switch node.kind {
        case .activityIndicator:
            busy = true
        case let .button(style):
            let visible = drawn.intersection(clip)
            if buttons.count < Self.maxButtons, reading.tappable, visible.width >= 1, visible.height >= 1 {
                buttons.append(Button(node: node.id, title: style.title, action: style.action, frame: visible))
            }
        default:
            break
        }
        if semantics.refreshable, refreshable.count < Self.maxButtons { refreshable.append(node.id) }
        if semantics.status {
            var text: [UInt8] = []
            collectText(box, into: &text)
            statuses.append((node.id, text))
        }
        if case let .label(style) = node.kind, !reading.inRow, drawn.intersects(clip) { addItem(style.text, to: []) }
        let (rows, overlays) = at.children(of: box, values)
        let count = box.rowCount
        if node.scrolls && !reading.inRow {
            // A container's rows in view are its items, each read as one text.
            content.append(Content(node: node.id, end: semantics.loadsMoreAt))
            var inRow = reading
            inRow.inRow = true
            for child in box.children.prefix(count) {
                if !child.node.hidden, !BoxSemantics.of(child, reading.components).contentCovered,
                   rows.frame(of: child).intersects(rows.clip ?? child.frame) {
                    var text: [UInt8] = []
                    collectText(child, into: &text)
                    addItem(text, to: node.id)
                }
                visit(child, rows, inRow, values)
            }
            for child in box.children.dropFirst(count) { visit(child, overlays, reading, values) }
            return
        }
        for (i, child) in box.children.enumerated() { visit(child, i < count ? rows : overlays, reading, values) }
    }

    /// Adds `text` as an item of the container `node` (empty: outside any), within the bounds.
    private mutating func addItem(_ text: [UInt8], to node: [UInt8]) {
        guard !text.isEmpty, items < Self.maxItems, contentBytes + text.count <= Self.maxContentBytes else { return }
        items += 1
        contentBytes += text.count
        if !node.isEmpty, let k = content.lastIndex(where: { $0.node == node }) {
            content[k].items.append(text)
        } else if node.isEmpty, let last = content.indices.last, content[last].node.isEmpty {
            content[last].items.append(text)
        } else {
            content.append(Content(node: node, items: [text]))
        }
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

    /// `{"busy":B,"statuses":[{"node":…,"text":…}],"buttons":[{"node":…,"title":…,"action":…,
    /// "x":…,"y":…,"width":…,"height":…}],"refreshable":[id…],"sheets":[{"node":…,"grabber":…,
    /// "anchor":…,"anchors":…}],"content":[{"node":…,"end":…,"items":[text…]}]}`; coordinates in
    /// whole points (`end`, a scroll offset, only where the container loads more).
    public var json: [UInt8] {
        var out: [UInt8] = []
        out.append(contentsOf: utf8("{\"busy\":"))
        out.append(contentsOf: busy ? utf8("true") : utf8("false"))
        if modal { out.append(contentsOf: utf8(",\"modal\":true")) }
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
        out.append(contentsOf: utf8("],\"sheets\":["))
        for (i, s) in sheets.enumerated() {
            if i > 0 { out.append(0x2C) }
            out.append(contentsOf: UTF8Text("{\"node\":").bytes + FrameJSON.stringLiteral(s.node))
            out.append(contentsOf: UTF8Text(",\"grabber\":").bytes + FrameJSON.stringLiteral(s.grabber))
            out.append(contentsOf: UTF8Text(",\"anchor\":\(s.anchor),\"anchors\":\(s.anchors)}").bytes)
        }
        out.append(contentsOf: utf8("],\"content\":["))
        for (i, c) in content.enumerated() {
            if i > 0 { out.append(0x2C) }
            out.append(contentsOf: UTF8Text("{\"node\":").bytes + FrameJSON.stringLiteral(c.node))
            if let end = c.end { out.append(contentsOf: UTF8Text(",\"end\":\(Self.points(end))").bytes) }
            out.append(contentsOf: utf8(",\"items\":["))
            for (k, item) in c.items.enumerated() {
                if k > 0 { out.append(0x2C) }
                out.append(contentsOf: FrameJSON.stringLiteral(item))
            }
            out.append(contentsOf: utf8("]}"))
        }
        out.append(contentsOf: UTF8Text("]}").bytes)
        return out
    }

    /// Whole points, clamped to what the wire allows (no Double formatting in veil.wasm).
    private static func points(_ v: Double) -> Int {
        v.isFinite ? Int.clamped(v.rounded()) : 0
    }
}
