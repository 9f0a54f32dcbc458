// STUB — owned by the reader work (helper "reader"); replaced by the real implementation.
public enum SceneReader {
    /// Parses a scene file (JSON). Errors name file:line:column.
    public static func read(_ source: [UInt8], file: String) throws(SceneError) -> Scene {
        var root = Node(id: Array("root".utf8), kind: .view)
        root.background = Color(r: 240, g: 240, b: 240)
        return Scene(root: root)
    }
    /// Parses one line of an events file (or the JSON given to perform/input): {"t":…, "command"|"input": …}.
    /// `t` is optional here (0 when absent).
    public static func readAction(_ source: [UInt8], file: String, line: Int) throws(SceneError) -> TimedAction {
        throw SceneError(file: file, line: line, column: 1, message: "not implemented")
    }
}
