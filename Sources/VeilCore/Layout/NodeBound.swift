/// The most a layout of a tree can ever hold, whatever its frame, canvas, scroll offset or
/// skeletons: nodes (`Limits.maxNodes`) and text bytes of labels and buttons
/// (`Limits.maxTextLaidOut`, which bounds the text a layout measures and a frame carries). The
/// reader counts a scene the same way, and a command that would raise either past its bound is
/// refused before anything changes, so no tree the session builds is larger.
///
/// A layout makes at most `Limits.maxRowsMade` rows of one list at once (data and skeleton rows
/// alike), and never more than the list can show: its `rowCount`s, or its skeleton rows (automatic
/// ones count as many as fill the largest canvas); a row holds its template's text and the most
/// any data row adds. Sums saturate just past the bounds, so nested lists cannot overflow.
struct TreeBound {
    var nodes = 0
    var textBytes = 0

    static func + (a: TreeBound, b: TreeBound) -> TreeBound {
        TreeBound(nodes: NodeBound.sum(a.nodes, b.nodes), textBytes: min(NodeBound.textSaturation, a.textBytes + b.textBytes))
    }

    static func * (rows: Int, row: TreeBound) -> TreeBound {
        TreeBound(nodes: NodeBound.sum(0, rows * row.nodes), textBytes: min(NodeBound.textSaturation, rows * row.textBytes))
    }

    var fits: Bool { nodes <= Limits.maxNodes && textBytes <= Limits.maxTextLaidOut }
}

extension Node {
    var mostNodesLaidOut: Int { mostLaidOut.nodes }

    var mostLaidOut: TreeBound {
        var total = TreeBound(nodes: 1, textBytes: textBytes)
        for child in children { total = total + child.mostLaidOut }
        for overlay in overlays { total = total + overlay.mostLaidOut }
        if let refresh, let view = refresh.view {
            var laidOut = view.mostLaidOut
            laidOut.textBytes = min(NodeBound.textSaturation, laidOut.textBytes + (refresh.states.map { $0.addedText }.max() ?? 0))
            total = total + laidOut
        }
        if case let .list(style) = kind {
            for section in style.allSections {
                if let header = section.header { total = total + header.mostLaidOut }
                if let footer = section.footer { total = total + footer.mostLaidOut }
            }
            var row = style.row.mostLaidOut
            row.textBytes = min(NodeBound.textSaturation, row.textBytes + style.mostTextRowDataAdds)
            total = total + style.mostRowsLaidOut * row
        }
        return total
    }

    /// The text this node itself draws.
    private var textBytes: Int {
        switch kind {
        case let .label(style): return style.text.count
        case let .button(style): return style.title.count
        default: return 0
        }
    }
}

extension ListStyle {
    /// Rows a layout of this list can make at once.
    var mostRowsLaidOut: Int {
        var data = 0, skeleton = 0
        for section in allSections {
            data += section.rowCount
            skeleton += section.skeletonRows.rows(visibleHeight: Limits.maxCanvas, rowHeight: rowLength)
        }
        return min(Limits.maxRowsMade, max(data, skeleton))
    }

    /// The most text one data row puts into its template (its texts, counted whole).
    var mostTextRowDataAdds: Int {
        var most = 0
        for row in rowData {
            most = max(most, row.addedText)
        }
        return most
    }
}

extension ListRow {
    /// The text this row's changes put in (counted whole).
    var addedText: Int {
        var added = 0
        for (_, changes) in changes {
            for case let .text(t) in changes { added += t.count }
        }
        return added
    }
}

enum NodeBound {
    /// Anything past the bound is as bad as anything else: sums stop there (both terms are at most
    /// `Limits.maxNodes + 1`, and a product of rows and a row is at most 1,000 × that, so no Int overflows).
    static let saturation = Limits.maxNodes + 1
    static let textSaturation = Limits.maxTextLaidOut + 1
    static func sum(_ a: Int, _ b: Int) -> Int { min(saturation, a + b) }
}
