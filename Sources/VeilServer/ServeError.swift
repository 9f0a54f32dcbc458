/// Why `veil serve` cannot start: every line is printed as is (scene errors are file:line:column).
public struct ServeError: Error, CustomStringConvertible {
    public var lines: [String]
    public init(_ line: String) { lines = [line] }
    public init(lines: [String]) { self.lines = lines }
    public var description: String { lines.joined(separator: "\n") }
}
