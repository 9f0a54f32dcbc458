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
        #expect(full.nextChange == 1, "the shimmer animates")
        #expect(reduced.tick(at: 1.5) == nil && reduced.tick(at: 3) == nil)
        #expect(reduced.frame(at: 3) == reduced.frame(at: 1.01), "the same frame: no shimmer and no fade")
        #expect(reduced.accessibilityDescription().busy)
    }

    @Test func aShimmerStopsWhenMotionIsReducedAndGoesOnWhenItIsFull() throws {
        let s = try session()
        try perform(s, #"{"skeleton": {"node": "card", "show": true, "style": "pulse", "transition": "none"}}"#, at: 1)
        _ = s.tick(at: 1)
        #expect(s.nextChange == 1)
        try perform(s, #"{"motion": "reduced"}"#, at: 2)
        _ = s.tick(at: 2)
        #expect(s.nextChange == nil)
        try perform(s, #"{"motion": "full"}"#, at: 3)
        _ = s.tick(at: 3)
        #expect(s.nextChange == 3)
    }

    @Test func aSkeletonShownStillShimmersOnceMotionIsFull() throws {
        let s = try session()
        try perform(s, #"{"motion": "reduced"}"#, at: 0)
        try perform(s, #"{"skeleton": {"node": "card", "show": true, "style": "pulse"}}"#, at: 1)
        _ = s.tick(at: 1)
        #expect(s.nextChange == nil)
        try perform(s, #"{"motion": "full"}"#, at: 2)
        _ = s.tick(at: 2)
        #expect(s.nextChange == 2, "the pulse it was shown with")
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
}
