/// The edit script that turns one frame into the next (docs/PROTOCOL.md, "Patch body").
///
/// Structure is edited per layer: each `LayerEdit` names a layer by id (0 = the root) and removes
/// and places entries of that layer's child list by position (removes and move sources by their
/// index in the old list, placements by their index in the new one). Field changes are addressed
/// by entry id (`updates`, ascending ids), so animating a layer's offset or opacity costs its id,
/// a mask and the value, wherever the layer is. `Differ.diff` makes patches; `apply(to:)` replays them.
public struct Patch: Equatable, Sendable {
    public var width: Int32? = nil
    public var height: Int32? = nil
    public var background: Color? = nil
    /// New length of the paint table, when it changes. Every slot past the old length gets a `.replace`.
    public var paintCount: Int? = nil
    /// Paint slot changes, ascending by slot.
    public var paintEdits: [PaintEdit] = []
    /// Child-list edits, at most one per layer.
    public var structure: [LayerEdit] = []
    /// Changed fields of entries (items or layers) of the new frame, ascending by id.
    public var updates: [ItemUpdate] = []
    /// The frame's motions, when they change: the whole new lists, paints' and items' (one wire
    /// record carries both, so a patch sends both or neither; empty: none any more).
    public var motions: [PaintMotion]? = nil
    public var itemMotions: [ItemMotion]? = nil

    public init() {}

    /// True when applying it changes nothing.
    public var isEmpty: Bool {
        width == nil && height == nil && background == nil && paintCount == nil && paintEdits.isEmpty
            && structure.isEmpty && updates.isEmpty && motions == nil && itemMotions == nil
    }
}

/// The removes and placements of one layer's child list (ids of the layer: 0 = the root).
public struct LayerEdit: Equatable, Sendable {
    public var layer: UInt32
    /// Old indices of entries that go away, ascending.
    public var removes: [Int] = []
    /// New entries and moved survivors, placed at their final index, ascending.
    public var placements: [Placement] = []

    public init(layer: UInt32, removes: [Int] = [], placements: [Placement] = []) {
        self.layer = layer; self.removes = removes; self.placements = placements
    }

    public var isEmpty: Bool { removes.isEmpty && placements.isEmpty }
}

public struct PaintEdit: Equatable, Sendable {
    public var slot: Int
    public var change: PaintChange
    public init(slot: Int, change: PaintChange) { self.slot = slot; self.change = change }
}

public enum PaintChange: Equatable, Sendable {
    /// The slot gets this paint (a new slot, or a change of kind).
    case replace(Paint)
    /// The slot's gradient keeps its kind; only some coordinates and/or the stops change. An animated
    /// gradient moves its end points: this costs a few bytes instead of the whole paint.
    case adjust(GradientAdjustment)
}

public struct GradientAdjustment: Equatable, Sendable {
    public enum Kind: UInt8, Equatable, Sendable {
        case linear = 1
        case radial = 2
    }
    public var kind: Kind
    /// New coordinate values, nil = unchanged. Always four entries: linear (x0, y0, x1, y1),
    /// radial (cx, cy, radius, —) — the fourth is always nil for radial.
    public var coordinates: [Int32?]
    /// New stops, nil = unchanged.
    public var stops: [GradientStop]?

    public init(kind: Kind, coordinates: [Int32?] = [nil, nil, nil, nil], stops: [GradientStop]? = nil) {
        self.kind = kind; self.coordinates = coordinates; self.stops = stops
    }

    /// Applies to a gradient of the same kind; nil for any other paint.
    public func applied(to paint: Paint) -> Paint? {
        func pick(_ i: Int, _ old: Int32) -> Int32 { i < coordinates.count ? (coordinates[i] ?? old) : old }
        switch (kind, paint) {
        case let (.linear, .linear(x0, y0, x1, y1, stops)):
            return .linear(x0: pick(0, x0), y0: pick(1, y0), x1: pick(2, x1), y1: pick(3, y1),
                           stops: self.stops ?? stops)
        case let (.radial, .radial(cx, cy, radius, stops)):
            return .radial(cx: pick(0, cx), cy: pick(1, cy), radius: pick(2, radius), stops: self.stops ?? stops)
        default:
            return nil
        }
    }
}

public enum Placement: Equatable, Sendable {
    /// A new entry (an item, or a layer with its whole subtree) at its final index.
    indirect case insert(at: Int, Item)
    /// A surviving item, taken from its old index, placed at its final index.
    case move(at: Int, from: Int)

    public var index: Int {
        switch self {
        case let .insert(at, _): return at
        case let .move(at, _): return at
        }
    }
}

public struct ItemUpdate: Equatable, Sendable {
    /// Id of the entry (item or layer) in the new frame.
    public var id: UInt32
    public var fields: ItemFields
    /// New values of the fields in `fields`; every other field is at its default (no children).
    public var values: Item

    public init(id: UInt32, fields: ItemFields, values: Item) {
        self.id = id; self.fields = fields; self.values = values
    }

    /// The update that sets `fields` to their values in `new` (canonical: other fields at defaults).
    public init(fields: ItemFields, from new: Item) {
        var v = Item.defaults
        fields.copy(from: new, to: &v)
        self.init(id: new.id, fields: fields, values: v)
    }
}
