/// What a node under a pointer wants from it: taps, and pans along some axes. The hit-test chain
/// lists candidates innermost first; the router (GestureRouter) gives the gesture to one of them.
public struct GestureTarget: Equatable, Sendable {
    public struct Interests: OptionSet, Equatable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let tap = Interests(rawValue: 1)
        public static let panX = Interests(rawValue: 2)
        public static let panY = Interests(rawValue: 4)
    }

    /// The node's id.
    public var id: [UInt8]
    public var wants: Interests

    public init(id: [UInt8], wants: Interests) { self.id = id; self.wants = wants }

    /// Whether it takes a pan whose dominant axis is horizontal (`horizontal`) or vertical.
    func takesPan(horizontal: Bool) -> Bool { wants.contains(horizontal ? .panX : .panY) }
}

/// Mouse, pen or touch (the DOM's `pointerType`): how far a pointer may wander and still tap.
public enum PointerKind: UInt8, Sendable {
    case mouse = 0, pen = 1, touch = 2

    /// Points a pointer moves before a pan begins: 10 for a finger (iOS's and Android's slop),
    /// 2 for a mouse or a pen, whose hands are steadier.
    public var slop: Double { self == .touch ? 10 : 2 }
}
