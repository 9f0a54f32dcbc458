import Testing
@testable import VeilCore

/// Cross-dissolves, delays and updates, sampled in time.
@Suite struct SkeletonTransitionTests {
    let avatar = Rect(x: 16, y: 16, width: 48, height: 48)

    /// Opacity of the avatar's placeholder (nil: not drawn) and of the title text (nil: not drawn).
    func sample(_ s: Session, _ t: Double) -> (placeholder: UInt8?, content: UInt8?) {
        let f = s.frame(at: t).played(at: t)  // the dissolve is declared: as a host plays it
        let p = f.canvasItems.first { f.rect($0) == avatar && $0.kind == .rect }
        let c = f.canvasItems.first { $0.text == bytes("Ada Lovelace") }
        return (p?.opacity, c?.opacity)
    }

    @Test func crossDissolveShowsAndHidesInAQuarterSecondByDefault() throws {
        let s = Session(scene: SK.cardScene())
        try SK.show(s, "screen", transition: SkeletonCommand.defaultTransition, at: 1)
        #expect(sample(s, 1) == (nil, 255))
        #expect(sample(s, 1.125) == (128, 128), "half-way: ease-in-out is ½")
        #expect(sample(s, 1.25) == (255, nil))
        try SK.hide(s, "screen", transition: SkeletonCommand.defaultTransition, at: 3)
        #expect(sample(s, 3) == (255, nil))
        #expect(sample(s, 3.125) == (128, 128))
        #expect(sample(s, 3.25) == (nil, 255))
    }

    @Test func noneIsImmediateAndACustomDurationIsUsed() throws {
        let s = Session(scene: SK.cardScene())
        try SK.show(s, "screen", at: 1)
        #expect(sample(s, 1) == (255, nil))
        try SK.hide(s, "screen", transition: .crossDissolve(1), at: 2)
        #expect(sample(s, 2.5) == (128, 128))
        #expect(sample(s, 3) == (nil, 255))
    }

    @Test func aDelayedShowStartsLaterAndIsCancelledByALaterHideOrShow() throws {
        let s = Session(scene: SK.cardScene())
        try SK.show(s, "screen", transition: .crossDissolve(0.25), delay: 0.5, at: 1)
        #expect(sample(s, 1.4) == (nil, 255))
        #expect(sample(s, 1.625) == (128, 128), "the fade starts at the end of the delay")
        #expect(sample(s, 2) == (255, nil))

        let h = Session(scene: SK.cardScene())
        try SK.show(h, "screen", delay: 1, at: 1)
        try SK.hide(h, "screen", at: 1.5)
        #expect(sample(h, 3) == (nil, 255), "hide cancels the pending show")

        let p = Session(scene: SK.cardScene())
        try SK.show(p, "screen", .solid, delay: 1, at: 1)
        try SK.show(p, "screen", .pulse, at: 1.2)
        #expect(sample(p, 1.2).placeholder == 255)
        let f = p.frame(at: 2.2).played(at: 2.2)
        let fill = try #require(f.canvasItems.first { f.rect($0) == avatar }).fill
        #expect(f.paint(of: fill) == .solid(SK.complementary), "the later show wins; its pulse started at 1.2")
    }

    @Test func showingAgainWhileFadingOutFadesBackFromWhereItIs() throws {
        let s = Session(scene: SK.cardScene())
        try SK.show(s, "screen", at: 0)
        try SK.hide(s, "screen", transition: .crossDissolve(1), at: 1)
        try SK.show(s, "screen", transition: .crossDissolve(1), at: 1.5)
        let (p, c) = sample(s, 1.5)
        #expect(p == 128 && c == 128, "no jump")
        #expect(sample(s, 2) == (255, nil))
    }

    @Test func updateWhileShownChangesTheLookWithoutAFlash() throws {
        let s = Session(scene: SK.cardScene())
        try SK.show(s, "screen", transition: .crossDissolve(0.25), at: 0)
        _ = s.frame(at: 1)
        var change = SkeletonStyle()
        change.color = Color(rgba: 0xE74C3CFF)
        try s.apply(.command(.skeleton(node: bytes("screen"), .update(change))), at: 1)
        let f = s.frame(at: 1)
        let p = try #require(f.canvasItems.first { f.rect($0) == avatar })
        #expect(p.opacity == 255 && f.paint(of: p.fill) == .solid(Color(rgba: 0xE74C3CFF)))
        #expect(!f.texts().contains("Ada Lovelace"))
        // A change of kind restarts the animation at the update, still at full opacity.
        change = SkeletonStyle()
        change.kind = .sliding
        change.curve = .linear
        try s.apply(.command(.skeleton(node: bytes("screen"), .update(change))), at: 2)
        let g = s.frame(at: 2)
        let q = try #require(g.canvasItems.first { g.rect($0) == avatar })
        #expect(q.opacity == 255)
        guard case let .linear(x0, _, _, _, stops)? = g.paint(of: q.fill) else { Issue.record("not sliding"); return }
        #expect(x0 == Fixed.from(-400))
        #expect(stops.first?.color == Color(rgba: 0xE74C3CFF), "the custom colour is the gradient's base")
    }

    @Test func updateWithoutASkeletonIsAnError() {
        let s = Session(scene: SK.cardScene())
        #expect(throws: SessionError.self) { try s.perform(.skeleton(node: bytes("screen"), .update(SkeletonStyle()))) }
    }
}
