/// What one frame may hold, so that every message the session sends decodes (WireLimits) and a
/// tick's work stays bounded: entries (items and layers, `Limits.maxEntriesDrawn`) and paint slots (its text is bounded by the tree: `Limits.maxTextLaidOut`,
/// one "…" per label more). A node is drawn only if what it can add — its
/// own items before its children, and what it adds after them (layers closing, a list's
/// separators, what components draw after them) — still
/// fits; otherwise it and everything after it in painter's order is left out, and the session
/// reports a "truncated" event naming the first node left out (docs/PROTOCOL.md).
struct RenderBudget {
    static let maxEntries = Limits.maxEntriesDrawn
    static let maxPaints = WireLimits.maxPaints

    /// Entries that nodes being drawn may still add after their children.
    var owedEntries = 0
    /// The first node left out, if one was.
    var firstLeftOut: [UInt8]? = nil

    /// Whether `box` fits, given the entries emitted and the paint slots held so far. Inlined: one
    /// caller, on every box drawn.
    @inline(__always)
    mutating func admits(_ box: LayoutBox, entries: Int, paintsHeld: Int) -> Bool {
        let node = box.node
        guard firstLeftOut == nil,
              entries + owedEntries + Self.entriesBefore(node) + Self.entriesAfter(box) <= Self.maxEntries,
              paintsHeld + Self.paints(node) <= Self.maxPaints else {
            if firstLeftOut == nil { firstLeftOut = node.id }
            return false
        }
        return true
    }

    /// Whether a layer drawn earlier, of `count` entries, can be taken as it is.
    func admitsEarlier(entries: Int, count: Int) -> Bool {
        entries + owedEntries + count <= Self.maxEntries
    }

    /// Most entries a node draws itself before its children: background, image, focus ring, its
    /// lines (`Limits.maxLinesPerLabel`) and what components draw for it instead (a skeleton's
    /// placeholders: `ComponentDrawing.mostDrawn`).
    static func entriesBefore(_ node: Node) -> Int {
        var n = 4
        switch node.kind {
        case .label, .button: n += Limits.maxLinesPerLabel
        default: break
        }
        n += ComponentDrawing.mostDrawn(node)
        return n
    }

    /// Most entries a node adds after its children: its layer closing, a list's separators, and
    /// what components add (a content layer closing, an indicator, animators, flat layers).
    static func entriesAfter(_ box: LayoutBox) -> Int {
        var n = 8
        if case .list = box.node.kind { n += box.children.count }
        return n
    }

    /// Most paint slots a node's drawing takes: a few colours, and one per item components draw
    /// for it (a skeleton placeholder's paint per line).
    static func paints(_ node: Node) -> Int {
        16 + ComponentDrawing.mostDrawn(node)
    }
}
