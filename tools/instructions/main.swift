// The real path of each case counted in instructions (callgrind), for A/B runs on a shared machine
// whose timings are noise (tools/instructions/run.sh, `make bench-instructions`). The scenes are
// Benchmarks/SessionTicks' (`Scenes`, compiled in beside this file). usage: cases CASE
import Foundation
import VeilCore

func skeleton(_ scene: Scene, on node: String) -> Session {
    var scene = scene
    scene.timeline = []
    let s = Session(scene: scene)
    try! s.apply(Scenes.command("{\"command\": {\"skeleton\": {\"node\": \"\(node)\", \"show\": true, \"style\": \"sliding\"}}}"))
    return s
}

/// 6,000 ticks at 60 fps; every 2 s a touch goes down at `from`, drags `step` points a frame for
/// `frames` frames and lets go.
func ticks(_ s: Session, dragging from: Int? = nil, step: Int = 0, frames: Int = 0) -> Int {
    func pointer(_ phase: String, _ y: Int) {
        try! s.apply(Scenes.command("{\"input\": {\"pointer\": {\"phase\": \"\(phase)\", \"x\": 200, \"y\": \(y), \"kind\": \"touch\"}}}"))
    }
    var sink = 0
    for k in 0..<6000 {
        if let from {
            let f = k % 120
            if f == 0 { pointer("down", from) } else if f <= frames { pointer("move", from - step * f) } else if f == frames + 1 { pointer("up", from - step * frames) }
        }
        sink &+= s.tick(at: Double(k) / 60)?.count ?? 0
    }
    return sink
}

var sink = 0
switch CommandLine.arguments[1] {
case "read":  // the scene reader on every example, 20 times
    let files = try! FileManager.default.contentsOfDirectory(at: Scenes.examples, includingPropertiesForKeys: nil)
        .filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
    let sources = files.map { (Array(try! Data(contentsOf: $0)), $0.lastPathComponent) }
    for _ in 0..<20 {
        for (bytes, name) in sources { sink &+= (try? SceneReader.read(bytes, file: name))?.root.children.count ?? 0 }
    }
case "grid-first":  // the 10,000-placeholder grid: a session, a skeleton, the first frame (×3)
    for _ in 0..<3 { sink &+= skeleton(Scenes.grid(rows: 100, columns: 100), on: "root").tick(at: 0)?.count ?? 0 }
case "grid-sliding":
    sink = ticks(skeleton(Scenes.grid(rows: 100, columns: 100), on: "root"))
case "feed":
    sink = ticks(skeleton(Scenes.example("feed"), on: "feed"))
case "fling":  // the inbox of 100,000 rows flung up 240 pt every 2 s
    sink = ticks(Session(scene: Scenes.inbox(rows: 100_000)), dragging: 600, step: 40, frames: 6)
case "sheet":  // the maps sheet dragged up 400 pt every 2 s
    var maps = Scenes.example("maps")
    maps.timeline = []
    sink = ticks(Session(scene: maps), dragging: 700, step: 20, frames: 20)
case "moving":  // `make bench-server`'s per-frame load (moving_scene.py): a bar growing each frame, 600 frames ×10
    let steps = (1...600).map { k in "{\"t\": \(Double(k) / 60), \"command\": {\"set\": {\"node\": \"bar\", \"frame\": {\"x\": 10, \"y\": 300, \"width\": \(10 + Double(k) * 0.5), \"height\": 8}}}}" }
    let json = "{\"name\": \"moving\", \"canvas\": {\"width\": 390, \"height\": 640}, \"background\": \"#FFFFFF\", \"root\": {\"type\": \"view\", \"id\": \"root\", \"children\": [{\"type\": \"view\", \"id\": \"bar\", \"frame\": {\"x\": 10, \"y\": 300, \"width\": 10, \"height\": 8}, \"background\": \"#007AFF\"}]}, \"timeline\": [\(steps.joined(separator: ", "))]}"
    let moving = try! SceneReader.read(Array(json.utf8), file: "moving.json")
    for _ in 0..<10 {
        let s = Session(scene: moving)
        for k in 0...600 { sink &+= s.tick(at: Double(k) / 60)?.count ?? 0 }
    }
default:
    fatalError("unknown case \(CommandLine.arguments[1])")
}
print(sink)
