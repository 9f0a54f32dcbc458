import Foundation
import PropertyBased
import Testing
@testable import VeilCore

/// Scroll containers nested on one axis share a drag: the one touched first, then the ones around
/// it, and what none can take rubber-bands the one touched.
@Suite struct NestedScrollTests {
    /// Whatever the bounds, origins and finger path: every translation is handed out, containers
    /// other than the one touched never leave their bounds, and a container further out moves only
    /// when every one inside it is at its edge that way.
    @Test func theFingerIsSharedInnermostFirst() async {
        await propertyCheck(input: Gen.int(in: 2 ... 4), Gen.int(in: 0 ... 1_000_000)) { count, seed in
            var random = RandomFrames(seed: UInt64(seed))
            var bounds: [(lower: Double, upper: Double, origin: Double)] = []
            for _ in 0 ..< count {
                let upper = Double(random.int(0 ... 800))
                bounds.append((0, upper, Double(random.int(0 ... Int(upper)))))
            }
            var drag = NestedDrag(ids: (0 ..< count).map { [UInt8($0)] })
            var finger = 0.0
            for _ in 0 ..< 20 {
                let before = drag.translations
                let step = Double(random.int(-300 ... 300))
                finger += step
                drag.distribute(finger) { bounds[$0] }
                #expect(abs(drag.translations.reduce(0, +) - finger) < 1e-9, "every point of the finger is handed out")
                for k in 1 ..< count {
                    let raw = bounds[k].origin - drag.translations[k]
                    #expect(raw >= bounds[k].lower - 1e-9 && raw <= bounds[k].upper + 1e-9, "container \(k) stays in bounds")
                    if drag.translations[k] != before[k] {
                        // Every container inside it is at its edge in the finger's direction.
                        for j in 0 ..< k {
                            let rawJ = bounds[j].origin - drag.translations[j]
                            #expect(step > 0 ? rawJ <= bounds[j].lower + 1e-9 : rawJ >= bounds[j].upper - 1e-9)
                        }
                    }
                }
            }
        }
    }

    static let page = #"""
    {"canvas": {"width": 390, "height": 700},
     "root": {"type": "scroll", "id": "page", "children": [
       {"type": "view", "id": "hero", "height": 500, "background": "#5856D6"},
       {"type": "list", "id": "comments", "height": 300, "rowHeight": 50, "rowCount": 20,
        "row": {"type": "label", "id": "c", "text": "Comment"}},
       {"type": "view", "id": "more", "height": 600, "background": "#34C759"}]}}
    """#

    /// Dragging the comments box up scrolls it to its end, then the page; back down, the box
    /// first, then the page; the fling's momentum goes to whichever moved last.
    @Test func aDragInsideAListInAPageScrollsTheListThenThePage() throws {
        let run = ScrollingTests.Run(try SceneReader.read(Array(Self.page.utf8), file: "page.json"))
        func offset(_ id: String, _ t: Double) -> Double { run.session.scroll.positions(at: t).offset(of: Array(id.utf8)) }
        try run.pointer(.down, y: 600, at: 0.1)
        try run.pointer(.move, y: 580, at: 0.12)  // past the slop: the pan begins here
        try run.pointer(.move, y: 180, at: 0.5)  // 400 up: the list's 700 would take it all
        #expect(offset("comments", 0.5) == 400 && offset("page", 0.5) == 0)
        try run.pointer(.move, y: -20, at: 0.8)  // 200 more: still the list (it has 300 left)
        #expect(offset("comments", 0.8) == 600 && offset("page", 0.8) == 0)
        try run.pointer(.move, y: -320, at: 1.1)  // 300 more: 100 to the list's end, 200 to the page
        #expect(offset("comments", 1.1) == 700 && offset("page", 1.1) == 200)
        try run.pointer(.move, y: -220, at: 1.3)  // back down 100: the list first
        #expect(offset("comments", 1.3) == 600 && offset("page", 1.3) == 200)
        // A flick up: the list takes the move, so it coasts; the page stays.
        try run.pointer(.move, y: -270, at: 1.32)
        try run.pointer(.move, y: -320, at: 1.34)
        try run.pointer(.up, y: -320, at: 1.35)
        #expect(offset("page", 3) == 200)
        #expect(offset("comments", 3) == 700, "it coasted to its end and stopped there")
    }

    /// Pulled down at the top of both, the one touched rubber-bands and springs back.
    @Test func pastEveryEdgeTheOneTouchedBounces() throws {
        let run = ScrollingTests.Run(try SceneReader.read(Array(Self.page.utf8), file: "page.json"))
        func offset(_ id: String, _ t: Double) -> Double { run.session.scroll.positions(at: t).offset(of: Array(id.utf8)) }
        try run.pointer(.down, y: 520, at: 0.1)
        try run.pointer(.move, y: 540, at: 0.12)
        try run.pointer(.move, y: 640, at: 0.3)
        #expect(offset("page", 0.3) == 0)
        #expect(abs(offset("comments", 0.3) + ScrollMotion.band(100, 300)) < 1e-9)
        try run.pointer(.up, y: 640, at: 0.35)
        try run.tick(until: 2)
        #expect(offset("comments", 2) == 0)
    }

    /// A second finger panning another container (a carousel) meanwhile does not end the first
    /// finger's shared drag: past the list's end the page still takes over.
    @Test func aSecondFingerElsewhereKeepsTheSharedDrag() throws {
        let json = Self.page.replacingOccurrences(of: ##"{"type": "view", "id": "hero", "height": 500, "background": "#5856D6"}"##,
            with: ##"{"type": "list", "id": "shelf", "axis": "horizontal", "rowWidth": 150, "height": 500, "rowCount": 20, "row": {"type": "view", "id": "card"}}"##)
        #expect(json.contains("shelf"))
        let run = ScrollingTests.Run(try SceneReader.read(Array(json.utf8), file: "page.json"))
        func offset(_ id: String, _ t: Double) -> Double { run.session.scroll.positions(at: t).offset(of: Array(id.utf8)) }
        func finger(_ id: Int, _ phase: PointerPhase, x: Double, y: Double, at t: Double) throws {
            try run.apply(.input(.pointer(PointerEvent(phase: phase, x: x, y: y, pointer: id, kind: .touch))), at: t)
        }
        try finger(1, .down, x: 200, y: 600, at: 0.1)
        try finger(1, .move, x: 200, y: 580, at: 0.12)  // the shared pan begins
        try finger(2, .down, x: 300, y: 200, at: 0.13)
        try finger(2, .move, x: 280, y: 200, at: 0.14)  // a carousel pan begins
        try finger(2, .move, x: 200, y: 200, at: 0.15)
        #expect(offset("shelf", 0.15) == 80)
        try finger(1, .move, x: 200, y: -320, at: 0.5)  // 900 up: the list's 700, then 200 of the page
        #expect(offset("comments", 0.5) == 700 && offset("page", 0.5) == 200)
    }
}
