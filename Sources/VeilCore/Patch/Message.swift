/// One server→viewer message (docs/PROTOCOL.md): a keyframe carries a whole frame, a delta the
/// patch from the frame of message `base`. Both carry the hash of the frame they produce and the
/// host events since the previous message.
public struct Message: Equatable, Sendable {
    public enum Body: Equatable, Sendable {
        case keyframe(Frame)
        case delta(base: UInt32, Patch)
    }

    public var sequence: UInt32
    /// `FrameHash` of the frame after this message.
    public var hash: UInt32
    public var events: [HostEvent]
    /// Extension records this decoder does not know but may skip (extension 2, the events' row
    /// ranges, is read onto `events` instead).
    public var extensions: [WireExtension]
    public var body: Body

    public init(sequence: UInt32, hash: UInt32, events: [HostEvent] = [], extensions: [WireExtension] = [],
                body: Body) {
        self.sequence = sequence; self.hash = hash; self.events = events; self.extensions = extensions
        self.body = body
    }

    public var isKeyframe: Bool {
        if case .keyframe = body { return true }
        return false
    }
}

/// An extension record: room for the format to grow without a new version. A decoder that does not
/// know `tag` skips the record when the tag is even (optional) and rejects the message when it is
/// odd (must-understand), so it can tell "unknown but skippable" from "corrupt".
public struct WireExtension: Equatable, Sendable {
    public var tag: UInt32
    public var payload: [UInt8]
    public init(tag: UInt32, payload: [UInt8]) { self.tag = tag; self.payload = payload }

    public var isRequired: Bool { tag & 1 == 1 }
}

/// The fixed bytes of the header: magic, version, then one type/flags byte.
enum WireHeader {
    /// "V"
    static let magic: UInt8 = 0x56
    static let version: UInt8 = 2
    /// Bits 0-1 of the type/flags byte: the message type.
    static let typeMask: UInt8 = 3
    static let keyframe: UInt8 = 1
    static let delta: UInt8 = 2
    /// Bit 2: an events section (count ≥ 1, then the events) follows the hash. Clear: no events.
    static let hasEvents: UInt8 = 1 << 2
    /// Bit 3 (deltas only): a base distance follows the seq. Clear: the base is seq - 1.
    static let hasBaseDistance: UInt8 = 1 << 3
    /// Bit 4: an extensions section follows the events (room to grow, docs/PROTOCOL.md).
    static let hasExtensions: UInt8 = 1 << 4
    /// Bits 5-7 must be 0.
    static let knownBits: UInt8 = typeMask | hasEvents | hasBaseDistance | hasExtensions
}

/// Bits of the first byte of a patch body: which sections follow, in this order.
enum PatchSections {
    static let width: UInt8 = 1 << 0
    static let height: UInt8 = 1 << 1
    static let background: UInt8 = 1 << 2
    static let paintCount: UInt8 = 1 << 3
    static let paintEdits: UInt8 = 1 << 4
    /// Child-list edits per layer.
    static let structure: UInt8 = 1 << 5
    /// Field changes by entry id.
    static let updates: UInt8 = 1 << 6
    /// Bit 7 must be 0.
    static let known: UInt8 = (1 << 7) - 1
}

/// The ops byte of a layer edit: which lists follow (at least one; other bits must be 0).
enum LayerEditOps {
    static let removes: UInt8 = 1 << 0
    static let placements: UInt8 = 1 << 1
}

/// Lists without a count (paint edits, updates) end with an entry whose `more` bit (bit 0 of its
/// first varint: `gap << 1 | more`) is 0.
enum ListEnd {
    static let more = 1
}

/// The code byte of a paint edit: bits 0-1 the paint kind (0 solid, 1 linear, 2 radial);
/// bit 2 set = an adjustment, whose bits 3-6 say which coordinates follow and bit 7 whether stops do.
enum PaintCode {
    static let adjust: UInt8 = 1 << 2
    static let firstCoordinate: UInt8 = 3
    static let stops: UInt8 = 1 << 7
}
