/// Which pages may open a WebSocket (libwebsockets has no allow-list of its own).
/// By default: requests without an Origin header (tools, tests) and pages served by this very
/// host:port (the Origin's host:port equals the Host header). `--allow-origin` adds exact origins;
/// `*` accepts any.
public struct OriginPolicy: Sendable {
    public var allowed: [String]

    public init(allowed: [String] = []) {
        self.allowed = allowed.map { Self.normalized($0) }
    }

    public func accepts(origin: String?, host: String?) -> Bool {
        guard let origin, !origin.isEmpty else { return true }
        let o = Self.normalized(origin)
        if allowed.contains("*") || allowed.contains(o) { return true }
        guard let host, !host.isEmpty, let schemeEnd = o.range(of: "://") else { return false }
        let scheme = o[..<schemeEnd.lowerBound]
        guard scheme == "http" || scheme == "https" else { return false }
        return o[schemeEnd.upperBound...] == host.lowercased()
    }

    /// Lowercased, without a trailing slash: browsers send `http://host:port`.
    static func normalized(_ origin: String) -> String {
        var o = origin.lowercased()
        while o.hasSuffix("/") { o.removeLast() }
        return o
    }
}
