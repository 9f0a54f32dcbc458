/// The strict scene-file reader (docs/SCENE.md is its reference). Written for the core: no Foundation,
/// bytes in, a `Scene` or a `SceneError` naming file:line:column out, never a crash.
public enum SceneReader {
    /// Parses a scene file (JSON). Errors name file:line:column.
    public static func read(_ source: [UInt8], file: String) throws(SceneError) -> Scene {
        let context = ReaderContext(file: file, source: source)
        guard source.count <= Limits.maxSceneBytes else {
            throw context.error(at: 0, "a scene file is at most \(Limits.maxSceneBytes) bytes; this one has \(source.count)")
        }
        let value = try context.parseJSON()
        var scene = Scene(root: Node(id: utf8("root"), kind: .view))
        scene.name = baseName(of: file)
        try context.readObject(value, "the scene", SceneKeys.fields, into: &scene)
        try context.checkNamespace()
        // A sheet lies over the whole canvas: anywhere else (inside a view, a row template, a status
        // view) it would be drawn as a plain view with every page showing.
        for sheet in context.sheets where !scene.root.children.contains(where: { $0.id == sheet.id && $0.sheet != nil }) {
            throw context.error(at: sheet.offset, "a sheet must be a child of the scene's root")
        }
        return scene
    }

    /// Parses one line of an events file (or the JSON given to perform/input): {"t":…, "command"|"input": …}.
    /// `t` is optional here (0 when absent). `line` is the line number reported in errors.
    public static func readAction(_ source: [UInt8], file: String, line: Int) throws(SceneError) -> TimedAction {
        let context = ReaderContext(file: file, source: source, firstLine: line)
        guard source.count <= Limits.maxActionBytes else {
            throw context.error(at: 0, "an action is at most \(Limits.maxActionBytes) bytes; this one has \(source.count)")
        }
        let value = try context.parseJSON()
        return try context.readTimedAction(value).0
    }

    /// Parses a whole events file (JSON Lines): one action per line, blank lines skipped, at most
    /// `Limits.maxTimeline` actions, in time order.
    public static func readEvents(_ source: [UInt8], file: String) throws(SceneError) -> [TimedAction] {
        var events: [TimedAction] = []
        var lineStart = 0
        var lineNumber = 1
        while lineStart < source.count {
            var lineEnd = lineStart
            while lineEnd < source.count && source[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            let line = Array(source[lineStart..<lineEnd])
            if !line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }) {
                let context = ReaderContext(file: file, source: line, firstLine: lineNumber)
                if events.count == Limits.maxTimeline {
                    throw context.error(at: 0, "an events file has at most \(Limits.maxTimeline) actions")
                }
                let event = try readAction(line, file: file, line: lineNumber)
                try context.checkOrder(event, after: events.last, at: timeOffset(in: line))
                events.append(event)
            }
            lineStart = lineEnd + 1
            lineNumber += 1
        }
        return events
    }

    /// The column (characters, from 1) of the node an action line names — the value of its
    /// command's or input's "node" — else of the action itself: where an error the session reports
    /// when it applies the line (an unknown node) points.
    public static func nodeColumn(inAction line: [UInt8]) -> Int {
        guard let value = try? JSONParser.parse(line) else { return 1 }
        var offset = value.offset
        if case let .object(members) = value.kind,
           let action = members.first(where: { $0.key == utf8("command") || $0.key == utf8("input") }) {
            offset = action.value.offset
            if case let .object(kinds) = action.value.kind, kinds.count == 1,
               case let .object(fields) = kinds[0].value.kind, let node = fields.first(where: { $0.key == utf8("node") }) {
                offset = node.value.offset
            }
        }
        return SourcePosition(offset: offset, in: line).column
    }

    /// The column (characters, from 1) of an action line's "t" value, where an order error points
    /// (1 when the line has none).
    public static func timeColumn(inAction line: [UInt8]) -> Int {
        SourcePosition(offset: timeOffset(in: line), in: line).column
    }

    /// Where the "t" of an action line is, for the order error (the line start when there is none).
    private static func timeOffset(in line: [UInt8]) -> Int {
        guard case let .object(members)? = (try? JSONParser.parse(line))?.kind,
              let t = members.first(where: { $0.key == [UInt8(ascii: "t")] }) else { return 0 }
        return t.value.offset
    }

    /// "feed" from "examples/feed.json".
    static func baseName(of file: String) -> [UInt8] {
        var name = UTF8Text("\(file)").bytes
        if let slash = name.lastIndex(of: UInt8(ascii: "/")) { name = Array(name[(slash + 1)...]) }
        let suffix = utf8(".json")
        if name.count > suffix.count && Array(name.suffix(suffix.count)) == suffix {
            name.removeLast(suffix.count)
        }
        return name
    }
}

/// The top-level keys of a scene file.
enum SceneKeys {
    static let appearances: [Choice<Appearance>] = [Choice("light", .light), Choice("dark", .dark)]

    static let fields: [Field<Scene>] = [
        Field("name", takes: { .name.about("The scene's name (default: the file's base name).") }) { s, m, c throws(SceneError) in s.name = try c.name(m) },
        Field("canvas", takes: { .object(canvas).about("The canvas size, points (default 390 × 844).") }) { s, m, c throws(SceneError) in try c.readObject(m.value, "\"canvas\"", canvas, into: &s) },
        Field("safeArea", takes: { .insets.about("The safe area's insets from the canvas edges: a number for all four sides or {top, left, bottom, right}.", byDefault: "0") }) { s, m, c throws(SceneError) in s.safeArea = try c.insets(m) },
        Field("appearance", takes: { .choice(appearances).about("Light or dark: semantic colours resolve for it.", byDefault: "\"light\"") }) { s, m, c throws(SceneError) in s.appearance = try c.choice(m, appearances) },
        Field("background", takes: { .ref(.color).about("The canvas colour (default: the appearance's background).") }) { s, m, c throws(SceneError) in s.background = try c.color(m) },
        Field("root", required: true, takes: { .ref(.node).about("The root node (its id is \"root\" unless it has one).") }) { s, m, c throws(SceneError) in
            s.root = try c.readNode(m.value, defaultID: utf8("root"))
        },
        Field("timeline", takes: {
            .array(.ref(.timedAction), min: 0, max: Limits.maxTimeline).about("Commands and inputs the scene runs by itself, in time order.", byDefault: "[]")
        }) { s, m, c throws(SceneError) in s.timeline = try c.readTimeline(m) },
        Field("reactions", takes: {
            .array(.object(ReactionKeys.fields), min: 0, max: Limits.maxReactions).about("Actions run when an event happens.", byDefault: "[]")
        }) { s, m, c throws(SceneError) in s.reactions = try c.readReactions(m) },
        Field("statusViews", takes: { .object(StatusViewKeys.fields).about("Custom views for the status states (default: the built-in views).") }) { s, m, c throws(SceneError) in s.statusViews = try c.readStatusViews(m) },
        Field("skeleton", takes: { .object(SkeletonAppearanceKeys.fields).about("How skeletons look in this scene.") }) { s, m, c throws(SceneError) in
            try c.readObject(m.value, "\"skeleton\"", SkeletonAppearanceKeys.fields, into: &s.skeletonAppearance)
        },
        // Lets a file name its JSON Schema for editors (docs/SCENE.md, "Schema"); the reader ignores it.
        Field("$schema", takes: { .text.about("The JSON Schema of this file, for editors; ignored by Veil.") }) { _, m, c throws(SceneError) in
            _ = try c.string(m)
        },
    ]

    /// Width and height each default to 390 × 844.
    static let canvas: [Field<Scene>] = [
        Field("width", takes: { .number(Bounds.canvas).about("Canvas width, points.", byDefault: "390") }) { s, m, c throws(SceneError) in s.width = try c.number(m, Bounds.canvas) },
        Field("height", takes: { .number(Bounds.canvas).about("Canvas height, points.", byDefault: "844") }) { s, m, c throws(SceneError) in s.height = try c.number(m, Bounds.canvas) },
    ]
}
