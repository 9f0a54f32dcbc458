/// A list's rows under a shown skeleton (`ListRows.skeleton`): its template with the skeleton's
/// preparations for each row (`skeletonPreparations`: a row's label made two lines long, say).
extension ListStyle {
    /// The template of row `row` in section `section` of a skeleton, with its preparations made.
    func skeletonTemplate(section: Int, row: Int) -> Node {
        var template = self.row
        for p in skeletonPreparations where p.row == row && (p.section ?? section) == section {
            guard let path = template.path(to: p.node) else { continue }
            template.update(at: path[...]) { n in
                for change in p.changes { n.apply(change) }
            }
        }
        return template
    }
}
