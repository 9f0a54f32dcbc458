/// Where a list's rows come from: the seam between the layout and the components that fill lists,
/// as `ComponentField` is the renderer's. The layout asks how many rows a section has and what
/// each row is made from; each case answers in its own folder — the scene's rows here, a fetching
/// list's in Components/Fetch (`FetchedList`), a skeleton's in Components/Skeleton — so Layout
/// knows no skeleton and no fetch.
enum ListRows {
    /// The scene's rows: `rowCount` per section, each filling the template with its `rowData`.
    case data
    /// A list that fetches its rows: those it holds, the others waiting.
    case fetched(FetchedList)
    /// Under a shown skeleton: its placeholder rows.
    case skeleton

    /// The rows of `list` (whose style is `style`) as it is now.
    static func of(_ list: Node, _ style: ListStyle) -> ListRows {
        if list.skeletonMark?.skeletonRows == true { return .skeleton }
        if let fetched = style.fetched { return .fetched(fetched) }
        return .data
    }

    /// How many rows `section` has; `visibleLength` and `rowLength` along the list's axis.
    func count(of section: ListSection, visibleLength: Double, rowLength: Double) -> Int {
        switch self {
        case .data, .fetched: return max(0, section.rowCount)
        case .skeleton: return section.skeletonRows.rows(visibleHeight: visibleLength, rowHeight: rowLength)
        }
    }

    /// The node row `row` of section `section` is made from (`index`: its number across sections).
    func template(_ style: ListStyle, section: Int, row: Int, index: Int) -> Node {
        switch self {
        case .data:
            let data = index < style.rowData.count ? style.rowData[index] : nil
            return data.map { $0.filling(style.row) } ?? style.row
        case let .fetched(list): return list.template(style, index: index)
        case .skeleton: return style.skeletonTemplate(section: section, row: row)
        }
    }

    /// Whether `{index}` in the template's text shows each row's index (`RowIndexText`):
    /// placeholders show none.
    func showsIndex(_ style: ListStyle) -> Bool {
        if case .skeleton = self { return false }
        return style.row.replacingRowIndex(0) != nil
    }
}
