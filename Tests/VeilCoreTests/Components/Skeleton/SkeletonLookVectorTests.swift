import Foundation
import Testing
@testable import VeilCore

/// Tests/Vectors/skeleton-looks.json: the core's skeleton look for random options, schemes and
/// motion preferences, the complementary colour of random colours, the semantic colours, the
/// sliding light's path and the keys' bounds. A skeleton over the page's own element is drawn by
/// the page (Web/skeleton-look.js, Web/skeleton-layer.js: issue 30), and Tests/web/skeleton-look.test.mjs
/// checks the JS look against this file, so the rule stays the core's. `VEIL_RECORD_VECTORS=1`
/// rewrites it, as the other vectors.
@Suite struct SkeletonLookVectorTests {
    static let kinds = ["solid", "gradient", "pulse", "sliding"]
    static let directions = ["leftRight", "rightLeft", "topBottom", "bottomTop", "topLeftBottomRight", "bottomRightTopLeft"]
    static let curves: [(String, TimingCurve)] = [("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInOut", .easeInOut)]

    static func hex(_ c: Color) -> String {
        let digits = Array("0123456789ABCDEF")
        var s = "#"
        for byte in [c.r, c.g, c.b, c.a] { s.append(digits[Int(byte >> 4)]); s.append(digits[Int(byte & 15)]) }
        return s
    }

    static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : "\(v)"
    }

    /// A colour as an option: hex in one of its three forms, or a semantic name.
    static func colorText(_ rng: inout Xorshift) -> String {
        let r = rng.next()
        switch r % 4 {
        case 0: return String(cString: SemanticColor.names[Int(r >> 8) % SemanticColor.names.count].utf8Start)
        case 1: return "#" + String(Array("0123456789abcdef")[Int(r >> 8) % 16]) + "A" + "3"
        case 2: return String(hex(Color(rgba: UInt32(truncatingIfNeeded: r >> 16) | 0xFF)).prefix(7))
        default: return hex(Color(rgba: UInt32(truncatingIfNeeded: r >> 16)))
        }
    }

    static func looks() -> String {
        var rng = Xorshift(seed: 30)
        var cases: [String] = []
        for i in 0..<240 {
            var style = SkeletonStyle()
            var options: [String] = []
            let kind = SkeletonKind(rawValue: UInt8(i % 4))!
            style.kind = kind
            options.append("\"style\": \"\(kinds[i % 4])\"")
            if rng.next() % 2 == 0 {
                let text = colorText(&rng)
                style.color = ColorParsing.parse(Array(text.utf8))
                options.append("\"color\": \"\(text)\"")
            }
            if rng.next() % 3 == 0 {
                let texts = (0..<(1 + Int(rng.next() % 4))).map { _ in colorText(&rng) }
                style.gradient = texts.map { ColorParsing.parse(Array($0.utf8))! }
                options.append("\"gradient\": [" + texts.map { "\"\($0)\"" }.joined(separator: ", ") + "]")
            }
            if rng.next() % 2 == 0 {
                let d = Int(rng.next() % 6)
                style.direction = SkeletonDirection(rawValue: UInt8(d))
                options.append("\"direction\": \"\(directions[d])\"")
            }
            if rng.next() % 3 == 0 {
                let seconds = Double(5 + rng.next() % 500) / 100
                style.duration = seconds
                options.append("\"duration\": \(number(seconds))")
            }
            if rng.next() % 3 == 0 {
                let (name, curve) = curves[Int(rng.next() % 4)]
                style.curve = curve
                options.append("\"curve\": \"\(name)\"")
            }
            let scheme: Appearance = rng.next() % 2 == 0 ? .light : .dark
            let reduced = rng.next() % 4 == 0
            let look = SkeletonLook(reduced ? style.still : style, appearance: SkeletonAppearance(), scheme: scheme,
                                    animationStart: 0, fade: nil)
            // Reduced motion changes only how the skeleton draws: its duration and curve stay those
            // of the style asked for (the core keeps the style; JS keeps the options).
            let asked = SkeletonLook(style, appearance: SkeletonAppearance(), scheme: scheme, animationStart: 0, fade: nil)
            let curve = [asked.curve.x1, asked.curve.y1, asked.curve.x2, asked.curve.y2].map(number).joined(separator: ", ")
            let schemeName = scheme == .dark ? "dark" : "light"
            let colors = look.colors.map { "\"\(hex($0))\"" }.joined(separator: ", ")
            let direction = look.direction.map { "\"\(directions[Int($0.rawValue)])\"" } ?? "null"
            var line = "    {\"options\": {\(options.joined(separator: ", "))}, \"scheme\": \"\(schemeName)\", "
            line += "\"reducedMotion\": \(reduced),\n     \"look\": {\"kind\": \"\(kinds[Int(look.kind.rawValue)])\", "
            line += "\"colors\": [\(colors)], \"direction\": \(direction), "
            line += "\"duration\": \(number(asked.duration)), \"curve\": [\(curve)]}}"
            cases.append(line)
        }
        var complementary: [String] = []
        for _ in 0..<64 {
            let c = Color(rgba: UInt32(truncatingIfNeeded: rng.next()))
            complementary.append("[\"\(hex(c))\", \"\(hex(c.skeletonComplementary))\"]")
        }
        let semantic = SemanticColor.names.indices.map { i in
            "\"\(String(cString: SemanticColor.names[i].utf8Start))\": [\"\(hex(SemanticColor.value(UInt8(i + 1), .light)))\", "
                + "\"\(hex(SemanticColor.value(UInt8(i + 1), .dark)))\"]"
        }
        let slides = directions.indices.map { d -> String in
            let direction = SkeletonDirection(rawValue: UInt8(d))!
            let (s0, s1, e0, _) = SkeletonPaint.slide(direction)
            let p = { (q: Point) in "[\(number(q.x)), \(number(q.y))]" }
            let (a, b) = SkeletonPaint.axis(direction)
            return "\"\(directions[d])\": {\"from\": \(p(s0)), \"to\": \(p(s1)), \"along\": \(p(Point(x: e0.x - s0.x, y: e0.y - s0.y))), "
                + "\"axis\": [\(p(a)), \(p(b))]}"
        }
        let tints = "{\"light\": \"\(hex(SkeletonAppearance().tint))\", \"dark\": \"\(hex(SkeletonAppearance().darkTint))\"}"
        return "{\n  \"bounds\": {\"duration\": [\(number(Bounds.skeletonDuration.lowerBound)), \(number(Bounds.skeletonDuration.upperBound))], "
            + "\"gradientColors\": \(Limits.maxGradientColors)},\n"
            + "  \"tint\": \(tints),\n"
            + "  \"semantic\": {\n    " + semantic.joined(separator: ",\n    ") + "\n  },\n"
            + "  \"slide\": {\n    " + slides.joined(separator: ",\n    ") + "\n  },\n"
            + "  \"complementary\": [\n    " + complementary.joined(separator: ",\n    ") + "\n  ],\n"
            + "  \"looks\": [\n" + cases.joined(separator: ",\n") + "\n  ]\n}\n"
    }

    @Test func theLooksMatchSkeletonLooksJSON() throws {
        try SharedVectors.check(Self.looks(), file: "skeleton-looks.json")
    }
}
