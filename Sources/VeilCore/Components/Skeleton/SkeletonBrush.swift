/// A skeleton's paint during one render: entered at the skeleton's root, used by every placeholder
/// below it.
struct SkeletonBrush {
    var look: SkeletonLook
    /// The shared paint (slot + 1), or 0 when each placeholder has its own (static gradient).
    var paint: UInt32
    /// Share of the placeholders against the content, 0...1.
    var reveal: Double
    /// The shared paint has a slot of its own and changes with time (pulse, sliding).
    var animates = false

    /// Whether the content still shows under the placeholders: while they dissolve in or out (even
    /// at the very start, so what is drawn changes with time only in opacities), or when not fully
    /// shown.
    var showsContent: Bool { look.fade != nil || reveal < 1 }

    init(_ look: SkeletonLook, owner: [UInt8], bounds: Rect, time: Double, paints: inout PaintTable) {
        self.look = look
        reveal = look.reveal(at: time)
        switch SkeletonPaint.shared(look, bounds: bounds) {
        case nil: paint = 0
        case let p? where look.kind == .pulse || look.kind == .sliding:
            paint = paints.dedicated(owner: owner, p)
            animates = true
        case let p?: paint = paints.reference(p)
        }
    }
}
