/// Something the session reports to its host: a button was tapped, a retry was asked for, a list
/// needs rows. Carried inside the next message on the wire (docs/PROTOCOL.md).
public struct HostEvent: Equatable, Sendable {
    /// Event name, e.g. "tap" or a button's action name.
    public var name: [UInt8]
    /// Id of the node it came from.
    public var node: [UInt8]
    /// The rows a list that fetches its rows asks for (`rows` events): never empty, within the
    /// list's `Limits.maxListRows`. Nil for every other event. On the wire it rides in extension 2
    /// (`EventRanges`), so a decoder that does not know it still reads the event.
    public var range: Range<Int>?
    public init(name: [UInt8], node: [UInt8], range: Range<Int>? = nil) {
        self.name = name; self.node = node; self.range = range
    }
}
