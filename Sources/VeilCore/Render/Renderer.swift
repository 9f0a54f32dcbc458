// STUB — replaced by the real renderer.
struct Renderer {
    var interaction = Interaction()
    func render(_ scene: Scene, at time: Double) -> Frame {
        Frame(width: Fixed.from(scene.width), height: Fixed.from(scene.height),
              background: scene.background ?? .white)
    }
}

struct Interaction {
    mutating func pointer(_ p: PointerEvent, scene: Scene) -> HostEvent? { nil }
    mutating func key(_ k: KeyEvent, scene: Scene) -> HostEvent? { nil }
}
