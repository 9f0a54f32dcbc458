import Testing
@testable import VeilCore

/// A spinner over the page's own element is drawn by the page (Web/spinner-layer.js), not by the
/// core: the overlay's look is restated there. Tests/Vectors/spinner-look.json holds what the core
/// draws for random hosts once the fade is over — the backdrop's radial gradient, opacity and
/// corners, the indicator's box, line and colour, its turn and the fade's length — and
/// Tests/web/spinner-layer.test.mjs checks the layer's look against it.
@Suite struct SpinnerLookVectorTests {
    @Test func theOverlayMatchesSpinnerLookJSON() throws {
        var rng = Xorshift(seed: 7)
        var cases: [String] = []
        for _ in 0 ..< 6 {
            let width = Double(60 + rng.next() % 600), height = Double(40 + rng.next() % 500)
            let radius = Double(rng.next() % 30)
            var host = view("card", frame: Rect(x: 20, y: 30, width: width, height: height), background: .white)
            host.cornerRadius = radius
            let s = Session(scene: scene(view("root", children: [host]), width: 800, height: 800))
            try s.perform(.spinner(node: bytes("card"), show: true))
            let fadeEnd = SpinnerOverlay.fadeDuration
            let f = s.frame(at: fadeEnd + 1)
            let backdrop = try #require(f.canvasItems.first { item in
                guard item.kind == .rect, item.fill > 0, case .radial = f.paints[Int(item.fill) - 1] else { return false }
                return true
            })
            guard case let .radial(cx, cy, r, stops) = f.paints[Int(backdrop.fill) - 1] else { return }
            let indicator = try #require(f.canvasItems.first { $0.kind == .activityIndicator })
            guard case let .solid(spokes) = f.paints[Int(indicator.fill) - 1] else { Issue.record("solid spokes"); return }
            let turn = try #require(f.itemMotions.first { $0.id == indicator.id })
            guard case let .steps(count, rate, increment) = turn.path else { Issue.record("a stepping turn"); return }
            // The backdrop covers the host; the gradient is centred in it.
            #expect(backdrop.x == Fixed.from(20) && backdrop.y == Fixed.from(30)
                    && backdrop.width == Fixed.from(width) && backdrop.height == Fixed.from(height))
            #expect(cx == backdrop.width / 2 && cy == backdrop.height / 2, "centred: \(cx), \(cy) in \(backdrop.width)×\(backdrop.height)")
            let stopList = stops.map { "[\($0.offset), \(rgba($0.color))]" }.joined(separator: ", ")
            let size = "\"width\": \(width), \"height\": \(height), \"cornerRadius\": \(radius)"
            let backdropJSON = "{\"opacity\": \(backdrop.opacity), \"cornerRadius\": \(points(backdrop.cornerRadius)), "
                + "\"radius\": \(points(r)), \"stops\": [\(stopList)]}"
            let dx = points(indicator.x - backdrop.x), dy = points(indicator.y - backdrop.y)
            let indicatorJSON = "{\"x\": \(dx), \"y\": \(dy), \"diameter\": \(points(indicator.width)), "
                + "\"lineWidth\": \(points(indicator.lineWidth)), \"color\": \(rgba(spokes)), \"opacity\": \(indicator.opacity)}"
            let turnJSON = "{\"steps\": \(count), \"perSecond\": \(rate), \"increment\": \(increment)}"
            cases.append("  {\(size), \"backdrop\": \(backdropJSON), \"indicator\": \(indicatorJSON), \"turn\": \(turnJSON), \"fade\": \(fadeEnd)}")
        }
        try SharedVectors.check("[\n" + cases.joined(separator: ",\n") + "\n]\n", file: "spinner-look.json")
    }

    private func points(_ fixed: Int32) -> Double { Double(fixed) / 8 }
    private func rgba(_ c: Color) -> String { "[\(c.r), \(c.g), \(c.b), \(c.a)]" }
}
