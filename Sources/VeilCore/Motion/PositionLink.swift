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

extension PositionLink.Role {
    /// The item field the role drives: a layer's y or opacity, a background's corner radius.
    var itemField: ItemFields {
        switch self {
        case .offsetY: return .y
        case .opacity: return .opacity
        case .cornerRadius: return .cornerRadius
        }
    }

    /// That field's value for `v`, the base plus the linked value (a layer's y; the others' base is 0).
    func field(_ v: Double) -> Int32 {
        switch self {
        case .offsetY, .cornerRadius: return Fixed.from(v)
        case .opacity: return Int32(Fixed.opacity(v))
        }
    }

    /// Sets that field of `item` to `value` (one `field` gave).
    func set(_ value: Int32, on item: inout Item) {
        switch self {
        case .offsetY: item.y = value
        case .opacity: item.opacity = UInt8(clamping: value)
        case .cornerRadius: item.cornerRadius = value
        }
    }
}
