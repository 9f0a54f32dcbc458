import VeilCore

/// A scene run as `veil stream` runs it, keeping what a test needs to explain a difference: when each
/// message was sent, and the names of the ids at the first message that differs from a recording.
public struct Replay: Sendable {
    public var messages: [[UInt8]] = []
    /// Tick of each message (its time is tick / fps).
    public var ticks: [Int] = []
    public var fps: Int
    public var duration: Double
    /// The keys of the ids of the frame at the first message that differs from `expected` (or, when
    /// none differs, at the last message).
    public var names = ItemNames()

    public var times: [Double] { ticks.map { Double($0) / Double(fps) } }
    public var stream: [UInt8] { StreamFile.bytes(messages) }

    /// The golden length of a run: the last timed action (timeline or events) rounded up, plus one second.
    public static func defaultDuration(scene: Scene, events: [StreamRunner.Entry]) -> Double {
        let last = max(scene.timeline.last?.time ?? 0, events.last?.time ?? 0)
        return min(StreamRunner.maxDuration, last.rounded(.up) + 1)
    }

    /// A run of `duration` seconds must reach its last action: one past it would never be applied,
    /// and a case that skips its last taps must not pass.
    public static func checkReach(_ events: [StreamRunner.Entry], duration: Double, file: String) throws(StreamError) {
        guard let last = events.last, last.time > duration else { return }
        let why = duration >= StreamRunner.maxDuration ? "the longest a replay runs" : "the replay's duration"
        throw StreamError(file: file, line: last.line, column: 1,
                          message: "this action at t = \(last.time) s comes after the end of the replay (\(duration) s, \(why)): it would never be applied")
    }

    /// Runs `scene` with `events` at `fps` for `duration` (default: `defaultDuration`).
    public init(scene: Scene, events: [StreamRunner.Entry] = [], eventsFile: String = "events", fps: Int = 30,
                duration: Double? = nil, expected: [[UInt8]]? = nil) throws(StreamError) {
        self.fps = fps
        self.duration = duration ?? Self.defaultDuration(scene: scene, events: events)
        try Self.checkReach(events, duration: self.duration, file: eventsFile)
        let runner = try StreamRunner(duration: self.duration, fps: fps)
        let session = Session(scene: scene)
        var messages: [[UInt8]] = []
        var ticks: [Int] = []
        var named = false
        var names = ItemNames()
        try runner.run(session: session, actions: events, file: eventsFile) { k, message in
            messages.append(message)
            ticks.append(k)
            if !named, let expected {
                let i = messages.count - 1
                if i >= expected.count || expected[i] != message {
                    names = Self.names(of: messages, session)
                    named = true
                }
            }
        }
        if !named { names = Self.names(of: messages, session) }
        self.messages = messages
        self.ticks = ticks
        self.names = names
    }

    /// The keys of every id in the frame after `messages`, as `session` holds them now.
    static func names(of messages: [[UInt8]], _ session: Session) -> ItemNames {
        guard let frame = DecodedStream(messages).messages.last?.frame else { return ItemNames() }
        var keys: [UInt32: String] = [:]
        func walk(_ items: [Item]) {
            for item in items {
                if let key = session.itemKey(item.id) { keys[item.id] = String(decoding: key, as: UTF8.self) }
                if item.isLayer { walk(item.children) }
            }
        }
        walk(frame.items)
        return ItemNames(keys)
    }

    /// Runs `scene` and hands each message to `body` with its tick and the names of the ids of the
    /// frame after it and before it (for `veil stream --format text`).
    public static func each(scene: Scene, events: [StreamRunner.Entry], eventsFile: String, runner: StreamRunner,
                            _ body: (_ tick: Int, _ message: [UInt8], _ names: ItemNames) -> Void) throws(StreamError) {
        let session = Session(scene: scene)
        var mirror = FrameMirror()
        var previous: [UInt32: String] = [:]
        try runner.run(session: session, actions: events, file: eventsFile) { k, message in
            var keys: [UInt32: String] = [:]
            if let frame = try? mirror.apply(message) {
                func walk(_ items: [Item]) {
                    for item in items {
                        if let key = session.itemKey(item.id) { keys[item.id] = String(decoding: key, as: UTF8.self) }
                        if item.isLayer { walk(item.children) }
                    }
                }
                walk(frame.items)
            }
            body(k, message, ItemNames(previous.merging(keys) { _, new in new }))
            previous = keys
        }
    }
}
