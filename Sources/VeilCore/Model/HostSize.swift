/// The `host` command: a page measured the element it binds to a host node and tells the core,
/// which lays the node out again at that size (docs/SCENE.md, "host").
extension Scene {
    /// Sets a host node's `width`/`height` (those given). False when nothing changed, so a page
    /// that reports every measurement costs no layout for the same size.
    mutating func resizeHost(_ id: [UInt8], width: Double?, height: Double?) throws(SessionError) -> Bool {
        let path = try find(id)
        guard case .host = root.node(at: path).kind else {
            throw SessionError("host: \"\(id)\" is not a host node")
        }
        let node = root.node(at: path)
        if (width ?? node.width) == node.width && (height ?? node.height) == node.height { return false }
        root.update(at: path[...]) { n in
            if let width { n.width = width }
            if let height { n.height = height }
        }
        return true
    }
}
