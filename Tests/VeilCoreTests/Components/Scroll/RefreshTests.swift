import Foundation
import Testing
@testable import VeilCore

/// Pull-to-refresh over scripted pointer sequences: progress, the threshold, letting go before and
/// after it, `end`, `begin`, a second pull while loading, and momentum that can never trigger it.
@Suite struct RefreshTests {
    typealias Run = ScrollingTests.Run

    static func scene(refresh: String = #"{"height": 60}"#) throws -> Scene {
        let json = #"""
        {"canvas": {"width": 300, "height": 600}, "root": {"type": "list", "id": "l", "rowHeight": 50, "rowCount": 100,
          "refresh": \#(refresh), "row": {"type": "label", "id": "t", "text": "Row"}}}
        """#
        return try SceneReader.read(Array(json.utf8), file: "l.json")
    }

    /// A finger pulls the list down `distance` points over ten frames from `t`, then lets go.
    static func pull(_ run: Run, _ distance: Double, at t: Double) throws {
        try run.pointer(.down, y: 100, at: t)
        for k in 1 ... 10 { try run.pointer(.move, y: 100 + distance * Double(k) / 10, at: t + Double(k) / 60) }
        try run.pointer(.up, y: 100 + distance, at: t + 11.0 / 60)
    }

    /// The animator's arc and activity indicator in the frame the viewer holds (in the list's
    /// content layer, above its top).
    static func animator(_ frame: Frame) -> (arc: Item?, spinner: Item?) {
        let content = frame.items.first { $0.isLayer }?.children.first { $0.isLayer }
        return (content?.children.first { $0.kind == .arc }, content?.children.first { $0.kind == .activityIndicator })
    }

    @Test func aPullShowsProgressAndLettingGoShortOfTheHeightDoesNothing() throws {
        let run = Run(try Self.scene())
        try run.pointer(.down, y: 100, at: 0.5)
        try run.pointer(.move, y: 112, at: 0.52)  // past the touch slop: the pan begins here
        try run.pointer(.move, y: 152, at: 0.55)
        let frame = try run.tick(until: 0.56)
        let offset = ScrollingTests.contentOffset(frame)
        #expect(offset < 0)
        let (arc, spinner) = Self.animator(frame)
        let progress = min(1, -offset / 60)
        // The offset the frame carries is quantized to 1/8 pt; the sweep was computed unquantized.
        #expect(abs(Int(arc?.arcSweep ?? 0) - Int((progress * progress * 65536).rounded())) < 64, "stroke end = progress²")
        #expect(arc?.opacity == 255 && spinner?.opacity == 0)
        try run.pointer(.up, y: 152, at: 0.6)
        let rested = try run.tick(until: 2)
        #expect(ScrollingTests.contentOffset(rested) == 0)
        #expect(Self.animator(rested).arc?.opacity == 0)
        #expect(!run.events.contains("refresh"))
    }

    @Test func lettingGoPastTheHeightRefreshesUntilEnd() throws {
        let run = Run(try Self.scene())
        try Self.pull(run, 250, at: 0.5)
        var frame = try run.tick(until: 2)
        #expect(run.events.filter { $0 == "refresh" }.count == 1)
        #expect(ScrollingTests.contentOffset(frame) == -60, "the inset holds the animator open")
        #expect(Self.animator(frame).spinner?.opacity == 255 && Self.animator(frame).arc?.opacity == 0)
        // The activity indicator turns while loading: declared once, played by the host.
        let spinner = try #require(Self.animator(frame).spinner)
        #expect(frame.itemMotions.contains(ActivityIndicator.motion(id: spinner.id)))
        #expect(Self.animator(frame.played(at: 2)).spinner?.rotation != Self.animator(frame.played(at: 2.3)).spinner?.rotation)
        // A second pull while loading does nothing more.
        try Self.pull(run, 250, at: 2.5)
        _ = try run.tick(until: 4)
        #expect(run.events.filter { $0 == "refresh" }.count == 1)
        try run.apply(.command(.refresh(node: utf8("l"), .end)), at: 4.1)
        frame = try run.tick(until: 4.2)
        #expect(ScrollingTests.contentOffset(frame) < 0, "it slides back up, not jumps")
        frame = try run.tick(until: 5)
        #expect(ScrollingTests.contentOffset(frame) == 0 && Self.animator(frame).spinner?.opacity == 0)
    }

    @Test func beginScrollsToTheTopAndRefreshes() throws {
        let run = Run(try Self.scene())
        try run.apply(.input(.wheel(WheelEvent(x: 100, y: 100, dy: 400))), at: 0.2)
        try run.apply(.command(.refresh(node: utf8("l"), .begin)), at: 0.5)
        let frame = try run.tick(until: 1.5)
        #expect(ScrollingTests.contentOffset(frame) == -60)
        #expect(run.events.filter { $0 == "refresh" }.count == 1)
    }

    /// Infinity's other animators follow the pull: the arrow turns up at the trigger height, the
    /// disc grows, the spark's dots appear one by one; refreshing, each loops once a second.
    @Test func theOtherAnimatorsFollowThePull() {
        func item(_ kind: RefreshAnimatorKind, _ part: Int, offset: Double, refreshing: Bool = false, at phase: Double = 0) -> Item {
            let animator = RefreshAnimator(width: 300, height: 60, kind: kind)
            var item = Item(id: 1, kind: .rect)
            animator.setUp(part, &item) { _ in 1 }
            animator.update(part, &item, offset: offset, refreshing: refreshing, phase: phase)
            return item
        }
        // Arrow: the blue arc grows with progress; the left head leans one way pointing down, the other pointing up.
        #expect(item(.arrow, 1, offset: -30).arcSweep == 32768)
        #expect(item(.arrow, 3, offset: -30).rotation == -item(.arrow, 3, offset: -60).rotation)
        #expect(item(.arrow, 2, offset: -30).opacity == 255 && item(.arrow, 2, offset: -60, refreshing: true).opacity == 0)
        #expect(item(.arrow, 1, offset: -60, refreshing: true, at: 0.25).arcStart == Fixed.angle(turns: 0.25))
        // Circle: the disc's diameter is progress × 24; refreshing it pulses out and fades.
        #expect(item(.circle, 0, offset: -15).width == Fixed.from(6))
        let pulse = item(.circle, 0, offset: -60, refreshing: true, at: 0.5)
        #expect(pulse.width == Fixed.from(12) && pulse.opacity == Fixed.opacity(0.5))
        // Spark: k of 8 dots show once progress reaches k/8.
        let shown = (0 ..< 8).filter { item(.spark, $0, offset: -30).opacity > 0 }
        #expect(shown == [0, 1, 2, 3])
        #expect((0 ..< 8).allSatisfy { item(.spark, $0, offset: -60, refreshing: true, at: 0.3).opacity > 0 })
    }

    /// Refreshing, the arrow's arc, the circle's disc and the spark's light loop a second, each
    /// field that moves declared once as a loop of 65 points: played at each point's time, in any
    /// period, a part is exactly what the animator draws at that phase.
    @Test func refreshingTheirPartsLoopAsDeclared() {
        for kind in [RefreshAnimatorKind.arrow, .circle, .spark] {
            let animator = RefreshAnimator(width: 300, height: 60, kind: kind)
            for part in 0 ..< animator.parts {
                var base = Item(id: 1, kind: .rect)
                animator.setUp(part, &base) { _ in 1 }
                animator.update(part, &base, offset: -60, refreshing: true)
                let loops = animator.loops(part, of: base, offset: -60)
                #expect(loops.allSatisfy { if case .loop = $0.path { return $0.start == 0 } else { return false } })
                for k in 0 ..< RefreshAnimator.loopPoints {
                    var drawn = base
                    animator.update(part, &drawn, offset: -60, refreshing: true, phase: Double(k) / 64)
                    let played = loops.reduce(base) { $1.played($0, at: 7 + Double(k) / 64) }
                    #expect(played == drawn, "\(kind) part \(part) at phase \(k)/64")
                }
            }
            #expect(!(0 ..< animator.parts).allSatisfy { part in
                var item = Item(id: 1, kind: .rect)
                animator.setUp(part, &item) { _ in 1 }
                return animator.loops(part, of: item, offset: -60).isEmpty
            }, "\(kind): something loops")
        }
        #expect(RefreshAnimator(width: 300, height: 60, kind: .standard).loops(1, of: Item(id: 1, kind: .rect), offset: -60).isEmpty,
                "the standard animator's turn is its activity indicator's steps")
    }

    /// A refresh can show skeleton rows until it ends: the host shows a skeleton on the list when
    /// `refresh` comes, and hides it with the new rows and `end`. Meanwhile the placeholders are
    /// the loading indicator (no animator over them), and afterwards the list is back at its top.
    @Test func aRefreshCanShowSkeletonRowsUntilItEnds() throws {
        let json = #"""
        {"canvas": {"width": 300, "height": 600}, "root": {"type": "list", "id": "l", "rowHeight": 50, "rowCount": 100,
          "skeletonable": true, "refresh": true, "row": {"type": "label", "id": "t", "text": "Row", "skeletonable": true}}}
        """#
        let run = Run(try SceneReader.read(Array(json.utf8), file: "l.json"))
        try Self.pull(run, 150, at: 0.2)
        _ = try run.tick(until: 0.6)
        #expect(run.events.filter { $0 == "refresh" }.count == 1)
        try run.apply(try LoadMoreTests.command(#"{"command": {"skeleton": {"node": "l", "show": true, "transition": "none"}}}"#), at: 0.7)
        var frame = try run.tick(until: 0.8)
        let placeholders = frame.canvasItems.filter { $0.kind == .rect && $0.opacity > 0 }.count
        #expect(placeholders >= 10, "skeleton rows fill the list")
        #expect(!frame.canvasItems.contains { !$0.text.isEmpty && $0.opacity > 0 }, "no row text while loading")
        #expect(Self.animator(frame).spinner == nil, "the placeholders are the indicator")
        try run.apply(try LoadMoreTests.command(#"{"command": {"skeleton": {"node": "l", "hide": true, "transition": "none"}}}"#), at: 1.5)
        try run.apply(.command(.refresh(node: utf8("l"), .end)), at: 1.5)
        frame = try run.tick(until: 2.5)
        #expect(frame.canvasItems.contains { $0.text == utf8("Row") })
        #expect(ScrollingTests.contentOffset(frame) == 0)
    }

    /// Refreshing, once the list rests open, nothing moves but what is declared (the standard
    /// animator's turn, the others' loops): the session has nothing to tick until the refresh
    /// ends, and sends nothing; the loops come with the refresh and go with it.
    @Test func aRefreshIsAWaitWithEveryAnimator() throws {
        for animator in ["default", "arrow", "circle", "spark"] {
            let run = Run(try Self.scene(refresh: #"{"height": 60, "animator": "\#(animator)"}"#))
            try Self.pull(run, 200, at: 0.5)
            var frame = try run.tick(until: 3)  // open, at rest, its indicator faded
            #expect(run.events.contains("refresh"))
            #expect(run.session.nextChange == nil, "\(animator): nothing moves by itself: \(String(describing: run.session.nextChange))")
            let loops = { (f: Frame) in f.itemMotions.filter { if case .loop = $0.path { return true } else { return false } } }
            #expect(loops(frame).isEmpty == (animator == "default"), "\(animator): \(loops(frame).count) loops")
            let sent = run.messages.count
            _ = try run.tick(until: 5)
            #expect(run.messages.count == sent, "\(animator): nothing sent while it refreshes")
            try run.apply(.command(.refresh(node: utf8("l"), .end)), at: 5)
            frame = try run.tick(until: 6)
            #expect(loops(frame).isEmpty, "\(animator): the loops go with the refresh")
        }
    }

    /// The keyboard's refresh: "." scrolls to the top and refreshes, once, as `begin` does.
    @Test func periodRefreshesFromTheKeyboard() throws {
        let run = Run(try Self.scene())
        try run.apply(.input(.wheel(WheelEvent(x: 100, y: 100, dy: 400))), at: 0.2)
        try run.apply(.input(.key(KeyEvent(phase: .down, key: utf8(".")))), at: 0.5)
        try run.apply(.input(.key(KeyEvent(phase: .down, key: utf8(".")))), at: 0.6)
        let frame = try run.tick(until: 1.5)
        #expect(ScrollingTests.contentOffset(frame) == -60)
        #expect(run.events.filter { $0 == "refresh" }.count == 1)
        // Without pull-to-refresh the key is left to others.
        let plain = Run(try Self.scene(refresh: "false"))
        try plain.apply(.input(.key(KeyEvent(phase: .down, key: utf8(".")))), at: 0.5)
        #expect(plain.events.isEmpty)
    }

    /// Content flung at the top overshoots it by far more than 60 pt, and still does not refresh:
    /// only a finger letting go does.
    @Test func momentumIntoTheTopNeverRefreshes() throws {
        let run = Run(try Self.scene())
        try run.apply(.command(.scroll(node: utf8("l"), to: 300, animated: false)), at: 0.2)
        try run.pointer(.down, y: 100, at: 0.5)
        for k in 1 ... 4 { try run.pointer(.move, y: 100 + Double(k) * 60, at: 0.5 + Double(k) / 60) }
        try run.pointer(.up, y: 340, at: 0.5 + 5.0 / 60)
        var deepest = 0.0
        for k in 0 ..< 120 { deepest = min(deepest, ScrollingTests.contentOffset(try run.tick(until: 0.6 + Double(k) / 60))) }
        #expect(deepest < -60, "it overshot the trigger height")
        #expect(!run.events.contains("refresh"))
    }

    @Test func aDisabledRefreshDoesNothing() throws {
        let run = Run(try Self.scene(refresh: "false"))
        try Self.pull(run, 250, at: 0.5)
        #expect(ScrollingTests.contentOffset(try run.tick(until: 2)) == 0)
        #expect(!run.events.contains("refresh"))
        #expect(throws: SessionError.self) { try run.session.perform(.refresh(node: utf8("nope"), .begin)) }
    }
}
