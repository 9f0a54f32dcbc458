/// Lists that fetch their rows from the host (`RowFetchStyle`). For each such list in the tree it
/// keeps a `FetchedRows` beside the scene and installs it on the list, with the template its waiting
/// rows are drawn from (skeletonized); after each layout it asks for the pages near the rows laid
/// out (`rows` events with a range); the `rows` command's `fill` brings their data.
final class FetchComponent: Component {
    struct List {
        var id: [UInt8]
        var rows: FetchedRows
        /// Rows a layout of the list can make at once (its text bound counts each with `mostText`).
        var rowsLaidOut: Int
        /// Its offset and the time at its last layout, and the lead it asked with then (rows,
        /// signed): how fast, and which way, it moves.
        var lastOffset = 0.0
        var lastTime: Double? = nil
        var lead = 0
    }

    /// How far ahead of a moving list it asks: the rows it will reach in this long at the speed it
    /// moved since its last layout (a host's fetch takes about that), at most `mostLead` windows.
    static let leadSeconds = 0.3
    static let mostLead = 4

    private(set) var lists: [List] = []
    private var events: [HostEvent] = []

    func perform(_ command: Command, _ context: inout CommandContext) throws(SessionError) -> CommandOutcome {
        guard case let .rows(node, .fill(at, rows)) = command else { return .passed }
        let path = try context.scene.find(node)
        guard case let .list(style) = context.scene.root.node(at: path).kind, let fetch = style.fetch else {
            throw SessionError("rows: \"fill\" is for a list that fetches its rows (\"fetch\")")
        }
        guard at + rows.count <= style.rowCount else {
            throw SessionError("rows: fill at \(at) of \(rows.count) rows goes past the \(style.rowCount) rows")
        }
        try style.checkNodes(of: rows)
        let i = lists.firstIndex { $0.id == node }
        var list = i.map { lists[$0] } ?? List(id: node, rows: FetchedRows(page: fetch.page), rowsLaidOut: style.mostRowsLaidOut)
        let before = list.rows.mostText
        // Rows for pages the list let go of (an answer that came late) are dropped: nothing changes.
        guard list.rows.fill(at: at, rows, rowCount: style.rowCount) else { return .unchanged }
        let more = list.rowsLaidOut * (list.rows.mostText - before)
        guard more <= context.room.textBytes else {
            throw SessionError("rows: the rows' text could then lay out more than \(Limits.maxTextLaidOut) bytes of text; at most \(Limits.maxTextLaidOut)")
        }
        if let i { lists[i] = list } else { lists.append(list) }
        return .changed
    }

    var installed: TreeBound {
        lists.reduce(TreeBound()) { $0 + TreeBound(nodes: 0, textBytes: $1.rowsLaidOut * $1.rows.mostText) }
    }

    func install(into root: Node, _ context: InstallContext) -> Node {
        // Every layout walks the tree: a path is copied only where a fetching list is.
        var paths: [[Int]] = []
        var path: [Int] = []
        func find(_ n: Node) {
            if case let .list(style) = n.kind, style.fetch != nil { paths.append(path) }
            for i in n.children.indices {
                path.append(i)
                find(n.children[i])
                path.removeLast()
            }
        }
        find(root)
        var root = root
        var found: [List] = []
        for path in paths {
            root.update(at: path[...]) { n in
                guard case var .list(style) = n.kind, let fetch = style.fetch else { return }
                var list = lists.first { $0.id == n.id && $0.rows.page == fetch.page }
                    ?? List(id: n.id, rows: FetchedRows(page: fetch.page), rowsLaidOut: 0)
                list.rowsLaidOut = style.mostRowsLaidOut
                style.fetched = FetchedList(rows: list.rows, waiting: WaitingRow.template(style.row, fetch.skeleton, context))
                n.kind = .list(style)
                found.append(list)
            }
        }
        lists = found
        return root
    }

    func settle(at t: Double) -> Bool { false }

    /// Asks for the pages near the rows laid out: a window's worth of rows beyond them on each
    /// side, and on the side it moves towards the rows it will reach in `leadSeconds`; keeps what
    /// lies within two windows more.
    func didLayOut(_ root: LayoutBox, with values: MovingValues, at t: Double) {
        for i in lists.indices {
            guard let box = root.box(of: lists[i].id), case let .list(style) = box.node.kind,
                  let made = Self.rowsMade(in: box) else { continue }
            let window = max(made.count, 1)
            let offset = values.value(of: lists[i].id, .offset)
            // A second layout at the same time (a container placed at once) keeps the lead.
            if let last = lists[i].lastTime, t > last, style.rowLength > 0 {
                let rows = (offset - lists[i].lastOffset) / (t - last) * Self.leadSeconds / style.rowLength
                lists[i].lead = Int.clamped(rows.rounded(), to: -Self.mostLead * window ... Self.mostLead * window)
            } else if lists[i].lastTime != t {
                lists[i].lead = 0
            }
            lists[i].lastOffset = offset
            lists[i].lastTime = t
            let lead = lists[i].lead
            let need = made.lowerBound - window + min(lead, 0) ..< made.upperBound + window + max(lead, 0)
            let keep = need.lowerBound - 2 * window ..< need.upperBound + 2 * window
            // A message carries at most `maxPendingEvents`: pages past them are asked for at a
            // later layout (an answer lays out again).
            let most = Limits.maxPendingEvents - events.count
            for range in lists[i].rows.want(need, keep: keep, rowCount: style.rowCount, most: most) {
                events.append(HostEvent(name: utf8("rows"), node: lists[i].id, range: range))
            }
        }
    }

    func takeEvents() -> [HostEvent] {
        defer { events.removeAll() }
        return events
    }

    /// The rows a list's layout made, from its row boxes' ids ("<list id>/<row>/<template id>").
    static func rowsMade(in box: LayoutBox) -> Range<Int>? {
        var first = Int.max, last = -1
        let prefix = box.node.id.count + 1
        for child in box.children {
            let id = child.node.id
            guard id.count > prefix, id[prefix - 1] == 0x2F, id.starts(with: box.node.id) else { continue }
            var row = 0, digits = 0, k = prefix
            while k < id.count, id[k] >= 0x30, id[k] <= 0x39, digits < 8 {
                row = row * 10 + Int(id[k] - 0x30); digits += 1; k += 1
            }
            guard digits > 0, k < id.count, id[k] == 0x2F else { continue }
            first = min(first, row)
            last = max(last, row)
        }
        return last >= 0 ? first ..< last + 1 : nil
    }
}

/// What a fetching list carries on the tree the session lays out (`ListStyle.fetched`): the rows it
/// holds, and the template a waiting row is drawn from.
struct FetchedList: Sendable {
    var rows: FetchedRows
    var waiting: Node

    /// The node row `index` is made from (`ListRows.fetched`): the row held, filling the list's
    /// template, or the waiting row (skeletonized) for one not held.
    func template(_ style: ListStyle, index: Int) -> Node {
        rows.row(index).map { $0.filling(style.row) } ?? waiting
    }
}

extension Session {
    /// How many rows the list `id`, which fetches its rows, holds now (nil for any other node):
    /// those near its window, whatever its `rowCount` (benchmarks and tests read it).
    public func rowsHeld(_ id: [UInt8]) -> Int? {
        for component in components {
            guard let fetch = component as? FetchComponent else { continue }
            return fetch.lists.first { $0.id == id }?.rows.heldRows
        }
        return nil
    }
}
