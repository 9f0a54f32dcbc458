import VeilCore

/// The core for Swift code: a session of a scene, driven with the scene's own node ids as
/// Strings, each tick returning its message and its host events, and one error type
/// (`VeilError`). The messages are the very bytes of `Session` (`core`), which stays at hand.
///
///     let session = try VeilSession(json: sceneText, file: "status.json")
///     try session.perform(.status(node: "card", status: .error(message: "Offline", action: "Retry")))
///     let tick = session.tick(at: 0.5)
///     // tick.events: what was tapped; tick.message: what a viewer gets
public final class VeilSession {
    /// The session underneath (its API takes node ids as UTF-8 bytes).
    public let core: Session

    /// A session of the scene in `json` (a scene file's text); `file` names it in errors.
    public init(json: String, file: String = "scene.json") throws(VeilError) {
        do throws(SceneError) {
            core = Session(scene: try SceneReader.read(Array(json.utf8), file: file))
        } catch {
            throw VeilError(error)
        }
    }

    /// A session of the scene in `bytes` (a scene file's contents).
    public init(bytes: [UInt8], file: String = "scene.json") throws(VeilError) {
        do throws(SceneError) {
            core = Session(scene: try SceneReader.read(bytes, file: file))
        } catch {
            throw VeilError(error)
        }
    }

    /// Seconds on the session's clock: the time of its last tick or timed action.
    public var time: Double { core.time }

    /// The scene's node ids, in tree order (at most `limit`).
    public func nodeIDs(limit: Int = 1_000) -> [String] {
        core.scene.nodeIDs(limit: limit).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Does a command now (at the session's time), or at `t` seconds. Refused (an unknown node, a
    /// command its node cannot take): throws, and nothing changed.
    public func perform(_ command: Command, at t: Double? = nil) throws(VeilError) {
        try apply(.command(command), at: t)
    }

    /// Applies input now, or at `t` seconds (its time stamp: gestures measure velocity by it).
    public func input(_ event: InputEvent, at t: Double? = nil) throws(VeilError) {
        try apply(.input(event), at: t)
    }

    /// Applies one events-file line — `{"t": 1.5, "command": {…}}` or `{"input": {…}}` — as
    /// `veil stream --events` would ("t" optional: now).
    public func perform(json line: String) throws(VeilError) {
        let action: TimedAction
        do throws(SceneError) {
            action = try SceneReader.readAction(Array(line.utf8), file: "action", line: 1)
        } catch {
            throw VeilError(error)
        }
        try apply(action.action, at: action.isTimed ? action.time : nil)
    }

    /// A tap at a point of the canvas (points), pressed at `t` and released 0.05 s later.
    public func tap(x: Double, y: Double, at t: Double) throws(VeilError) {
        try input(.pointer(PointerEvent(phase: .down, x: x, y: y, pointer: 1, kind: .touch)), at: t)
        try input(.pointer(PointerEvent(phase: .up, x: x, y: y, pointer: 1, kind: .touch)), at: t + 0.05)
    }

    /// Taps the button `node` (its id, or the id of a status view's action, as `buttons` lists
    /// them) where it is drawn at `t` — scrolled lists and sheets included — pressed at `t` and
    /// released 0.05 s later. Throws when no such button is on screen at `t`.
    public func tap(_ node: String, at t: Double) throws(VeilError) {
        _ = core.frame(at: t)
        guard let button = core.accessibilityDescription().buttons.first(where: { $0.node == Array(node.utf8) }) else {
            throw VeilError("no button \"\(node)\" on screen at \(t) s (on screen: \(buttons(at: t).map(\.node).joined(separator: ", ")))")
        }
        try tap(x: button.frame.x + button.frame.width / 2, y: button.frame.y + button.frame.height / 2, at: t)
    }

    /// The buttons on screen at `t`, where they are drawn: their node ids, titles and actions.
    public func buttons(at t: Double) -> [(node: String, title: String, action: String)] {
        _ = core.frame(at: t)
        return core.accessibilityDescription().buttons.map {
            (String(decoding: $0.node, as: UTF8.self), String(decoding: $0.title, as: UTF8.self), String(decoding: $0.action, as: UTF8.self))
        }
    }

    /// The next message at time `t` (the scene's timeline runs up to it) and the host events it
    /// carries: a keyframe first, then deltas; no message when nothing changed and nothing happened.
    public func tick(at t: Double) -> VeilTick {
        guard let message = core.tick(at: t) else { return VeilTick(message: nil, events: []) }
        // The session's own message always decodes (the core never emits what its decoder rejects).
        let events = (try? WireDecoder.decode(message))?.events ?? []
        return VeilTick(message: message, events: events.map(VeilEvent.init))
    }

    /// The frame at `t` as SVG (what a viewer shows), without producing a message.
    public func svg(at t: Double) -> String {
        String(decoding: SVGExport.svg(core.frame(at: t)), as: UTF8.self)
    }

    private func apply(_ action: Action, at t: Double?) throws(VeilError) {
        do throws(SessionError) {
            if let t { try core.apply(action, at: t) } else { try core.apply(action) }
        } catch {
            throw VeilError(error)
        }
    }
}
