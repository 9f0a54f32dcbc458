import Foundation
import Testing
@testable import VeilCore

/// Sheets: anchor geometry, the release rule, the spring's hand-over, the rubber band, and in a
/// session the drag, the two-way scroll hand-off, keys, pages and dismissal.
@Suite struct SheetTests {
    // MARK: Geometry

    static func style(_ anchors: [SheetAnchor]) -> SheetStyle {
        var s = SheetStyle()
        s.anchors = anchors
        return s
    }

    @Test func anchorsOfEveryKindWithinTheSafeArea() {
        let anchors: [SheetAnchor] = [.collapsed, SheetAnchor(.ratio(0.5), name: utf8("half")), .expanded,
                                      SheetAnchor(.fromTop(100), name: utf8("top100")),
                                      SheetAnchor(.fromBottom(200), name: utf8("bottom200")), .fit]
        let g = SheetGeometry(Self.style(anchors), canvasHeight: 844, safeArea: EdgeInsets(top: 47, left: 0, bottom: 34, right: 0),
                              fitHeight: 300)
        // Safe area 47...810 (763 tall): expanded 67, top100 147, half 428.5, fit 510, bottom200 610, collapsed 766.
        #expect(g.ys == [67, 147, 428.5, 510, 610, 766])
        #expect(g.indices == [2, 3, 1, 5, 4, 0])
        #expect(g.position(ofAnchor: 0) == 5)
        #expect(g.top == 67 && g.bottom == 766)
    }

    /// A wrong anchor (a misspelt name, a bare number, an object without a place) is answered
    /// with every form an anchor takes, the ratio one included (issue 33).
    @Test func aWrongAnchorIsAnsweredWithEveryForm() {
        for wrong in [#""half""#, "0.5", #"{"name": "x"}"#] {
            let json = #"{"root": {"type": "view", "children": [{"type": "sheet", "id": "s", "anchors": [\#(wrong)], "children": [{"type": "view"}]}]}}"#
            do {
                _ = try SceneReader.read(Array(json.utf8), file: "s.json")
                Issue.record("\(wrong) was read")
            } catch {
                for form in [#""expanded""#, #""collapsed""#, #""fit""#, #"{"ratio": 0...1}"#, #"{"fromTop": points}"#, #"{"fromBottom": points}"#] {
                    #expect(error.message.contains(form), "\(wrong): \(error.message)")
                }
            }
        }
    }

    @Test func anchorsStayInsideTheSafeArea() {
        let g = SheetGeometry(Self.style([SheetAnchor(.fromTop(5_000), name: []), .fit]), canvasHeight: 600, fitHeight: 10_000)
        #expect(g.ys == [0, 600])
    }

    @Test func oneAnchorWorks() {
        let g = SheetGeometry(Self.style([SheetAnchor(.ratio(0.25), name: [])]), canvasHeight: 800, fitHeight: 0)
        #expect(g.ys == [200])
        #expect(g.release(from: 260, velocity: 900, start: 0, nextOnly: false) == 0)
        #expect(g.dim(at: 200) == 1 && g.dim(at: 800) == 0)
    }

    @Test func dimFollowsTheTwoTopAnchors() {
        let g = SheetGeometry(Self.style([.expanded, SheetAnchor(.ratio(0.5), name: []), .collapsed]), canvasHeight: 840, fitHeight: 0)
        #expect(g.dim(at: g.ys[0]) == 1)
        #expect(g.dim(at: g.ys[1]) == 0)
        #expect(g.dim(at: (g.ys[0] + g.ys[1]) / 2) == 0.5)
        #expect(g.dim(at: g.ys[2]) == 0)
    }

    // MARK: The release rule

    /// Anchors at 20, 400 and 796 (an 840 canvas).
    static let three = SheetGeometry(style([.expanded, SheetAnchor(.ratio(0.5), name: []), .collapsed]), canvasHeight: 840, fitHeight: 0)

    struct Release: CustomTestStringConvertible, Sendable {
        var y: Double, velocity: Double, start: Int, nextOnly = false, expected: Int
        var testDescription: String { "from \(y) at \(velocity) pt/s (start \(start)\(nextOnly ? ", next only" : "")) → \(expected)" }
    }

    @Test(arguments: [
        // At rest: the nearest anchor.
        Release(y: 380, velocity: 0, start: 1, expected: 1),
        Release(y: 200, velocity: 0, start: 1, expected: 0),
        Release(y: 620, velocity: 0, start: 1, expected: 2),
        // A small drag that would travel under 20 pt returns where it began.
        Release(y: 390, velocity: -50, start: 1, expected: 1),
        // Projection: 99 pt per pt/ms. A flick up from 380 at 3 pt/ms lands near 83: expanded.
        Release(y: 380, velocity: -3000, start: 1, expected: 0),
        // A hard flick from the bottom skips the middle anchor.
        Release(y: 780, velocity: -8000, start: 2, expected: 0),
        // Flicked down but projected nearest above: never against the flick.
        Release(y: 300, velocity: 400, start: 0, expected: 1),
        Release(y: 500, velocity: -400, start: 2, expected: 1),
        // Tiny velocities are no flick: the nearest, whichever side.
        Release(y: 190, velocity: 20, start: 1, expected: 0),
        // Next only: one anchor on, never two.
        Release(y: 780, velocity: -8000, start: 2, nextOnly: true, expected: 1),
        Release(y: 30, velocity: 8000, start: 0, nextOnly: true, expected: 1),
    ])
    func releaseRule(_ r: Release) {
        #expect(Self.three.release(from: r.y, velocity: r.velocity, start: r.start, nextOnly: r.nextOnly) == r.expected)
    }

    // MARK: Motion

    @Test func theSpringStartsAtTheReleaseVelocity() {
        var m = SheetMotion(at: 400)
        m.upper = 20; m.lower = 796; m.dimension = 840
        m.beginDrag(at: 1)
        m.drag(by: -100)
        m.release(to: 20, velocity: -2500, at: 1.2)
        let dt = 1e-6
        let measured = (m.y(at: 1.2 + dt) - m.y(at: 1.2)) / dt
        #expect(abs(m.y(at: 1.2) - 300) < 1e-9)
        #expect(abs(measured - -2500) < 1)
        #expect(m.y(at: 1.2 + 0.01) < 300)
    }

    @Test func aTouchCatchesItWhereItIsDrawn() {
        var m = SheetMotion(at: 796)
        m.upper = 20; m.lower = 796; m.dimension = 840
        m.move(to: 20, animated: true, at: 0)
        let drawn = m.drawnY(at: 0.15)
        #expect(abs(drawn - m.y(at: 0.15)) < 1, "drawn on the spring's points, within a point of it")
        m.beginDrag(at: 0.15)
        #expect(abs(m.y(at: 0.15) - drawn) < 1e-9)
        #expect(abs(m.y(at: 0.5) - drawn) < 1e-9)  // held, not moving on
    }

    @Test func pastTheExtremeAnchorsItRubberBands() {
        var m = SheetMotion(at: 20)
        m.upper = 20; m.lower = 796; m.dimension = 840
        m.beginDrag(at: 0)
        m.drag(by: -200)
        let expected = 20 - (1 - 1 / (200 * 0.55 / 840 + 1)) * 840
        #expect(abs(m.y(at: 0) - expected) < 1e-9)
        m.drag(by: 200)  // back to where it began: 1:1 inside
        #expect(abs(m.y(at: 0) - 20) < 1e-9)
        m.bounces = false
        m.drag(by: -200)
        #expect(m.y(at: 0) == 20)
    }

    @Test func aDragThatBeginsInTheBandDoesNotJump() {
        var m = SheetMotion(at: 20)
        m.upper = 20; m.lower = 796; m.dimension = 840
        m.beginDrag(at: 0)
        m.drag(by: -150)
        let drawn = m.y(at: 0)
        m.release(to: 20, velocity: 0, at: 0)
        m.beginDrag(at: 0)
        #expect(abs(m.y(at: 0) - drawn) < 1e-6)
    }

    // MARK: In a session

    static func maps() throws -> Scene {
        var scene = try SceneReader.read(Array(try Data(contentsOf: ExamplesTests.examples.appendingPathComponent("maps.json"))),
                                         file: "maps.json")
        scene.timeline = []
        return scene
    }

    static let sheet = utf8("sheet")
    static let places = utf8("places")

    static func pointer(_ s: Session, _ phase: PointerPhase, _ x: Double, _ y: Double, at t: Double) {
        try! s.apply(.input(.pointer(PointerEvent(phase: phase, x: x, y: y, kind: .touch))), at: t)
    }

    /// A drag from (x, y0) to (x, y1) in `steps` moves over `seconds`, starting at `t`; returns the end time.
    @discardableResult
    static func drag(_ s: Session, x: Double = 195, from y0: Double, to y1: Double, steps: Int = 10,
                     seconds: Double = 0.2, at t: Double, release: Bool = true) -> Double {
        pointer(s, .down, x, y0, at: t)
        for k in 1 ... steps {
            pointer(s, .move, x, y0 + (y1 - y0) * Double(k) / Double(steps), at: t + seconds * Double(k) / Double(steps))
        }
        if release { pointer(s, .up, x, y1, at: t + seconds) }
        return t + seconds
    }

    static func contentOffset(_ s: Session, at t: Double) -> Double { s.scroll.positions(at: t).offset(of: places) }

    @Test func aSlowDragFollowsThePointerOneToOne() throws {
        let s = Session(scene: try Self.maps())
        _ = s.tick(at: 0)
        let start = s.sheets.top(of: Self.sheet, at: 0)!
        Self.drag(s, from: 600, to: 500, seconds: 1, at: 0.1, release: false)
        // The pan begins where the pointer crossed the slop (10 pt, at the second move: 580), so it
        // starts without a jump; from there the sheet moves as far as the pointer: 80.
        #expect(abs(s.sheets.top(of: Self.sheet, at: 1.1)! - (start - 80)) < 1e-9)
        #expect(Self.contentOffset(s, at: 1.1) == 0)
    }

    @Test func draggingUpHandsOverToTheListAtTheTopAnchorInOneGesture() throws {
        let s = Session(scene: try Self.maps())
        _ = s.tick(at: 0)
        let top = s.sheets.top(of: Self.sheet, at: 0)!  // half: 428.5
        Self.drag(s, from: 700, to: 100, steps: 30, seconds: 3, at: 0.1, release: false)
        let expandedTop = 67.0
        #expect(abs(s.sheets.top(of: Self.sheet, at: 3.1)! - expandedTop) < 1e-9)
        // 600 pt of pointer travel, less the slop (the pan begins at 680), less what the sheet took:
        // the list scrolled by the rest, rubber-banding past its end.
        let scrolled = 580 - (top - expandedTop)
        // Its end: content, plus the bottom inset (it reaches 34 pt into the home indicator's
        // safe area), less the viewport.
        let end = 768.0 + 34 - 661
        #expect(abs(Self.contentOffset(s, at: 3.1) - (end + ScrollMotion.band(scrolled - end, 661))) < 1e-6)
        // And back down in the same gesture: the list returns to its start first, then the sheet follows.
        for k in 1 ... 30 { Self.pointer(s, .move, 195, 100 + Double(k) * 10, at: 3.1 + Double(k) * 0.1) }
        #expect(Self.contentOffset(s, at: 6.1) == 0)
        #expect(s.sheets.top(of: Self.sheet, at: 6.1)! > expandedTop + 50)
    }

    @Test func aFlickUpAtTheTopAnchorGivesTheListMomentum() throws {
        let s = Session(scene: try Self.maps())
        _ = s.tick(at: 0)
        try s.perform(.sheet(node: Self.sheet, .expand))
        _ = s.tick(at: 2)
        let t = Self.drag(s, from: 700, to: 660, steps: 4, seconds: 0.04, at: 2)
        let released = Self.contentOffset(s, at: t)
        #expect(released > 0)
        #expect(Self.contentOffset(s, at: t + 0.3) > released + 50)  // coasting
        #expect(s.sheets.top(of: Self.sheet, at: t + 0.3) == 67)
        #expect(s.sheets.anchorName(of: Self.sheet) == utf8("expanded"))
    }

    @Test func aFlickDownFromTheHalfAnchorCollapses() throws {
        let s = Session(scene: try Self.maps())
        _ = s.tick(at: 0)
        let t = Self.drag(s, from: 450, to: 520, steps: 5, seconds: 0.05, at: 0.1)
        #expect(s.sheets.anchorName(of: Self.sheet) == utf8("peek"))
        _ = s.tick(at: t + 3)
        #expect(abs(s.sheets.top(of: Self.sheet, at: t + 3)! - (844 - 34 - 96)) < 0.05)
    }

    @Test func theWheelMovesTheSheetThenTheListAndSnaps() throws {
        let s = Session(scene: try Self.maps())
        _ = s.tick(at: 0)
        try s.apply(.input(.wheel(WheelEvent(x: 200, y: 600, dy: 500))), at: 0.1)
        // The sheet rises 361.5 to its top anchor; the list takes the rest (138.5), short of its
        // end (141: its content, its 34 pt bottom inset over the home indicator, less its viewport).
        #expect(s.sheets.top(of: Self.sheet, at: 0.1) == 67)
        #expect(Self.contentOffset(s, at: 0.1) == 500 - 361.5)
        try s.apply(.input(.wheel(WheelEvent(x: 200, y: 600, dy: -200))), at: 0.2)
        // Back: the list to its start (138.5), then the sheet down by the other 61.5.
        #expect(Self.contentOffset(s, at: 0.2) == 0)
        #expect(abs(s.sheets.top(of: Self.sheet, at: 0.2)! - (67 + 61.5)) < 1e-9)
        _ = s.tick(at: 2)
        #expect(s.sheets.anchorName(of: Self.sheet) == utf8("expanded"))
        #expect(s.sheets.top(of: Self.sheet, at: 2) == 67)
    }

    @Test func keysOnTheGrabberCycleAndStepAndEscapeCollapses() throws {
        let s = Session(scene: try Self.maps())
        _ = s.tick(at: 0)
        func key(_ k: String, at t: Double) { try! s.apply(.input(.key(KeyEvent(phase: .down, key: Array(k.utf8)))), at: t) }
        // Tab: Home, Work, Coffee, then the grabber.
        for i in 0 ..< 4 { key("Tab", at: 0.1 + Double(i) * 0.01) }
        key("Enter", at: 0.2)
        #expect(s.sheets.anchorName(of: Self.sheet) == utf8("expanded"))
        key("Enter", at: 0.3)
        #expect(s.sheets.anchorName(of: Self.sheet) == utf8("peek"))  // from the top back to the bottom
        key("ArrowUp", at: 0.4)
        #expect(s.sheets.anchorName(of: Self.sheet) == utf8("half"))
        key("Home", at: 0.5)
        #expect(s.sheets.anchorName(of: Self.sheet) == utf8("expanded"))
        key("Escape", at: 0.6)
        #expect(s.sheets.anchorName(of: Self.sheet) == utf8("peek"))
    }

    @Test func focusStaysInAnExpandedSheetAndReturnsWhenItCollapses() throws {
        let s = Session(scene: try Self.options(""))
        _ = s.tick(at: 0)
        func key(_ k: String, shift: Bool = false, at t: Double) {
            try! s.apply(.input(.key(KeyEvent(phase: .down, key: Array(k.utf8), shift: shift))), at: t)
        }
        key("Tab", at: 0.1)
        #expect(s.focused == utf8("behind"))
        try s.apply(.command(.sheet(node: Self.sheet, .expand)), at: 0.2)
        _ = s.tick(at: 0.3)
        #expect(s.focused == nil)  // moved into the sheet: the next Tab takes its first button
        key("Tab", at: 0.4)
        #expect(s.focused == utf8("inside"))
        key("Tab", at: 0.5)
        #expect(s.focused == utf8("sheet/grabber"))
        key("Tab", at: 0.6)
        #expect(s.focused == utf8("inside"))  // around, never out to the content behind
        key("Tab", shift: true, at: 0.7)
        #expect(s.focused == utf8("sheet/grabber"))
        key("Escape", at: 0.8)
        _ = s.tick(at: 0.9)
        #expect(s.sheets.anchorName(of: Self.sheet) == utf8("collapsed"))
        #expect(s.focused == utf8("behind"))  // back where it was
    }

    @Test func tappingTheDimCollapsesAndTheHeaderExpands() throws {
        let s = Session(scene: try Self.maps())
        _ = s.tick(at: 0)
        try s.perform(.sheet(node: Self.sheet, .expand))
        _ = s.tick(at: 2)
        Self.pointer(s, .down, 200, 30, at: 2.1)
        Self.pointer(s, .up, 200, 30, at: 2.15)
        #expect(s.sheets.anchorName(of: Self.sheet) == utf8("peek"))
        _ = s.tick(at: 4)
        Self.pointer(s, .down, 100, 844 - 34 - 96 + 20, at: 4.1)
        Self.pointer(s, .up, 100, 844 - 34 - 96 + 20, at: 4.15)
        #expect(s.sheets.anchorName(of: Self.sheet) == utf8("expanded"))
    }

    @Test func whileHalfOpenTheMapBehindTakesInput() throws {
        // The dim is zero at the second anchor: a tap on the map reaches the map, not the sheet.
        let s = Session(scene: try Self.maps())
        _ = s.tick(at: 0)
        Self.pointer(s, .down, 200, 100, at: 0.1)
        Self.pointer(s, .up, 200, 100, at: 0.15)
        #expect(s.sheets.anchorName(of: Self.sheet) == utf8("half"))
    }

    @Test func cornersSquareOffAsItReachesTheTop() throws {
        let s = Session(scene: try Self.options(", \"animatesCorners\": true, \"initialAnchor\": 1"))
        func radius(at t: Double) -> Int32? {
            var found: Int32? = nil
            func walk(_ items: [Item]) { for i in items { if s.itemKey(i.id) == utf8("sheet#bg") { found = i.cornerRadius }; walk(i.children) } }
            _ = s.tick(at: t)
            walk(s.frame(at: t).played(at: t).items)
            return found
        }
        #expect(radius(at: 0) == Fixed.from(10))
        try s.apply(.command(.sheet(node: Self.sheet, .expand)), at: 0.1)
        let midway = radius(at: 0.2)!
        #expect(midway > 0 && midway < Fixed.from(10))
        #expect(radius(at: 2) == 0)
    }

    @Test func aSheetPresentedOverASheetTakesTheInputAndEscapeFirst() throws {
        let scene = try SceneReader.read(Array("""
        {"canvas": {"width": 400, "height": 800}, "root": {"type": "view", "id": "root", "children": [
          {"type": "sheet", "id": "first", "anchors": ["expanded", "collapsed"], "initialAnchor": 0,
           "children": [{"type": "view", "id": "a"}]},
          {"type": "sheet", "id": "second", "hidden": true, "anchors": [{"fromTop": 100, "name": "high"}, {"ratio": 0.6, "name": "low"}],
           "children": [{"type": "view", "id": "b"}]}]}}
        """.utf8), file: "two.json")
        let s = Session(scene: scene)
        let first = utf8("first"), second = utf8("second")
        _ = s.tick(at: 0)
        try s.apply(.command(.set(node: second, changes: [.hidden(false)])), at: 0.5)
        _ = s.tick(at: 0.5)  // presented from the next frame on
        _ = s.tick(at: 2)
        #expect(s.sheets.anchorName(of: second) == utf8("low"))  // its own anchors
        // A drag where both lie goes to the one on top.
        Self.drag(s, x: 200, from: 600, to: 300, steps: 10, seconds: 0.5, at: 2.1)
        _ = s.tick(at: 4)
        #expect(s.sheets.anchorName(of: second) == utf8("high"))
        #expect(s.sheets.anchorName(of: first) == utf8("expanded"))
        try s.apply(.input(.key(KeyEvent(phase: .down, key: utf8("Escape")))), at: 4.1)
        #expect(s.sheets.anchorName(of: second) == utf8("low"))
        #expect(s.sheets.anchorName(of: first) == utf8("expanded"))
    }

    @Test func aSheetAnywhereButUnderTheRootIsAnError() {
        let nested = #"""
        {"root": {"type": "view", "id": "root", "children": [{"type": "view", "id": "v", "children": [
          {"type": "sheet", "id": "s", "children": [{"type": "view", "id": "p"}]}]}]}}
        """#
        #expect(throws: SceneError.self) { try SceneReader.read(Array(nested.utf8), file: "n.json") }
        do {
            _ = try SceneReader.read(Array(nested.utf8), file: "n.json")
        } catch {
            #expect(error.description.contains("n.json:2:3: a sheet must be a child of the scene's root"), "\(error.description)")
        }
        let inRow = #"""
        {"root": {"type": "list", "id": "l", "row": {"type": "sheet", "id": "s", "children": [{"type": "view", "id": "p"}]}}}
        """#
        #expect(throws: SceneError.self) { try SceneReader.read(Array(inRow.utf8), file: "r.json") }
    }

    @Test func aResizeKeepsTheAnchor() throws {
        let s = Session(scene: try Self.maps())
        _ = s.tick(at: 0)
        #expect(s.sheets.anchorName(of: Self.sheet) == utf8("half"))
        try s.apply(.input(.resize(width: 700, height: 600)), at: 0.5)
        _ = s.tick(at: 0.5)
        // Half of the safe area 47 … 566.
        #expect(s.sheets.top(of: Self.sheet, at: 0.5) == 47 + 0.5 * (600 - 47 - 34))
        #expect(s.layout().box(of: Self.sheet)?.frame.width == 700)
    }

    @Test func pagesPushAndPopWithASlide() throws {
        let s = Session(scene: try Self.maps())
        _ = s.tick(at: 0)
        try s.apply(.command(.sheet(node: Self.sheet, .push(utf8("detail")))), at: 1)
        let mid = s.frame(at: 1.25)
        let done = s.frame(at: 2)
        func pageY(_ f: Frame) -> Int32? {
            var found: Int32? = nil
            func walk(_ items: [Item]) { for i in items { if s.itemKey(i.id) == utf8("detail#layer") { found = i.y }; walk(i.children) } }
            walk(f.items)
            return found
        }
        #expect(pageY(mid).map { $0 > 0 } == true)
        #expect(pageY(done) == 0)
        #expect(throws: SessionError.self) { try s.perform(.sheet(node: Self.sheet, .push(utf8("detail")))) }
        try s.apply(.command(.sheet(node: Self.sheet, .pop)), at: 3)
        _ = s.frame(at: 4)
        #expect(pageY(s.frame(at: 4)) == nil)
        try s.perform(.sheet(node: Self.sheet, .pop))  // the first page stays: nothing to do
    }

    /// A page's slide is told once: the message that pushes declares the page's y along the
    /// slide's points, the next one (at its end) holds it at 0; played between, it is on its way.
    @Test func aPagesSlideIsDeclaredOnce() throws {
        let s = Session(scene: try Self.maps())
        var mirror = FrameMirror()
        _ = try mirror.apply(try #require(s.tick(at: 0)))
        try s.apply(.command(.sheet(node: Self.sheet, .push(utf8("detail")))), at: 1)
        var messages = 0
        var declared: [ItemMotion] = []
        for k in 60 ... 120 {
            guard let m = s.tick(at: Double(k) / 60) else { continue }
            messages += 1
            _ = try mirror.apply(m)
            if case let .delta(_, patch) = try WireDecoder.decode(m).body, let motions = patch.itemMotions, declared.isEmpty {
                declared = motions.filter { s.itemKey($0.id) == utf8("detail#layer") }
            }
        }
        #expect(declared.count == 1 && declared.first?.field == .y, "the page's y, declared")
        #expect(messages <= 4, "the push, the sheet's own spring, their ends: \(messages) messages")
        let height = try #require(s.layout().box(of: Self.sheet)?.frame.height)
        let played = try #require(declared.first).value(from: 0, at: 1.25)
        #expect(played > 0 && Double(played) < Fixed.scale * height, "on its way at 1.25 s: \(played)")
    }

    @Test func setPagesReplacesTheStackAndSetAnchorsMovesToTheNewOnes() throws {
        let s = Session(scene: try Self.maps())
        _ = s.tick(at: 0)
        try s.apply(.command(.sheet(node: Self.sheet, .setPages([utf8("results"), utf8("detail")]))), at: 0.1)
        let detail = s.layout().box(of: utf8("detail"))
        #expect(detail?.node.hidden == false)
        #expect(throws: SessionError.self) { try s.perform(.sheet(node: Self.sheet, .setPages([utf8("nowhere")]))) }
        #expect(throws: SessionError.self) { try s.perform(.sheet(node: Self.sheet, .setPages([utf8("detail"), utf8("detail")]))) }
        // One anchor, 300 from the top, at once.
        try s.apply(.command(.sheet(node: Self.sheet, .setAnchors([SheetAnchor(.fromTop(300), name: utf8("only"))], snapTo: 0, animated: false))), at: 0.2)
        _ = s.tick(at: 0.2)
        #expect(s.sheets.top(of: Self.sheet, at: 0.2) == 347)
        #expect(s.sheets.anchorName(of: Self.sheet) == utf8("only"))
        // Back to three, animated to the first.
        let three = [SheetAnchor.expanded, SheetAnchor(.ratio(0.5), name: utf8("half")), SheetAnchor(.fromBottom(96), name: utf8("peek"))]
        try s.apply(.command(.sheet(node: Self.sheet, .setAnchors(three, snapTo: 2, animated: true))), at: 0.3)
        _ = s.tick(at: 0.3)
        let midway = s.sheets.top(of: Self.sheet, at: 0.4)!
        #expect(midway > 347 && midway < 714)
        _ = s.tick(at: 3)
        #expect(abs(s.sheets.top(of: Self.sheet, at: 3)! - 714) < 0.05)
    }

    static func dismissible(confirms: Bool) throws -> Scene {
        try SceneReader.read(Array("""
        {"canvas": {"width": 400, "height": 800}, "root": {"type": "view", "id": "root", "children": [
          {"type": "sheet", "id": "sheet", "anchors": [{"ratio": 0.5}], "dismissible": true, "confirmsDismiss": \(confirms),
           "children": [{"type": "view", "id": "page"}]}]}}
        """.utf8), file: "dismiss.json")
    }

    @Test func draggedDownADismissibleSheetCloses() throws {
        let s = Session(scene: try Self.dismissible(confirms: false))
        _ = s.tick(at: 0)
        let t = Self.drag(s, x: 200, from: 450, to: 700, steps: 5, seconds: 0.1, at: 0.1)
        let message = s.tick(at: t + 3).flatMap { try? WireDecoder.decode($0) }
        #expect(message?.events.contains { $0.name == utf8("closed") } == true)
        #expect(s.layout().box(of: Self.sheet) == nil)  // closed: gone from the tree
    }

    @Test func aSheetThatAsksFirstSpringsBackAndWaitsForTheHost() throws {
        let s = Session(scene: try Self.dismissible(confirms: true))
        _ = s.tick(at: 0)
        let t = Self.drag(s, x: 200, from: 450, to: 700, steps: 5, seconds: 0.1, at: 0.1)
        let message = s.tick(at: t + 0.01).flatMap { try? WireDecoder.decode($0) }
        #expect(message?.events.contains { $0.name == utf8("dismissRequested") } == true)
        _ = s.tick(at: t + 3)
        #expect(s.sheets.top(of: Self.sheet, at: t + 3) == 400)  // back at its anchor
        try s.apply(.command(.sheet(node: Self.sheet, .dismiss(true))), at: t + 3.1)
        _ = s.tick(at: t + 6)
        #expect(s.layout().box(of: Self.sheet) == nil)
    }

    static func options(_ extra: String, hidden: Bool = false) throws -> Scene {
        try SceneReader.read(Array("""
        {"canvas": {"width": 400, "height": 800}, "root": {"type": "view", "id": "root", "children": [
          {"type": "button", "id": "behind", "title": "Behind", "frame": {"x": 0, "y": 0, "width": 400, "height": 800}},
          {"type": "sheet", "id": "sheet", "hidden": \(hidden), "anchors": ["expanded", {"ratio": 0.5}, "collapsed"] \(extra),
           "children": [{"type": "stack", "id": "page", "children": [{"type": "button", "id": "inside", "title": "Inside", "height": 44}]},
                        {"type": "view", "id": "second"}]}]}}
        """.utf8), file: "options.json")
    }

    @Test func aSheetShownLaterSlidesUpFromBelow() throws {
        let s = Session(scene: try Self.options("", hidden: true))
        _ = s.tick(at: 0)
        #expect(s.sheets.top(of: Self.sheet, at: 0) == nil)
        try s.apply(.command(.set(node: Self.sheet, changes: [.hidden(false)])), at: 1)
        _ = s.tick(at: 1)
        #expect(s.sheets.top(of: Self.sheet, at: 1) == 800)
        let midway = s.sheets.top(of: Self.sheet, at: 1.15)!
        #expect(midway < 800 && midway > 700)
        _ = s.tick(at: 3)
        #expect(s.sheets.top(of: Self.sheet, at: 3) == 756)
        try s.apply(.command(.set(node: Self.sheet, changes: [.hidden(true)])), at: 3.1)
        _ = s.tick(at: 3.1)
        #expect(s.sheets.top(of: Self.sheet, at: 3.1) == nil)
    }

    @Test func theCloseButtonPopsAPushedPage() throws {
        let s = Session(scene: try Self.options(", \"closeButton\": true, \"initialAnchor\": 0"))
        _ = s.tick(at: 0)
        #expect(s.layout().box(of: utf8("sheet/close")) == nil)
        try s.apply(.command(.sheet(node: Self.sheet, .push(utf8("second")))), at: 0.1)
        _ = s.tick(at: 1)
        #expect(s.layout().box(of: utf8("sheet/close")) != nil)
        // 30×30 at 10 from the top right of the sheet, whose top is at 20.
        try s.apply(.input(.pointer(PointerEvent(phase: .down, x: 385, y: 45))), at: 1.1)
        try s.apply(.input(.pointer(PointerEvent(phase: .up, x: 385, y: 45))), at: 1.15)
        _ = s.tick(at: 2)
        let page = s.layout().box(of: utf8("second"))
        #expect(page == nil || page!.node.hidden)
    }

    @Test func collapsedItCanKeepTouchesFromItsContent() throws {
        let s = Session(scene: try Self.options(", \"cancelsTouchesInCollapsedState\": true"))
        _ = s.tick(at: 0)
        // The button inside a collapsed sheet does not take the tap: the sheet expands.
        try s.apply(.input(.pointer(PointerEvent(phase: .down, x: 200, y: 800 - 44 + 20))), at: 0.1)
        try s.apply(.input(.pointer(PointerEvent(phase: .up, x: 200, y: 800 - 44 + 20))), at: 0.15)
        #expect(s.sheets.anchorName(of: Self.sheet) == utf8("expanded"))
        _ = s.tick(at: 2)
        // Expanded, it does.
        try s.apply(.input(.pointer(PointerEvent(phase: .down, x: 200, y: 20 + 20))), at: 2.1)
        try s.apply(.input(.pointer(PointerEvent(phase: .up, x: 200, y: 20 + 20))), at: 2.15)
        let message = s.tick(at: 2.2).flatMap { try? WireDecoder.decode($0) }
        #expect(message?.events.contains { $0.node == utf8("inside") } == true)
    }

    /// A drag costs a few bytes a move; the spring after the release is told once, as points
    /// (a message when it starts, one when it comes to rest, nothing between), and drawn on them.
    @Test func draggingAndSettlingCostAFewBytesAndNothingOnceSettled() throws {
        let s = Session(scene: try Self.maps())
        _ = s.tick(at: 0)
        var sizes: [Int] = []
        /// Frame bytes: a message carrying a host event (the anchor change) is larger by the event.
        func record(_ m: [UInt8]) { if (try? WireDecoder.decode(m))?.events.isEmpty == true { sizes.append(m.count) } }
        Self.pointer(s, .down, 195, 700, at: 0.1)
        for k in 1 ... 20 {
            let t = 0.1 + Double(k) / 60
            Self.pointer(s, .move, 195, 700 - Double(k) * 4, at: t)
            if let m = s.tick(at: t) { record(m) }
        }
        #expect(sizes.count >= 15 && sizes.allSatisfy { $0 <= 16 }, "a move, a small message: \(sizes)")
        Self.pointer(s, .up, 195, 620, at: 0.1 + 21.0 / 60)
        var t = 0.1 + 21.0 / 60
        var settling: [(t: Double, message: Message)] = []
        while t < 3 {
            t += 1.0 / 60
            if let m = s.tick(at: t), let decoded = try? WireDecoder.decode(m) { settling.append((t, decoded)) }
        }
        #expect(settling.count == 2, "the spring declared, then its rest: \(settling.map(\.t))")
        var declared: [ItemMotion] = []
        if case let .delta(_, patch)? = settling.first?.message.body { declared = patch.itemMotions ?? [] }
        #expect(declared.contains { if case .points = $0.path { return $0.field == .y } else { return false } },
                "the sheet layer's y moves along points")
        // What a host plays between those two messages is where the session draws the sheet.
        if let restAt = settling.last?.t {
            let sheetTop = { (t: Double) in s.sheets.top(of: Self.sheet, at: t)! }
            #expect(abs(sheetTop(restAt) - sheetTop(restAt + 1)) < 1e-9, "at rest")
        }
    }
}
