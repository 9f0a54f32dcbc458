import Testing
@testable import VeilCore

/// A status over the page's own element is drawn by the page (Web/status-layer.js) as elements of
/// its own — its text, image and a real button — not by the core: the view's look is restated there.
/// Tests/Vectors/status-look.json holds what the core draws for the page's overlay scene (one
/// see-through view the element's size) in both appearances: each item's box, colour, corners, text,
/// size and weight, relative to the element. Tests/web/status-layer.test.mjs checks the layer's colours
/// and sizes against it, test_status_layer the boxes the page lays out.
@Suite struct StatusLookVectorTests {
    struct Case { var width: Double; var height: Double; var status: Status }

    static var cases: [Case] {
        var error = Status(kind: .error)
        error.message = bytes("The feed did not load.")
        var long = Status(kind: .error)
        long.title = bytes("Could not reach the server")
        long.message = bytes("Check your connection and try again. Your drafts are kept on this device until then.")
        var empty = Status(kind: .empty)
        empty.title = bytes("Nothing here yet")
        empty.message = bytes("Posts you save appear here.")
        empty.actionTitle = bytes("Browse posts")
        var imaged = Status(kind: .error)
        imaged.image = bytes("cloud")
        imaged.message = bytes("Offline")
        var titled = Status(kind: .loading)
        titled.title = bytes("Loading the feed")
        return [Case(width: 320, height: 240, status: Status(kind: .loading)), Case(width: 340, height: 260, status: error),
                Case(width: 300, height: 320, status: long), Case(width: 800, height: 300, status: empty),
                Case(width: 360, height: 320, status: imaged), Case(width: 200, height: 120, status: titled)]
    }

    @Test func theViewMatchesStatusLookJSON() throws {
        var out: [String] = []
        for appearance in [Appearance.light, .dark] {
            for c in Self.cases {
                var root = view("overlay", frame: Rect(x: 0, y: 0, width: c.width, height: c.height),
                                background: Color(r: 0, g: 0, b: 0, a: 0))
                root.children = []
                let s = Session(scene: scene(root, width: c.width, height: c.height))
                if appearance == .dark { try s.perform(.appearance(.dark)) }
                try s.perform(.status(node: bytes("overlay"), status: c.status, transition: .none))
                let f = s.frame(at: 0)
                var items: [String] = []
                for item in f.canvasItems where item.opacity > 0 {
                    var fields = ["\"kind\": \(item.kind.rawValue)", "\"x\": \(pt(item.x))", "\"y\": \(pt(item.y))",
                                  "\"width\": \(pt(item.width))", "\"height\": \(pt(item.height))"]
                    if item.cornerRadius != 0 { fields.append("\"cornerRadius\": \(pt(item.cornerRadius))") }
                    if item.fill > 0 { fields.append("\"fill\": \(paint(f, item.fill))") }
                    if item.stroke > 0 { fields.append("\"stroke\": \(paint(f, item.stroke))") }
                    if item.lineWidth != 0 { fields.append("\"lineWidth\": \(pt(item.lineWidth))") }
                    if item.kind == .text {
                        fields.append("\"text\": \"\(String(decoding: item.text, as: UTF8.self))\"")
                        fields.append("\"fontSize\": \(pt(item.fontSize)), \"fontWeight\": \(item.fontWeight), \"baseline\": \(pt(item.baseline))")
                    }
                    items.append("{" + fields.joined(separator: ", ") + "}")
                }
                let wish = statusJSON(c.status)
                out.append("  {\"appearance\": \"\(appearance == .light ? "light" : "dark")\", \"width\": \(c.width), \"height\": \(c.height), "
                    + "\"status\": \(wish),\n   \"items\": [\n    " + items.joined(separator: ",\n    ") + "]}")
            }
        }
        try SharedVectors.check("[\n" + out.joined(separator: ",\n") + "\n]\n", file: "status-look.json")
    }

    private func pt(_ fixed: Int32) -> Double { Double(fixed) / 8 }

    private func paint(_ f: Frame, _ slot: UInt32) -> String {
        guard case let .solid(c) = f.paints[Int(slot) - 1] else { return "null" }
        return "[\(c.r), \(c.g), \(c.b), \(c.a)]"
    }

    private func statusJSON(_ s: Status) -> String {
        var fields = ["\"state\": \"\(s.kind == .loading ? "loading" : s.kind == .error ? "error" : "empty")\""]
        for (key, value) in [("title", s.title), ("message", s.message), ("image", s.image), ("actionTitle", s.actionTitle)] {
            if let value { fields.append("\"\(key)\": \"\(String(decoding: value, as: UTF8.self))\"") }
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }
}
