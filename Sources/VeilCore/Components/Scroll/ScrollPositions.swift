/// Where every scroll container is at one moment, as the scroll component says: what layout (which
/// rows to make), the renderer (content offsets, indicators), hit-testing and the frame's animated
/// fields read. A container it does not list rests at offset 0 with hidden indicators.
struct ScrollPositions: Sendable {
    struct Entry: Sendable {
        var id: [UInt8]
        var offset: Double
        /// The scroll indicator's opacity, 0...1.
        var indicator: Double
        /// A refresh is under way (its animator shows the activity indicator).
        var refreshing = false
        /// A load of more content is under way (the footer's activity indicator turns).
        var loadingMore = false
        /// What a custom refresh view shows (layout makes it; a change is a new layout).
        var refreshState = RefreshViewState.idle
    }

    var entries: [Entry] = []
    /// Values other components drive on layers (a sheet's translation and dim), by key.
    var links: [(key: [UInt8], value: Double)] = []

    // Out of line for size: layout, hit-testing, accessibility and the renderer each read these.
    @inline(never)
    func link(_ key: [UInt8]) -> Double {
        for l in links where l.key == key { return l.value }
        return 0
    }

    /// A few containers at most: a linear search (a Dictionary would pull hashing into veil.wasm).
    @inline(never)
    func entry(_ id: [UInt8]) -> Entry? {
        for e in entries where e.id == id { return e }
        return nil
    }

    @inline(never)
    func offset(of id: [UInt8]) -> Double { entry(id)?.offset ?? 0 }

    /// The stretch of content a container's layout makes rows for: chunks of `chunk` points, so
    /// it changes only every `chunk` points of scrolling (then the session lays out again).
    func chunk(of id: [UInt8]) -> Int { ScrollWindow.chunk(offset(of: id)) }
}

/// A layer field that follows a value a component drives (`ScrollPositions.links`): the layer's
/// y moves by it, or its opacity is it. Set by the component's `install`; the renderer records it
/// as an animated field, so moving it costs one field per message.
struct PositionLink: Sendable, Equatable {
    enum Role: Sendable, Equatable { case offsetY, opacity, cornerRadius }
    var key: [UInt8]
    /// `.offsetY` or `.opacity` (of the node's layer).
    var role: Role
    /// The key of the value the node's background's corner radius follows, if any (a sheet whose
    /// corners square off as it reaches the top).
    var cornerRadius: [UInt8]? = nil
}

/// The part of a container's content that is laid out and drawn: the viewport plus a margin on
/// each side, aligned to chunks so that scrolling within a chunk needs no new rows.
enum ScrollWindow {
    static let chunkLength = 256.0
    static let margin = 256.0

    static func chunk(_ offset: Double) -> Int {
        Int.clamped((offset / chunkLength).rounded(.down))
    }

    /// Content coordinates (0 = the content's start) that must be laid out for chunk `c`.
    static func range(chunk c: Int, viewport: Double) -> (start: Double, end: Double) {
        let start = Double(c) * chunkLength - margin
        return (start, Double(c + 1) * chunkLength + viewport + margin)
    }
}
