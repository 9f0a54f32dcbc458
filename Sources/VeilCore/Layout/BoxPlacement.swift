/// Where a box of the laid-out tree is drawn on the canvas: the one rule hit-testing, inspection and
/// accessibility walk by, and the renderer places its layers by (docs/ARCHITECTURE.md, "Where a box
/// is drawn"). Canvas position = layout position − `shift`: the scroll offsets of the containers
/// around the box — not for their overlays, which do not scroll (a status over a list) — and the
/// sheet links (a sheet drawn lower than laid out). `clip` is what its ancestors clip it to (canvas
/// points), `cull` what layout culls it by (`Visibility`, layout space).
struct BoxPlacement {
    var shift = Point(x: 0, y: 0)
    var clip: Rect? = nil
    var cull: Rect? = nil

    /// The box's frame on the canvas.
    func frame(of box: LayoutBox) -> Rect { box.frame.offsetBy(dx: -shift.x, dy: -shift.y) }

    /// Whether a point of the canvas is inside the box as drawn here.
    func contains(_ p: Point, in box: LayoutBox) -> Bool {
        (clip?.contains(p) ?? true) && box.frame.contains(Point(x: p.x + shift.x, y: p.y + shift.y))
    }

    /// The placement of `box` itself, its parent's being this one: moved by its sheet link; nil for
    /// a dim that does not show (drawn transparent, it takes nothing and covers nothing).
    @inline(never)  // for size: one copy for the walks
    func entering(_ box: LayoutBox, _ values: MovingValues) -> BoxPlacement? {
        guard let link = box.node.link else { return self }
        var at = self
        switch link.role {
        case .offsetY: at.shift.y -= values.link(link.key)
        case .opacity: if values.link(link.key) <= BoxPlacement.unseenOpacity { return nil }
        case .cornerRadius: break
        }
        return at
    }

    /// The placements of `box`'s children (the box entered at this one): its rows, clipped by it
    /// when it clips and moved by its scroll offset; its overlays, clipped alike but not scrolled.
    @inline(never)  // for size: one copy for the walks
    func children(of box: LayoutBox, _ values: MovingValues) -> (rows: BoxPlacement, overlays: BoxPlacement) {
        let node = box.node
        var rows = self
        if node.clipsChildren {
            let drawn = frame(of: box)
            rows.clip = clip.map { $0.intersection(drawn) } ?? drawn
        }
        var overlays = rows
        (rows.cull, overlays.cull) = BoxPlacement.culls(of: box, cull)
        if node.scrolls {
            let offset = values.offset(of: node.id)
            if node.scrollAxis == .horizontal { rows.shift.x += offset } else { rows.shift.y += offset }
        }
        return (rows, overlays)
    }

    /// What layout culls `box`'s rows and overlays by (`Visibility`), `cull` culling the box: the
    /// renderer's rule too. Its own frame when it clips them, within `cull`. A scroll container's
    /// rows are not culled — its content moves under its clip (its layer clips it when drawn), and
    /// a list lays out only the rows near its viewport — and its overlays are culled as it is: they
    /// do not scroll.
    static func culls(of box: LayoutBox, _ cull: Rect?) -> (rows: Rect?, overlays: Rect?) {
        let node = box.node
        if node.scrolls { return (nil, cull) }
        guard node.clipsChildren else { return (cull, cull) }
        let rows = cull.map { $0.intersection(box.frame) } ?? box.frame
        return (rows, rows)
    }

    /// A dim at this opacity or less is not shown.
    static let unseenOpacity = 0.001
}

extension LayoutBox {
    /// How many of the children come before the overlays (a list's rows, a container's content).
    var rowCount: Int { children.count - node.overlays.count }
}
