/// What a command's or an input's own values must be, whichever reader or API built it (`Bounds`):
/// the session checks them before anything changes, so a value the JSON reader refuses cannot come
/// in through the typed API either. What depends on the scene (a row past a list's count, a node
/// that is no sheet) the component performing the command checks.
extension Command {
    func check() throws(SessionError) {
        switch self {
        case let .set(_, changes):
            for change in changes { try change.check("set") }
        case let .status(_, status, transition):
            try status?.check()
            try transition.check("status")
        case let .rows(_, edit):
            try edit.check()
        case let .scroll(_, offset, _):
            try Bounds.check(offset, Bounds.coordinate, "scroll", "\"to\"")
        case let .sheet(_, command):
            try command.check()
        case let .host(_, width, height):
            guard width != nil || height != nil else { throw SessionError("host: give \"width\" or \"height\"") }
            if let width { try Bounds.check(width, Bounds.size, "host", "\"width\"") }
            if let height { try Bounds.check(height, Bounds.size, "host", "\"height\"") }
        case .skeleton, .spinner, .refresh, .loadMore, .appearance, .motion:
            // A skeleton's values: SkeletonValidation (reduced motion decides which it looks at).
            break
        }
    }
}

extension NodeChange {
    func check(_ command: StaticString) throws(SessionError) {
        switch self {
        case let .text(text): try Bounds.check(text: text, command, "\"text\"")
        case let .opacity(value): try Bounds.check(value, Bounds.unit, command, "\"opacity\"")
        case let .frame(rect?):
            try Bounds.check(rect.x, Bounds.coordinate, command, "a frame's \"x\"")
            try Bounds.check(rect.y, Bounds.coordinate, command, "a frame's \"y\"")
            try Bounds.check(rect.width, Bounds.size, command, "a frame's \"width\"")
            try Bounds.check(rect.height, Bounds.size, command, "a frame's \"height\"")
        case .hidden, .background, .textColor, .frame(nil): break
        }
    }
}

extension RowsEdit {
    func check() throws(SessionError) {
        switch self {
        case let .append(rows), let .prepend(rows):
            try Self.check(rows)
        case let .replace(at, rows), let .fill(at, rows):
            try Bounds.check(at, Bounds.row, "rows", "\"at\"")
            try Self.check(rows)
        case let .remove(at, count):
            try Bounds.check(at, Bounds.row, "rows", "\"at\"")
            try Bounds.check(count, Bounds.row, "rows", "\"count\"")
        }
    }

    private static func check(_ rows: [ListRow]) throws(SessionError) {
        guard rows.count <= Limits.maxRowData else { throw SessionError("rows: at most \(Limits.maxRowData) rows with data") }
        for row in rows {
            for (_, changes) in row.changes { for change in changes { try change.check("rows") } }
        }
    }
}

extension OverlayTransition {
    func check(_ command: StaticString) throws(SessionError) {
        if case let .crossDissolve(seconds) = self { try Bounds.check(seconds, Bounds.transition, command, "a transition's seconds") }
    }
}

extension Status {
    func check() throws(SessionError) {
        for text in [title, message, actionTitle] { if let text { try Bounds.check(text: text, "status", "a text") } }
        if let image { try Bounds.check(text: image, most: Bounds.nameBytes, "status", "\"image\"") }
        if let action { try Bounds.check(text: action, least: 1, most: Bounds.nameBytes, "status", "\"action\"") }
    }
}

extension SheetCommand {
    func check() throws(SessionError) {
        switch self {
        case let .snap(to, _):
            try Bounds.check(to, Bounds.anchorIndex, "sheet", "\"snapTo\"")
        case let .setPages(pages):
            try Bounds.check(pages.count, Bounds.sheetPages, "sheet", "the number of pages")
        case let .setAnchors(anchors, snapTo, _):
            try Bounds.check(anchors.count, Bounds.sheetAnchors, "sheet", "the number of anchors")
            for anchor in anchors {
                switch anchor.place {
                case let .ratio(r): try Bounds.check(r, Bounds.unit, "sheet", "an anchor's \"ratio\"")
                case let .fromTop(d), let .fromBottom(d): try Bounds.check(d, Bounds.anchorDistance, "sheet", "an anchor's distance")
                case .fit: break
                }
                try Bounds.check(text: anchor.name, least: 1, most: Bounds.nameBytes, "sheet", "an anchor's \"name\"")
            }
            if let snapTo { try Bounds.check(snapTo, 0...anchors.count - 1, "sheet", "\"snapTo\" (an index of the new anchors)") }
        case .expand, .collapse, .push, .pop, .popToRoot, .dismiss:
            break
        }
    }
}

extension InputEvent {
    func check() throws(SessionError) {
        switch self {
        case let .resize(width, height):
            try Bounds.check(width, Bounds.canvas, "resize", "\"width\"")
            try Bounds.check(height, Bounds.canvas, "resize", "\"height\"")
        case let .pointer(p):
            try Bounds.check(p.x, Bounds.coordinate, "pointer", "\"x\"")
            try Bounds.check(p.y, Bounds.coordinate, "pointer", "\"y\"")
            try Bounds.check(p.pointer, Bounds.pointerID, "pointer", "\"id\"")
        case let .wheel(w):
            try Bounds.check(w.x, Bounds.coordinate, "wheel", "\"x\"")
            try Bounds.check(w.y, Bounds.coordinate, "wheel", "\"y\"")
            try Bounds.check(w.dx, Bounds.coordinate, "wheel", "\"dx\"")
            try Bounds.check(w.dy, Bounds.coordinate, "wheel", "\"dy\"")
            try Bounds.check(w.mode, Bounds.wheelMode, "wheel", "\"mode\"")
        case let .key(k):
            try Bounds.check(text: k.key, least: 1, most: Bounds.keyBytes, "key", "\"key\"")
        }
    }
}
