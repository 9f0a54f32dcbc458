/// One section of a list: header, rows from the list's template, footer.
public struct ListSection: Sendable {
    public var header: Node? = nil
    public var footer: Node? = nil
    public var rowCount: Int = 0
    /// Rows while a skeleton is shown.
    public var skeletonRows: SkeletonRowCount = .automatic
    public init() {}
}

/// How many rows a section shows while a skeleton is shown over its list.
public enum SkeletonRowCount: Equatable, Sendable {
    /// As many as fill the list's visible height: ceil(height / row height), a height of at most
    /// the largest canvas (so how many cannot grow with a list's frame).
    case automatic
    case count(Int)

    func rows(visibleHeight: Double, rowHeight: Double) -> Int {
        switch self {
        case let .count(n):
            return min(max(0, n), Limits.maxSkeletonRows)
        case .automatic:
            guard rowHeight > 0, visibleHeight.isFinite, visibleHeight > 0 else { return 0 }
            let height = min(visibleHeight, Limits.maxCanvas)
            return Int.clamped((height / rowHeight).rounded(.up), to: 0...Limits.maxSkeletonRows)
        }
    }
}

/// A change made to a row before it is skeletonized (SkeletonView's prepareCellForSkeleton):
/// `changes` applied to the template node `node` in row `row` (of section `section`, or of every one).
public struct RowPreparation: Sendable {
    public var section: Int?
    public var row: Int
    public var node: [UInt8]
    public var changes: [NodeChange]
    public init(section: Int? = nil, row: Int, node: [UInt8], changes: [NodeChange]) {
        self.section = section; self.row = row; self.node = node; self.changes = changes
    }
}

extension ListStyle {
    /// The sections as laid out: `sections`, or the single one the flat fields describe.
    var allSections: [ListSection] {
        if !sections.isEmpty { return sections }
        var s = ListSection()
        s.header = header
        s.footer = footer
        s.rowCount = rowCount
        s.skeletonRows = skeletonRows
        return [s]
    }
}
