/// A layer field that follows a value a component drives (`MovingValues`, channel `.link`): the
/// layer's y moves by it, or its opacity is it. Set by the component's `install`; the renderer
/// records it as an animated field, so moving it costs one field per message.
struct PositionLink: Sendable, Equatable {
    enum Role: Sendable, Equatable { case offsetY, opacity, cornerRadius }
    var key: [UInt8]
    /// `.offsetY` or `.opacity` (of the node's layer).
    var role: Role
    /// The key of the value the node's background's corner radius follows, if any (a sheet whose
    /// corners square off as it reaches the top).
    var cornerRadius: [UInt8]? = nil
}
