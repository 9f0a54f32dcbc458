import VeilCore

/// What a session reports to its host — a button's action, a status view's retry, a list asking
/// for more — with the node it came from, by the ids the scene gives.
public struct VeilEvent: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The event's name: a button's `action`, `retry`, `loadMore`, `refresh`, `tap`…
    public var name: String
    /// The id of the node it came from.
    public var node: String
    /// The rows a list that fetches its rows asks for (a `rows` event); nil for other events.
    /// Answer with `.rows(node:, .fill(at:, rows))`.
    public var range: Range<Int>?

    public init(name: String, node: String, range: Range<Int>? = nil) {
        self.name = name; self.node = node; self.range = range
    }

    init(_ event: HostEvent) {
        name = String(decoding: event.name, as: UTF8.self)
        node = String(decoding: event.node, as: UTF8.self)
        range = event.range
    }

    public var description: String {
        "\(name)\(range.map { " \($0.lowerBound)..<\($0.upperBound)" } ?? "") from \(node)"
    }
}

/// One tick: the message a viewer would get (nil: nothing changed) and the events it carries.
public struct VeilTick: Sendable {
    /// The `veil.v2` message, byte for byte what `veil stream` and the wasm module produce.
    public var message: [UInt8]?
    public var events: [VeilEvent]
}
