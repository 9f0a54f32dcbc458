#if canImport(VeilCore)
import VeilCore
#endif

/// The work one tick did, counted (deterministic) and, natively, timed.
struct TickWork {
    /// Nodes in the session's layout after the tick (what layout and render walked).
    var nodes = 0
    /// Entries (items and layers) of the frame the viewer holds after it.
    var entries = 0
    /// UTF-8 bytes of text in that frame.
    var textBytes = 0
    /// The message's size.
    var bytes = 0
    /// Wall time of `Session.tick`, when the host gave a clock.
    var nanoseconds: UInt64 = 0
}

/// One run of the whole session from fuzzer bytes: a scene from `SceneGrammar`, read by the real
/// reader; then up to `maxSteps` steps, each an action line (read by `SceneReader.readAction`,
/// applied at the current time; refusals are fine) or a tick some milliseconds later. Every
/// message must decode (`WireDecoder`) and apply to a `FrameMirror` (hash checked), and every
/// tick stays within the budget: `Limits.maxNodes` nodes laid out, `Limits.maxEntriesDrawn` entries,
/// `Limits.maxTextLaidOut` bytes of text (+ "…" per line), `WireLimits.maxMessageBytes` bytes.
/// The libFuzzer target (Fuzz/session.swift) and the wasm one (Fuzz/wasm/main.swift) share it.
struct SessionFuzz {
    static let maxSteps = 48
    /// Text a frame may carry beyond the laid-out bound: a "…" (3 bytes) per drawn line.
    static let maxFrameTextBytes = Limits.maxTextLaidOut + 3 * WireLimits.maxItems

    /// The scene file the run made, and its action lines (an events file, times in order).
    private(set) var sceneText = ""
    private(set) var lines: [String] = []
    /// Whether the reader accepted the scene.
    private(set) var accepted = false
    /// The tick that counted the most nodes and the one that took longest.
    private(set) var biggestTick = TickWork()
    private(set) var slowestTick = TickWork()
    private(set) var ticks = 0

    /// One step of a run.
    enum Step {
        /// An action line (an events-file line, with its time).
        case action(String)
        case keyframe
        /// A tick at this many milliseconds.
        case tick(Int)
    }

    /// The scene and the steps `data` makes. The choices never depend on what the session does,
    /// so the same script can be played by another host (`veil stream`, veil.wasm) to compare.
    static func script(_ data: [UInt8]) -> (scene: String, steps: [Step]) {
        var grammar = SceneGrammar(FuzzInput(data))
        let scene = grammar.scene()
        var steps: [Step] = []
        var milliseconds = 0
        for step in 0 ..< maxSteps {
            if step > 0 && grammar.input.isExhausted { break }
            switch grammar.input.int(0 ... 9) {
            case 0 ... 4:
                steps.append(.action(#"{"t": \#(milliseconds / 1000).\#(threeDigits(milliseconds % 1000)), \#(grammar.action())}"#))
            case 5:
                steps.append(.keyframe)
            default:
                milliseconds += grammar.input.pick([0, 1, 16, 17, 100, 250, 1000, 4000])
                steps.append(.tick(milliseconds))
            }
        }
        steps.append(.tick(milliseconds + 16))
        return (scene, steps)
    }

    /// The scene file read by the real reader (`SceneReader.read`): nil when it refuses it.
    static func read(_ text: String) -> Scene? { try? SceneReader.read(Array(text.utf8), file: "fuzz.json") }

    /// Runs `data`; returns what broke, or nil. `clock` (nanoseconds, native hosts) times each tick.
    /// `read` reads the scene file: `SessionFuzz.read`, or a cache of its results (the libFuzzer target,
    /// Fuzz/session.swift: most mutations leave the scene's bytes alone and change only the steps).
    mutating func run(_ data: [UInt8], clock: (() -> UInt64)? = nil, read: (String) -> Scene? = SessionFuzz.read) -> String? {
        let (text, steps) = Self.script(data)
        sceneText = text
        guard let scene = read(sceneText) else { return nil }
        accepted = true
        let session = Session(scene: scene)
        var mirror = FrameMirror()
        for step in steps {
            switch step {
            case let .action(line):
                lines.append(line)
                if let timed = try? SceneReader.readAction(Array(line.utf8), file: "fuzz.events.jsonl", line: lines.count) {
                    try? session.apply(timed)
                }
            case .keyframe:
                session.requestKeyframe()
            case let .tick(milliseconds):
                if let failure = tick(session, &mirror, at: milliseconds, clock: clock) { return failure }
            }
        }
        return nil
    }

    private mutating func tick(_ session: Session, _ mirror: inout FrameMirror, at milliseconds: Int,
                               clock: (() -> UInt64)?) -> String? {
        let start = clock?() ?? 0
        let message = session.tick(at: Double(milliseconds) / 1000)
        var work = TickWork()
        if let clock { work.nanoseconds = clock() - start }
        ticks += 1
        guard let message else { return nil }
        work.bytes = message.count
        guard message.count <= WireLimits.maxMessageBytes else {
            return "tick at \(milliseconds) ms: a message of \(message.count) bytes"
        }
        let decoded: Message
        do throws(WireError) {
            decoded = try WireDecoder.decode(message)
        } catch {
            return "tick at \(milliseconds) ms: the decoder refuses the session's message: \(error.message)"
        }
        let frame: Frame
        do throws(MirrorError) {
            frame = try mirror.apply(decoded)
        } catch {
            return "tick at \(milliseconds) ms: the mirror refuses the session's message: \(error.reason)"
        }
        work.nodes = Self.count(session.layout())
        Self.count(frame.items, entries: &work.entries, textBytes: &work.textBytes)
        if work.nodes > biggestTick.nodes { biggestTick = work }
        if work.nanoseconds > slowestTick.nanoseconds { slowestTick = work }
        if work.nodes > Limits.maxNodes {
            return "tick at \(milliseconds) ms: \(work.nodes) nodes laid out; the bound is \(Limits.maxNodes)"
        }
        if work.entries > Limits.maxEntriesDrawn {
            return "tick at \(milliseconds) ms: \(work.entries) entries drawn; the bound is \(Limits.maxEntriesDrawn)"
        }
        if work.textBytes > Self.maxFrameTextBytes {
            return "tick at \(milliseconds) ms: \(work.textBytes) bytes of text drawn; the bound is \(Self.maxFrameTextBytes)"
        }
        return nil
    }

    /// The run as an events file (JSON Lines), to replay with `veil stream --events`.
    var events: String { lines.map { $0 + "\n" }.joined() }

    private static func threeDigits(_ n: Int) -> String { n < 10 ? "00\(n)" : n < 100 ? "0\(n)" : "\(n)" }

    private static func count(_ box: LayoutBox) -> Int {
        var n = 1
        for child in box.children { n += count(child) }
        return n
    }

    private static func count(_ items: [Item], entries: inout Int, textBytes: inout Int) {
        for item in items {
            entries += 1
            textBytes += item.text.count
            count(item.children, entries: &entries, textBytes: &textBytes)
        }
    }
}
