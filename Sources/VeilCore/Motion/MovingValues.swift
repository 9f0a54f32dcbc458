/// The values that move every frame without a new layout — where a scroll container's content is,
/// a sheet's translation, its dim — as the components publish them at one moment
/// (`Component.publish(into:at:)`). Layout (which rows a list makes), drawing, hit-testing and the
/// frame's animated fields read them; no component owns the type.
///
/// A value is named by a key (a node id, or a key a component derives from one) and a channel: the
/// content offset of a node and a linked layer field are the two every reader knows; a component
/// names its other channels in its own folder. A value not published reads as 0.
struct MovingValues: Sendable {
    /// What a value is of its key.
    struct Channel: Equatable, Sendable {
        let raw: UInt8
        /// How far a node's content is moved within it (a scroll container's offset, points).
        static let offset = Channel(raw: 0)
        /// A layer field a component drives (`PositionLink`).
        static let link = Channel(raw: 1)
    }

    /// A few per container or sheet at most: a linear search (a Dictionary would pull hashing into
    /// veil.wasm). `path`: the value follows a path hosts are told once (a sheet springing, a list
    /// coasting, untouched); what follows it is then declared as points motions, and ticks leave
    /// it alone. One array, so a copy of the values (layout passes them down) retains one buffer.
    private(set) var values: [(key: [UInt8], channel: Channel, value: Double, path: SampledPath?)] = []
    /// Whether any value follows a path.
    private(set) var hasPaths = false

    mutating func reserveCapacity(_ n: Int) { values.reserveCapacity(n) }

    /// The value of `key` on `channel`, set just before, follows `path` (a path that stays put is
    /// not one: it is a value).
    mutating func setPath(_ path: SampledPath, of key: [UInt8], _ channel: Channel) {
        guard path.values.contains(where: { $0 != path.values[0] }),
              let k = values.lastIndex(where: { $0.channel == channel && $0.key == key }) else { return }
        values[k].path = path
        hasPaths = true
    }

    /// The path the value of `key` on `channel` follows, if it follows one.
    func path(of key: [UInt8], _ channel: Channel) -> SampledPath? {
        guard hasPaths else { return nil }
        for v in values where v.channel == channel && v.key == key { return v.path }
        return nil
    }

    @inline(never)  // for size: a few callers per component
    mutating func set(_ value: Double, of key: [UInt8], _ channel: Channel) {
        values.append((key, channel, value, nil))
    }

    // Out of line for size: layout, hit-testing, accessibility and the drawing read these.
    @inline(never)
    func value(of key: [UInt8], _ channel: Channel) -> Double {
        for v in values where v.channel == channel && v.key == key { return v.value }
        return 0
    }

    /// A node's content offset (0 while it rests at its start).
    @inline(never)
    func offset(of id: [UInt8]) -> Double { value(of: id, .offset) }

    /// The value a `PositionLink` follows.
    @inline(never)
    func link(_ key: [UInt8]) -> Double { value(of: key, .link) }

    /// The stretch of content a container's layout makes rows for: chunks of `chunk` points, so
    /// it changes only every `chunk` points of scrolling (then the session lays out again).
    func chunk(of id: [UInt8]) -> Int { ContentWindow.chunk(offset(of: id)) }
}
