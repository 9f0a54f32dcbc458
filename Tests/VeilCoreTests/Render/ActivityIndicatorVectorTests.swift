import Foundation
import Testing
@testable import VeilCore

/// The activity indicator's drawing is written once per language: SVG export here, Web/draw-items.js
/// in the page (docs/PROTOCOL.md, item kind 4). Tests/Vectors/activity-indicator.json holds the
/// spokes SVG export draws for random boxes; Tests/web/draw-items.test.mjs draws the same items and
/// checks its strokes against them.
@Suite struct ActivityIndicatorVectorTests {
    @Test func theSpokesMatchActivityIndicatorJSON() throws {
        var rng = Xorshift(seed: 41)
        var cases: [String] = []
        for _ in 0 ..< 16 {
            var item = Item(id: 1, kind: .activityIndicator)
            item.x = Int32(rng.next() % 4_000) - 800
            item.y = Int32(rng.next() % 4_000) - 800
            item.width = 40 + Int32(rng.next() % 600)
            item.height = 40 + Int32(rng.next() % 600)
            item.lineWidth = 4 + Int32(rng.next() % 40)
            item.fill = 1
            let svg = String(decoding: SVGExport.svg(Frame(width: 400, height: 400, paints: [.solid(.black)], items: [item])), as: UTF8.self)
            let spokes = svg.components(separatedBy: "<line ").dropFirst().map { line -> String in
                let value = { (name: String) -> String in
                    guard let at = line.range(of: " \(name)=\"") ?? line.range(of: "\(name)=\"") else { return "1" }
                    return String(line[at.upperBound...].prefix { $0 != "\"" })
                }
                return "[\(value("x1")), \(value("y1")), \(value("x2")), \(value("y2")), \(value("opacity"))]"
            }
            #expect(spokes.count == 8 || item.lineWidth * 2 >= min(item.width, item.height) / 2, "eight spokes: \(svg)")
            cases.append("  {\"x\": \(item.x), \"y\": \(item.y), \"width\": \(item.width), \"height\": \(item.height), "
                + "\"lineWidth\": \(item.lineWidth), \"spokes\": [\(spokes.joined(separator: ", "))]}")
        }
        try SharedVectors.check("[\n" + cases.joined(separator: ",\n") + "\n]\n", file: "activity-indicator.json")
    }
}
