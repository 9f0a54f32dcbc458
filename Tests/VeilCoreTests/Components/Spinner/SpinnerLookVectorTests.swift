import Testing
@testable import VeilCore

/// A spinner over the page's own element is drawn by the page (Web/spinner-layer.js), not by the
/// core: the overlay's look is restated there. Tests/Vectors/spinner-look.json holds what the core
/// draws for random hosts once the fade is over — the backdrop's radial gradient, opacity and
/// corners, the indicator's box, line and colour, its turn and the fade's length — and
/// Tests/web/spinner-layer.test.mjs checks the layer's look against it; Tests/Vectors/spinner-fades.json
/// holds the backdrop's opacity through a show, a hide, a show while fading out and a hide, which
/// test_spinner_layer plays on the page's layer.
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

    /// The backdrop's opacity (0…255) through the fades: shown at 0, hidden at 1, shown again at
    /// 1.1 while it fades out (back from where it is, over the part of the fade left), hidden at 2.
    @Test func theFadesMatchSpinnerFadesJSON() throws {
        var host = view("card", frame: Rect(x: 0, y: 0, width: 200, height: 100), background: .white)
        host.cornerRadius = 0
        let s = Session(scene: scene(view("root", children: [host]), width: 200, height: 100))
        var samples: [String] = []
        let plan: [(Double, Bool?)] = [(0, true), (0.03, nil), (0.06, nil), (0.125, nil), (0.2, nil), (0.3, nil),
                                       (1, false), (1.05, nil), (1.1, true), (1.15, nil), (1.2, nil), (1.3, nil),
                                       (2, false), (2.1, nil), (2.2, nil)]
        for (t, show) in plan {
            if let show {
                _ = s.frame(at: t)  // a command takes effect at the session's time
                try s.perform(.spinner(node: bytes("card"), show: show))
            }
            let f = s.frame(at: t).played(at: t)
            let backdrop = f.canvasItems.first { item in
                guard item.kind == .rect, item.fill > 0, case .radial = f.paints[Int(item.fill) - 1] else { return false }
                return true
            }
            samples.append("  [\(t), \(backdrop.map { "\($0.opacity)" } ?? "null")\(show.map { ", \"\($0 ? "show" : "hide")\"" } ?? "")]")
        }
        try SharedVectors.check("[\n" + samples.joined(separator: ",\n") + "\n]\n", file: "spinner-fades.json")
    }

    private func points(_ fixed: Int32) -> Double { Double(fixed) / 8 }
    private func rgba(_ c: Color) -> String { "[\(c.r), \(c.g), \(c.b), \(c.a)]" }
}
