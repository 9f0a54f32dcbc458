/// A viewer's copy of the frame, kept in step by applying messages. Checks sequence continuity and
/// the frame hash; any failure leaves the frame as it was and means the viewer needs a keyframe
/// (it sends `{"keyframe": true}`; docs/PROTOCOL.md). Web/mirror.js has the same logic.
public struct FrameMirror: Sendable {
    public private(set) var frame: Frame? = nil
    /// Sequence number of the message that produced `frame`.
    public private(set) var sequence: UInt32 = 0
    /// Set after a failure: deltas are refused until the next keyframe.
    public private(set) var needsKeyframe = true

    public init() {}

    public mutating func apply(_ bytes: [UInt8]) throws(MirrorError) -> Frame {
        let message: Message
        do { message = try WireDecoder.decode(bytes) } catch {
            needsKeyframe = true
            throw .malformed(error)
        }
        return try apply(message)
    }

    public mutating func apply(_ message: Message) throws(MirrorError) -> Frame {
        var next: Frame
        switch message.body {
        case let .keyframe(f):
            next = f
        case let .delta(base, patch):
            guard !needsKeyframe, let current = frame else {
                throw MirrorError.needsKeyframe
            }
            guard base == sequence else {
                needsKeyframe = true
                throw MirrorError.sequenceGap(expected: sequence, base: base)
            }
            next = current
            do { try patch.apply(to: &next) } catch {
                needsKeyframe = true
                throw .invalidPatch(error)
            }
        }
        let actual = FrameHash.of(next)
        guard actual == message.hash else {
            needsKeyframe = true
            throw MirrorError.hashMismatch(expected: message.hash, actual: actual)
        }
        frame = next
        sequence = message.sequence
        needsKeyframe = false
        return next
    }
}

/// Why a mirror could not apply a message. In every case the viewer asks for a keyframe.
public enum MirrorError: Error, Equatable, Sendable {
    case malformed(WireError)
    /// A delta arrived while the mirror has no frame it can trust.
    case needsKeyframe
    case sequenceGap(expected: UInt32, base: UInt32)
    case invalidPatch(PatchError)
    case hashMismatch(expected: UInt32, actual: UInt32)

    public var reason: String {
        switch self {
        case let .malformed(e): return e.message
        case .needsKeyframe: return "waiting for a keyframe"
        case let .sequenceGap(expected, base): return "delta is based on message \(base), the mirror holds \(expected)"
        case let .invalidPatch(e): return "patch does not apply: \(e.reason)"
        case let .hashMismatch(expected, actual): return "frame hash \(actual) does not match \(expected)"
        }
    }
}
