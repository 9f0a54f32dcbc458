/// A command or input the session cannot apply; the session is unchanged.
public struct SessionError: Error, Equatable, Sendable {
    public var message: String
    /// Out of line (for size): the session and components throw it from about sixty places.
    @inline(never)
    public init(_ message: UTF8Text) { self.message = message.string }
}

extension Scene {
    /// The path to the node with `id`, or the error every command naming an unknown node gives
    /// (with the id it most likely meant, as for a misspelt key).
    func find(_ id: [UInt8]) throws(SessionError) -> [Int] {
        guard let path = root.path(to: id) else {
            let hint = ReaderContext.didYouMean(id, nodeIDs(limit: Limits.maxNodes))
            throw SessionError("no node with id \"\(id)\"\(hint.isEmpty ? [] : utf8("; ") + hint.dropLast())")
        }
        return path
    }
}
