/// Gives each pointer's gesture to one node of its hit-test chain (the arena).
///
/// Rules:
/// - **Down**: the chain (innermost first) is remembered; the innermost candidate that wants taps
///   gets `pressBegan` (its pressed look).
/// - **Slop**: while the pointer stays within its kind's slop of where it went down, nothing else
///   happens. When it first leaves it, the move's dominant axis decides (|dx| > |dy|: horizontal):
///   the innermost candidate that takes a pan on that axis **captures** the pointer for the rest of
///   the gesture (`pressCancelled` for the pressed one, then `panBegan`). Translation is counted
///   from the point where the slop was crossed, so a pan starts without a jump. No such candidate:
///   the gesture stays a press (a tap if it comes back up inside, as UIControl does).
/// - **Hand-over**: the owner of a pan can `yield` it mid-gesture (a sheet reached its top anchor
///   while dragged up; a list at its top dragged down). The next candidate outward — or inward,
///   as the owner says — that takes the current axis gets `panBegan` at the current point with zero
///   translation; the velocity tracker carries on, so the release velocity spans the hand-over.
/// - **Up**: the owner gets `panEnded` with the release velocity (VelocityTracker), or the pressed
///   candidate gets `tap`. **Cancel**: whoever has it gets a cancel, nothing fires.
/// At most `maxPointers` pointers are tracked; a new one past that evicts the oldest, cancelling it.
public struct GestureRouter: Sendable {
    public enum Event: Equatable, Sendable {
        case pressBegan([UInt8])
        case pressCancelled([UInt8])
        case tap([UInt8])
        /// Translation and velocity in points (per second), relative to where the pan began.
        case panBegan([UInt8])
        case panChanged([UInt8], dx: Double, dy: Double)
        case panEnded([UInt8], vx: Double, vy: Double)
        case panCancelled([UInt8])
    }

    public enum Direction: Sendable { case outward, inward }

    public static let maxPointers = 10

    struct Track: Sendable {
        var pointer: Int
        var kind: PointerKind
        var chain: [GestureTarget]
        var downX: Double, downY: Double
        /// Index in `chain` of the pressed candidate, or of the pan's owner.
        var pressed: Int?
        var owner: Int?
        var horizontal = false
        /// Where the current owner's pan began.
        var originX = 0.0, originY = 0.0
        var tracker = VelocityTracker()
    }

    private var tracks: [Track] = []

    public init() {}

    /// The node that owns `pointer`'s pan, if any.
    public func owner(of pointer: Int) -> [UInt8]? {
        guard let t = tracks.first(where: { $0.pointer == pointer }), let o = t.owner else { return nil }
        return t.chain[o].id
    }

    public mutating func down(_ pointer: Int, kind: PointerKind, x: Double, y: Double, t: Double,
                              chain: [GestureTarget]) -> [Event] {
        var events = cancel(pointer)
        if tracks.count >= Self.maxPointers { events += cancel(tracks[0].pointer) }
        var track = Track(pointer: pointer, kind: kind, chain: chain, downX: x, downY: y)
        track.tracker.add(t: t, x: x, y: y)
        track.pressed = chain.firstIndex { $0.wants.contains(.tap) }
        if let p = track.pressed { events.append(.pressBegan(chain[p].id)) }
        tracks.append(track)
        return events
    }

    public mutating func move(_ pointer: Int, x: Double, y: Double, t: Double) -> [Event] {
        guard let i = tracks.firstIndex(where: { $0.pointer == pointer }) else { return [] }
        tracks[i].tracker.add(t: t, x: x, y: y)
        var track = tracks[i]
        defer { tracks[i] = track }
        if let o = track.owner {
            return [.panChanged(track.chain[o].id, dx: x - track.originX, dy: y - track.originY)]
        }
        let dx = x - track.downX, dy = y - track.downY
        guard dx * dx + dy * dy > track.kind.slop * track.kind.slop else { return [] }
        let horizontal = abs(dx) > abs(dy)
        guard let o = track.chain.firstIndex(where: { $0.takesPan(horizontal: horizontal) }) else { return [] }
        var events: [Event] = []
        if let p = track.pressed { events.append(.pressCancelled(track.chain[p].id)) }
        track.pressed = nil
        track.owner = o
        track.horizontal = horizontal
        track.originX = x; track.originY = y
        events.append(.panBegan(track.chain[o].id))
        return events
    }

    /// The owner of `pointer`'s pan gives it up at (x, y): the next candidate in `direction` that
    /// takes the pan's axis begins one there. Nothing changes when there is none.
    public mutating func yield(_ pointer: Int, x: Double, y: Double, toward direction: Direction) -> [Event] {
        guard let i = tracks.firstIndex(where: { $0.pointer == pointer }), let o = tracks[i].owner else { return [] }
        let chain = tracks[i].chain
        let range = direction == .outward ? Array(chain.indices.dropFirst(o + 1)) : Array(chain.indices.prefix(o).reversed())
        guard let next = range.first(where: { chain[$0].takesPan(horizontal: tracks[i].horizontal) }) else { return [] }
        tracks[i].owner = next
        tracks[i].originX = x; tracks[i].originY = y
        return [.panEnded(chain[o].id, vx: 0, vy: 0), .panBegan(chain[next].id)]
    }

    public mutating func up(_ pointer: Int, x: Double, y: Double, t: Double, inside: ([UInt8]) -> Bool) -> [Event] {
        guard let i = tracks.firstIndex(where: { $0.pointer == pointer }) else { return [] }
        tracks[i].tracker.add(t: t, x: x, y: y)
        let track = tracks.remove(at: i)
        if let o = track.owner {
            let v = track.tracker.velocity()
            return [.panEnded(track.chain[o].id, vx: v.x, vy: v.y)]
        }
        if let p = track.pressed {
            let id = track.chain[p].id
            return inside(id) ? [.tap(id)] : [.pressCancelled(id)]
        }
        return []
    }

    public mutating func cancel(_ pointer: Int) -> [Event] {
        guard let i = tracks.firstIndex(where: { $0.pointer == pointer }) else { return [] }
        let track = tracks.remove(at: i)
        if let o = track.owner { return [.panCancelled(track.chain[o].id)] }
        if let p = track.pressed { return [.pressCancelled(track.chain[p].id)] }
        return []
    }
}
