extension ReaderContext {
    /// `[{"<template id>": "text" | {set keys}, …}, …]`: the rows of a list (`template`, when
    /// known, checks the ids; a command's rows are checked when it is performed).
    func readRows(_ value: JSONValue, template: Node?) throws(SceneError) -> [ListRow] {
        guard case let .array(elements) = value.kind else {
            throw error(at: value.offset, "expected an array of rows, found \(value.typeName)")
        }
        if elements.count > Limits.maxRowData {
            throw error(at: elements[Limits.maxRowData].offset, "at most \(Limits.maxRowData) rows with data")
        }
        let paths = template.map(TemplatePaths.init)
        var rows: [ListRow] = []
        rows.reserveCapacity(elements.count)
        for element in elements {
            rows.append(try readRow(element, template: paths, what: "list's row template"))
        }
        return rows
    }

    /// One row object: per node of `template` (named in errors as the `what`), a text or an
    /// object of `set` changes.
    func readRow(_ element: JSONValue, template: TemplatePaths?, what: UTF8Text) throws(SceneError) -> ListRow {
        var row = ListRow()
        for member in try members(of: element, "a row") {
            guard template.map({ $0.path(to: member.key) != nil }) ?? true else {
                throw error(at: member.keyOffset, "no node \"\(display(member.key))\" in the \(what)")
            }
            if case .string = member.value.kind {
                row.changes.append((member.key, [.text(try string(member))]))
            } else {
                var draft = SetDraft()
                draft.node = member.key
                try readObject(member.value, "a row's \"\(display(member.key))\"", SetKeys.changeFields, into: &draft)
                row.changes.append((member.key, draft.changes))
            }
        }
        return row
    }
}
