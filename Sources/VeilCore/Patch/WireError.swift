/// Why a message could not be decoded: where (byte offset) and what was wrong.
public struct WireError: Error, Equatable, Sendable {
    public var offset: Int
    public var reason: String
    public init(offset: Int, reason: String) { self.offset = offset; self.reason = reason }
    public var message: String { "veil.v2 message, byte \(offset): \(reason)" }
}
