/// A command or input the session cannot apply; the session is unchanged.
public struct SessionError: Error, Equatable, Sendable {
    public var message: String
    public init(_ message: UTF8Text) { self.message = message.string }
}
