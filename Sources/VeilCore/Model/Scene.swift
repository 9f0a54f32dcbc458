/// A scene as read from a scene file: canvas, appearance and the node tree, plus its own timeline.
public struct Scene: Sendable {
    /// Scene name (the file's base name, or its "name" field).
    public var name: [UInt8] = []
    /// Canvas size in points; a viewer resize replaces it.
    public var width: Double = 390
    public var height: Double = 844
    public var safeArea: EdgeInsets = .zero
    public var appearance: Appearance = .light
    /// The viewer prefers reduced motion (`{"motion": "reduced"}`): skeletons stand still and
    /// transitions are instant (each component's `reducedMotionChanged`;
    /// Components/Skeleton/SkeletonReducedMotion.swift).
    public var reducedMotion = false
    /// Canvas background; defaults to the appearance's background.
    public var background: Color? = nil
    public var root: Node
    /// Commands the scene runs by itself at given times.
    public var timeline: [TimedAction] = []
    /// Actions the scene runs when the session reports an event (e.g. retry → loading → content).
    public var reactions: [Reaction] = []
    /// Custom status views, replacing the default ones (ids are prefixed "<host>/status/").
    public var statusViews = StatusViews()
    /// Skeleton defaults (tint, gradient, text lines, corner radii).
    public var skeletonAppearance = SkeletonAppearance()

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
    /// False when the JSON had no "t" (time is then 0): a host applies such an action now.
    public var isTimed: Bool
    /// Where the action starts in the file it was read from (a refused one is reported there).
    public var place: SourcePlace? = nil
    /// For an action a reaction scheduled: the event it reacts to.
    public var reactionTo: [UInt8]? = nil
    public init(time: Double, action: Action, isTimed: Bool = true) {
        self.time = time; self.action = action; self.isTimed = isTimed
    }
}

/// A line and column (1-based, columns in characters) of a file.
public struct SourcePlace: Equatable, Sendable {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) { self.line = line; self.column = column }
}

public indirect enum Action: Sendable {
    case command(Command)
    case input(InputEvent)
}

/// When an event named `event` (from node `node`, if given) is reported, run `actions`, their
/// times counted from the moment of the event.
public struct Reaction: Sendable {
    public var event: [UInt8]
    public var node: [UInt8]?
    public var actions: [TimedAction]
    public init(event: [UInt8], node: [UInt8]? = nil, actions: [TimedAction]) {
        self.event = event; self.node = node; self.actions = actions
    }
}

public struct StatusViews: Sendable {
    public var loading: Node? = nil
    public var error: Node? = nil
    public var empty: Node? = nil
    public init() {}
    public func view(for kind: Status.Kind) -> Node? {
        switch kind {
        case .loading: return loading
        case .error: return error
        case .empty: return empty
        }
    }
}

extension Scene {
    /// The ids a command can name, in the tree's order: every node with an id outside row
    /// templates (a list's header, footer and section headers and footers included), at most `limit`.
    /// A host offers them (the viewer's toolbar).
    public func nodeIDs(limit: Int = 1_000) -> [[UInt8]] {
        var ids: [[UInt8]] = []
        func walk(_ node: Node) {
            guard ids.count < limit else { return }
            if !node.id.isEmpty { ids.append(node.id) }
            for child in node.children { walk(child) }
            guard case let .list(style) = node.kind else { return }
            for extra in [style.header, style.footer] + style.sections.flatMap({ [$0.header, $0.footer] }) {
                if let extra { walk(extra) }
            }
        }
        walk(root)
        return ids
    }
}
