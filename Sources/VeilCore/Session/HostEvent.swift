/// Something the session reports to its host: a button was tapped, a retry was asked for.
/// Carried inside the next message on the wire (docs/PROTOCOL.md).
public struct HostEvent: Equatable, Sendable {
    /// Event name, e.g. "tap" or a button's action name.
    public var name: [UInt8]
    /// Id of the node it came from.
    public var node: [UInt8]
    public init(name: [UInt8], node: [UInt8]) { self.name = name; self.node = node }
}
