/// A scene as read from a scene file: canvas, appearance and the node tree, plus its own timeline.
public struct Scene: Sendable {
    /// Scene name (the file's base name, or its "name" field).
    public var name: [UInt8] = []
    /// Canvas size in points; a viewer resize replaces it.
    public var width: Double = 390
    public var height: Double = 844
    public var safeArea: EdgeInsets = .zero
    public var appearance: Appearance = .light
    /// Canvas background; defaults to the appearance's background.
    public var background: Color? = nil
    public var root: Node
    /// Commands the scene runs by itself at given times.
    public var timeline: [TimedAction] = []

    public init(root: Node) { self.root = root }
}

public enum Appearance: UInt8, Sendable {
    case light = 0
    case dark = 1
}

/// A command or an input at a time in seconds: one line of an events file, or a timeline entry.
public struct TimedAction: Sendable {
    public var time: Double
    public var action: Action
    public init(time: Double, action: Action) { self.time = time; self.action = action }
}

public enum Action: Sendable {
    case command(Command)
    case input(InputEvent)
}
