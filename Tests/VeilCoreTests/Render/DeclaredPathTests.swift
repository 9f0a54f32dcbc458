import Testing
@testable import VeilCore

/// `FrameAnimations.step` declares what follows a path: the field goes to the path's first point
/// and the path becomes its item's points motion, added to the render's own; without a path the
/// field is stepped to the value now and the motion goes; an item's other fields may move by the
/// render's motions beside it, but where the render's moves the same field, the field is stepped
/// and the step says it could not declare.
@Suite struct DeclaredPathTests {
    static let key = Array("sheet".utf8)

    static func frame(rendered: [ItemMotion] = []) -> (Frame, FrameAnimations) {
        var layer = Item(id: 5, kind: .layer)
        layer.y = Fixed.from(100)
        let frame = Frame(items: [layer], itemMotions: rendered)
        let fields: [AnimatedField] = [.link(id: 5, key: key, role: .offsetY, base: 100)]
        return (frame, FrameAnimations(fields, in: frame))
    }

    static func values(_ now: Double, path: [Double]?) -> MovingValues {
        var values = MovingValues()
        values.set(now, of: key, .link)
        if let path { values.setPath(SampledPath(start: 1, interval: 0.5, values: path), of: key, .link) }
        return values
    }

    @Test func aPathIsDeclaredThenEndedByTheStep() {
        var (frame, animations) = Self.frame()
        var hash = FrameHash.of(frame)
        var undeclared = false
        let declaring = animations.step(&frame, hash: &hash, at: 1.2, values: Self.values(30, path: [40, 20, 0]),
                                        undeclared: &undeclared)
        #expect(!undeclared)
        #expect(frame.items[0].y == Fixed.from(140), "the field holds the path's first point, not the value now")
        #expect(frame.itemMotions == [ItemMotion(id: 5, field: .y, path: .points(interval: 0.5,
                values: [Fixed.from(140), Fixed.from(120), Fixed.from(100)]), start: 1)])
        #expect(declaring.itemMotions == frame.itemMotions && declaring.motions == [], "the patch carries the motions")
        #expect(hash == FrameHash.of(frame), "the hash follows the motions")
        #expect(frame.played(at: 1.25).items[0].y == Fixed.from(130), "played half way between two points")

        let ending = animations.step(&frame, hash: &hash, at: 3, values: Self.values(0, path: nil), undeclared: &undeclared)
        #expect(frame.items[0].y == Fixed.from(100) && frame.itemMotions.isEmpty)
        #expect(ending.itemMotions == [] && hash == FrameHash.of(frame))
    }

    @Test func aPathBesideTheRendersMotionOfAnotherFieldIsDeclaredToo() {
        let fade = ItemMotion.fading(5, Fade(from: 0, to: 1, start: 0, duration: 0.25), scale: 1)
        var (frame, animations) = Self.frame(rendered: [fade])
        var hash = FrameHash.of(frame)
        var undeclared = false
        _ = animations.step(&frame, hash: &hash, at: 1.2, values: Self.values(30, path: [40, 20, 0]), undeclared: &undeclared)
        #expect(!undeclared)
        #expect(frame.itemMotions.map(\.field) == [.y, .opacity], "both, in field order")
        #expect(hash == FrameHash.of(frame))
    }

    @Test func aFieldTheRendersMotionMovesIsSteppedAndSaysSo() {
        let turn = ItemMotion(id: 5, field: .y, path: .steps(count: 8, rate: 8, increment: 8), start: 0)
        var (frame, animations) = Self.frame(rendered: [turn])
        var hash = FrameHash.of(frame)
        var undeclared = false
        _ = animations.step(&frame, hash: &hash, at: 1.2, values: Self.values(30, path: [40, 20, 0]), undeclared: &undeclared)
        #expect(undeclared, "the session then steps every tick")
        #expect(frame.items[0].y == Fixed.from(130), "stepped to the value now")
        #expect(frame.itemMotions == [turn], "the render's motion stays, alone")
    }
}
