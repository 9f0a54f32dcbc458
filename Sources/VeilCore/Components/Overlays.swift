/// The views a component lays over host nodes (status views, spinner overlays), with their fades.
/// They live beside the scene, not in it: `install(into:)` lays them over their hosts for layout.
/// One instance per component (statuses in one, spinners in another).
struct Overlays {
    struct Entry {
        var host: [UInt8]
        var node: Node
        /// When it was shown.
        var shownAt: Double
        /// Set while fading out: the entry is dropped at this time.
        var removeAt: Double?
    }

    private(set) var entries: [Entry] = []
    /// Counts departures, so that each leaving overlay gets ids of its own.
    private var departures = 0

    var isEmpty: Bool { entries.isEmpty }

    /// The most the overlays add to a layout, leaving ones included.
    var laidOut: TreeBound { entries.reduce(TreeBound()) { $0 + $1.node.mostLaidOut } }

    /// Refuses a view that would take the tree past `Limits.maxNodes` or `Limits.maxTextLaidOut`,
    /// before anything changes.
    static func admit(_ view: Node?, room: TreeBound, _ command: String) throws(SessionError) {
        guard let view else { return }
        let needs = view.mostLaidOut
        guard needs.nodes <= room.nodes && needs.textBytes <= room.textBytes else {
            throw SessionError("\(command): its view has \(needs.nodes) nodes and \(needs.textBytes) bytes of text; the scene has room for \(max(0, room.nodes)) and \(max(0, room.textBytes)) more (at most \(Limits.maxNodes) nodes and \(Limits.maxTextLaidOut) bytes in all)")
        }
    }

    /// Replaces the host's status (nil hides it), cross-dissolving when asked.
    mutating func setStatus(_ node: Node?, host: [UInt8], transition: OverlayTransition, at t: Double) {
        let duration: Double
        if case let .crossDissolve(d) = transition { duration = d } else { duration = 0 }
        for i in entries.indices where entries[i].host == host && entries[i].removeAt == nil {
            leave(i, duration: duration, at: t)
        }
        guard var node else { return }
        if duration > 0 { node.fade = Fade(from: 0, to: 1, start: t, duration: duration) }
        entries.append(Entry(host: host, node: node, shownAt: t, removeAt: nil))
    }

    /// Shows `overlay` (fading in over `d`) over `host`, or with nil hides (fading out) the host's
    /// one overlay (a spinner's); a second show is a no-op, so it never stacks.
    mutating func toggle(_ overlay: Node?, host: [UInt8], fade d: Double, at t: Double) {
        let existing = entries.lastIndex { $0.host == host }
        if let overlay {
            if let i = existing {
                guard entries[i].removeAt != nil else { return }
                // Coming back while fading out: fade in again from where it is.
                let now = entries[i].node.fade?.value(at: t) ?? 1
                entries[i].node.fade = Fade(from: now, to: 1, start: t, duration: d * (1 - now))
                entries[i].node.interactive = true
                entries[i].removeAt = nil
                return
            }
            var node = overlay
            node.fade = Fade(from: 0, to: 1, start: t, duration: d)
            entries.append(Entry(host: host, node: node, shownAt: t, removeAt: nil))
        } else if let i = existing, entries[i].removeAt == nil {
            leave(i, duration: d, at: t)
        }
    }

    private mutating func leave(_ i: Int, duration: Double, at t: Double) {
        guard duration > 0 else { entries[i].removeAt = t; return }
        // While it fades out, a replacement with the same ids may fade in: rename the leaving one so
        // every item id in the frame stays unique.
        departures += 1
        entries[i].node = entries[i].node.renamed(suffix: UTF8Text("~\(departures)").bytes)
        let now = entries[i].node.fade?.value(at: t) ?? 1
        entries[i].node.fade = Fade(from: now, to: 0, start: t, duration: duration * now)
        entries[i].node.interactive = false
        entries[i].removeAt = t + duration * now
    }

    /// Hosts covered (by an overlay that is not leaving), and since when.
    var covers: [(host: [UInt8], since: Double)] {
        entries.filter { $0.removeAt == nil }.map { ($0.host, $0.shownAt) }
    }

    /// When the next fade ends (a fade-in's, a leaving overlay's): the session settles then, the
    /// fades between being declared motions (`ItemMotion.fading`) that send nothing.
    var nextSettle: Double? {
        var next: Double? = nil
        for e in entries {
            guard let end = e.removeAt ?? e.node.fade.map({ $0.start + $0.duration }) else { continue }
            next = next.map { smaller($0, end) } ?? end
        }
        return next
    }

    /// Drops overlays whose fade-out ended and ends finished fade-ins; true when anything changed.
    mutating func removeFinished(at t: Double) -> Bool {
        if entries.isEmpty { return false }  // every tick asks: no removal made of nothing
        let before = entries.count
        entries.removeAll { ($0.removeAt.map { t >= $0 }) ?? false }
        var changed = entries.count != before
        for i in entries.indices where entries[i].removeAt == nil && entries[i].node.fade?.isOver(at: t) == true {
            entries[i].node.fade = nil
            changed = true
        }
        return changed
    }

    /// The tree with every overlay laid over its host, in the order shown.
    func install(into root: Node) -> Node {
        if entries.isEmpty { return root }
        var root = root
        for e in entries {
            guard let path = root.path(to: e.host) else { continue }
            root.update(at: path[...]) { $0.overlays.append(e.node) }
        }
        return root
    }
}
