/// What one frame may hold, so that every message the session sends decodes (WireLimits): entries
/// (items and layers), paint slots, and text bytes. A node is drawn only if what it can add — its
/// own items before its children, and what it adds after them (layers closing, a list's
/// separators, a scroll container's indicator and animators, a skeleton's two layers) — still
/// fits; otherwise it and everything after it in painter's order is left out, and the session
/// reports a "truncated" event naming the first node left out (docs/PROTOCOL.md).
struct RenderBudget {
    static let maxEntries = WireLimits.maxItems
    static let maxPaints = WireLimits.maxPaints
    static let maxTextBytes = Limits.maxFrameTextBytes

    /// Entries and text bytes that nodes being drawn may still add after their children.
    var owedEntries = 0
    var owedText = 0
    /// Text bytes emitted so far.
    var textBytes = 0
    /// The first node left out, if one was.
    var firstLeftOut: [UInt8]? = nil

    /// Whether `box` fits, given the entries emitted and the paint slots held so far.
    mutating func admits(_ box: LayoutBox, entries: Int, paintsHeld: Int) -> Bool {
        let node = box.node
        guard firstLeftOut == nil,
              entries + owedEntries + Self.entriesBefore(node) + Self.entriesAfter(box) <= Self.maxEntries,
              textBytes + owedText + Self.text(node) <= Self.maxTextBytes,
              paintsHeld + Self.paints(node) <= Self.maxPaints else {
            if firstLeftOut == nil { firstLeftOut = node.id }
            return false
        }
        return true
    }

    /// Whether a layer drawn earlier, of `count` entries and `text` bytes, can be taken as it is.
    func admitsEarlier(entries: Int, count: Int, text: Int) -> Bool {
        entries + owedEntries + count <= Self.maxEntries && textBytes + owedText + text <= Self.maxTextBytes
    }

    /// Most entries a node draws itself before its children: background, image, focus ring, its
    /// lines (`Limits.maxLinesPerLabel`) and its skeleton placeholders (`Limits.maxSkeletonRows`).
    static func entriesBefore(_ node: Node) -> Int {
        var n = 4
        switch node.kind {
        case .label, .button: n += Limits.maxLinesPerLabel
        default: break
        }
        if node.skeletonMark != nil { n += Limits.maxSkeletonRows }
        return n
    }

    /// Most entries a node adds after its children: its layer and content layer closing, a scroll
    /// indicator, the refresh and load-more items, a skeleton's two layers, a list's separators.
    static func entriesAfter(_ box: LayoutBox) -> Int {
        var n = 8
        if case .list = box.node.kind { n += box.children.count }
        return n
    }

    /// Most text bytes a node draws: its text or title, or a list's end text, with an ellipsis.
    static func text(_ node: Node) -> Int {
        switch node.kind {
        case let .label(style): return style.text.count + 3
        case let .button(style): return style.title.count + 3
        default: return (node.loadMore?.endText.count ?? 0) + 3
        }
    }

    /// Most paint slots a node's drawing takes: a few colours, and a skeleton placeholder's paint per line.
    static func paints(_ node: Node) -> Int {
        16 + (node.skeletonMark != nil ? Limits.maxSkeletonRows : 0)
    }
}
