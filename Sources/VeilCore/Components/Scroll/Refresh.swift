/// Pull-to-refresh on a list or scroll container (Infinity's behaviour, docs/SCENE.md "Pull to
/// refresh"): pulled down past its top, the content reveals an animator — a grey circle whose
/// stroke grows with the pull's progress² from 12 o'clock — and let go once pulled `height`
/// points, it holds the animator open (the top inset grows by `height`), shows an activity
/// indicator and sends `refresh` to the host until the host says `end`.
public struct RefreshStyle: Sendable {
    /// How far to pull before letting go refreshes, and how much room the loading animator takes.
    public var height: Double = 60
    public var enabled = true
    /// What is drawn in that room (Infinity's animators).
    public var animator = RefreshAnimatorKind.standard
    /// A custom animator: a node subtree laid out in that room instead, shown with the changes of
    /// the state the refresh is in (`states`, by `RefreshViewState`; docs/SCENE.md).
    public var view: Node? = nil
    public var states: [ListRow] = Array(repeating: ListRow(), count: RefreshViewState.allCases.count)
    public init() {}

    /// The custom view as it shows in `state`.
    func view(in state: RefreshViewState) -> Node? {
        view.map { states[Int(state.rawValue)].filling($0) }
    }
}

/// What a custom refresh view is told (Infinity's none / releasing(progress) / loading, with
/// releasing split where letting go would refresh).
public enum RefreshViewState: UInt8, Sendable, CaseIterable {
    /// At rest: the view is out of sight above the content.
    case idle
    /// Pulled down, less than `height`, or coming back without refreshing.
    case pulling
    /// Pulled `height` points or more by a finger still down: letting go refreshes.
    case ready
    /// A refresh is under way until the host ends it.
    case refreshing

    static let names: [Choice<RefreshViewState>] = [
        Choice("idle", .idle), Choice("pulling", .pulling), Choice("ready", .ready), Choice("refreshing", .refreshing),
    ]

    /// The state of a container at `offset` (negative: pulled down by that much).
    init(offset: Double, height: Double, dragging: Bool, refreshing: Bool) {
        if refreshing { self = .refreshing } else if offset >= 0 { self = .idle } else {
            self = dragging && offset <= -height ? .ready : .pulling
        }
    }
}

/// Infinity's refresh animators (docs/SCENE.md, "Pull to refresh").
public enum RefreshAnimatorKind: UInt8, Sendable {
    /// A grey circle whose stroke grows with progress², then an activity indicator.
    case standard
    /// A grey ring and a blue arc growing with the pull around a down arrow that turns up once
    /// letting go would refresh; loading, the arc spins.
    case arrow
    /// A blue disc growing with the pull; loading, it pulses (scale 0 → 1, opacity 1 → 0, 1 s).
    case circle
    /// Eight coloured dots appearing one by one with the pull; loading, a light runs round them.
    case spark
}

/// What the `refresh` command does.
public enum RefreshCommand: Sendable {
    /// Scrolls to the top and refreshes, as a pull would (a `refresh` event follows).
    case begin
    /// The host's refresh is done: the animator closes.
    case end
    /// Turns pulling to refresh on or off (off ends one in progress).
    case enabled(Bool)
}

/// Where the animator is drawn, in the container's layer space, for an offset: its parts (items)
/// and how each part's changing fields follow the pull and the refresh. The renderer draws each
/// part with `update` and records it, and ticks call the same `update` (FrameAnimations); what moves
/// with time while refreshing is declared by the render as loops (`loops`).
struct RefreshAnimator: Sendable {
    /// The container's width, and the trigger height.
    var width: Double
    var height: Double
    var kind = RefreshAnimatorKind.standard
    /// Where the content starts in the layer (the container's top inset): the animator sits above.
    var top = 0.0

    static let blue = Color(r: 76, g: 143, b: 255)
    static let ringGrey = Color(r: 204, g: 204, b: 204)
    static let sparkColors: [UInt32] = [0xf9b60fff, 0xf78a44ff, 0xf05e4dff, 0xf75078ff, 0xc973e4ff, 0x1bbef1ff, 0x5593f0ff, 0x00cf98ff]
    static let sparkDot = 6.0

    /// How many items it draws.
    var parts: Int {
        switch kind {
        case .standard: return 2
        case .arrow: return 5  // ring, arc, shaft, two heads
        case .circle: return 1
        case .spark: return 8
        }
    }

    /// A part's kind, place and paint: what does not change as it animates.
    func setUp(_ part: Int, _ item: inout Item, paint: (Color) -> UInt32) {
        let r = rect
        switch (kind, part) {
        case (.standard, 0):
            item.kind = .arc; Self.place(&item, r); item.stroke = paint(Self.color); item.lineWidth = Fixed.from(Self.lineWidth)
        case (.standard, _):
            item.kind = .activityIndicator; Self.place(&item, r); item.fill = paint(Self.color); item.lineWidth = Fixed.from(2.5)
        case (.arrow, 0), (.arrow, 1):
            item.kind = .arc; Self.place(&item, r); item.lineWidth = Fixed.from(Self.lineWidth)
            item.stroke = paint(part == 0 ? Self.ringGrey : Self.blue)
            if part == 0 { item.arcSweep = 65536 }
        case (.arrow, _):
            // The arrow: a shaft and two heads, each a 2-point bar turned about the animator's centre.
            let c = r.center
            Self.place(&item, Rect(x: c.x - 1, y: c.y - 6, width: 2, height: 12))
            item.kind = .rect; item.fill = paint(Self.blue); item.cornerRadius = Fixed.from(1)
        case (.circle, _):
            item.kind = .rect; item.fill = paint(Self.blue)
        case (.spark, _):
            item.kind = .rect
            let angle = Double(part) / 8
            let c = r.center, radius = Self.diameter / 2
            let x = c.x + radius * CoreMath.sin(angle * 2 * Double.pi), y = c.y - radius * CoreMath.cos(angle * 2 * Double.pi)
            Self.place(&item, Rect(x: x - Self.sparkDot / 2, y: y - Self.sparkDot / 2, width: Self.sparkDot, height: Self.sparkDot))
            item.cornerRadius = Fixed.from(Self.sparkDot / 2)
            item.fill = paint(Color(rgba: Self.sparkColors[part]))
        }
    }

    /// A part's fields that follow the pull (`offset`) and the refresh. While refreshing, the
    /// arrow's, circle's and spark's parts move with time too, a loop a second: here as at `phase`
    /// (0 ..< 1) of it, the start in a frame (`loops` declares the rest).
    func update(_ part: Int, _ item: inout Item, offset: Double, refreshing: Bool, phase: Double = 0) {
        let p = progress(offset: offset)
        let pulled = !refreshing && offset < 0
        switch (kind, part) {
        case (.standard, 0):
            item.arcSweep = sweep(offset: offset)
            item.opacity = Fixed.opacity(arcOpacity(offset: offset, refreshing: refreshing))
        case (.standard, _):
            item.opacity = Fixed.opacity(refreshing ? 1 : 0)  // its turn is declared (ScrollDrawing)
        case (.arrow, 0):
            item.opacity = Fixed.opacity(pulled || refreshing ? 1 : 0)
        case (.arrow, 1):
            item.arcSweep = refreshing ? 49152 : Int32.clamped((p * 65536).rounded(), to: 0...65536)
            item.arcStart = refreshing ? Fixed.angle(turns: phase) : 0
            item.opacity = Fixed.opacity(pulled || refreshing ? 1 : 0)
        case (.arrow, _):
            // Down while pulling; up once letting go would refresh. The heads are 2-point bars
            // leaning 45° away from the tip on either side of the shaft.
            let up = p >= 1
            let lean = part == 2 ? 0.0 : (part == 3 ? -0.125 : 0.125) * (up ? -1 : 1)
            item.rotation = Fixed.angle(turns: lean)
            item.opacity = Fixed.opacity(pulled ? 1 : 0)
            if part != 2 {
                // The heads sit at the arrow's tip: the lower end of the shaft, or the upper once turned.
                let c = rect.center
                let tip = up ? c.y - 6 : c.y + 6
                let shift = (part == 3 ? -1.0 : 1.0) * 2.5
                let y = tip + (up ? 2.5 : -2.5) - 4
                Self.place(&item, Rect(x: c.x - 1 + shift, y: y, width: 2, height: 8))
            }
        case (.circle, _):
            let scale = refreshing ? phase : p
            let d = Self.diameter * scale
            let c = rect.center
            Self.place(&item, Rect(x: c.x - d / 2, y: c.y - d / 2, width: d, height: d))
            item.cornerRadius = Fixed.from(d / 2)
            item.opacity = Fixed.opacity(refreshing ? 1 - phase : (pulled ? 1 : 0))
        case (.spark, _):
            if refreshing {
                // A light runs round the dots once a second; the others dim.
                let lit = phase * 8
                let behind = (lit - Double(part) + 8).truncatingRemainder(dividingBy: 8)
                item.opacity = Fixed.opacity(max(0.25, 1 - behind / 4))
            } else {
                item.opacity = Fixed.opacity(pulled && p >= Double(part + 1) / 8 ? 1 : 0)
            }
        }
    }

    /// While refreshing, the fields of `item` (part `part`) that move with time: a loop a second
    /// from t = 0, sampled `loopPoints` times and declared once (`ItemMotion.Path.loop`). None for the
    /// standard animator (its activity indicator's turn is declared as steps).
    func loops(_ part: Int, of item: Item, offset: Double) -> [ItemMotion] {
        guard kind != .standard else { return [] }
        let n = Self.loopPoints
        return ItemMotion.along(item.id, count: n + 1, interval: 1 / Double(n), start: 0, repeating: true) { k in
            var at = item
            // The last point is where the period ends, just short of the next one's start.
            update(part, &at, offset: offset, refreshing: true, phase: k < n ? Double(k) / Double(n) : 1.0.nextDown)
            return at
        } ?? []
    }

    /// Points a period of a loop: a spark's light steps past a dot in under a frame.
    static let loopPoints = 64

    static let diameter = 24.0
    static let lineWidth = 3.0
    static let color = Color(r: 142, g: 142, b: 147)

    /// Centred across, in the middle of the `height` points above the content's top (content
    /// space: it moves with the content).
    var rect: Rect {
        let d = Self.diameter
        return Rect(x: width / 2 - d / 2, y: top - height / 2 - d / 2, width: d, height: d)
    }

    /// The arc shows while pulled and not refreshing.
    func arcOpacity(offset: Double, refreshing: Bool) -> Double { !refreshing && offset < 0 ? 1 : 0 }

    static func place(_ item: inout Item, _ r: Rect) {
        item.x = Fixed.from(r.x); item.y = Fixed.from(r.y)
        item.width = Fixed.from(r.width); item.height = Fixed.from(r.height)
    }

    /// The pull's progress: 0 at rest, 1 once pulled `height` points.
    func progress(offset: Double) -> Double { smaller(1, larger(0, -offset) / larger(1, height)) }

    /// The arc's sweep, turns/65536: progress², from 12 o'clock.
    func sweep(offset: Double) -> Int32 {
        let p = progress(offset: offset)
        return Int32.clamped((p * p * 65536).rounded(), to: 0...65536)
    }
}

enum RefreshKeys {
    /// A `"refresh"` object being read: its style, and the custom view's parts, read once every
    /// key is known (the states name nodes of the view).
    struct Draft {
        var style = RefreshStyle()
        var view: JSONValue? = nil
        var states: JSONValue? = nil
    }

    /// `"refresh": true | false | {"height"?, "enabled"?, "animator"?, "view"?, "states"?}` on a
    /// list or scroll node. An unnamed view is "<container id>/refresh".
    static let field = Field<Node>("refresh", takes: {
        .anyOf([.bool, .object(fields)]).about("Pull to refresh: true, false (off) or its options (vertical lists and scroll containers).")
    }) { node, m, c throws(SceneError) in
        var draft = Draft()
        if case let .bool(on) = m.value.kind {
            draft.style.enabled = on
        } else {
            try c.readObject(m.value, "\"refresh\"", fields, into: &draft)
        }
        if let value = draft.view {
            draft.style.view = try c.readNode(value, defaultID: node.id + utf8("/refresh"))
        }
        if let states = draft.states {
            guard let view = draft.style.view else {
                throw c.error(at: states.offset, "\"states\" change the nodes of a custom \"view\"; this refresh has none")
            }
            let paths = TemplatePaths(view)
            for member in try c.members(of: states, "refresh states") {
                guard let state = RefreshViewState.names.first(where: { $0.name.equals(member.key) })?.value else {
                    let names = RefreshViewState.names.map { utf8($0.name) }
                    throw c.error(at: member.keyOffset, "unknown refresh state \"\(c.display(member.key))\"; \(ReaderContext.didYouMean(member.key, names))expected one of: \(ReaderContext.list(names))")
                }
                draft.style.states[Int(state.rawValue)] = try c.readRow(member.value, template: paths, what: "refresh view")
            }
        }
        node.refresh = draft.style
    }

    static let animators: [Choice<RefreshAnimatorKind>] = [
        Choice("default", .standard), Choice("arrow", .arrow), Choice("circle", .circle), Choice("spark", .spark),
    ]

    static let fields: [Field<Draft>] = [
        Field("height", takes: { .number(1...1_000).about("How far to pull before letting go refreshes, and the animator's room, points.", byDefault: "60") }) { d, m, c throws(SceneError) in d.style.height = try c.number(m, 1 ... 1_000) },
        Field("enabled", takes: { .bool.about("Whether pulling refreshes.", byDefault: "true") }) { d, m, c throws(SceneError) in d.style.enabled = try c.bool(m) },
        Field("animator", takes: { .choice(animators).about("What is drawn while pulling and refreshing.", byDefault: "\"default\"") }) { d, m, c throws(SceneError) in d.style.animator = try c.choice(m, animators) },
        Field("view", takes: { .ref(.node).about("A custom animator: a node laid out in the refresh room (id default \"<container id>/refresh\").") }) { d, m, c throws(SceneError) in d.view = m.value },
        Field("states", takes: {
            .map(keys: RefreshViewState.names.map { utf8($0.name) }, value: .ref(.row)).about("Per state, changes to the custom view's nodes (as a row's data).")
        }) { d, m, c throws(SceneError) in d.states = m.value },
    ]
}
