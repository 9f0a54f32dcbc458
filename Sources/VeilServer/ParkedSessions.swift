import VeilCore

/// Private sessions whose connection dropped (no close frame either way), kept for
/// `--resume-seconds` under the token their viewer named them with (`/ws?scene=NAME&session=TOKEN`),
/// so a viewer that reconnects with `…&session=TOKEN&seq=S&hash=H` goes on where it was. Bounded:
/// at most `capacity` at once, the oldest dropped first; a token is good for one resume.
struct ParkedSessions {
    struct Parked {
        var session: SharedSession
        var sceneName: String
        /// The session's clock start, so its time goes on rather than restarting.
        var clockStart: ContinuousClock.Instant
        var viewerResized: Bool
        var until: ContinuousClock.Instant
    }

    let capacity: Int
    private var byToken: [String: Parked] = [:]
    /// Tokens in the order parked: the oldest is dropped when full.
    private var order: [String] = []

    init(capacity: Int) { self.capacity = capacity }

    var count: Int { byToken.count }

    mutating func park(_ parked: Parked, token: String) {
        if byToken.count >= capacity, let oldest = order.first {
            order.removeFirst()
            byToken[oldest] = nil
        }
        byToken[token] = parked
        order.append(token)
    }

    /// The session parked under `token` for `scene`, taken out; nil when unknown, expired or of
    /// another scene (the viewer then starts a new session).
    mutating func take(token: String, scene: String, at now: ContinuousClock.Instant) -> Parked? {
        guard let parked = byToken[token], parked.sceneName == scene, parked.until > now else { return nil }
        byToken[token] = nil
        order.removeAll { $0 == token }
        return parked
    }

    /// Drops the sessions whose time ran out; returns how many.
    mutating func expire(at now: ContinuousClock.Instant) -> Int {
        let expired = order.filter { byToken[$0].map { $0.until <= now } ?? true }
        guard !expired.isEmpty else { return 0 }
        for token in expired { byToken[token] = nil }
        order.removeAll { byToken[$0] == nil }
        return expired.count
    }

    /// A token a viewer may name its session with: 16 to 64 letters, digits, `-` or `_` (the
    /// viewer draws it at random; it is the only key to its session).
    static func isValidToken(_ token: String) -> Bool {
        (16 ... 64).contains(token.utf8.count) && token.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x5F
        }
    }
}
