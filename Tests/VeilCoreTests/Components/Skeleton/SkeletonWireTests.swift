import Foundation
import Testing
@testable import VeilCore

/// The shimmer must not cost an update per placeholder: animated frames change one paint only, and
/// a static skeleton sends nothing.
@Suite struct SkeletonWireTests {
    /// A feed of `rows` cards (avatar, title, two-line body) under one skeleton.
    func feed(rows: Int = 6) -> Scene {
        var cards: [Node] = []
        for i in 0..<rows {
            cards.append(SK.skeletonable(view("card\(i)", frame: Rect(x: 0, y: Double(i) * 120, width: 390, height: 120), children: [
                SK.skeletonable(SK.image("avatar\(i)", frame: Rect(x: 16, y: 16, width: 48, height: 48), cornerRadius: 24)),
                SK.skeletonable(SK.framed(label("title\(i)", "Title"), Rect(x: 80, y: 16, width: 200, height: 20))),
                SK.skeletonable(SK.framed(label("body\(i)", "Body text", lines: 2), Rect(x: 80, y: 44, width: 290, height: 50))),
            ])))
        }
        return scene(SK.skeletonable(view("feed", children: cards)), width: 390, height: 844)
    }

    /// Messages of ticks at k/60 s for k in `range`, after showing `kind` at 0 with the default transition.
    func messages(_ kind: SkeletonKind, ticks range: ClosedRange<Int>) throws -> (sizes: [Int?], frames: [Frame]) {
        let s = Session(scene: feed())
        try SK.show(s, "feed", kind, transition: SkeletonCommand.defaultTransition, at: 0)
        var sizes: [Int?] = []
        var frames: [Frame] = []
        for k in 0...range.upperBound {
            let t = Double(k) / 60
            let m = s.tick(at: t)
            if range.contains(k) { sizes.append(m?.count); frames.append(s.frame(at: t)) }
        }
        return (sizes, frames)
    }

    /// A pulse or a sliding light is declared once (`PaintMotion`) and played by the host: after the
    /// fade-in nothing is sent, and the frame the host plays at any time is the one a tick-by-tick
    /// render of the core gives then — no item changes, at most the one skeleton paint moves.
    @Test(arguments: [SkeletonKind.sliding, .pulse])
    func animatedFramesAreDeclaredOnceAndPlayed(_ kind: SkeletonKind) throws {
        let (sizes, frames) = try messages(kind, ticks: 20...200)
        #expect(sizes.allSatisfy { $0 == nil }, "after the fade-in, nothing is sent: \(sizes.compactMap { $0 })")
        let held = try #require(frames.first)
        #expect(held.motions.count == 1)
        var moved = 0
        for (k, frame) in zip(20..., frames) {
            let t = Double(k) / 60
            #expect(frame == held, "the frame the core holds does not change with time")
            let played = frame.played(at: t), before = frames[0].played(at: Double(k - 1) / 60)
            #expect(played.canvasItems == held.played(at: 0).canvasItems, "no item changes")
            #expect(zip(played.paints, before.paints).filter { $0 != $1 }.count <= 1, "at most the one skeleton paint moves")
            if played.paints != held.played(at: 20.0 / 60).paints { moved += 1 }
        }
        #expect(moved > frames.count / 5, "it animates")
    }

    @Test func aStaticSkeletonSendsNothing() throws {
        for kind in [SkeletonKind.solid, .gradient] {
            let (sizes, _) = try messages(kind, ticks: 16...120)
            #expect(sizes.allSatisfy { $0 == nil }, "\(kind)")
        }
    }

    @Test func theAnimatedPaintKeepsItsSlotWhenItMeetsAnEqualColour() throws {
        // The pulse passes through the card background's colour: its slot must not merge with it.
        var sc = feed(rows: 1)
        sc.root.children[0].background = SK.complementary
        let s = Session(scene: sc)
        try SK.show(s, "feed", .pulse, at: 0)
        let atPeak = s.frame(at: 1)
        let before = s.frame(at: 0.9)
        #expect(atPeak.paints.count == before.paints.count)
        #expect(atPeak.canvasItems == before.canvasItems)
    }
}

/// The bench figures on examples/feed.json at 60 fps: message bytes per tick in each
/// steady phase of its timeline (solid 1–2 s, gradient 2.3–3.5 s, pulse 3.8–6 s, sliding 6.3–7 s):
/// none in any (motions are declared once, issue 31).
@Suite struct SkeletonFeedFigures {
    @Test func feedExampleSteadyStateMessages() throws {
        let url = RepositoryFiles.root.appendingPathComponent("examples/feed.json")
        let scene = try SceneReader.read(Array(try Data(contentsOf: url)), file: "feed.json")
        let s = Session(scene: scene)
        var phases: [(name: String, range: ClosedRange<Double>, sizes: [Int])] = [
            ("solid", 1.0...1.99, []), ("gradient", 2.3...3.49, []), ("pulse", 3.8...5.99, []), ("sliding", 6.3...6.99, []),
        ]
        for k in 0...(9 * 60) {
            let t = Double(k) / 60
            let size = s.tick(at: t)?.count ?? 0
            for i in phases.indices where phases[i].range.contains(t) { phases[i].sizes.append(size) }
        }
        for p in phases {
            let sent = p.sizes.filter { $0 > 0 }
            print("feed \(p.name): \(sent.count) messages in \(p.sizes.count) ticks, max \(sent.max() ?? 0) bytes, mean \(sent.isEmpty ? 0 : sent.reduce(0, +) / sent.count) bytes")
        }
        #expect(phases[0].sizes.allSatisfy { $0 == 0 } && phases[1].sizes.allSatisfy { $0 == 0 }, "static skeletons send nothing")
        #expect(phases[2].sizes.allSatisfy { $0 == 0 } && phases[3].sizes.allSatisfy { $0 == 0 },
                "a pulse and a sweep are declared once: nothing is sent while they run")
    }
}
