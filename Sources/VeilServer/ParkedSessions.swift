import VeilCore

/// Private sessions whose connection dropped (no close frame either way), kept for
/// `--resume-seconds` under the token the server gave their viewer (`{"session": TOKEN}`), so a
/// viewer that reconnects with `/ws?scene=NAME&session=TOKEN&seq=S&hash=H` goes on where it was.
/// A token is good for one resume (the resumed session gets a new one). Bounded per client
/// address (`perClient`: past it, that client's own oldest goes) and in all (`capacity`: past
/// it, the oldest of the client holding the most goes), so one client's churn never evicts another
/// client's session while that one holds fewer.
struct ParkedSessions {
    struct Parked {
        var session: SharedSession
        var sceneName: String
        /// The address of the client whose viewer it was.
        var client: String
        /// The session's clock, so its time goes on rather than restarting.
        var clock: SessionClock
        var viewerResized: Bool
        var recording: CaseRecording? = nil
        var until: ContinuousClock.Instant
    }

    let capacity: Int
    let perClient: Int
    private var byToken: [String: Parked] = [:]
    /// Tokens in the order parked, oldest first.
    private var order: [String] = []
    private var countByClient: [String: Int] = [:]

    init(capacity: Int, perClient: Int) {
        self.capacity = capacity
        self.perClient = perClient
    }

    var count: Int { byToken.count }

    func count(of client: String) -> Int { countByClient[client] ?? 0 }

    mutating func park(_ parked: Parked, token: String) {
        guard perClient > 0, capacity > 0 else { return }
        if count(of: parked.client) >= perClient {
            drop(order.first { byToken[$0]?.client == parked.client })
        } else if byToken.count >= capacity, let greediest = countByClient.max(by: { $0.value < $1.value })?.key {
            drop(order.first { byToken[$0]?.client == greediest })
        }
        byToken[token] = parked
        order.append(token)
        countByClient[parked.client, default: 0] += 1
    }

    private mutating func drop(_ token: String?) {
        guard let token, let parked = byToken.removeValue(forKey: token) else { return }
        order.removeAll { $0 == token }
        forget(parked.client)
    }

    private mutating func forget(_ client: String) {
        countByClient[client, default: 1] -= 1
        if countByClient[client] == 0 { countByClient[client] = nil }
    }

    /// The session parked under `token` for `scene`, taken out; nil when unknown, expired or of
    /// another scene (the viewer then starts a new session).
    mutating func take(token: String, scene: String, at now: ContinuousClock.Instant) -> Parked? {
        guard let parked = byToken[token], parked.sceneName == scene, parked.until > now else { return nil }
        drop(token)
        return parked
    }

    /// Drops the sessions whose time ran out; returns how many.
    mutating func expire(at now: ContinuousClock.Instant) -> Int {
        let expired = order.filter { byToken[$0].map { $0.until <= now } ?? true }
        for token in expired { drop(token) }
        return expired.count
    }

    /// A new token: 128 bits from the operating system's random source (`SystemRandomNumberGenerator`
    /// reads getrandom(2) on Linux), as 32 hex digits — the only key to its session.
    static func mintToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let words = [generator.next(), generator.next()] as [UInt64]
        return words.map { word in
            let hex = String(word, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// What a token the server minted looks like: 32 lowercase hex digits (anything else names no
    /// parked session and is not looked up).
    static func isValidToken(_ token: String) -> Bool {
        token.utf8.count == 32 && token.utf8.allSatisfy { (0x30 ... 0x39).contains($0) || (0x61 ... 0x66).contains($0) }
    }
}
