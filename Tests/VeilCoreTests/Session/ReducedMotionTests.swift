import Testing
@testable import VeilCore

/// `{"motion": "reduced"}`: skeletons stand still, transitions and scrolls are instant.
struct ReducedMotionTests {
    static let card = #"""
    {"canvas": {"width": 200, "height": 200}, "root": {"type": "view", "id": "card", "skeletonable": true,
     "children": [{"type": "label", "id": "title", "text": "Hello", "skeletonable": true,
                   "frame": {"x": 10, "y": 10, "width": 100, "height": 20}}]}}
    """#

    func session() throws -> Session {
        let s = Session(scene: try SceneReader.read(Array(Self.card.utf8), file: "scene.json"))
        _ = s.tick(at: 0)
        return s
    }

    func perform(_ s: Session, _ command: String, at t: Double) throws {
        try s.apply(try SceneReader.readAction(Array("{\"t\": \(t), \"command\": \(command)}".utf8), file: "test", line: 1))
    }

    @Test func aSlidingSkeletonShowsStillAndAtOnce() throws {
        let reduced = try session(), full = try session()
        try perform(reduced, #"{"motion": "reduced"}"#, at: 0.5)
        for s in [reduced, full] {
            try perform(s, #"{"skeleton": {"node": "card", "show": true, "style": "sliding"}}"#, at: 1)
            _ = s.tick(at: 1)
        }
        #expect(reduced.nextChange == nil, "nothing moves: no frame loop")
        // Full motion: the shimmer and the dissolve in are declared, played by the host; the core
        // next changes by itself when the dissolve ends.
        #expect(full.nextChange == 1.25 && !full.frame(at: 1).motions.isEmpty && !full.frame(at: 1).itemMotions.isEmpty)
        #expect(reduced.tick(at: 1.5) == nil && reduced.tick(at: 3) == nil)
        #expect(reduced.frame(at: 3) == reduced.frame(at: 1.01), "the same frame: no shimmer and no fade")
        #expect(reduced.accessibilityDescription().busy)
    }

    /// A shimmer is a motion the frame declares (the host plays it; the session itself is idle):
    /// reduced motion takes it out, full motion puts it back.
    @Test func aShimmerStopsWhenMotionIsReducedAndGoesOnWhenItIsFull() throws {
        let s = try session()
        try perform(s, #"{"skeleton": {"node": "card", "show": true, "style": "pulse", "transition": "none"}}"#, at: 1)
        _ = s.tick(at: 1)
        #expect(s.nextChange == nil && s.frame(at: 1).motions.count == 1, "the pulse is declared, not ticked")
        try perform(s, #"{"motion": "reduced"}"#, at: 2)
        _ = s.tick(at: 2)
        #expect(s.nextChange == nil && s.frame(at: 2).motions.isEmpty)
        try perform(s, #"{"motion": "full"}"#, at: 3)
        _ = s.tick(at: 3)
        #expect(s.frame(at: 3).motions.count == 1)
    }

    @Test func aSkeletonShownStillShimmersOnceMotionIsFull() throws {
        let s = try session()
        try perform(s, #"{"motion": "reduced"}"#, at: 0)
        try perform(s, #"{"skeleton": {"node": "card", "show": true, "style": "pulse"}}"#, at: 1)
        _ = s.tick(at: 1)
        #expect(s.frame(at: 1).motions.isEmpty)
        try perform(s, #"{"motion": "full"}"#, at: 2)
        _ = s.tick(at: 2)
        #expect(s.frame(at: 2).motions.map(\.slot).count == 1, "the pulse it was shown with")
    }

    @Test func statusTransitionsAreInstant() throws {
        let s = try session()
        try perform(s, #"{"motion": "reduced"}"#, at: 0)
        try perform(s, #"{"status": {"node": "card", "state": "error", "transition": {"crossDissolve": 2}}}"#, at: 1)
        _ = s.tick(at: 1)
        #expect(s.nextChange == nil, "no fade to run")
        #expect(s.accessibilityDescription().statuses.count == 1)
    }

    @Test func theReaderNamesTheChoices() {
        #expect(throws: SceneError.self) {
            _ = try SceneReader.readAction(Array(#"{"command": {"motion": "slow"}}"#.utf8), file: "m", line: 1)
        }
        do {
            _ = try SceneReader.readAction(Array(#"{"command": {"motion": "slow"}}"#.utf8), file: "m", line: 1)
        } catch {
            #expect(error.description.contains("full") && error.description.contains("reduced"), "\(error.description)")
        }
    }

    // MARK: Keys, taps and commands move lists and sheets at once

    static let list = #"""
    {"canvas": {"width": 200, "height": 300}, "root": {"type": "list", "id": "inbox", "rowCount": 50, "rowHeight": 44,
     "skeletonRows": 0, "row": {"type": "label", "id": "l", "text": "x"}}}
    """#

    func key(_ s: Session, _ name: String, at t: Double) throws {
        try s.apply(.input(.key(KeyEvent(phase: .down, key: Array(name.utf8)))), at: t)
        try s.apply(.input(.key(KeyEvent(phase: .up, key: Array(name.utf8)))), at: t)
    }

    @Test func scrollingKeysMoveAListAtOnce() throws {
        for reduced in [true, false] {
            let s = Session(scene: try SceneReader.read(Array(Self.list.utf8), file: "scene.json"))
            _ = s.tick(at: 0)
            if reduced { try perform(s, #"{"motion": "reduced"}"#, at: 0) }
            try key(s, "PageDown", at: 1)
            _ = s.tick(at: 1)
            let offset = s.scroll.positions(at: 1).offset(of: utf8("inbox"))
            if reduced {
                #expect(offset == 300 - 40, "a viewport less 40, at once")
            } else {
                #expect(offset < 1, "animated: it has not moved yet")
                #expect(s.scroll.positions(at: 2).offset(of: utf8("inbox")) == 260)
            }
        }
    }

    @Test func aSheetMovedByItsGrabberOrACommandGetsThereAtOnce() throws {
        for reduced in [true, false] {
            let s = Session(scene: try SheetTests.maps())
            _ = s.tick(at: 0)
            if reduced { try perform(s, #"{"motion": "reduced"}"#, at: 0) }
            let expanded = 67.0
            let half = s.sheets.top(of: SheetTests.sheet, at: 0)!
            let grabber = try #require(s.accessibilityDescription().buttons.first { $0.node == utf8("sheet/grabber") })
            SheetTests.pointer(s, .down, grabber.frame.center.x, grabber.frame.center.y, at: 1)
            SheetTests.pointer(s, .up, grabber.frame.center.x, grabber.frame.center.y, at: 1.02)
            #expect((s.sheets.top(of: SheetTests.sheet, at: 1.03)! == expanded) == reduced, "a tap on the grabber")
            try s.perform(.sheet(node: SheetTests.sheet, .collapse))
            let lowest = s.sheets.top(of: SheetTests.sheet, at: 5)!
            #expect(lowest > half)
            #expect((s.sheets.top(of: SheetTests.sheet, at: s.time)! == lowest) == reduced, "the collapse command")
            // A drag still follows the finger under reduced motion: it is the user's own motion.
            SheetTests.drag(s, from: lowest + 100, to: lowest - 100, steps: 10, seconds: 1, at: 6, release: false)
            #expect(abs(s.sheets.top(of: SheetTests.sheet, at: 7)! - (lowest - 180)) < 1e-6)
        }
    }
}

