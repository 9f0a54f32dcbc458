/// The single entry point of the core. A session owns one scene and its state; hosts feed it
/// commands and input, and call `tick(at:)` with the time (never read from a clock) to get the
/// next message for the viewer, or nil when nothing changed.
public final class Session {
    /// The scene as loaded, with commands and resizes applied.
    public private(set) var scene: Scene
    /// Time of the latest tick, seconds.
    public private(set) var time: Double = 0
    private var timelineIndex = 0
    private var stream = PatchStream()
    /// Events not yet sent: they ride on the next tick's message.
    public private(set) var pendingEvents: [HostEvent] = []
    private var renderer = Renderer()
    private var interaction = Interaction()
    /// The layout of `scene`, recomputed lazily after anything changes it.
    private var cachedLayout: LayoutBox? = nil

    public init(scene: Scene) {
        self.scene = scene
    }

    /// Applies a command now. Throws, changing nothing, when it names what the scene does not have.
    public func perform(_ command: Command) throws(SessionError) {
        switch command {
        case let .set(node, changes):
            guard let path = scene.root.path(to: node) else {
                throw SessionError("no node with id \"\(String(decoding: node, as: UTF8.self))\"")
            }
            scene.root.update(at: path[...]) { n in
                for change in changes { n.apply(change) }
            }
            cachedLayout = nil
        }
    }

    /// Applies an input event now.
    public func input(_ event: InputEvent) throws(SessionError) {
        switch event {
        case let .resize(width, height):
            guard width.isFinite, height.isFinite, width >= 1, height >= 1,
                  width <= Limits.maxCanvas, height <= Limits.maxCanvas else {
                throw SessionError("resize: width and height must be finite numbers in 1...\(Int(Limits.maxCanvas))")
            }
            scene.width = width
            scene.height = height
            cachedLayout = nil
        case let .pointer(p):
            guard p.x.isFinite, p.y.isFinite else { throw SessionError("pointer position must be finite") }
            if let event = interaction.pointer(p, in: layout()) { pendingEvents.append(event) }
        case let .key(k):
            if let event = interaction.key(k, in: layout()) { pendingEvents.append(event) }
        }
    }

    public func apply(_ action: Action) throws(SessionError) {
        switch action {
        case let .command(c): try perform(c)
        case let .input(e): try input(e)
        }
    }

    /// The frame at time `t` (runs the scene's timeline up to `t`), without producing a message.
    public func frame(at t: Double) -> Frame {
        advance(to: t)
        return renderer.render(layout(), scene: scene, interaction: interaction)
    }

    /// The next message for a viewer: a keyframe first, then deltas; nil when the frame did not
    /// change and there are no events to report.
    public func tick(at t: Double) -> [UInt8]? {
        let f = frame(at: t)
        let events = pendingEvents
        pendingEvents.removeAll()
        return stream.next(frame: f, events: events)
    }

    /// The next tick sends a keyframe (a viewer lost track of its mirror).
    public func requestKeyframe() { stream.forceKeyframe() }

    /// The current layout (what hit-testing and rendering see).
    public func layout() -> LayoutBox {
        if let cachedLayout { return cachedLayout }
        let box = Layout.layout(scene)
        cachedLayout = box
        return box
    }

    private func advance(to t: Double) {
        if t.isFinite && t > time { time = t }
        while timelineIndex < scene.timeline.count, scene.timeline[timelineIndex].time <= time {
            // A timeline entry that does not apply was already reported by `veil check`; skip it.
            try? apply(scene.timeline[timelineIndex].action)
            timelineIndex += 1
        }
    }
}
