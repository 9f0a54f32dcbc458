/// Bounds the decoder enforces (docs/PROTOCOL.md, "Bounds"). Every count read from the wire is
/// checked against these and against the bytes left, so hostile input cannot make it allocate much.
public enum WireLimits {
    public static let maxMessageBytes = 16 << 20
    /// Entries (items and layers) in a frame.
    public static let maxItems = 100_000
    /// Nesting of layers: the root's children are at depth 1, a layer's children one deeper.
    public static let maxLayerDepth = 128
    /// Entry ids are 1...maxId (0 names the root layer), so `gap << 1 | more` fits in 32 bits.
    public static let maxId: UInt32 = (1 << 31) - 1
    /// Extension records in one message.
    public static let maxExtensions = 16
    /// Slots in the paint table.
    public static let maxPaints = 4_096
    /// Stops of one gradient.
    public static let maxStops = 64
    /// UTF-8 bytes of one text item.
    public static let maxTextBytes = Limits.maxTextBytes
    /// Events in one message.
    public static let maxEvents = 256
    /// UTF-8 bytes of an event name or node id.
    public static let maxEventFieldBytes = Limits.maxTextBytes
}
