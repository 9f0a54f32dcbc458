/// A value of a rendered frame that changes with time alone: the renderer records one for each
/// such field, so a tick with no structural change re-evaluates these instead of rendering, and
/// costs what animates, not what the frame holds. Each case is evaluated with the very formula the
/// renderer used, so both paths produce the same frame (SessionTests checks it tick by tick).
indirect enum AnimatedField: Sendable {
    /// A layer whose node fades: opacity = base × fade(t).
    case layerOpacity(id: UInt32, base: Double, fade: Fade)
    /// A field a component drives (`PositionLink`): a layer's y = base + value or its opacity, or
    /// a background's corner radius = value. `declared`: its value follows a path declared as the
    /// item's motion (`MovingValues.paths`); until a render ends it, a tick leaves the field alone.
    case link(id: UInt32, key: [UInt8], role: PositionLink.Role, base: Double, declared: Bool)
    /// Fields of an entry a component drew (`ComponentField.step`).
    case item(id: UInt32, ComponentField)

    /// Moves with the values that move (`MovingValues`), not with time alone.
    var followsValues: Bool {
        switch self {
        case .link: return true
        case let .item(_, field): return field.followsValues
        case .layerOpacity: return false
        }
    }

    var entryId: UInt32? {
        switch self {
        case let .layerOpacity(id, _, _), let .link(id, _, _, _, _), let .item(id, _):
            return id
        }
    }
}

/// The animated fields of the frame a session holds, with where each entry is in it.
struct FrameAnimations {
    private(set) var fields: [AnimatedField] = []
    /// Per field (entries only): path of indices from the root, parent layer id, index in the parent.
    private var places: [(path: [Int], parent: UInt32, index: Int)] = []
    /// Per field: whether it follows the moving values (`AnimatedField.followsValues`), found once.
    private var followsValues: [Bool] = []

    var isEmpty: Bool { fields.isEmpty }
    /// Fields that change with time alone (not the moving values, which move with input).
    private(set) var hasTimeFields = false

    init() {}

    /// Binds `fields` to `frame`: finds each animated entry once (one walk, past the layers in
    /// `unanimated`, whose children hold none), so a step is O(fields).
    init(_ fields: [AnimatedField], in frame: Frame, unanimated: IdIndex = IdIndex(capacity: 0)) {
        self.fields = fields
        followsValues = fields.map { $0.followsValues }
        hasTimeFields = followsValues.contains(false)
        var wanted = IdIndex(capacity: fields.count)
        for (i, f) in fields.enumerated() { if let id = f.entryId { _ = wanted.insert(id, at: i) } }
        places = Array(repeating: ([], 0, 0), count: fields.count)
        if wanted.count > 0 { locate(frame.items, parent: 0, prefix: [], wanted, unanimated) }
    }

    private mutating func locate(_ entries: [Item], parent: UInt32, prefix: [Int], _ wanted: IdIndex,
                                 _ unanimated: IdIndex) {
        for (i, e) in entries.enumerated() {
            if let f = wanted.index(of: e.id) { places[f] = (prefix + [i], parent, i) }
            if e.isLayer && unanimated.index(of: e.id) == nil {
                locate(e.children, parent: e.id, prefix: prefix + [i], wanted, unanimated)
            }
        }
    }

    /// Moves every animated field of `frame` to time `t` in place, keeping `hash` (the frame's
    /// `FrameHash`) in step, and returns the patch from the frame as it was: updates by id, nothing
    /// else (paints that move with time are declared once, `PaintMotion`, and never stepped).
    /// `values` gives the values that move (scroll offsets, sheet positions) now; nil when none
    /// moved since the last step (the fields that follow them are then skipped).
    func step(_ frame: inout Frame, hash: inout UInt32, at t: Double, values: MovingValues? = nil) -> Patch {
        var patch = Patch()
        for (i, field) in fields.enumerated() {
            if values == nil, followsValues[i] { continue }
            if case .link(_, _, _, _, true) = field { continue }
            let place = places[i]
            guard !place.path.isEmpty else { continue }
            FrameAnimations.modify(&frame.items, at: place.path[...]) { item in
                var new = item
                switch field {
                case let .layerOpacity(_, base, fade): new.opacity = Fixed.opacity(base * fade.value(at: t))
                case let .link(_, key, role, base, _):
                    role.set(role.field(base + (values?.link(key) ?? 0)), on: &new)
                case let .item(_, component): component.step(&new, at: t, values: values)
                }
                let changed = ItemFields.differing(item, new)
                guard !changed.isEmpty else { return }
                hash = hash &- FrameHash.entryTerm(parent: place.parent, index: place.index, item)
                    &+ FrameHash.entryTerm(parent: place.parent, index: place.index, new)
                patch.updates.append(ItemUpdate(fields: changed, from: new))
                item = new
            }
        }
        patch.updates.sortStably { $0.id < $1.id }
        return patch
    }

    /// Runs `body` on the entry at `path`, in place (the arrays on the way stay uniquely referenced).
    private static func modify(_ entries: inout [Item], at path: ArraySlice<Int>, _ body: (inout Item) -> Void) {
        let i = path.first!
        if path.count == 1 { body(&entries[i]) } else { modify(&entries[i].children, at: path.dropFirst(), body) }
    }
}
