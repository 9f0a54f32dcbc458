/// The most nodes a layout of a tree can ever make, whatever its frame, canvas, scroll offset or
/// skeletons: what `Limits.maxNodes` bounds. The reader counts a scene the same way, and a command
/// that would raise it past the bound is refused before anything changes, so no tree the session
/// builds is larger.
///
/// A layout makes at most `Limits.maxRowsMade` rows of one list at once (data and skeleton rows
/// alike), and never more than the list can show: its `rowCount`s, or its skeleton rows (automatic
/// ones count as many as fill the largest canvas). Sums saturate just past the bound, so nested
/// lists cannot overflow.
extension Node {
    var mostNodesLaidOut: Int {
        var total = 1
        for child in children { total = NodeBound.sum(total, child.mostNodesLaidOut) }
        for overlay in overlays { total = NodeBound.sum(total, overlay.mostNodesLaidOut) }
        if case let .list(style) = kind {
            for section in style.allSections {
                if let header = section.header { total = NodeBound.sum(total, header.mostNodesLaidOut) }
                if let footer = section.footer { total = NodeBound.sum(total, footer.mostNodesLaidOut) }
            }
            total = NodeBound.sum(total, style.mostRowsLaidOut * style.row.mostNodesLaidOut)
        }
        return total
    }
}

extension ListStyle {
    /// Rows a layout of this list can make at once.
    var mostRowsLaidOut: Int {
        var data = 0, skeleton = 0
        for section in allSections {
            data += section.rowCount
            skeleton += section.skeletonRows.rows(visibleHeight: Limits.maxCanvas, rowHeight: rowHeight)
        }
        return min(Limits.maxRowsMade, max(data, skeleton))
    }
}

enum NodeBound {
    /// Anything past the bound is as bad as anything else: sums stop there (both terms are at most
    /// `Limits.maxNodes + 1`, and a product of rows and a row is at most 1,000 × that, so no Int overflows).
    static let saturation = Limits.maxNodes + 1
    static func sum(_ a: Int, _ b: Int) -> Int { min(saturation, a + b) }
}
