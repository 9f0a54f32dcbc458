@testable import VeilCore

/// Random scene files for property tests: nested views, stacks, labels with long multi-line texts,
/// lists whose row templates hold lists, headers and footers with ids of their own, many colours —
/// the shapes hostile input is made of, at sizes that stay quick. `ids` lists the ids a command
/// may name (the scene's, not the templates').
struct RandomScenes {
    var random: RandomFrames
    private(set) var ids: [String] = []
    private var nextID = 0
    /// Nodes the scene may still have (the generator's own bound: scenes stay quick to make).
    private var nodesLeft = 0

    init(seed: UInt64) { random = RandomFrames(seed: seed) }

    /// A scene file; `hostile` picks large counts (rows, texts, colours) more often.
    mutating func scene(hostile: Bool) -> String {
        ids = ["root"]
        nodesLeft = hostile ? 1_500 : 60
        let root = node(depth: 0, hostile: hostile, inTemplate: false, id: "root")
        return #"{"canvas": {"width": \#(random.int(1 ... 600)), "height": \#(random.int(1 ... 900))}, "root": \#(root)}"#
    }

    private mutating func freshID(inTemplate: Bool) -> String {
        nextID += 1
        let id = "n\(nextID)"
        if !inTemplate { ids.append(id) }
        return id
    }

    private mutating func color() -> String {
        let hex = Array("0123456789ABCDEF")
        let v = Int(random.next() % 0x1000000)
        return "\"#" + String((0 ..< 6).map { hex[(v >> (20 - 4 * $0)) & 15] }) + "\""
    }

    private mutating func text(hostile: Bool) -> String {
        let words = ["Hi", "Zoë’s café", "日本語", "🙂👍🏽", "a long line of words that wraps", "\\n", "x"]
        let count = hostile && random.chance(10) ? random.int(100 ... 800) : random.int(0 ... 12)
        return (0 ..< count).map { _ in words[random.int(0 ... words.count - 1)] }.joined(separator: " ")
    }

    private mutating func common(hostile: Bool) -> String {
        var keys: [String] = []
        if random.chance(hostile ? 80 : 40) { keys.append(#""background": \#(color())"#) }
        if random.chance(10) { keys.append(#""opacity": 0.5"#) }
        if random.chance(10) { keys.append(#""clipsToBounds": true"#) }
        if random.chance(15) { keys.append(#""skeletonable": true"#) }
        if random.chance(10) {
            keys.append(#""frame": {"x": \#(random.int(-50 ... 300)), "y": \#(random.int(-50 ... 600)), "width": \#(random.int(0 ... 400)), "height": \#(random.int(0 ... 800))}"#)
        } else if random.chance(20) {
            keys.append(#""height": \#(random.int(0 ... 300))"#)
        }
        return keys.map { ", " + $0 }.joined()
    }

    private mutating func children(depth: Int, hostile: Bool, inTemplate: Bool) -> String {
        let wanted = depth > 5 ? 0 : (hostile && random.chance(20) ? random.int(20 ... 300) : random.int(0 ... 4))
        let count = min(wanted, nodesLeft)
        nodesLeft -= count
        let nodes = (0 ..< count).map { _ in node(depth: depth + 1, hostile: hostile, inTemplate: inTemplate, id: nil) }
        return #", "children": [\#(nodes.joined(separator: ", "))]"#
    }

    mutating func node(depth: Int, hostile: Bool, inTemplate: Bool, id fixed: String?) -> String {
        let id = fixed ?? (random.chance(60) ? freshID(inTemplate: inTemplate) : nil)
        let idKey = id.map { #", "id": "\#($0)""# } ?? ""
        let kind = depth > 6 || nodesLeft < 3 ? random.int(0 ... 2) : random.int(0 ... 7)
        if kind == 7 { nodesLeft -= 3 }
        switch kind {
        case 0:
            let lines = [0, 1, 3, 1000][random.int(0 ... 3)]
            let size = [1, 8, 17, 40][random.int(0 ... 3)]
            return #"{"type": "label"\#(idKey), "text": "\#(text(hostile: hostile))", "numberOfLines": \#(lines), "fontSize": \#(size), "color": \#(color())\#(common(hostile: hostile))}"#
        case 1:
            return #"{"type": "button"\#(idKey), "title": "\#(text(hostile: false))"\#(common(hostile: hostile))}"#
        case 2:
            return #"{"type": "image"\#(idKey), "tint": \#(color())\#(common(hostile: hostile))}"#
        case 3, 4:
            return #"{"type": "view"\#(idKey)\#(common(hostile: hostile))\#(children(depth: depth, hostile: hostile, inTemplate: inTemplate))}"#
        case 5:
            let axis = random.chance(50) ? "vertical" : "horizontal"
            return #"{"type": "stack"\#(idKey), "axis": "\#(axis)", "spacing": \#(random.int(0 ... 8))\#(common(hostile: hostile))\#(children(depth: depth, hostile: hostile, inTemplate: inTemplate))}"#
        case 6:
            // Leaves that draw something of their own, room, or a stand-in for the host's content.
            switch random.int(0 ... 2) {
            case 0: return #"{"type": "activityIndicator"\#(idKey)\#(common(hostile: hostile))}"#
            case 1: return #"{"type": "spacer", "minLength": \#(random.int(0 ... 40))\#(idKey)\#(common(hostile: hostile))}"#
            default: return #"{"type": "host"\#(idKey)\#(common(hostile: hostile))}"#
            }
        default:
            // A list: its template lives in a namespace of its own, and may hold a list whose
            // header and footer have ids that every row repeats.
            let rows = [0, 1, 3, 50, 1000, 1_000_000][random.int(0 ... (hostile ? 5 : 3))]
            let rowHeight = [0, 1, 20, 44][random.int(0 ... 3)]
            var keys = #", "rowCount": \#(rows), "rowHeight": \#(rowHeight)"#
            if random.chance(50) { keys += #", "skeletonRows": \#(random.int(0 ... 5))"# }
            if random.chance(40) { keys += #", "header": \#(node(depth: depth + 1, hostile: hostile, inTemplate: inTemplate, id: inTemplate ? freshID(inTemplate: true) : nil))"# }
            if random.chance(30) { keys += #", "footer": \#(node(depth: depth + 1, hostile: hostile, inTemplate: inTemplate, id: inTemplate ? freshID(inTemplate: true) : nil))"# }
            let template = node(depth: depth + 1, hostile: hostile, inTemplate: true, id: nil)
            return #"{"type": "list"\#(idKey)\#(keys), "row": \#(template)\#(common(hostile: hostile))}"#
        }
    }

    /// A command or input line naming the scene's nodes.
    mutating func action(at t: Double) -> String {
        let node = ids[random.int(0 ... ids.count - 1)]
        let body: String
        switch random.int(0 ... 9) {
        case 0: body = #""command": {"skeleton": {"node": "\#(node)", "show": \#(random.chance(70))}}"#
        case 1: body = #""command": {"status": {"node": "\#(node)", "state": "\#(["loading", "error", "empty", "none"][random.int(0 ... 3)])"}}"#
        case 2: body = #""command": {"spinner": {"node": "\#(node)", "show": \#(random.chance(60))}}"#
        case 3:
            let h = [10, 800, 100_000, 1_000_000_000][random.int(0 ... 3)]
            body = #""command": {"set": {"node": "\#(node)", "frame": {"x": 0, "y": 0, "width": \#(random.int(1 ... 500)), "height": \#(h)}}}"#
        case 4: body = #""command": {"set": {"node": "\#(node)", "text": "\#(text(hostile: true))", "background": \#(color())}}"#
        case 5: body = #""input": {"resize": {"width": \#(random.int(1 ... 2000)), "height": \#(random.int(1 ... 2000))}}"#
        case 6: body = #""command": {"scroll": {"node": "\#(node)", "to": \#(random.int(0 ... 100_000))}}"#
        case 7: body = #""command": {"rows": {"node": "\#(node)", "append": [\#(Array(repeating: "{}", count: random.int(1 ... 300)).joined(separator: ", "))]}}"#
        case 8: body = #""command": {"host": {"node": "\#(node)", "height": \#([0, 44, 5000, 1_000_000_000][random.int(0 ... 3)])}}"#
        default:
            let x = random.int(0 ... 400), y = random.int(0 ... 800)
            body = #""input": {"pointer": {"phase": "\#(["down", "up", "move"][random.int(0 ... 2)])", "x": \#(x), "y": \#(y)}}"#
        }
        return #"{"t": \#(t), \#(body)}"#
    }
}
