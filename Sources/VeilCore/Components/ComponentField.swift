/// A field of a drawn entry that a component drew and that changes with time or with
/// the values that move (`AnimatedField.item`): each component's cases are its own type,
/// in its folder, evaluated with the very formula its drawing used, so a tick that steps the field
/// and a render produce the same frame.
enum ComponentField: Sendable {
    case scroll(ScrollField)

    /// Moves with `MovingValues` (skipped while they stand still), not with time alone.
    var followsValues: Bool {
        switch self {
        case .scroll: return true
        }
    }

    /// The entry's fields at `t`; `values` are the moving values now (nil when none moved since the
    /// last step: then only fields that do not follow them are stepped).
    func step(_ item: inout Item, at t: Double, values: MovingValues?) {
        switch self {
        case let .scroll(field): field.step(&item, values: values, at: t)
        }
    }

    /// The path the value it follows takes, if any.
    func path(in values: MovingValues) -> SampledPath? {
        switch self {
        case let .scroll(field): return field.path(in: values)
        }
    }

    /// The entry's fields along the path the value it follows takes (`AnimatedField.motions`).
    func motions(of item: Item, _ values: MovingValues) -> [ItemMotion]? {
        switch self {
        case let .scroll(field): return field.motions(of: item, values)
        }
    }

    /// What else than its path the fields along it depend on (`AnimatedField.pathState`).
    func pathState(in values: MovingValues) -> Bool {
        switch self {
        case let .scroll(field): return field.pathState(in: values)
        }
    }
}
