/// The field mask of an item on the wire: one bit per field (docs/PROTOCOL.md, "Item fields").
/// The most often animated fields have the low bits, so a typical mask is one varint byte.
public struct ItemFields: OptionSet, Equatable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let x = ItemFields(rawValue: 1 << 0)
    public static let y = ItemFields(rawValue: 1 << 1)
    public static let width = ItemFields(rawValue: 1 << 2)
    public static let height = ItemFields(rawValue: 1 << 3)
    public static let fill = ItemFields(rawValue: 1 << 4)
    public static let opacity = ItemFields(rawValue: 1 << 5)
    public static let rotation = ItemFields(rawValue: 1 << 6)
    public static let cornerRadius = ItemFields(rawValue: 1 << 7)
    public static let stroke = ItemFields(rawValue: 1 << 8)
    public static let lineWidth = ItemFields(rawValue: 1 << 9)
    public static let clip = ItemFields(rawValue: 1 << 10)
    public static let arcStart = ItemFields(rawValue: 1 << 11)
    public static let arcSweep = ItemFields(rawValue: 1 << 12)
    public static let text = ItemFields(rawValue: 1 << 13)
    public static let kind = ItemFields(rawValue: 1 << 14)
    public static let fontSize = ItemFields(rawValue: 1 << 15)
    public static let fontWeight = ItemFields(rawValue: 1 << 16)
    public static let baseline = ItemFields(rawValue: 1 << 17)

    public static let all = ItemFields(rawValue: (1 << 18) - 1)

    /// The fields in which two items differ (the id is not a field). Out of line (for size): the
    /// differ, the frame encoder and the animated fields each inlined their own copy.
    @inline(never)
    public static func differing(_ a: Item, _ b: Item) -> ItemFields {
        var m: UInt32 = 0
        if a.x != b.x { m |= ItemFields.x.rawValue }
        if a.y != b.y { m |= ItemFields.y.rawValue }
        if a.width != b.width { m |= ItemFields.width.rawValue }
        if a.height != b.height { m |= ItemFields.height.rawValue }
        if a.fill != b.fill { m |= ItemFields.fill.rawValue }
        if a.opacity != b.opacity { m |= ItemFields.opacity.rawValue }
        if a.rotation != b.rotation { m |= ItemFields.rotation.rawValue }
        if a.cornerRadius != b.cornerRadius { m |= ItemFields.cornerRadius.rawValue }
        if a.stroke != b.stroke { m |= ItemFields.stroke.rawValue }
        if a.lineWidth != b.lineWidth { m |= ItemFields.lineWidth.rawValue }
        if a.clip != b.clip { m |= ItemFields.clip.rawValue }
        if a.arcStart != b.arcStart { m |= ItemFields.arcStart.rawValue }
        if a.arcSweep != b.arcSweep { m |= ItemFields.arcSweep.rawValue }
        if a.text != b.text { m |= ItemFields.text.rawValue }
        if a.kind != b.kind { m |= ItemFields.kind.rawValue }
        if a.fontSize != b.fontSize { m |= ItemFields.fontSize.rawValue }
        if a.fontWeight != b.fontWeight { m |= ItemFields.fontWeight.rawValue }
        if a.baseline != b.baseline { m |= ItemFields.baseline.rawValue }
        return ItemFields(rawValue: m)
    }

    /// Copies the fields in the mask from `source` into `target`.
    public func copy(from source: Item, to target: inout Item) {
        if contains(.x) { target.x = source.x }
        if contains(.y) { target.y = source.y }
        if contains(.width) { target.width = source.width }
        if contains(.height) { target.height = source.height }
        if contains(.fill) { target.fill = source.fill }
        if contains(.opacity) { target.opacity = source.opacity }
        if contains(.rotation) { target.rotation = source.rotation }
        if contains(.cornerRadius) { target.cornerRadius = source.cornerRadius }
        if contains(.stroke) { target.stroke = source.stroke }
        if contains(.lineWidth) { target.lineWidth = source.lineWidth }
        if contains(.clip) { target.clip = source.clip }
        if contains(.arcStart) { target.arcStart = source.arcStart }
        if contains(.arcSweep) { target.arcSweep = source.arcSweep }
        if contains(.text) { target.text = source.text }
        if contains(.kind) { target.kind = source.kind }
        if contains(.fontSize) { target.fontSize = source.fontSize }
        if contains(.fontWeight) { target.fontWeight = source.fontWeight }
        if contains(.baseline) { target.baseline = source.baseline }
    }
}

extension Item {
    /// The item every field mask is relative to in a keyframe or an insert: a rect with all defaults.
    static let defaults = Item(id: 0, kind: .rect)
}
