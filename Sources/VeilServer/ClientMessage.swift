import Foundation
import VeilCore

/// One text message from a viewer (docs/PROTOCOL.md): `{"keyframe": true}`, `{"save": {"replace":
/// BOOL}}` (keep what the session's viewers did as a test case, with `--save-cases`), or a command / input
/// object read by the core's reader, the same JSON as one line of an events file; its optional "t"
/// is the viewer's time stamp of the event (seconds on the viewer's own clock).
enum ClientMessage {
    case keyframe
    case save(replace: Bool)
    case clock(ClockRequest)
    /// `{"export": "svg"}`: the frame shown, drawn as SVG by the core.
    case exportSVG
    /// `{"inspect": {"x": X, "y": Y}}` or `{"inspect": {"node": ID}}`: what is drawn there, or where.
    case inspect(InspectRequest)
    case action(TimedAction)

    /// The message, or why the connection must close (a WebSocket close status and a short reason).
    static func parse(_ bytes: [UInt8]) -> Result<ClientMessage, CloseRequest> {
        if isKeyframeRequest(bytes) { return .success(.keyframe) }
        if startsWithKey("save", bytes) { return parseSave(bytes) }
        if startsWithKey("clock", bytes) { return parseClock(bytes) }
        if startsWithKey("inspect", bytes) {
            let refused = CloseRequest(status: 1007, reason: #"an inspection is {"inspect": {"x": X, "y": Y}} or {"inspect": {"node": ID}}"#)
            guard let object = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any], object.count == 1,
                  let inspect = object["inspect"] as? [String: Any] else { return .failure(refused) }
            if inspect.count == 1, let node = inspect["node"] as? String, !node.isEmpty, node.utf8.count <= 1024 {
                return .success(.inspect(.node(Array(node.utf8))))
            }
            guard inspect.count == 2, let x = inspect["x"].flatMap(jsonNumber), let y = inspect["y"].flatMap(jsonNumber) else {
                return .failure(refused)
            }
            return .success(.inspect(.point(x: x, y: y)))
        }
        if startsWithKey("export", bytes) {
            guard let object = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any], object.count == 1,
                  object["export"] as? String == "svg" else {
                return .failure(CloseRequest(status: 1007, reason: #"an export is {"export": "svg"}"#))
            }
            return .success(.exportSVG)
        }
        do throws(SceneError) {
            return .success(.action(try SceneReader.readAction(bytes, file: "ws", line: 1)))
        } catch {
            return .failure(CloseRequest(status: 1007, reason: error.description))
        }
    }

    /// `{"save": {"replace": BOOL}}` ("replace" optional, false by default); nothing else in it.
    static func parseSave(_ bytes: [UInt8]) -> Result<ClientMessage, CloseRequest> {
        let refused = CloseRequest(status: 1007, reason: #"a save is {"save": {"replace": true|false}}"#)
        guard let object = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any], object.count == 1,
              let save = object["save"] as? [String: Any], save.keys.allSatisfy({ $0 == "replace" }) else { return .failure(refused) }
        guard let replace = save["replace"] else { return .success(.save(replace: false)) }
        guard let flag = jsonBool(replace) else { return .failure(refused) }
        return .success(.save(replace: flag))
    }

    /// `{"clock": {"rate": 0…4}}`, `{"clock": {"step": 1…600}}` (frames, pausing),
    /// `{"clock": {"scrub": SECONDS}}` (show an earlier frame) or `{"clock": {"live": true}}`.
    static func parseClock(_ bytes: [UInt8]) -> Result<ClientMessage, CloseRequest> {
        let refused = CloseRequest(status: 1007, reason: #"a clock message is {"clock": {"rate"|"step"|"scrub"|"live": …}}"#)
        guard let object = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any], object.count == 1,
              let clock = object["clock"] as? [String: Any], clock.count == 1, let (key, value) = clock.first else { return .failure(refused) }
        let number = jsonNumber(value)
        switch key {
        case "rate":
            guard let rate = number, SessionClock.rates.contains(rate) else { return .failure(refused) }
            return .success(.clock(.rate(rate)))
        case "step":
            guard let frames = number, frames == frames.rounded(), (1 ... 600).contains(frames) else { return .failure(refused) }
            return .success(.clock(.step(frames: Int(frames))))
        case "scrub":
            guard let time = number, time >= 0 else { return .failure(refused) }
            return .success(.clock(.scrub(time)))
        case "live":
            guard jsonBool(value) == true else { return .failure(refused) }
            return .success(.clock(.live))
        default:
            return .failure(refused)
        }
    }

    /// JSONSerialization's true and false (Foundation's booleans are NSNumbers whose type is a char;
    /// `as? Bool` would take 0 and 1 too).
    static func jsonBool(_ value: Any) -> Bool? {
        guard let number = value as? NSNumber, String(cString: number.objCType) == "c" else { return nil }
        return number.boolValue
    }

    /// A finite JSON number (not a boolean).
    static func jsonNumber(_ value: Any) -> Double? {
        guard let number = value as? NSNumber, String(cString: number.objCType) != "c", number.doubleValue.isFinite else { return nil }
        return number.doubleValue
    }

    /// The message's first key is `key` (the core's reader takes every other message).
    static func startsWithKey(_ key: String, _ bytes: [UInt8]) -> Bool {
        var i = 0
        func skipSpace() {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
        }
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else { return false }
        i += 1
        skipSpace()
        return bytes[i...].starts(with: Array("\"\(key)\"".utf8))
    }

    /// `{"keyframe": true}` with any JSON whitespace between the tokens.
    static func isKeyframeRequest(_ bytes: [UInt8]) -> Bool {
        let expected: [[UInt8]] = [Array("{".utf8), Array("\"keyframe\"".utf8), Array(":".utf8),
                                   Array("true".utf8), Array("}".utf8)]
        var i = 0
        func skipSpace() {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
        }
        for token in expected {
            skipSpace()
            guard bytes.count - i >= token.count, Array(bytes[i ..< i + token.count]) == token else { return false }
            i += token.count
        }
        skipSpace()
        return i == bytes.count
    }
}

/// What a viewer's inspector asks: the nodes drawn at a point, or where a node is drawn.
enum InspectRequest: Equatable, Sendable {
    case point(x: Double, y: Double)
    case node([UInt8])
}

/// What a viewer's transport controls ask of its session's clock.
enum ClockRequest: Equatable {
    /// Run at this rate (0 pauses, 0.25 slow motion, 1 normal).
    case rate(Double)
    /// Pause, then move on by this many frames (at `--fps`).
    case step(frames: Int)
    /// Show the frame of this earlier session time, paused.
    case scrub(Double)
    /// Back to the session's present, paused or running as it was.
    case live
}

/// Why the server closes a connection: the WebSocket close status and a reason of at most
/// 123 bytes (the close frame's payload limit), cut on a UTF-8 boundary.
struct CloseRequest: Error, Sendable {
    var status: UInt16
    var reason: String

    init(status: UInt16, reason: String) {
        self.status = status
        var bytes = Array(reason.utf8.prefix(123))
        // Drop a multi-byte sequence cut by the prefix.
        while !bytes.isEmpty, String(validating: bytes, as: UTF8.self) == nil { bytes.removeLast() }
        self.reason = String(decoding: bytes, as: UTF8.self)
    }

    static let unsupportedBinary = CloseRequest(status: 1003, reason: "binary messages are not accepted; send JSON text")
    static let tooLarge = CloseRequest(status: 1009, reason: "message larger than \(Limits.maxActionBytes) bytes")
    static let serverFull = CloseRequest(status: 1013, reason: "too many connections; try again later")
    static let stopping = CloseRequest(status: 1001, reason: "server stopping")
}
