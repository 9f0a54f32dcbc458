import VeilCore

/// Everything `VeilSession` can throw: a scene or action that does not read (with its place,
/// `file:line:column`), or an action the session refuses (no place). One type to catch.
public struct VeilError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    /// Where, for a scene or action that does not read.
    public var file: String?
    public var line: Int?
    public var column: Int?

    public init(_ message: String, file: String? = nil, line: Int? = nil, column: Int? = nil) {
        self.message = message; self.file = file; self.line = line; self.column = column
    }

    init(_ error: SceneError) { self.init(error.message, file: error.file, line: error.line, column: error.column) }
    init(_ error: SessionError) { self.init(error.message) }

    /// `file:line:column: message`, or the message alone.
    public var description: String {
        guard let file, let line, let column else { return message }
        return "\(file):\(line):\(column): \(message)"
    }
}
