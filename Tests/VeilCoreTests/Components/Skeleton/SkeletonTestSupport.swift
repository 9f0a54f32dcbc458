@testable import VeilCore

/// Scenes and frame queries shared by the Skeleton*Tests.
enum SK {
    static let tint = Color(rgba: 0xECF0F1FF)
    static let complementary = Color(rgba: 0xDEE2E3FF)
    static let dark = Color(rgba: 0x1C2325FF)

    static func skeletonable(_ n: Node) -> Node {
        var n = n
        n.skeleton.skeletonable = true
        return n
    }

    static func image(_ id: String, frame: Rect, cornerRadius: Double = 0) -> Node {
        var n = Node(id: bytes(id), kind: .image(ImageStyle()))
        n.frame = frame
        n.cornerRadius = cornerRadius
        return n
    }

    static func framed(_ n: Node, _ r: Rect) -> Node {
        var n = n
        n.frame = r
        return n
    }

    /// A card: avatar, one-line title, four-line body, and a badge that is not skeletonable (its
    /// skeletonable label is cut off with it).
    static func cardScene() -> Scene {
        var badge = view("badge", frame: Rect(x: 340, y: 16, width: 40, height: 20), background: Color(rgba: 0xFF0000FF),
                         children: [skeletonable(label("badge-text", "new", fontSize: 12))])
        badge.skeleton.skeletonable = false
        let card = skeletonable(view("card", frame: Rect(x: 0, y: 0, width: 400, height: 200), background: .white, children: [
            skeletonable(image("avatar", frame: Rect(x: 16, y: 16, width: 48, height: 48), cornerRadius: 24)),
            skeletonable(framed(label("title", "Ada Lovelace"), Rect(x: 80, y: 16, width: 200, height: 20))),
            skeletonable(framed(label("body", "Notes on the analytical engine, with a table of Bernoulli numbers.", lines: 0),
                                Rect(x: 80, y: 44, width: 300, height: 100))),
            badge,
        ]))
        return scene(skeletonable(view("screen", children: [card])), width: 400, height: 300)
    }

    static func show(_ s: Session, _ id: String, _ kind: SkeletonKind = .solid, color: Color? = nil,
                     direction: SkeletonDirection? = nil, curve: TimingCurve? = nil,
                     transition: OverlayTransition = .none, delay: Double = 0, at t: Double = 0) throws {
        var style = SkeletonStyle()
        style.kind = kind
        style.color = color
        style.direction = direction
        style.curve = curve
        try s.apply(.command(.skeleton(node: bytes(id), .show(style, transition: transition, delay: delay))), at: t)
    }

    static func hide(_ s: Session, _ id: String, transition: OverlayTransition = .none, at t: Double) throws {
        try s.apply(.command(.skeleton(node: bytes(id), .hide(transition: transition))), at: t)
    }
}

extension Frame {
    func rect(_ item: Item) -> Rect {
        Rect(x: Fixed.points(item.x), y: Fixed.points(item.y), width: Fixed.points(item.width), height: Fixed.points(item.height))
    }

    /// Items filled with `paint`.
    func items(filledWith paint: Paint) -> [Item] {
        canvasItems.filter { $0.fill != 0 && paints[Int($0.fill) - 1] == paint }
    }

    func texts() -> [String] {
        canvasItems.filter { $0.kind == .text }.map { String(decoding: $0.text, as: UTF8.self) }
    }

    /// The placeholder whose box is `r` (points), if any.
    func item(at r: Rect) -> Item? {
        canvasItems.first { rect($0) == r }
    }
}
