/// Input from the user: pointer, keyboard, and the viewport's size.
public enum InputEvent: Sendable {
    case pointer(PointerEvent)
    case key(KeyEvent)
    /// The viewer's canvas changed size (points): the scene is laid out again.
    case resize(width: Double, height: Double)
    /// A wheel or trackpad scroll at a point (the DOM's WheelEvent).
    case wheel(WheelEvent)
}

/// A wheel or trackpad scroll: where the pointer is, and the DOM's deltaX, deltaY and deltaMode
/// (0 pixels, 1 lines, 2 pages; see `WheelInput`).
public struct WheelEvent: Sendable {
    public var x: Double
    public var y: Double
    public var dx: Double = 0
    public var dy: Double = 0
    public var mode: Int = 0
    public init(x: Double, y: Double, dx: Double = 0, dy: Double = 0, mode: Int = 0) {
        self.x = x; self.y = y; self.dx = dx; self.dy = dy; self.mode = mode
    }
}

public enum PointerPhase: UInt8, Sendable {
    case down = 0, move = 1, up = 2, cancel = 3
}

public struct PointerEvent: Sendable {
    public var phase: PointerPhase
    /// Canvas coordinates in points.
    public var x: Double
    public var y: Double
    /// Distinguishes simultaneous pointers (touches).
    public var pointer: Int
    /// Mouse, pen or touch (the DOM's `pointerType`): sets how far it may move and still tap.
    public var kind: PointerKind
    public init(phase: PointerPhase, x: Double, y: Double, pointer: Int = 0, kind: PointerKind = .mouse) {
        self.phase = phase; self.x = x; self.y = y; self.pointer = pointer; self.kind = kind
    }
}

public enum KeyPhase: UInt8, Sendable {
    case down = 0, up = 1
}

public struct KeyEvent: Sendable {
    public var phase: KeyPhase
    /// The DOM `KeyboardEvent.key` value, UTF-8 ("Tab", "Enter", " ", "a").
    public var key: [UInt8]
    public var shift: Bool
    public init(phase: KeyPhase, key: [UInt8], shift: Bool = false) {
        self.phase = phase; self.key = key; self.shift = shift
    }
}
