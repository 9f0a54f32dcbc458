/// Scene files and action lines made from fuzzer bytes: nested views, stacks, scroll containers,
/// labels with long multi-line texts, lists (row templates holding lists, headers and footers with
/// ids, skeleton rows, refresh and loadMore), sheets with pages, timelines and reactions — the
/// shapes of docs/SCENE.md that hostile input is made of (Tests/VeilCoreTests/RandomScenes.swift
/// draws from the same ideas). The text is valid JSON but not always a valid scene: the reader's
/// refusals are part of what is fuzzed. Numbers are written as text (no Double formatting, which
/// Embedded Swift lacks): mostly small whole numbers, now and then (`number`) a fractional, tiny,
/// huge, negative or 32-bit edge value, where a host with 32-bit `Int` (veil.wasm) parts ways with
/// a 64-bit one.
struct SceneGrammar {
    var input: FuzzInput
    /// Ids outside row templates, by what commands can name them for.
    private(set) var ids: [String] = ["root"]
    private(set) var lists: [String] = []
    private(set) var scrolls: [String] = []
    private(set) var sheets: [String] = []
    private(set) var pages: [String] = []
    private var nextID = 0
    /// Nodes the generator still writes (its own bound, so one input stays quick to build).
    private var nodesLeft = 0

    init(_ input: FuzzInput) { self.input = input }

    /// Values where numbers go wrong: fractions, denormals, the edges of 16 and 32 bits, past the
    /// reader's bounds (refused) and just inside them.
    static let edgeNumbers = ["0.5", "12.75", "1e-20", "5e-324", "0.001", "1.5e-7", "44.000001", "-0.5", "-3.25",
                              "65535.5", "999999999.9", "1e9", "-1e9", "2147483647", "2147483648", "-2147483648",
                              "4294967296", "1e300", "-1e300"]

    /// `usual` as JSON, or about one time in sixteen an edge value instead.
    mutating func number(_ usual: Int) -> String {
        input.chance(6) ? input.pick(Self.edgeNumbers) : "\(usual)"
    }

    // MARK: Scene

    mutating func scene() -> String {
        nodesLeft = 40 + input.int(0 ... 400)
        var children: [String] = []
        for _ in 0 ..< input.int(0 ... 4) { children.append(node(depth: 1, inTemplate: false)) }
        if input.chance(30) { children.append(sheet()) }
        var keys = [
            #""canvas": {"width": \#(number(input.int(1 ... 1000))), "height": \#(number(input.int(1 ... 1000)))}"#,
            #""root": {"type": "\#(input.chance(70) ? "view" : "stack")", "id": "root"\#(common())\#(skeletonKeys()), "children": [\#(children.joined(separator: ", "))]}"#,
        ]
        if input.chance(10) { keys.append(#""appearance": "dark""#) }
        if input.chance(10) { keys.append(#""safeArea": \#(number(input.int(0 ... 60)))"#) }
        if input.chance(30) {
            var time = 0
            var entries: [String] = []
            for _ in 0 ..< input.int(0 ... 8) {
                time += input.int(0 ... 40)
                entries.append(timed(tenths: time))
            }
            keys.append(#""timeline": [\#(entries.joined(separator: ", "))]"#)
        }
        if input.chance(30) { keys.append(#""reactions": [\#(reactions())]"#) }
        return "{" + keys.joined(separator: ", ") + "}"
    }

    private mutating func freshID(inTemplate: Bool) -> String {
        nextID += 1
        let id = "n\(nextID)"
        if !inTemplate { ids.append(id) }
        return id
    }

    private mutating func color() -> String {
        let digits: [String] = ["0", "3", "7", "9", "C", "F"]
        var hex = "#"
        for _ in 0 ..< 6 { hex += input.pick(digits) }
        return "\"" + hex + "\""
    }

    private mutating func text() -> String {
        let words = ["Hi", "Zoë’s café", "日本語", "🙂👍🏽", "a long line of words that wraps", "\\n", "x", "\\u00e9", "W"]
        let count = input.chance(8) ? input.int(50 ... 1500) : input.int(0 ... 12)
        var parts: [String] = []
        // One word chosen, then repeated: long texts cost one byte of input, not one per word.
        let word = input.pick(words)
        for i in 0 ..< count { parts.append(i % 7 == 3 ? input.pick(words) : word) }
        return parts.joined(separator: " ")
    }

    /// Keys every node takes (docs/SCENE.md, "Nodes").
    private mutating func common() -> String {
        var keys = ""
        if input.chance(50) { keys += #", "background": \#(color())"# }
        if input.chance(10) { keys += #", "opacity": 0.\#(input.int(0 ... 9))"# }
        if input.chance(10) { keys += #", "clipsToBounds": true"# }
        if input.chance(10) { keys += #", "cornerRadius": \#(number(input.int(0 ... 40)))"# }
        if input.chance(8) { keys += #", "hidden": true"# }
        if input.chance(10) { keys += #", "padding": \#(number(input.int(0 ... 30)))"# }
        if input.chance(8) { keys += #", "borderColor": \#(color()), "borderWidth": \#(number(input.int(0 ... 5)))"# }
        if input.chance(10) {
            keys += #", "frame": {"x": \#(number(input.int(-50 ... 300))), "y": \#(number(input.int(-50 ... 600))), "width": \#(number(input.pick([0, 1, 100, 400, 16_384, 1_000_000_000]))), "height": \#(number(input.pick([0, 1, 44, 800, 16_384, 1_000_000_000])))}"#
        } else {
            if input.chance(20) { keys += #", "height": \#(number(input.pick([0, 1, 20, 44, 300, 100_000])))"# }
            if input.chance(10) { keys += #", "width": \#(number(input.pick([0, 1, 20, 200, 100_000])))"# }
        }
        return keys
    }

    private mutating func skeletonKeys() -> String {
        var keys = ""
        if input.chance(40) { keys += #", "skeletonable": true"# }
        if input.chance(5) { keys += #", "hiddenWhenSkeletonIsActive": true"# }
        if input.chance(5) { keys += #", "interactiveWhenSkeleton": true"# }
        return keys
    }

    private mutating func children(depth: Int, inTemplate: Bool) -> String {
        let wanted = depth > 6 ? 0 : (input.chance(10) ? input.int(10 ... 200) : input.int(0 ... 4))
        let count = min(wanted, nodesLeft)
        nodesLeft -= count
        var nodes: [String] = []
        for _ in 0 ..< count { nodes.append(node(depth: depth + 1, inTemplate: inTemplate)) }
        return #", "children": [\#(nodes.joined(separator: ", "))]"#
    }

    mutating func node(depth: Int, inTemplate: Bool, id fixed: String? = nil) -> String {
        let id = fixed ?? (input.chance(70) ? freshID(inTemplate: inTemplate) : nil)
        let idKey = id.map { #", "id": "\#($0)""# } ?? ""
        let kind = depth > 8 || nodesLeft < 3 ? input.int(0 ... 2) : input.int(0 ... 8)
        let extra = common() + skeletonKeys()
        switch kind {
        case 0:
            let lines = input.pick([0, 1, 3, 1000])
            var keys = #", "text": "\#(text())", "numberOfLines": \#(lines), "fontSize": \#(number(input.pick([1, 8, 17, 40, 1000])))"#
            if input.chance(20) { keys += #", "alignment": "\#(input.pick(["left", "center", "right"]))""# }
            if input.chance(10) { keys += #", "lineHeight": \#(input.int(1 ... 10))"# }
            if input.chance(10) { keys += #", "skeletonTextNumberOfLines": \#(input.int(0 ... 1000))"# }
            if input.chance(10) { keys += #", "lastLineFillPercent": \#(input.int(0 ... 100))"# }
            let label = #"{"type": "label"\#(idKey)\#(keys)\#(extra)}"#
            // Now and then deep inside stacks: each level asks for the label's height again.
            guard input.chance(5) else { return label }
            var chain = label
            for _ in 0 ..< input.pick([3, 10, 20]) {
                chain = #"{"type": "stack", "axis": "\#(input.chance(80) ? "vertical" : "horizontal")", "children": [\#(chain)]}"#
            }
            return chain
        case 1:
            return #"{"type": "button"\#(idKey), "title": "\#(text())", "action": "\#(input.pick(["tap", "retry", "go", "more"]))"\#(extra)}"#
        case 2:
            return #"{"type": "image"\#(idKey), "tint": \#(color())\#(extra)}"#
        case 3:
            return #"{"type": "view"\#(idKey)\#(extra)\#(children(depth: depth, inTemplate: inTemplate))}"#
        case 4, 5:
            let scrolls = kind == 5
            if scrolls, let id, !inTemplate { self.scrolls.append(id) }
            var keys = #", "axis": "\#(input.chance(70) ? "vertical" : "horizontal")", "spacing": \#(number(input.int(0 ... 8)))"#
            if input.chance(20) { keys += #", "alignment": "\#(input.pick(["fill", "leading", "center", "trailing"]))""# }
            if input.chance(20) { keys += #", "justify": "\#(input.pick(["start", "center", "end"]))""# }
            if scrolls { keys += scrollKeys() }
            return #"{"type": "\#(scrolls ? "scroll" : "stack")"\#(idKey)\#(keys)\#(extra)\#(children(depth: depth, inTemplate: inTemplate))}"#
        case 6:
            return #"{"type": "activityIndicator"\#(idKey)\#(input.chance(30) ? #", "large": true"# : "")\#(extra)}"#
        default:
            return list(idKey: idKey, id: id, depth: depth, inTemplate: inTemplate, extra: extra)
        }
    }

    private mutating func scrollKeys() -> String {
        var keys = ""
        if input.chance(30) {
            keys += input.chance(50) ? #", "refresh": true"#
                : #", "refresh": {"height": \#(number(input.int(1 ... 200))), "animator": "\#(input.pick(["default", "arrow", "circle", "spark"]))"}"#
        } else if input.chance(30) {
            keys += input.chance(40) ? #", "loadMore": true"#
                : #", "loadMore": {"prefetch": \#(number(input.int(0 ... 2000))), "hasMore": \#(input.chance(80)), "edge": "\#(input.chance(70) ? "end" : "start")", "endText": "The end"}"#
        }
        return keys
    }

    private mutating func list(idKey: String, id: String?, depth: Int, inTemplate: Bool, extra: String) -> String {
        nodesLeft -= 3
        if let id, !inTemplate { lists.append(id) }
        let rows = input.pick([0, 1, 3, 50, 1000, 1_000_000])
        var keys = #", "rowCount": \#(rows), "rowHeight": \#(number(input.pick([0, 1, 20, 44, 100_000])))"#
        if input.chance(40) { keys += #", "skeletonRows": \#(input.chance(30) ? "\"automatic\"" : "\(input.int(0 ... 1000))")"# }
        if input.chance(10) {
            // Sections whose headers are tall: positions past 2^31 points, as Ints on a 32-bit host.
            var sections: [String] = []
            let height = number(input.pick([44, 100_000, 1_000_000_000]))
            for _ in 0 ..< input.pick([1, 3, 99]) {
                sections.append(#"{"header": {"type": "view", "height": \#(height)}, "rowCount": \#(input.pick([0, 1, 30]))}"#)
            }
            keys += #", "sections": [\#(sections.joined(separator: ", "))]"#
        }
        if input.chance(30) { keys += #", "header": \#(node(depth: depth + 1, inTemplate: inTemplate, id: inTemplate ? freshID(inTemplate: true) : nil))"# }
        if input.chance(20) { keys += #", "footer": \#(node(depth: depth + 1, inTemplate: inTemplate, id: inTemplate ? freshID(inTemplate: true) : nil))"# }
        if input.chance(20) { keys += #", "separatorColor": \#(color())"# }
        keys += scrollKeys()
        let template = node(depth: depth + 1, inTemplate: true)
        return #"{"type": "list"\#(idKey)\#(keys), "row": \#(template)\#(extra)}"#
    }

    /// A sheet (a child of the root) with one to three pages.
    private mutating func sheet() -> String {
        let id = freshID(inTemplate: false)
        sheets.append(id)
        var pageNodes: [String] = []
        for _ in 0 ..< input.int(1 ... 3) {
            let page = freshID(inTemplate: false)
            pages.append(page)
            pageNodes.append(node(depth: 2, inTemplate: false, id: page))
        }
        let anchorChoices = [#""expanded""#, #""collapsed""#, #""fit""#, #"{"ratio": 0.5, "name": "half"}"#,
                             #"{"fromBottom": 96}"#, #"{"fromTop": 300}"#]
        let anchorNumber = number(300)
        var anchors: [String] = []
        for _ in 0 ..< input.int(1 ... 4) {
            anchors.append(input.chance(20) ? #"{"\#(input.chance(50) ? "fromTop" : "fromBottom")": \#(anchorNumber)}"# : input.pick(anchorChoices))
        }
        var keys = #", "anchors": [\#(anchors.joined(separator: ", "))]"#
        for flag in ["chevron", "closeButton", "dismissible", "confirmsDismiss", "animatesCorners", "bounces",
                     "snapsToNextAnchor", "cancelsTouchesInCollapsedState", "hidden"] where input.chance(15) {
            keys += #", "\#(flag)": \#(input.chance(70))"#
        }
        return #"{"type": "sheet", "id": "\#(id)"\#(keys), "children": [\#(pageNodes.joined(separator: ", "))]}"#
    }

    private mutating func reactions() -> String {
        var list: [String] = []
        for _ in 0 ..< input.int(1 ... 4) {
            let event = input.pick(["tap", "retry", "go", "more", "refresh", "loadMore", "scrolled", "dismissRequested"])
            var actions: [String] = []
            for _ in 0 ..< input.int(1 ... 4) { actions.append(timed(tenths: input.int(0 ... 20))) }
            list.append(#"{"event": "\#(event)", "actions": [\#(actions.joined(separator: ", "))]}"#)
        }
        return list.joined(separator: ", ")
    }

    private mutating func timed(tenths: Int) -> String {
        #"{"t": \#(tenths / 10).\#(tenths % 10), \#(action())}"#
    }

    // MARK: Actions

    private mutating func node(from names: [String]) -> String {
        names.isEmpty || input.chance(10) ? input.pick(ids) : input.pick(names)
    }

    /// The body of an action line: `"command": {…}` or `"input": {…}`.
    mutating func action() -> String {
        switch input.int(0 ... 17) {
        case 0:
            let style = input.pick(["solid", "gradient", "pulse", "sliding"])
            let show = input.int(0 ... 2)
            let body = show == 0 ? #""show": true, "style": "\#(style)", "delay": \#(input.int(0 ... 2))"#
                : show == 1 ? #""hide": true"# : #""update": {"style": "\#(style)", "color": \#(color())}"#
            return #""command": {"skeleton": {"node": "\#(input.pick(ids))", \#(body)}}"#
        case 1:
            return #""command": {"status": {"node": "\#(input.pick(ids))", "state": "\#(input.pick(["loading", "error", "empty", "none"]))", "transition": "\#(input.chance(50) ? "crossDissolve" : "none")"}}"#
        case 2:
            return #""command": {"spinner": {"node": "\#(input.pick(ids))", "show": \#(input.chance(60))}}"#
        case 3:
            let height = input.pick([10, 800, 100_000, 1_000_000_000])
            return #""command": {"set": {"node": "\#(input.pick(ids))", "frame": {"x": 0, "y": 0, "width": \#(number(input.int(1 ... 500))), "height": \#(number(height))}}}"#
        case 4:
            return #""command": {"set": {"node": "\#(input.pick(ids))", "text": "\#(text())", "background": \#(color()), "hidden": \#(input.chance(20))}}"#
        case 5:
            return #""input": {"resize": {"width": \#(number(input.int(1 ... 2000))), "height": \#(number(input.int(1 ... 2000)))}}"#
        case 6:
            return #""command": {"scroll": {"node": "\#(node(from: lists + scrolls))", "to": \#(number(input.int(0 ... 100_000))), "animated": \#(input.chance(50))}}"#
        case 7:
            let edit = input.pick(["append", "prepend"])
            var rows: [String] = []
            for _ in 0 ..< input.pick([1, 3, 300, 5000]) { rows.append("{}") }
            if input.chance(20) {
                return #""command": {"rows": {"node": "\#(node(from: lists))", "remove": {"at": \#(input.int(0 ... 10)), "count": \#(input.int(0 ... 1000))}}}"#
            }
            return #""command": {"rows": {"node": "\#(node(from: lists))", "\#(edit)": [\#(rows.joined(separator: ", "))]}}"#
        case 8:
            let what = input.pick([#""begin": true"#, #""end": true"#, #""enabled": false"#, #""enabled": true"#])
            return #""command": {"refresh": {"node": "\#(node(from: lists + scrolls))", \#(what)}}"#
        case 9:
            let what = input.pick([#""end": true"#, #""hasMore": false"#, #""hasMore": true"#])
            return #""command": {"loadMore": {"node": "\#(node(from: lists + scrolls))", \#(what)}}"#
        case 10:
            let what = input.pick([#""expand": true"#, #""collapse": true"#, #""pop": true"#, #""popToRoot": true"#,
                                   #""snapTo": \#(input.int(0 ... 4))"#, #""push": "\#(input.pick(pages + ["x"]))""#,
                                   #""dismiss": \#(input.chance(50))"#, #""anchors": ["fit", "expanded"]"#,
                                   #""setPages": ["\#(input.pick(pages + ["x"]))"]"#])
            return #""command": {"sheet": {"node": "\#(node(from: sheets))", \#(what)}}"#
        case 11:
            return #""command": {"appearance": "\#(input.chance(50) ? "dark" : "light")"}"#
        case 12:
            let key = input.pick(["Tab", "Enter", " ", "ArrowDown", "ArrowUp", "PageDown", "End", "Home", "Escape", "."])
            return #""input": {"key": {"phase": "\#(input.chance(80) ? "down" : "up")", "key": "\#(key)", "shift": \#(input.chance(20))}}"#
        case 13:
            return #""input": {"wheel": {"x": \#(number(input.int(0 ... 400))), "y": \#(number(input.int(0 ... 900))), "dx": \#(number(input.int(-300 ... 300))), "dy": \#(number(input.int(-3000 ... 3000))), "mode": \#(input.int(0 ... 2))}}"#
        default:
            let phase = input.pick(["down", "move", "move", "up", "cancel"])
            return #""input": {"pointer": {"phase": "\#(phase)", "x": \#(number(input.int(-10 ... 500))), "y": \#(number(input.int(-10 ... 1000))), "id": \#(input.int(0 ... 2)), "kind": "\#(input.pick(["mouse", "touch", "pen"]))"}}"#
        }
    }
}
