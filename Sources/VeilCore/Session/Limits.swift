/// Every size the core accepts has a bound; these are they (docs/SCENE.md lists them).
public enum Limits {
    /// Scene file size in bytes.
    public static let maxSceneBytes = 1 << 20
    /// Nesting depth of JSON and of the node tree.
    public static let maxDepth = 64
    /// Nodes in a scene, list rows instantiated included.
    public static let maxNodes = 20_000
    /// Canvas width or height, points.
    public static let maxCanvas: Double = 16_384
    /// Bytes of one text string.
    public static let maxTextBytes = 16_384
    /// Entries in a scene timeline or an events file.
    public static let maxTimeline = 100_000
    /// Timeline entries and scheduled reactions applied as time moves once (a tick, a timed
    /// action); the others due wait for the next move, in order.
    public static let maxActionsPerAdvance = 1_000
    /// Entries (items and layers) one frame holds: below the wire's `WireLimits.maxItems`, so that
    /// drawing, diffing and encoding a whole frame stays within a tick's time (the cost per entry
    /// is in docs/SCENE.md's limits table). Past it nodes are left out (RenderBudget). A screen
    /// shows a few hundred; the bound leaves room for a grid of thousands of cells under a skeleton.
    public static let maxEntriesDrawn = 32_768
    /// Lines one label or button draws ("…" ends the last when there is more).
    public static let maxLinesPerLabel = 1_000
    /// UTF-8 bytes of text (labels', buttons') a layout can hold, list rows counted as for
    /// `maxNodes`: what bounds the text a layout measures and a frame carries.
    public static let maxTextLaidOut = 1 << 20
    /// Reactions in a scene.
    public static let maxReactions = 256
    /// Pointers pressed at once (touches) that the session tracks.
    public static let maxTrackedPointers = 16
    /// Events waiting for the next tick.
    public static let maxPendingEvents = 256
    /// Refused timeline and reaction actions a session keeps until the host takes them.
    public static let maxRefusedKept = 16
    /// Bytes of one command/input message (events file line, WebSocket message, wasm call).
    public static let maxActionBytes = 64 * 1024
    /// Rows a list shows per section while a skeleton fills it ("automatic" counts included).
    public static let maxSkeletonRows = 1_000
    /// Rows of one list section (`rowCount`): lists are virtual, so this bounds numbers, not nodes.
    public static let maxListRows = 1_000_000
    /// Rows of one list laid out at once (those near its viewport: ContentWindow); what the node
    /// bound counts for a list. Only rows under ~1 pt high in a very tall list reach it.
    public static let maxRowsMade = 1_000
    /// Rows of one list that carry data ("rows" in the scene and the rows command).
    public static let maxRowData = 100_000
    /// Rows a list that fetches its rows holds before it is first laid out (after that, those near
    /// its window: `FetchedRows`).
    public static let maxRowsHeld = 10_000
    /// Sections of one list.
    public static let maxSections = 100
    /// Colours of a skeleton gradient.
    public static let maxGradientColors = 16
    /// A skeleton's durations, delays and transitions, seconds.
    public static let maxSkeletonSeconds: Double = 3_600
}
