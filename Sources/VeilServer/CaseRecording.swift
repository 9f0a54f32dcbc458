import Foundation

/// What a session's viewers did, kept as the lines of an events file (`--save-cases`): each
/// action a viewer sent, as it sent it, with its time on the session's clock — so that replaying
/// the scene with these lines (`veil test`) does what the viewers saw. Bounded: past `maxLines`
/// lines or `maxBytes` bytes it stops and says so, and the case cannot be saved.
struct CaseRecording {
    static let maxLines = 10_000
    static let maxBytes = 4 << 20

    private(set) var lines: [String] = []
    private(set) var bytes = 0
    /// Why it stopped recording, once it did.
    private(set) var overflow: String? = nil
    private var lastTime = 0.0

    /// Adds a viewer's message (a command or input, as JSON text) applied at `time` seconds on
    /// the session's clock. Times never go back (an events file is in time order).
    mutating func append(_ message: [UInt8], at time: Double) {
        guard overflow == nil else { return }
        guard lines.count < Self.maxLines else {
            overflow = "more than \(Self.maxLines) actions since the session began"
            return
        }
        guard let line = Self.line(message, at: max(time, lastTime)) else { return }
        guard bytes + line.utf8.count + 1 <= Self.maxBytes else {
            overflow = "more than \(Self.maxBytes >> 20) MiB of actions since the session began"
            return
        }
        lastTime = max(time, lastTime)
        lines.append(line)
        bytes += line.utf8.count + 1
    }

    /// The events file: one line per action.
    var eventsFile: String { lines.map { $0 + "\n" }.joined() }

    /// `{"t": TIME, …the message's other members…}`; nil when the message is not a JSON object
    /// (the session refuses those anyway).
    static func line(_ message: [UInt8], at time: Double) -> String? {
        guard var object = (try? JSONSerialization.jsonObject(with: Data(message))) as? [String: Any] else { return nil }
        object["t"] = nil
        guard let body = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else { return nil }
        let rest = String(decoding: body.dropFirst(), as: UTF8.self)
        let t = (time * 10_000).rounded() / 10_000
        return "{\"t\":\(t)" + (rest == "}" ? "}" : "," + rest)
    }
}
