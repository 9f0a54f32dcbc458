/// One frame: what a host draws. A paint table plus a tree of items in painter's order: `items`
/// are the children of the root layer (id 0, canvas space); an item of kind `.layer` holds children
/// of its own, in its space. Every id is unique in the whole frame. Everything is quantized
/// (`Fixed`), so two frames are equal exactly when they draw the same.
public struct Frame: Equatable, Sendable {
    /// Canvas size in 1/8 pt.
    public var width: Int32
    public var height: Int32
    public var background: Color
    /// Items refer to paints by slot index + 1 (0 means none).
    public var paints: [Paint]
    public var items: [Item]
    /// Paints that move with time alone, ascending by slot (`PaintMotion`): a host draws such a
    /// slot as the motion's paint at its own time, not as the table's.
    public var motions: [PaintMotion]
    /// Item fields that move with time alone, ascending by id and an item's by field, each field
    /// once (`ItemMotion.ordered`): a host draws such a field as the motion's value at its own
    /// time, not as the item's.
    public var itemMotions: [ItemMotion]

    public init(width: Int32 = 0, height: Int32 = 0, background: Color = .white,
                paints: [Paint] = [], items: [Item] = [], motions: [PaintMotion] = [],
                itemMotions: [ItemMotion] = []) {
        self.width = width; self.height = height; self.background = background
        self.paints = paints; self.items = items; self.motions = motions; self.itemMotions = itemMotions
    }

    /// Whether anything in it moves with time alone.
    public var hasMotions: Bool { !motions.isEmpty || !itemMotions.isEmpty }
}

public struct GradientStop: Hashable, Sendable {
    /// 0...65535 maps to 0...1 along the gradient.
    public var offset: UInt16
    public var color: Color
    public init(offset: UInt16, color: Color) { self.offset = offset; self.color = color }
}

/// Gradient geometry is in canvas space (1/8 pt), not item space: one paint can sweep across many
/// items as a single light, and animating it costs one paint update.
public enum Paint: Hashable, Sendable {
    case solid(Color)
    case linear(x0: Int32, y0: Int32, x1: Int32, y1: Int32, stops: [GradientStop])
    case radial(cx: Int32, cy: Int32, radius: Int32, stops: [GradientStop])
}

public enum ItemKind: UInt8, Sendable {
    /// A rectangle, rounded by `cornerRadius`; filled and/or stroked.
    case rect = 0
    /// One line of text, already broken by the core; drawn left-aligned at x, baseline at y + baseline.
    case text = 1
    /// An image placeholder box.
    case image = 2
    /// A circular arc centred in the item's box, radius min(w, h)/2, stroked with `lineWidth`
    /// from `arcStart` over `arcSweep` (turns/65536, clockwise, 0 = 12 o'clock).
    case arc = 3
    /// An activity indicator: 8 spokes around the box centre, drawn by the host (docs/PROTOCOL.md);
    /// `rotation` turns it, so animating it costs one field.
    case activityIndicator = 4
    /// A group of items (and layers): drawn translated by (x, y), clipped to `clip`, and composited
    /// as a whole at `opacity` (true group opacity). Its children's coordinates are in its space, so
    /// moving, scrolling or fading a subtree is one field of its layer.
    case layer = 5
    /// Where content the host provides goes (a host node): its box and clip, nothing to paint.
    /// A host draws a stand-in or places its own element there (docs/PROTOCOL.md).
    case host = 6
}

/// A clip rectangle in the space of the item's parent layer (1/8 pt), rounded by `cornerRadius`.
/// For a layer too the clip is in its parent's space, so scrolling (moving the layer) keeps it put.
public struct Clip: Equatable, Sendable {
    public var x: Int32
    public var y: Int32
    public var width: Int32
    public var height: Int32
    public var cornerRadius: Int32
    public init(x: Int32, y: Int32, width: Int32, height: Int32, cornerRadius: Int32 = 0) {
        self.x = x; self.y = y; self.width = width; self.height = height; self.cornerRadius = cornerRadius
    }
}

/// A drawable item or a layer. A flat record: every kind uses a subset of the fields, the rest stay
/// at their defaults so they cost nothing on the wire (a delta carries only changed fields).
/// A layer uses x, y (its offset in its parent's space), width, height (its bounds, informative),
/// opacity (group opacity), clip, and `children`.
public struct Item: Equatable, Sendable {
    public var id: UInt32
    public var kind: ItemKind
    /// Box in the parent layer's space, 1/8 pt.
    public var x: Int32 = 0
    public var y: Int32 = 0
    public var width: Int32 = 0
    public var height: Int32 = 0
    public var cornerRadius: Int32 = 0
    /// Paint slot + 1; 0 = no fill.
    public var fill: UInt32 = 0
    /// Paint slot + 1; 0 = no stroke.
    public var stroke: UInt32 = 0
    public var lineWidth: Int32 = 0
    /// 0...255.
    public var opacity: UInt8 = 255
    /// Rotation about the box centre, turns/65536 clockwise.
    public var rotation: Int32 = 0
    public var clip: Clip? = nil
    /// Text items: UTF-8 of the line, font size (1/8 pt), weight (100...900), baseline below y (1/8 pt).
    public var text: [UInt8] = []
    public var fontSize: Int32 = 0
    public var fontWeight: UInt16 = 400
    public var baseline: Int32 = 0
    /// Arc items.
    public var arcStart: Int32 = 0
    public var arcSweep: Int32 = 0
    /// Layers only: 1 when the core will move or fade the layer by its own fields (a scroll
    /// container's content, a sheet, its dim) — a host may keep a bitmap of it from its first draw
    /// (Flutter's `willChange` hint, CSS `will-change`); 0: no such promise.
    public var willChange: UInt8 = 0
    /// Layers only: the layer's items and layers in painter's order, in the layer's space.
    public var children: [Item] = []

    public init(id: UInt32, kind: ItemKind) { self.id = id; self.kind = kind }

    public var isLayer: Bool { kind == .layer }
}
