extension Frame {
    /// Every visible item of the frame in painter's order, as if there were no layers: positions in
    /// canvas space (offset by their layers), opacity multiplied by their layers' (group opacity
    /// approximated per item), clip intersected with their layers' clips (the corner radius of the
    /// innermost). Items that end up fully transparent are left out, like what a host draws.
    /// For tests, hit checks and readable descriptions; hosts draw the layers themselves.
    /// Paint geometry stays in the space of the layer that uses it.
    public var canvasItems: [Item] {
        var out: [Item] = []
        Frame.flatten(items, dx: 0, dy: 0, opacity: 255, clip: nil, into: &out)
        return out
    }

    private static func flatten(_ entries: [Item], dx: Int32, dy: Int32, opacity: UInt32, clip: Clip?,
                                into out: inout [Item]) {
        for e in entries {
            let own = e.clip.map { c in Clip(x: c.x &+ dx, y: c.y &+ dy, width: c.width, height: c.height,
                                             cornerRadius: c.cornerRadius) }
            let clipped = Frame.intersect(clip, own)
            let alpha = (opacity * UInt32(e.opacity) + 127) / 255
            if alpha == 0 { continue }
            if e.isLayer {
                flatten(e.children, dx: dx &+ e.x, dy: dy &+ e.y, opacity: alpha, clip: clipped, into: &out)
            } else {
                var item = e
                item.x = e.x &+ dx; item.y = e.y &+ dy
                item.opacity = UInt8(alpha)
                item.clip = clipped
                out.append(item)
            }
        }
    }

    private static func intersect(_ a: Clip?, _ b: Clip?) -> Clip? {
        guard let a else { return b }
        guard let b else { return a }
        let x = max(a.x, b.x), y = max(a.y, b.y)
        let right = min(a.x &+ a.width, b.x &+ b.width), bottom = min(a.y &+ a.height, b.y &+ b.height)
        return Clip(x: x, y: y, width: max(0, right &- x), height: max(0, bottom &- y), cornerRadius: b.cornerRadius)
    }
}
