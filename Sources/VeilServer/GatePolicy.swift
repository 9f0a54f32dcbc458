/// What the header gate (Transport/HeaderGate.swift) decides about a connection, without its
/// socket: the bounds on headers and pending connections, the header deadlines, which requests it
/// refuses before lws or a session sees them, and how many refusals it logs. Pure: tested without
/// sockets (GatePolicyTests).
///
/// Refused: a `Host` the `HostPolicy` does not allow (403, DNS rebinding), a method other than GET
/// and HEAD (405: the preview has nothing to post to), and — per client address — a new
/// connection while that client holds `maxStalePerClient` connections whose headers are overdue
/// (429). Under pressure (`pressure` of `maxPending` pending) every header deadline shrinks to
/// `pressureSeconds`: an honest client sends its headers at once, a slow one loses its slot.
struct GatePolicy: Sendable {
    static let maxHeaderBytes = 8192
    static let maxPending = 256
    /// Pending connections at which deadlines tighten.
    static let pressure = maxPending / 2
    /// The header deadline under pressure.
    static let pressureSeconds = 1.0
    /// Overdue pending connections (waiting longer than `pressureSeconds`) one client address may
    /// hold before its new ones are refused.
    static let maxStalePerClient = 16
    /// Refusals logged a second at most (`RefusalLog`).
    static let maxRefusalsLoggedPerSecond = 10

    /// Seconds a connection has for its headers when the gate is not under pressure.
    let handshakeTimeout: Double
    let hosts: HostPolicy

    /// An answer the gate gives instead of handing the request over.
    struct Refusal: Equatable {
        var status: String
        var headers = ""
        var body: String
    }

    /// The refusal of a complete request head, or nil: it goes on to lws.
    func refusal(method: String, host: String?) -> Refusal? {
        if !hosts.allows(host) {
            return Refusal(status: "403 Forbidden",
                           body: "host \"\(host ?? "")\" is not allowed: veil serve answers localhost, IP addresses, its --host and --allowed-host names (a guard against DNS rebinding)\n")
        }
        if method != "GET" && method != "HEAD" {
            return Refusal(status: "405 Method Not Allowed", headers: "Allow: GET, HEAD\r\n",
                           body: "\(method) is not served here: the preview's files, /scenes and /commands are read with GET\n")
        }
        return nil
    }

    /// Headers larger than `maxHeaderBytes`.
    static let tooLarge = Refusal(status: "431 Request Header Fields Too Large",
                                  body: "request headers larger than \(maxHeaderBytes) bytes\n")

    /// Headers not complete by the connection's deadline (`accepted` to `deadline`).
    func timedOut(accepted: Double, deadline: Double) -> Refusal {
        let seconds = deadline - accepted < handshakeTimeout ? "\(Self.pressureSeconds) s (the server is busy)" : "\(Int(handshakeTimeout)) s"
        return Refusal(status: "408 Request Timeout", body: "request headers not complete within \(seconds)\n")
    }

    /// The header deadline of a connection accepted at `now` while `pending` others wait.
    func deadline(acceptedAt now: Double, pending: Int) -> Double {
        now + (pending >= Self.pressure ? Self.pressureSeconds : handshakeTimeout)
    }

    /// The connections of `client` among `pending` (each a client address and when it was
    /// accepted) whose headers are overdue at `now`.
    static func overdue(of client: String, among pending: some Sequence<(client: String, accepted: Double)>, at now: Double) -> Int {
        pending.count { $0.client == client && now - $0.accepted > pressureSeconds }
    }

    /// The 429 for a new connection of `client` holding `overdue` overdue ones; nil: it may wait.
    static func flood(of client: String, overdue: Int) -> Refusal? {
        guard overdue >= maxStalePerClient else { return nil }
        return Refusal(status: "429 Too Many Requests",
                       body: "\(overdue) connections from \(client) have not sent their request headers; finish those first\n")
    }
}

/// At most `GatePolicy.maxRefusalsLoggedPerSecond` refusals a second are logged: a flood of slow
/// sockets must not become a flood of log lines. How many were left out is said with the next one
/// logged in a later second.
struct RefusalLog {
    private var second = 0.0, count = 0, left = 0

    /// The lines to log for a refusal described by `line` at `now` (seconds): none, it, or the
    /// count left out in an earlier second and then it.
    mutating func note(_ line: String, at now: Double) -> [String] {
        var lines: [String] = []
        let second = now.rounded(.down)
        if second != self.second {
            if left > 0 { lines.append("\(left) more refused request(s) not logged") }
            (self.second, count, left) = (second, 0, 0)
        }
        if count < GatePolicy.maxRefusalsLoggedPerSecond {
            count += 1
            lines.append(line)
        } else {
            left += 1
        }
        return lines
    }
}
