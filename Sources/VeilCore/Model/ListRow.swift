/// A list row's data: what it changes in the row template (texts, colours, hidden flags by template
/// node id), so one template shows an inbox of different messages (docs/SCENE.md, "list").
public struct ListRow: Sendable {
    /// Per template node, the changes of a `set` (text, hidden, background, textColor, opacity).
    public var changes: [(node: [UInt8], changes: [NodeChange])]
    public init(_ changes: [(node: [UInt8], changes: [NodeChange])] = []) { self.changes = changes }

    /// Changes up to which each is found by searching the template; past it, the template is
    /// indexed first (`TemplatePaths`), so that filling stays linear in the template's size.
    static let searchedChanges = 8

    /// `template` with this row's changes made.
    func filling(_ template: Node) -> Node {
        var row = template
        let index = changes.count > Self.searchedChanges ? TemplatePaths(template) : nil
        for (node, changes) in self.changes {
            let path = if let index { index.path(to: node) } else { template.path(to: node) }
            guard let path else { continue }
            row.update(at: path[...]) { n in for c in changes { n.apply(c) } }
        }
        return row
    }
}

/// A change to a list's rows from a command: add rows at the end or the start, replace or remove some.
public enum RowsEdit: Sendable {
    case append([ListRow])
    case prepend([ListRow])
    case replace(at: Int, [ListRow])
    case remove(at: Int, count: Int)
    /// Rows a list that fetches its rows asked for, from `at` (`FetchComponent`).
    case fill(at: Int, [ListRow])

    var fills: Bool { if case .fill = self { return true } else { return false } }
}

extension ListStyle {
    /// Refuses rows that change a node the row template does not have.
    func checkNodes(of rows: [ListRow]) throws(SessionError) {
        for r in rows where r.changes.contains(where: { self.row.path(to: $0.node) == nil }) {
            throw SessionError("rows: a row names a node the list's row template does not have")
        }
    }

    /// Applies `edit` to the rows (a single-section list): the data and the count move together;
    /// rows past the data stay the template's. Returns how many rows went in before the first
    /// row shown before (a prepend), so the view can keep them where they were.
    mutating func apply(_ edit: RowsEdit) throws(SessionError) -> Int {
        guard sections.isEmpty else { throw SessionError("rows: a list with sections takes no row edits") }
        guard fetch == nil, !edit.fills else {
            throw SessionError("rows: the list fetches its rows: \"fill\" answers its \"rows\" events")
        }
        // Rows without data up to the count keep showing the template.
        var rows = rowData
        switch edit {
        case let .append(new):
            if rows.count < rowCount { rows += Array(repeating: ListRow(), count: rowCount - rows.count) }
            rows += new
        case let .prepend(new):
            rows = new + rows
        case let .replace(at, new):
            guard at >= 0, at + new.count <= max(rowCount, rows.count) else {
                throw SessionError("rows: replace at \(at) of \(new.count) rows goes past the \(rowCount) rows")
            }
            if rows.count < at + new.count { rows += Array(repeating: ListRow(), count: at + new.count - rows.count) }
            rows.replaceSubrange(at ..< at + new.count, with: new)
        case .fill:
            break
        case let .remove(at, count):
            guard at >= 0, count >= 0, at + count <= rowCount else {
                throw SessionError("rows: remove at \(at) of \(count) rows goes past the \(rowCount) rows")
            }
            if at < rows.count { rows.removeSubrange(at ..< min(rows.count, at + count)) }
        }
        var count = rowCount
        switch edit {
        case let .append(new), let .prepend(new): count += new.count
        case .replace: count = max(count, rows.count)
        case let .remove(_, n): count -= n
        case .fill: break
        }
        guard count <= Limits.maxListRows, rows.count <= Limits.maxRowData else {
            throw SessionError("rows: a list has at most \(Limits.maxListRows) rows, \(Limits.maxRowData) of them with data")
        }
        rowData = rows
        rowCount = count
        if case let .prepend(new) = edit { return new.count }
        return 0
    }
}
