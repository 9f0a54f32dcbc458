/// Turns a sequence of frames into the messages a viewer receives: a keyframe first (or after
/// `forceKeyframe`), then deltas from the last frame sent; nil when nothing changed and no events.
/// Sequence numbers start at 1 and wrap around after 2^32 - 1.
///
/// It holds the only copy of the last frame sent, with its hash, so a session can move that frame
/// forward in place (`next(events:changing:)`) at the cost of what changes.
public struct PatchStream: Sendable {
    public private(set) var lastFrame: Frame? = nil
    /// `FrameHash` of `lastFrame`.
    public private(set) var lastHash: UInt32 = 0
    /// Hash terms of the child lists of frames hashed so far.
    private var subtreeHashes = SubtreeHashes()
    /// Sequence number of the last message returned.
    public private(set) var sequence: UInt32 = 0

    public init() {}

    public mutating func forceKeyframe() { lastFrame = nil }

    /// Whether a frame was sent since the start or the last `forceKeyframe` (read without copying
    /// the frame, which a comparison of `lastFrame` with nil did: a retain of each of its arrays).
    public var hasSentFrame: Bool {
        if case .some = lastFrame { return true }
        return false
    }

    /// The message that takes a viewer to `frame`: a keyframe, or a delta diffed from the last frame.
    public mutating func next(frame: Frame, events: [HostEvent]) -> [UInt8]? {
        guard let last = lastFrame else {
            sequence &+= 1
            lastHash = FrameHash.of(frame, memo: &subtreeHashes)
            lastFrame = frame
            return WireEncoder.keyframe(frame, sequence: sequence, events: events, hash: lastHash)
        }
        let patch = Differ.diff(from: last, to: frame)
        if patch.isEmpty && events.isEmpty { return nil }
        // An events-only tick costs no hashing: the frame is the one already sent.
        if !patch.isEmpty { lastHash = FrameHash.of(frame, memo: &subtreeHashes) }
        lastFrame = frame
        return delta(patch, events: events)
    }

    /// Moves the last frame forward in place: `change` edits it and its hash and returns the patch
    /// it applied. Needs a frame sent before (nil without one, or when nothing changed and no events).
    public mutating func next(events: [HostEvent],
                              changing change: (inout Frame, inout UInt32) -> Patch) -> [UInt8]? {
        guard lastFrame != nil else { return nil }
        let patch = change(&lastFrame!, &lastHash)
        if patch.isEmpty && events.isEmpty { return nil }
        return delta(patch, events: events)
    }

    private mutating func delta(_ patch: Patch, events: [HostEvent]) -> [UInt8] {
        let base = sequence
        sequence &+= 1
        return WireEncoder.delta(patch, sequence: sequence, base: base, hash: lastHash, events: events)
    }
}
