/// A scene file or command error: where it is and what was expected there.
/// `description` is "file:line:column: message", the form every tool prints.
public struct SceneError: Error, Equatable, Sendable {
    /// The fields live in one shared box, so the error is a single reference. Typed throws move the
    /// error out of every reader function and table closure that can fail; moving four fields (two
    /// Strings) at each of those places grew veil.wasm.
    private final class Storage: Sendable {
        let file: String
        let line: Int
        let column: Int
        let message: String
        init(_ file: String, _ line: Int, _ column: Int, _ message: String) {
            self.file = file; self.line = line; self.column = column; self.message = message
        }
    }

    private var storage: Storage

    public var file: String {
        get { storage.file }
        set { storage = Storage(newValue, line, column, message) }
    }
    public var line: Int {
        get { storage.line }
        set { storage = Storage(file, newValue, column, message) }
    }
    public var column: Int {
        get { storage.column }
        set { storage = Storage(file, line, newValue, message) }
    }
    public var message: String {
        get { storage.message }
        set { storage = Storage(file, line, column, newValue) }
    }

    public init(file: String, line: Int, column: Int, message: String) {
        storage = Storage(file, line, column, message)
    }

    public static func == (a: SceneError, b: SceneError) -> Bool {
        a.file == b.file && a.line == b.line && a.column == b.column && a.message == b.message
    }

    public var description: String { UTF8Text("\(file):\(line):\(column): \(message)").string }
}
