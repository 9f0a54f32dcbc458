/// Turns a sequence of frames into the messages a viewer receives: a keyframe first (or after
/// `forceKeyframe`), then deltas from the last frame sent; nil when nothing changed and no events.
/// Sequence numbers start at 1 and wrap around after 2^32 - 1.
public struct PatchStream: Sendable {
    public private(set) var lastFrame: Frame? = nil
    /// Sequence number of the last message returned.
    public private(set) var sequence: UInt32 = 0

    public init() {}

    public mutating func forceKeyframe() { lastFrame = nil }

    public mutating func next(frame: Frame, events: [HostEvent]) -> [UInt8]? {
        guard let last = lastFrame else {
            sequence &+= 1
            lastFrame = frame
            return WireEncoder.keyframe(frame, sequence: sequence, events: events)
        }
        let patch = Differ.diff(from: last, to: frame)
        if patch.isEmpty && events.isEmpty { return nil }
        let base = sequence
        sequence &+= 1
        lastFrame = frame
        // An events-only tick costs no hashing: the frame is the one already sent.
        let hash = patch.isEmpty ? FrameHash.of(last) : FrameHash.of(frame)
        return WireEncoder.delta(patch, sequence: sequence, base: base, hash: hash, events: events)
    }
}
