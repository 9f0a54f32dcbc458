// The real path of each case counted in instructions (callgrind), for A/B runs on a shared machine
// whose timings are noise (tools/instructions/run.sh, `make bench-instructions`). usage: cases CASE
import Foundation
import VeilCore

func scene(_ path: String) -> Scene {
    let bytes = Array(FileManager.default.contents(atPath: path)!)
    var s = try! SceneReader.read(bytes, file: path)
    s.timeline = []
    return s
}
func command(_ s: Session, _ json: String) { try! s.apply(SceneReader.readAction(Array(json.utf8), file: "cmd", line: 1).action) }
let root = CommandLine.arguments[2]  // the repository

/// The 10,000-placeholder grid of Benchmarks/SessionTicks (`Scenes.grid(rows: 100, columns: 100)`).
func grid() -> Scene {
    let cells = (0..<100).map { c in
        "{\"type\": \"view\", \"id\": \"c\(c)\", \"width\": 10, \"height\": 10, \"background\": \"#D0D4D6\", \"skeletonable\": true}"
    }.joined(separator: ", ")
    let json = """
    {"name": "grid", "canvas": {"width": 1000, "height": 1000},
     "root": {"type": "view", "id": "root", "skeletonable": true, "children": [
      {"type": "list", "id": "grid", "rowHeight": 10, "rowCount": 100, "skeletonRows": 100, "skeletonable": true,
       "frame": {"x": 0, "y": 0, "width": 1000, "height": 1000},
       "row": {"type": "stack", "id": "row", "axis": "horizontal", "skeletonable": true, "children": [\(cells)]}}]}}
    """
    return try! SceneReader.read(Array(json.utf8), file: "grid")
}
var sink = 0
switch CommandLine.arguments[1] {
case "read":  // the scene reader on every example, 20 times
    for _ in 0..<20 {
        for name in ["feed", "grid", "hello", "inbox", "maps", "shop", "status", "table"] {
            if let bytes = FileManager.default.contents(atPath: root + "examples/\(name).json") {
                sink &+= (try? SceneReader.read(Array(bytes), file: name))?.root.children.count ?? 0
            }
        }
    }
case "grid-first":  // 10k placeholders: session, skeleton, first frame (x3)
    for _ in 0..<3 {
        let s = Session(scene: grid())
        command(s, "{\"command\": {\"skeleton\": {\"node\": \"root\", \"show\": true, \"style\": \"sliding\"}}}")
        sink &+= s.tick(at: 0)?.count ?? 0
    }
case "grid-sliding":  // 600 ticks of the 10k grid's sliding shimmer
    let s = Session(scene: grid())
    command(s, "{\"command\": {\"skeleton\": {\"node\": \"root\", \"show\": true, \"style\": \"sliding\"}}}")
    for k in 0..<6000 { sink &+= s.tick(at: Double(k) / 60)?.count ?? 0 }
case "feed":  // 600 ticks of the feed's sliding shimmer
    let s = Session(scene: scene(root + "examples/feed.json"))
    command(s, "{\"command\": {\"skeleton\": {\"node\": \"feed\", \"show\": true, \"style\": \"sliding\"}}}")
    for k in 0..<6000 { sink &+= s.tick(at: Double(k) / 60)?.count ?? 0 }
case "fling":  // the inbox of 100,000 rows flung every 2 s, 600 ticks
    var sc = scene(root + "examples/inbox.json")
    if case var .list(style) = sc.root.kind { style.rowCount = 100_000; sc.root.kind = .list(style) }
    let s = Session(scene: sc)
    func p(_ phase: String, _ y: Int) { command(s, "{\"input\": {\"pointer\": {\"phase\": \"\(phase)\", \"x\": 200, \"y\": \(y), \"kind\": \"touch\"}}}") }
    for k in 0..<6000 {
        let step = k % 120
        if step == 0 { p("down", 600) } else if step <= 6 { p("move", 600 - 40 * step) } else if step == 7 { p("up", 360) }
        sink &+= s.tick(at: Double(k) / 60)?.count ?? 0
    }
case "sheet":  // the maps sheet dragged up and down, 600 ticks
    let s = Session(scene: scene(root + "examples/maps.json"))
    func p(_ phase: String, _ y: Int) { command(s, "{\"input\": {\"pointer\": {\"phase\": \"\(phase)\", \"x\": 200, \"y\": \(y), \"kind\": \"touch\"}}}") }
    for k in 0..<6000 {
        let step = k % 120
        if step == 0 { p("down", 700) } else if step <= 20 { p("move", 700 - 20 * step) } else if step == 21 { p("up", 300) }
        sink &+= s.tick(at: Double(k) / 60)?.count ?? 0
    }
default: fatalError("unknown case")
}
print(sink)
