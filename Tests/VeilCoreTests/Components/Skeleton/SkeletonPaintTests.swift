import Testing
@testable import VeilCore

/// Colours and animated paints: tint, complementary rule, dark appearance, pulse, sliding, gradient.
@Suite struct SkeletonPaintTests {
    @Test func complementaryColourFollowsTheBrightnessRule() {
        #expect(SK.tint.skeletonComplementary == SK.complementary)              // ≈ #DEE2E3
        #expect(SK.dark.skeletonComplementary == Color(rgba: 0x262F32FF))       // lightened 135 %
        // Brightness is capped at 1; black has nothing to lighten; alpha is kept.
        #expect(Color(rgba: 0x0000FFFF).skeletonComplementary == Color(rgba: 0x0000FFFF))
        #expect(Color(rgba: 0x20FFFF80).skeletonComplementary == Color(rgba: 0x1EF0F080))
        #expect(Color(rgba: 0x40404080).skeletonComplementary == Color(rgba: 0x56565680))
        #expect(Color.black.skeletonComplementary == .black)
    }

    @Test func defaultTintLightAndDarkAndAViewerCanSwitchIt() throws {
        var sc = SK.cardScene()
        sc.appearance = .dark
        let s = Session(scene: sc)
        try SK.show(s, "screen")
        #expect(s.frame(at: 0).items(filledWith: .solid(SK.dark)).count == 6)
        try s.apply(.command(.appearance(.light)), at: 1)
        #expect(s.frame(at: 1).items(filledWith: .solid(SK.tint)).count == 6, "a shown skeleton is re-tinted")
        var custom = SK.cardScene()
        custom.skeletonAppearance.tint = Color(rgba: 0x3498DBFF)
        let c = Session(scene: custom)
        try SK.show(c, "screen")
        #expect(c.frame(at: 0).items(filledWith: .solid(Color(rgba: 0x3498DBFF))).count == 6)
        try SK.show(c, "screen", color: Color(rgba: 0x1ABC9CFF), at: 1)
        #expect(c.frame(at: 1).items(filledWith: .solid(Color(rgba: 0x1ABC9CFF))).count == 6, "a show on a shown skeleton restyles it")
    }

    /// The one paint every placeholder of the card uses.
    func sharedPaint(_ f: Frame) throws -> Paint {
        let refs = Set(f.canvasItems.filter { $0.kind == .rect }.map(\.fill))
        let withoutBackgrounds = refs.filter {
            let p = f.paints[Int($0) - 1]
            return p != .solid(.white) && p != .solid(Color(rgba: 0xFF0000FF))
        }
        #expect(withoutBackgrounds.count == 1, "all placeholders share one paint")
        return f.paints[Int(try #require(withoutBackgrounds.first)) - 1]
    }

    @Test func pulseGoesToTheComplementaryColourInOneSecondAndBack() throws {
        let s = Session(scene: SK.cardScene())
        try SK.show(s, "screen", .pulse, at: 2)
        let mid = Color(r: 229, g: 233, b: 234)   // half-way (ease-in-out is ½ at ½)
        let samples: [(Double, Color)] = [(2, SK.tint), (2.5, mid), (3, SK.complementary), (3.5, mid), (4, SK.tint), (5, SK.complementary)]
        for (t, expected) in samples {
            #expect(try sharedPaint(s.frame(at: t).played(at: t)) == .solid(expected), "at \(t)")
        }
        // Ease-in-out: a quarter of a second back from the complementary covers less than a quarter of the way.
        guard case let .solid(q) = try sharedPaint(s.frame(at: 5.25).played(at: 5.25)) else { Issue.record("not solid"); return }
        #expect(Double(q.r) < 222 + 14 * 0.25 && q.r > 222)
    }

    func linear(_ p: Paint) -> (Int32, Int32, Int32, Int32)? {
        if case let .linear(x0, y0, x1, y1, _) = p { return (x0, y0, x1, y1) }
        return nil
    }

    @Test func slidingMovesOneGradientAcrossTheRootInEachDirection() throws {
        // Root 400 × 300; with a linear curve progress is time / 1.5 (0, ¼, ¾ here). Unit points scale to the root.
        let cases: [(SkeletonDirection, [(Double, Double, Double, Double)])] = [
            (.leftRight, [(-1, 0.5, 0, 0.5), (-0.5, 0.5, 0.5, 0.5), (0.5, 0.5, 1.5, 0.5)]),
            (.rightLeft, [(1, 0.5, 2, 0.5), (0.5, 0.5, 1.5, 0.5), (-0.5, 0.5, 0.5, 0.5)]),
            (.topBottom, [(0.5, -1, 0.5, 0), (0.5, -0.5, 0.5, 0.5), (0.5, 0.5, 0.5, 1.5)]),
            (.bottomTop, [(0.5, 1, 0.5, 2), (0.5, 0.5, 0.5, 1.5), (0.5, -0.5, 0.5, 0.5)]),
            (.topLeftBottomRight, [(-1, -1, 0, 0), (-0.5, -0.5, 0.5, 0.5), (0.5, 0.5, 1.5, 1.5)]),
            (.bottomRightTopLeft, [(1, 1, 2, 2), (0.5, 0.5, 1.5, 1.5), (-0.5, -0.5, 0.5, 0.5)]),
        ]
        for (direction, points) in cases {
            let s = Session(scene: SK.cardScene())
            try SK.show(s, "screen", .sliding, direction: direction, curve: .linear, at: 1)
            for (t, u) in zip([1.0, 1.375, 2.125], points) {
                let got = try #require(linear(try sharedPaint(s.frame(at: t).played(at: t))))
                #expect(got == (Fixed.from(u.0 * 400), Fixed.from(u.1 * 300), Fixed.from(u.2 * 400), Fixed.from(u.3 * 300)),
                        "\(direction) at \(t)")
            }
        }
    }

    @Test func slidingDefaultsToLeftRightEaseInOverOneAndAHalfSecondsAndRepeats() throws {
        let s = Session(scene: SK.cardScene())
        try SK.show(s, "screen", .sliding, at: 0)
        let start = try #require(linear(try sharedPaint(s.frame(at: 0).played(at: 0))))
        #expect(start == (-3200, 1200, 0, 1200))
        let p = TimingCurve.easeIn.value(at: 0.5)
        #expect(p > 0.3 && p < 0.33, "ease-in is slow at first")
        let half = try #require(linear(try sharedPaint(s.frame(at: 0.75).played(at: 0.75))))
        #expect(half == (Fixed.from(-400 + 800 * p), 1200, Fixed.from(800 * p), 1200))
        #expect(try #require(linear(try sharedPaint(s.frame(at: 1.5).played(at: 1.5)))) == start, "no autoreverse: it starts over")
        guard case let .linear(_, _, _, _, stops) = try sharedPaint(s.frame(at: 1.6).played(at: 1.6)) else { return }
        #expect(stops == [GradientStop(offset: 0, color: SK.tint), GradientStop(offset: 32768, color: SK.complementary),
                          GradientStop(offset: 65535, color: SK.tint)])
    }

    @Test func slidingFollowsTheRootsBoundsAfterAResize() throws {
        let s = Session(scene: SK.cardScene())
        try SK.show(s, "screen", .sliding, curve: .linear, at: 0)
        try s.apply(.input(.resize(width: 800, height: 600)), at: 0.75)
        let half = try #require(linear(try sharedPaint(s.frame(at: 0.75).played(at: 0.75))))
        #expect(half == (Fixed.from(0), Fixed.from(300), Fixed.from(800), Fixed.from(300)))
    }

    @Test func staticGradientShadesEachPlaceholderTopToBottom() throws {
        let s = Session(scene: SK.cardScene())
        try SK.show(s, "screen", .gradient)
        let f = s.frame(at: 0)
        let avatar = try #require(f.item(at: Rect(x: 16, y: 16, width: 48, height: 48)))
        let stops = [GradientStop(offset: 0, color: SK.tint), GradientStop(offset: 32768, color: SK.complementary),
                     GradientStop(offset: 65535, color: SK.tint)]
        #expect(f.paint(of: avatar.fill) == .linear(x0: Fixed.from(40), y0: Fixed.from(16), x1: Fixed.from(40), y1: Fixed.from(64), stops: stops))
        // A custom gradient and a direction.
        var style = SkeletonStyle()
        style.gradient = [Color(rgba: 0x000000FF), Color(rgba: 0xFFFFFFFF)]
        style.direction = .leftRight
        try s.apply(.command(.skeleton(node: bytes("screen"), .update(style))), at: 1)
        let g = s.frame(at: 1)
        let a = try #require(g.item(at: Rect(x: 16, y: 16, width: 48, height: 48)))
        #expect(g.paint(of: a.fill) == .linear(x0: Fixed.from(16), y0: Fixed.from(40), x1: Fixed.from(64), y1: Fixed.from(40),
                                               stops: [GradientStop(offset: 0, color: .black), GradientStop(offset: 65535, color: .white)]))
    }

    @Test func badStyleValuesAreErrorsThatChangeNothing() throws {
        let s = Session(scene: SK.cardScene())
        var style = SkeletonStyle()
        style.duration = 0
        #expect(throws: SessionError.self) { try s.perform(.skeleton(node: bytes("screen"), .show(style, transition: .none, delay: 0))) }
        style.duration = nil
        style.gradient = []
        #expect(throws: SessionError.self) { try s.perform(.skeleton(node: bytes("screen"), .show(style, transition: .none, delay: 0))) }
        #expect(throws: SessionError.self) { try s.perform(.skeleton(node: bytes("screen"), .show(SkeletonStyle(), transition: .none, delay: -1))) }
        #expect(throws: SessionError.self) { try s.perform(.skeleton(node: bytes("screen"), .show(SkeletonStyle(), transition: .crossDissolve(.nan), delay: 0))) }
        #expect(throws: SessionError.self) { try s.perform(.skeleton(node: bytes("screen"), .update(SkeletonStyle()))) }
        #expect(s.frame(at: 0).texts().contains("Ada Lovelace"))
    }
}
