/// Which `Host` headers the server answers: its defence against DNS rebinding, where a page of
/// `evil.example` re-points that name at 127.0.0.1 and then talks to the preview as a same-origin
/// page (the origin check alone cannot tell: Origin and Host both say `evil.example`).
///
/// Allowed: `localhost` and its subdomains, IP literals (a name can be rebound, an address cannot),
/// the `--host` the server listens on, and each `--allowed-host` (a leading `.` allows the name and
/// its subdomains, as Vite's `server.allowedHosts` does; `*` allows any). A request without a Host
/// header (HTTP/1.0 tools) is allowed: browsers always send one. Others get 403, on plain HTTP and
/// on the WebSocket upgrade alike (the header gate checks every request).
public struct HostPolicy: Sendable {
    let names: [String]

    public init(host: String, allowed: [String] = []) {
        names = ([host] + allowed).map { $0.lowercased() }
    }

    public func allows(_ header: String?) -> Bool {
        guard let header, !header.isEmpty else { return true }
        let name = Self.hostName(header.lowercased())
        if name == "localhost" || name.hasSuffix(".localhost") || Self.isAddress(name) { return true }
        return names.contains { allowed in
            allowed == "*" || allowed == name || (allowed.hasPrefix(".") && (name.hasSuffix(allowed) || name == allowed.dropFirst()))
        }
    }

    /// The header without its port: `[::1]:8080` → `::1`, `example.com:80` → `example.com`; a
    /// trailing dot (`localhost.`) is the same name.
    static func hostName(_ header: String) -> String {
        var name = Substring(header)
        if name.hasPrefix("[") {
            name = name.dropFirst().prefix { $0 != "]" }
        } else if let colon = name.lastIndex(of: ":"), name.firstIndex(of: ":") == colon {
            name = name[..<colon]
        }
        while name.hasSuffix(".") { name = name.dropLast() }
        return String(name)
    }

    /// A dotted IPv4 address (four decimal numbers up to 255) or an IPv6 literal (hex digits and colons).
    static func isAddress(_ name: String) -> Bool {
        if name.contains(":") { return name.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." } }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber) && Int(part)! <= 255
        }
    }
}
