/// The skeletons of a session, one per root node, with their delays and cross-dissolves. They live
/// beside the scene, not in it: `install(into:)` marks a copy of the tree for layout and drawing, so
/// hiding one restores every text, image, title and background as it is in the scene by then.
struct Skeletons {
    struct Entry {
        var root: [UInt8]
        var style: SkeletonStyle
        var transition: OverlayTransition
        /// When it shows: the show's time plus its delay.
        var startAt: Double
        /// False while a delayed show waits.
        var started: Bool
        var animationStart: Double
        /// Share of the placeholders over time; nil = fully shown.
        var fade: Fade?
        /// Set while fading out: the entry is dropped at this time.
        var removeAt: Double?

        func reveal(at t: Double) -> Double { smaller(1, larger(0, fade?.value(at: t) ?? 1)) }
    }

    private(set) var entries: [Entry] = []

    var isEmpty: Bool { entries.isEmpty }

    /// Shows a skeleton on `root` after `delay`. Any delayed show of the root not started yet is
    /// cancelled. On a shown skeleton it acts as an update; on one fading out it fades back in.
    mutating func show(_ style: SkeletonStyle, root: [UInt8], transition: OverlayTransition, delay: Double, at t: Double) {
        cancelWaiting(root)
        if let i = shownIndex(root), entries[i].removeAt == nil {
            restyle(i, entries[i].style.updated(by: style), at: t)
            return
        }
        entries.append(Entry(root: root, style: style, transition: transition, startAt: t + max(0, delay),
                             started: false, animationStart: t, fade: nil, removeAt: nil))
        if delay <= 0 { start(entries.count - 1) }
    }

    /// Hides the skeleton on `root` (cancelling a delayed show), fading out from where it is.
    mutating func hide(root: [UInt8], transition: OverlayTransition, at t: Double) {
        cancelWaiting(root)
        guard let i = shownIndex(root), entries[i].removeAt == nil else { return }
        let now = entries[i].reveal(at: t)
        let d = Skeletons.seconds(transition) * now
        guard d > 0 else { entries.remove(at: i); return }
        entries[i].fade = Fade(from: now, to: 0, start: t, duration: d)
        entries[i].removeAt = t + d
    }

    /// Changes the style of the skeleton shown (or waiting to show) on `root`.
    mutating func update(_ change: SkeletonStyle, root: [UInt8], at t: Double) throws(SessionError) {
        let index = entries.firstIndex { $0.root == root && $0.started && $0.removeAt == nil }
            ?? entries.firstIndex { $0.root == root && !$0.started }
        guard let i = index else {
            throw SessionError("skeleton update: no skeleton is shown on \"\(root)\"")
        }
        restyle(i, entries[i].style.updated(by: change), at: t)
    }

    /// When the first delayed show waiting starts; nil when none waits.
    var nextStart: Double? {
        var first: Double? = nil
        for e in entries where !e.started { first = min(first ?? e.startAt, e.startAt) }
        return first
    }

    /// When the session next settles the skeletons: a delayed show's start, a cross-dissolve's end
    /// (the dissolves between are declared motions that send nothing).
    var nextSettle: Double? {
        var next = nextStart
        for e in entries {
            guard let end = e.removeAt ?? e.fade.map({ $0.start + $0.duration }) else { continue }
            next = next.map { smaller($0, end) } ?? end
        }
        return next
    }

    /// Starts delayed shows that are due, ends finished fade-ins (the content is then no longer
    /// drawn under the placeholders) and drops finished fade-outs; true when the tree changes.
    mutating func settle(at t: Double) -> Bool {
        if entries.isEmpty { return false }  // every tick asks: no removal made of nothing
        var changed = false
        while let i = entries.firstIndex(where: { !$0.started && $0.startAt <= t }) {
            start(i)
            changed = true
        }
        for i in entries.indices where entries[i].removeAt == nil && entries[i].fade?.isOver(at: t) == true {
            entries[i].fade = nil
            changed = true
        }
        let before = entries.count
        entries.removeAll { ($0.removeAt.map { t >= $0 }) ?? false }
        return changed || entries.count != before
    }

    /// The tree with every started skeleton marked (outer skeletons first; a root already inside
    /// another skeleton is part of that one).
    /// `pauses`: nodes covered by a status since a time; a skeleton whose root lies in one holds still.
    /// `still`: reduced motion — sliding and pulse skeletons are drawn as their still styles.
    func install(into root: Node, appearance: SkeletonAppearance, scheme: Appearance,
                 pauses: [(host: [UInt8], since: Double)] = [], still: Bool = false) -> Node {
        if entries.isEmpty { return root }
        var shown: [(path: [Int], entry: Entry)] = []
        for e in entries where e.started {
            if let path = root.path(to: e.root) { shown.append((path, e)) }
        }
        shown.sortStably { $0.path.count < $1.path.count }
        var root = root
        for (path, e) in shown {
            let pausedAt = pauses.first { cover in
                root.path(to: cover.host).map { root.node(at: $0).path(to: e.root) != nil } ?? false
            }?.since
            root.update(at: path[...]) { node in
                guard node.skeletonMark == nil, node.skeleton.skeletonable else { return }
                SkeletonRecursion.mark(&node, active: e.removeAt == nil)
                node.skeletonMark?.look = SkeletonLook(still ? e.style.still : e.style, appearance: appearance, scheme: scheme,
                                                       animationStart: e.animationStart, fade: e.fade)
                node.skeletonMark?.look?.pausedAt = pausedAt
            }
        }
        return root
    }

    /// Drops the delayed shows of `root` not started yet (out of line for size: show and hide).
    @inline(never)
    private mutating func cancelWaiting(_ root: [UInt8]) {
        entries.removeAll { $0.root == root && !$0.started }
    }

    private func shownIndex(_ root: [UInt8]) -> Int? {
        entries.firstIndex { $0.root == root && $0.started }
    }

    /// Begins showing entry `i` at its start time, taking over from a fade-out of the same root.
    private mutating func start(_ i: Int) {
        let t = entries[i].startAt
        let root = entries[i].root
        var from = 0.0
        if let old = shownIndex(root) {
            from = entries[old].reveal(at: t)
            entries.remove(at: old)
        }
        let j = entries.firstIndex { $0.root == root && !$0.started && $0.startAt == t } ?? i
        let d = Skeletons.seconds(entries[j].transition) * (1 - from)
        entries[j].started = true
        entries[j].animationStart = t
        entries[j].fade = d > 0 ? Fade(from: from, to: 1, start: t, duration: d) : nil
    }

    /// A new style on a shown skeleton keeps its fade; the animation restarts only when its kind changes.
    private mutating func restyle(_ i: Int, _ style: SkeletonStyle, at t: Double) {
        if (style.kind ?? .solid) != (entries[i].style.kind ?? .solid), entries[i].started {
            entries[i].animationStart = t
        }
        entries[i].style = style
    }

    static func seconds(_ transition: OverlayTransition) -> Double {
        if case let .crossDissolve(d) = transition, d.isFinite, d > 0 { return d }
        return 0
    }
}
