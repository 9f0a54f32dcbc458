import VeilCore

/// A recorded patch stream: what `veil stream` writes — each `veil.v2` message preceded by its byte
/// length as a little-endian u32 (docs/PROTOCOL.md, "`veil stream` files").
public enum StreamFile {
    /// The messages of a stream file, in order; a record that does not fit the file is an error
    /// naming the record and the byte where it starts.
    public static func records(_ bytes: [UInt8]) throws(StreamFileError) -> [[UInt8]] {
        var out: [[UInt8]] = []
        var offset = 0
        while offset < bytes.count {
            let number = out.count + 1
            guard offset + 4 <= bytes.count else {
                throw StreamFileError(record: number, offset: offset,
                                      reason: "the file ends inside a length prefix (\(bytes.count - offset) of 4 bytes)")
            }
            let length = Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16
                | Int(bytes[offset + 3]) << 24
            guard length > 0 else {
                throw StreamFileError(record: number, offset: offset, reason: "a message of length 0")
            }
            guard length <= bytes.count - offset - 4 else {
                throw StreamFileError(record: number, offset: offset,
                                      reason: "a message of \(length) bytes, but only \(bytes.count - offset - 4) bytes are left")
            }
            out.append(Array(bytes[(offset + 4) ..< (offset + 4 + length)]))
            offset += 4 + length
        }
        return out
    }

    /// The file of `messages`.
    public static func bytes(_ messages: [[UInt8]]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(messages.reduce(0) { $0 + 4 + $1.count })
        for message in messages {
            let n = UInt32(message.count)
            out += [UInt8(n & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 24)]
            out += message
        }
        return out
    }

    /// True when `bytes` look like a stream file rather than a scene: the first record starts with
    /// the `veil.v2` magic and version.
    public static func looksLikeStream(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 6 && bytes[4] == 0x56 && bytes[5] == 0x02
    }
}

public struct StreamFileError: Error, Equatable, Sendable {
    /// 1-based number of the record.
    public var record: Int
    /// Byte of the file where the record starts.
    public var offset: Int
    public var reason: String
    public init(record: Int, offset: Int, reason: String) {
        self.record = record; self.offset = offset; self.reason = reason
    }
    public var message: String { "not a veil stream file: record \(record) at byte \(offset): \(reason)" }
}

/// One message of a stream, decoded, with the frame a viewer holds after it.
public struct DecodedMessage: Sendable {
    /// 0-based position in the stream.
    public var index: Int
    public var bytes: [UInt8]
    public var message: Message
    /// The frame after this message (the mirror applied it).
    public var frame: Frame
}

/// A stream decoded message by message through the core's `FrameMirror`; stops at the first message
/// that does not decode or apply.
public struct DecodedStream: Sendable {
    public var messages: [DecodedMessage] = []
    /// Why message `messages.count` (0-based) could not be used, if one could not.
    public var failure: String? = nil
    /// That message when it decoded but did not apply, with the frame it makes when it can be
    /// applied at all (its hash is then wrong): what a corrupt recording says, for explanations.
    public var rejected: DecodedMessage? = nil

    public init(_ records: [[UInt8]]) {
        var mirror = FrameMirror()
        for (i, bytes) in records.enumerated() {
            let message: Message
            do { message = try WireDecoder.decode(bytes) } catch {
                failure = "message \(i + 1) does not decode: \(error.message)"
                return
            }
            do {
                let frame = try mirror.apply(message)
                messages.append(DecodedMessage(index: i, bytes: bytes, message: message, frame: frame))
            } catch {
                failure = "message \(i + 1) does not apply to the frame before it: \(error.reason)"
                var frame: Frame? = nil
                switch message.body {
                case let .keyframe(f): frame = f
                case let .delta(_, patch):
                    if var next = messages.last?.frame, (try? patch.apply(to: &next)) != nil { frame = next }
                }
                if let frame { rejected = DecodedMessage(index: i, bytes: bytes, message: message, frame: frame) }
                return
            }
        }
    }

    /// The frame after message `index` (nil before the first, or past what decoded).
    public func frame(after index: Int) -> Frame? {
        index >= 0 && index < messages.count ? messages[index].frame : nil
    }
}
