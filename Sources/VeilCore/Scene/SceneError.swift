/// A scene file or command error: where it is and what was expected there.
/// `description` is "file:line:column: message", the form every tool prints.
public struct SceneError: Error, Equatable, Sendable {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file; self.line = line; self.column = column; self.message = message
    }
    public var description: String { "\(file):\(line):\(column): \(message)" }
}
