/// Builds a frame's paint table, giving each distinct paint one slot (in order of first use, so an
/// unchanged scene keeps its slots from frame to frame).
struct PaintTable {
    private(set) var paints: [Paint] = []
    private var slots = KeyTable<Paint, UInt32>()

    /// The item reference for `paint`: slot + 1.
    mutating func reference(_ paint: Paint) -> UInt32 {
        if let s = slots[paint] { return s }
        paints.append(paint)
        let ref = UInt32(paints.count)
        slots[paint] = ref
        return ref
    }

    mutating func solid(_ color: Color) -> UInt32 { reference(.solid(color)) }

    /// A slot of its own for a paint that animates: never shared with an equal paint, so its slot
    /// does not move when its value meets another's (which would renumber every later slot).
    mutating func dedicated(_ paint: Paint) -> UInt32 {
        paints.append(paint)
        return UInt32(paints.count)
    }
}
