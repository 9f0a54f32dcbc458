import Foundation
import VeilCore

/// The scenes the figures are measured on: the examples, and generated grids of placeholders.
enum Scenes {
    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../../../examples").standardized

    static func example(_ name: String) -> Scene {
        let url = examples.appendingPathComponent("\(name).json")
        return read(Array((try? Data(contentsOf: url)) ?? Data()), name)
    }

    /// The inbox example with `rows` rows and no timeline.
    static func inbox(rows: Int) -> Scene {
        var scene = example("inbox")
        scene.timeline = []
        if case var .list(style) = scene.root.kind {
            style.rowCount = rows
            scene.root.kind = .list(style)
        }
        return scene
    }

    /// The feed example with the maps example's sheet over it (no timelines): a sheet dragged over
    /// a screen that shimmers.
    static func sheetOverFeed() -> Scene {
        var feed = example("feed")
        feed.timeline = []
        let maps = example("maps")
        feed.root.children.append(maps.root.children.last!)
        feed.safeArea = maps.safeArea
        return feed
    }

    /// `rows` list rows of `columns` cells each, on a 1000 × 1000 canvas: 100 × 100 is the 10,000-
    /// placeholder scene of the issue, 1 × 10 its 10-item counterpart. A card (`card`, 10 × 10 cells
    /// of its own) sits beside it when `card` is set, for the moving-card figure.
    /// With `fills`, the grid has no frame of its own: it fills the canvas, so a resize moves every cell.
    static func grid(rows: Int, columns: Int, card: Bool = false, fills: Bool = false) -> Scene {
        read(Array(gridJSON(rows: rows, columns: columns, card: card, fills: fills).utf8), "grid")
    }

    /// Where the generated scenes are written for Benchmarks/wasm-ticks.mjs.
    static let generated = examples.appendingPathComponent("../.build/bench-scenes").standardized

    static func writeGenerated() {
        try? FileManager.default.createDirectory(at: generated, withIntermediateDirectories: true)
        for (rows, columns) in [(100, 100), (1, 10)] {
            try? gridJSON(rows: rows, columns: columns).write(
                to: generated.appendingPathComponent("grid-\(rows)x\(columns).json"), atomically: true, encoding: .utf8)
        }
    }

    static func gridJSON(rows: Int, columns: Int, card: Bool = false, fills: Bool = false) -> String {
        let side = 1000 / max(rows, columns)
        let cells = (0 ..< columns).map { c in
            "{\"type\": \"view\", \"id\": \"c\(c)\", \"width\": \(side), \"height\": \(side), \"background\": \"#D0D4D6\", \"skeletonable\": true}"
        }.joined(separator: ", ")
        var children = """
        {"type": "list", "id": "grid", "rowHeight": \(side), "rowCount": \(rows), "skeletonRows": \(rows), "skeletonable": true,
         \(fills ? "" : "\"frame\": {\"x\": 0, \"y\": 0, \"width\": 1000, \"height\": 1000},")
         "row": {"type": "stack", "id": "row", "axis": "horizontal", "skeletonable": true, "children": [\(cells)]}}
        """
        if card {
            let items = (0 ..< 100).map { i in
                "{\"type\": \"view\", \"id\": \"k\(i)\", \"frame\": {\"x\": \(i % 10 * 20), \"y\": \(i / 10 * 20), \"width\": 16, \"height\": 16}, \"background\": \"#3478F6\"}"
            }.joined(separator: ", ")
            children += ", {\"type\": \"view\", \"id\": \"card\", \"frame\": {\"x\": 100, \"y\": 100, \"width\": 200, \"height\": 200}, \"background\": \"#FFFFFF\", \"children\": [\(items)]}"
        }
        return """
        {"name": "grid", "canvas": {"width": 1000, "height": 1000},
         "root": {"type": "view", "id": "root", "skeletonable": true, "children": [\(children)]}}
        """
    }

    private static func read(_ bytes: [UInt8], _ name: String) -> Scene {
        do { return try SceneReader.read(bytes, file: name) } catch { fatalError("\(name): \(error)") }
    }

    static func command(_ json: String) -> Action {
        do { return try SceneReader.readAction(Array(json.utf8), file: "bench", line: 1).action } catch {
            fatalError("\(json): \(error)")
        }
    }
}
