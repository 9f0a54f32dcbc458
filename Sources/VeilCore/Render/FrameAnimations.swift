/// A value of a rendered frame that changes with time alone: the renderer records one for each
/// such field, so a tick with no structural change re-evaluates these instead of rendering, and
/// costs what animates, not what the frame holds. Each case is evaluated with the very formula the
/// renderer used, so both paths produce the same frame (SessionTests checks it tick by tick).
enum AnimatedField: Sendable {
    /// A layer whose node fades: opacity = base × fade(t).
    case layerOpacity(id: UInt32, base: Double, fade: Fade)
    /// A skeleton's content layer (1 − reveal) or placeholder layer (reveal) while it dissolves.
    case skeletonContent(id: UInt32, look: SkeletonLook)
    case skeletonPlaceholders(id: UInt32, look: SkeletonLook)
    /// An activity indicator's rotation, stepping with time.
    case indicator(id: UInt32)
    /// A skeleton's animated paint (pulse colour, sliding gradient) in its dedicated slot.
    case paint(slot: Int, look: SkeletonLook, bounds: Rect)

    var entryId: UInt32? {
        switch self {
        case let .layerOpacity(id, _, _), let .skeletonContent(id, _), let .skeletonPlaceholders(id, _),
             let .indicator(id):
            return id
        case .paint:
            return nil
        }
    }
}

/// The animated fields of the frame a session holds, with where each entry is in it.
struct FrameAnimations {
    private(set) var fields: [AnimatedField] = []
    /// Per field (entries only): path of indices from the root, parent layer id, index in the parent.
    private var places: [(path: [Int], parent: UInt32, index: Int)] = []

    var isEmpty: Bool { fields.isEmpty }

    init() {}

    /// Binds `fields` to `frame`: finds each animated entry once (one walk), so a step is O(fields).
    init(_ fields: [AnimatedField], in frame: Frame) {
        self.fields = fields
        var wanted = IdIndex(capacity: fields.count)
        for (i, f) in fields.enumerated() { if let id = f.entryId { _ = wanted.insert(id, at: i) } }
        places = Array(repeating: ([], 0, 0), count: fields.count)
        if wanted.count > 0 { locate(frame.items, parent: 0, prefix: [], wanted) }
    }

    private mutating func locate(_ entries: [Item], parent: UInt32, prefix: [Int], _ wanted: IdIndex) {
        for (i, e) in entries.enumerated() {
            if let f = wanted.index(of: e.id) { places[f] = (prefix + [i], parent, i) }
            if e.isLayer { locate(e.children, parent: e.id, prefix: prefix + [i], wanted) }
        }
    }

    /// Moves every animated field of `frame` to time `t` in place, keeping `hash` (the frame's
    /// `FrameHash`) in step, and returns the patch from the frame as it was: paint edits and
    /// updates by id, nothing else.
    func step(_ frame: inout Frame, hash: inout UInt32, at t: Double) -> Patch {
        var patch = Patch()
        for (i, field) in fields.enumerated() {
            switch field {
            case let .paint(slot, look, bounds):
                guard slot < frame.paints.count,
                      let paint = SkeletonPaint.shared(look, bounds: bounds, at: look.animationTime(at: t)),
                      paint != frame.paints[slot] else { continue }
                let old = frame.paints[slot]
                hash = hash &- FrameHash.paintTerm(slot: slot, old) &+ FrameHash.paintTerm(slot: slot, paint)
                frame.paints[slot] = paint
                patch.paintEdits.append(PaintEdit(slot: slot, change: Differ.change(from: old, to: paint)))
            case .layerOpacity, .skeletonContent, .skeletonPlaceholders, .indicator:
                let place = places[i]
                guard !place.path.isEmpty else { continue }
                FrameAnimations.modify(&frame.items, at: place.path[...]) { item in
                    var new = item
                    switch field {
                    case let .layerOpacity(_, base, fade): new.opacity = Fixed.opacity(base * fade.value(at: t))
                    case let .skeletonContent(_, look): new.opacity = Fixed.opacity(1 - look.reveal(at: t))
                    case let .skeletonPlaceholders(_, look): new.opacity = Fixed.opacity(look.reveal(at: t))
                    case .indicator: new.rotation = ActivityIndicator.rotation(at: t)
                    case .paint: break
                    }
                    let changed = ItemFields.differing(item, new)
                    guard !changed.isEmpty else { return }
                    hash = hash &- FrameHash.entryTerm(parent: place.parent, index: place.index, item)
                        &+ FrameHash.entryTerm(parent: place.parent, index: place.index, new)
                    patch.updates.append(ItemUpdate(fields: changed, from: new))
                    item = new
                }
            }
        }
        patch.paintEdits.sort { $0.slot < $1.slot }
        patch.updates.sort { $0.id < $1.id }
        return patch
    }

    /// Runs `body` on the entry at `path`, in place (the arrays on the way stay uniquely referenced).
    private static func modify(_ entries: inout [Item], at path: ArraySlice<Int>, _ body: (inout Item) -> Void) {
        let i = path.first!
        if path.count == 1 { body(&entries[i]) } else { modify(&entries[i].children, at: path.dropFirst(), body) }
    }
}
