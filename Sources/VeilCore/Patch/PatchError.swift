/// A patch does not fit the frame it is applied to (wrong base, or corrupt). Applying changed nothing.
public struct PatchError: Error, Equatable, Sendable {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
}
