// STUB — owned by the wire work (helper "wire"); replaced by the real implementation.
/// Turns a sequence of frames into the messages a viewer receives: a keyframe first (or after
/// `forceKeyframe`), then deltas from the last frame sent; nil when nothing changed and no events.
public struct PatchStream: Sendable {
    public private(set) var lastFrame: Frame? = nil
    public private(set) var sequence: UInt32 = 0
    public init() {}
    public mutating func forceKeyframe() { lastFrame = nil }
    public mutating func next(frame: Frame, events: [HostEvent]) -> [UInt8]? {
        if let last = lastFrame, last == frame, events.isEmpty { return nil }
        lastFrame = frame
        sequence &+= 1
        return [0x56, UInt8(truncatingIfNeeded: sequence)]
    }
}
