import Foundation
import VeilCore

/// One text message from a viewer (docs/PROTOCOL.md): `{"keyframe": true}`, `{"save": {"replace":
/// BOOL}}` (keep what the session's viewers did as a test case, with `--save-cases`), or a command / input
/// object read by the core's reader, the same JSON as one line of an events file; its optional "t"
/// is the viewer's time stamp of the event (seconds on the viewer's own clock).
enum ClientMessage {
    case keyframe
    case save(replace: Bool)
    case action(TimedAction)

    /// The message, or why the connection must close (a WebSocket close status and a short reason).
    static func parse(_ bytes: [UInt8]) -> Result<ClientMessage, CloseRequest> {
        if isKeyframeRequest(bytes) { return .success(.keyframe) }
        if startsWithSave(bytes) { return parseSave(bytes) }
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
        guard let flag = replace as? Bool else { return .failure(refused) }
        return .success(.save(replace: flag))
    }

    /// The message's first key is "save" (the core's reader takes every other message).
    static func startsWithSave(_ bytes: [UInt8]) -> Bool {
        var i = 0
        func skipSpace() {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
        }
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else { return false }
        i += 1
        skipSpace()
        return bytes[i...].starts(with: Array("\"save\"".utf8))
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
