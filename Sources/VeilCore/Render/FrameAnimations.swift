/// A value of a rendered frame that changes with time alone: the renderer records one for each
/// such field, so a tick with no structural change re-evaluates these instead of rendering, and
/// costs what animates, not what the frame holds. Each case is evaluated with the very formula the
/// renderer used, so both paths produce the same frame (SessionTests checks it tick by tick).
indirect enum AnimatedField: Sendable {
    /// A layer whose node fades: opacity = base × fade(t).
    case layerOpacity(id: UInt32, base: Double, fade: Fade)
    /// A field a component drives (`PositionLink`): a layer's y = base + value or its opacity, or
    /// a background's corner radius = value.
    case link(id: UInt32, key: [UInt8], role: PositionLink.Role, base: Double)
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

    /// The field at `t`, `values` the moving values now (nil: those it follows stand still).
    func step(_ item: inout Item, at t: Double, values: MovingValues?) {
        switch self {
        case let .layerOpacity(_, base, fade): item.opacity = Fixed.opacity(base * fade.value(at: t))
        case let .link(_, key, role, base): role.set(role.field(base + (values?.link(key) ?? 0)), on: &item)
        case let .item(_, component): component.step(&item, at: t, values: values)
        }
    }

    /// The path the value it follows takes, if any.
    func path(in values: MovingValues) -> SampledPath? {
        switch self {
        case let .link(_, key, _, _): return values.path(of: key, .link)
        case let .item(_, component): return component.path(in: values)
        case .layerOpacity: return nil
        }
    }

    /// While the value it follows moves along a path hosts are told once (`MovingValues.path`):
    /// the fields along it, declared as the item's points motions; nil when they cannot be (then
    /// the field is stepped).
    @inline(never)  // for size: out of the step's loop
    func motions(of item: Item, _ values: MovingValues) -> [ItemMotion]? {
        switch self {
        case let .link(id, key, role, base):
            guard let path = values.path(of: key, .link) else { return nil }
            var points: [Int32] = []
            points.reserveCapacity(path.values.count)
            for v in path.values { points.append(role.field(base + v)) }
            return [ItemMotion(id: id, field: role.itemField, path: .points(interval: path.interval, values: points),
                               start: path.start)]
        case let .item(_, component): return component.motions(of: item, values)
        case .layerOpacity: return nil
        }
    }

    /// What else than its path the fields along it depend on (a refresh under way or not): a
    /// declaration is made again when it changes.
    func pathState(in values: MovingValues) -> Bool {
        if case let .item(_, component) = self { return component.pathState(in: values) }
        return false
    }

    var entryId: UInt32? {
        switch self {
        case let .layerOpacity(id, _, _), let .link(id, _, _, _), let .item(id, _):
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

    /// The item motions the render declared (a spinner's turn, fades), to which the steps add the
    /// paths of the moving values.
    private var renderedMotions: [ItemMotion] = []
    /// Per field, the last path it was declared along and the motion that made: a step while a
    /// path holds (a load under way ticks every frame) reuses it instead of converting every point.
    private let declaredAlong = DeclaredPaths()

    init() {}

    /// Binds `fields` to `frame`: finds each animated entry once (one walk, past the layers in
    /// `unanimated`, whose children hold none), so a step is O(fields).
    init(_ fields: [AnimatedField], in frame: Frame, unanimated: IdIndex = IdIndex(capacity: 0)) {
        self.fields = fields
        renderedMotions = frame.itemMotions
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
    /// `FrameHash`) in step, and returns the patch from the frame as it was: updates by id, and the
    /// item motions when they changed (paints that move with time are declared once, `PaintMotion`,
    /// and never stepped). `values` gives the values that move (scroll offsets, sheet positions)
    /// now; nil when none moved since the last step (the fields that follow them are then
    /// skipped). A field whose value follows a path (`MovingValues.path`: a sheet's spring, a
    /// list's coast) is declared instead — the path as its item's points motion, its first point
    /// in the frame — so nothing steps it until the path changes; `undeclared` is set when one
    /// could not be (it is then stepped, and must be every tick).
    func step(_ frame: inout Frame, hash: inout UInt32, at t: Double, values: MovingValues? = nil,
              undeclared: inout Bool) -> Patch {
        var patch = Patch()
        let paths = values?.hasPaths == true ? values : nil  // nil in the common step
        for (i, field) in fields.enumerated() {
            if values == nil, followsValues[i] { continue }
            if followsValues[i], let paths, field.path(in: paths) != nil { continue }  // declared below
            let place = places[i]
            guard !place.path.isEmpty else { continue }
            FrameAnimations.modify(&frame.items, at: place.path[...]) { item in
                var new = item
                field.step(&new, at: t, values: values)
                FrameAnimations.replace(&item, with: new, at: place, &hash, &patch)
            }
        }
        if let values, values.hasPaths || frame.itemMotions.count != renderedMotions.count {
            declarePaths(values, at: t, in: &frame, hash: &hash, &patch, undeclared: &undeclared)
        }
        patch.updates.sortStably { $0.id < $1.id }
        return patch
    }

    /// The fields whose value follows a path, declared: each field at the path's first point (its
    /// item's other fields as the values say) and the path as its item's points motion; then the
    /// frame's item motions are the render's and those. Apart from the plain step, which a path
    /// would otherwise slow (the fields check it one by one).
    @inline(never)
    private func declarePaths(_ values: MovingValues, at t: Double, in frame: inout Frame, hash: inout UInt32,
                              _ patch: inout Patch, undeclared: inout Bool) {
        var declared: [ItemMotion] = []
        for (i, field) in fields.enumerated() where followsValues[i] && !places[i].path.isEmpty && field.path(in: values) != nil {
            let place = places[i]
            FrameAnimations.modify(&frame.items, at: place.path[...]) { item in
                var new = item
                field.step(&new, at: t, values: values)
                let motions = declaredAlong.motions(i, field, of: new, values)
                if let motions, !motions.contains(where: { m in renderedMotions.contains { $0.id == m.id && $0.field == m.field } }) {
                    declared += motions
                    for m in motions { new = m.played(new, at: m.start) }
                } else {
                    undeclared = true  // stepped instead: no motion for it, or the render's moves the same field
                }
                FrameAnimations.replace(&item, with: new, at: place, &hash, &patch)
            }
        }
        declare(declared, in: &frame, hash: &hash, &patch)
    }

    /// The frame's item motions: the render's, and the paths the values follow now.
    @inline(never)  // for size
    private func declare(_ declared: [ItemMotion], in frame: inout Frame, hash: inout UInt32, _ patch: inout Patch) {
        var motions = renderedMotions
        if !declared.isEmpty {
            motions += declared
            motions.sortStably(by: ItemMotion.ordered)
        }
        guard motions != frame.itemMotions else { return }
        hash = hash &- MotionCoding.hashTerm(frame.motions, frame.itemMotions) &+ MotionCoding.hashTerm(frame.motions, motions)
        frame.itemMotions = motions
        patch.motions = frame.motions
        patch.itemMotions = motions
    }

    /// `new` in place of `item` (the entry at `place`) when a field differs: the hash kept in step,
    /// the update recorded.
    @inline(__always)
    private static func replace(_ item: inout Item, with new: Item, at place: (path: [Int], parent: UInt32, index: Int),
                                _ hash: inout UInt32, _ patch: inout Patch) {
        let changed = ItemFields.differing(item, new)
        guard !changed.isEmpty else { return }
        hash = hash &- FrameHash.entryTerm(parent: place.parent, index: place.index, item)
            &+ FrameHash.entryTerm(parent: place.parent, index: place.index, new)
        patch.updates.append(ItemUpdate(fields: changed, from: new))
        item = new
    }

    /// Runs `body` on the entry at `path`, in place (the arrays on the way stay uniquely referenced).
    private static func modify(_ entries: inout [Item], at path: ArraySlice<Int>, _ body: (inout Item) -> Void) {
        let i = path.first!
        if path.count == 1 { body(&entries[i]) } else { modify(&entries[i].children, at: path.dropFirst(), body) }
    }
}

/// The motions `FrameAnimations.step` made of paths, by field: the same path (the same points, most
/// often the very same array) in the same state gives the same motions. A class, so the steps
/// (non-mutating) keep it.
private final class DeclaredPaths {
    private var last: [(field: Int, path: SampledPath, state: Bool, motions: [ItemMotion]?)] = []

    func motions(_ i: Int, _ field: AnimatedField, of item: Item, _ values: MovingValues) -> [ItemMotion]? {
        guard let path = field.path(in: values) else { return nil }
        let state = field.pathState(in: values)
        if let k = last.firstIndex(where: { $0.field == i }) {
            if last[k].path == path, last[k].state == state { return last[k].motions }
            last.remove(at: k)
        }
        let motions = field.motions(of: item, values)
        last.append((i, path, state, motions))
        return motions
    }
}
