import Testing
@testable import VeilCore

@Suite struct InteractionTests {
    func session() -> Session {
        Session(scene: scene(view("root", children: [
            button("a", "A", action: "alpha", frame: Rect(x: 0, y: 0, width: 100, height: 44)),
            button("b", "B", frame: Rect(x: 0, y: 100, width: 100, height: 44)),
        ])))
    }

    @Test func tapInsideReportsTheButtonsAction() throws {
        let s = session()
        try s.input(.pointer(PointerEvent(phase: .down, x: 50, y: 20)))
        try s.input(.pointer(PointerEvent(phase: .up, x: 60, y: 30)))
        #expect(s.pendingEvents == [HostEvent(name: bytes("alpha"), node: bytes("a"))])
    }

    @Test func releaseOutsideOrCancelReportsNothing() throws {
        let s = session()
        try s.input(.pointer(PointerEvent(phase: .down, x: 50, y: 20)))
        try s.input(.pointer(PointerEvent(phase: .up, x: 300, y: 300)))
        try s.input(.pointer(PointerEvent(phase: .down, x: 50, y: 20)))
        try s.input(.pointer(PointerEvent(phase: .cancel, x: 50, y: 20)))
        try s.input(.pointer(PointerEvent(phase: .down, x: 50, y: 20)))
        try s.input(.pointer(PointerEvent(phase: .up, x: 50, y: 120))) // released on the other button
        #expect(s.pendingEvents.isEmpty)
    }

    @Test func pressedLookFollowsThePointer() throws {
        let s = session()
        let normal = s.frame(at: 0).canvasItems[0].opacity
        try s.input(.pointer(PointerEvent(phase: .down, x: 50, y: 20)))
        let pressed = s.frame(at: 0).canvasItems[0].opacity
        try s.input(.pointer(PointerEvent(phase: .move, x: 300, y: 20)))
        let outside = s.frame(at: 0).canvasItems[0].opacity
        #expect(pressed < normal)
        #expect(outside == normal)
    }

    @Test func keyboardTabsThroughButtonsAndActivates() throws {
        let s = session()
        try s.input(.key(KeyEvent(phase: .down, key: bytes("Tab"))))
        try s.input(.key(KeyEvent(phase: .down, key: bytes("Tab"))))
        try s.input(.key(KeyEvent(phase: .down, key: bytes("Enter"))))
        try s.input(.key(KeyEvent(phase: .down, key: bytes("Tab"), shift: true)))
        try s.input(.key(KeyEvent(phase: .down, key: bytes(" "))))
        #expect(s.pendingEvents == [HostEvent(name: bytes("tap"), node: bytes("b")),
                                   HostEvent(name: bytes("alpha"), node: bytes("a"))])
        let focusRing = s.frame(at: 0).canvasItems.filter { $0.stroke != 0 && $0.fill == 0 }
        #expect(focusRing.count == 1)
    }

    @Test func tabLeavesTheCanvasAfterTheLastButtonAndShiftTabBeforeTheFirst() throws {
        let s = session()
        func tab(_ shift: Bool = false) throws { try s.input(.key(KeyEvent(phase: .down, key: bytes("Tab"), shift: shift))) }
        try tab(); try tab(); try tab()
        #expect(s.pendingEvents == [HostEvent(name: bytes("focusExit"), node: bytes("next"))])
        #expect(s.frame(at: 0).canvasItems.filter { $0.stroke != 0 && $0.fill == 0 }.isEmpty, "no focus ring left")
        try tab(true)
        try tab(true); try tab(true)
        #expect(s.pendingEvents.last == HostEvent(name: bytes("focusExit"), node: bytes("previous")))
        #expect(s.pendingEvents.count == 2, "entering from after lands on the last button, then the first, then out")
    }

    @Test func hiddenButtonsAreNotHit() throws {
        let s = session()
        try s.perform(.set(node: bytes("a"), changes: [.hidden(true)]))
        try s.input(.pointer(PointerEvent(phase: .down, x: 50, y: 20)))
        try s.input(.pointer(PointerEvent(phase: .up, x: 50, y: 20)))
        #expect(s.pendingEvents.isEmpty)
    }
}

@Suite struct PointerBoundTests {
    @Test func pressesWithoutReleaseAreBoundedAndTheNewestStillWorks() throws {
        let s = Session(scene: scene(view("root", children: [
            button("a", "A", action: "alpha", frame: Rect(x: 0, y: 0, width: 100, height: 44))])))
        for id in 0..<1_000 {
            try s.input(.pointer(PointerEvent(phase: .down, x: 50, y: 20, pointer: id)))
        }
        try s.input(.pointer(PointerEvent(phase: .up, x: 50, y: 20, pointer: 0)))
        #expect(s.pendingEvents.isEmpty, "the oldest press was dropped")
        try s.input(.pointer(PointerEvent(phase: .up, x: 50, y: 20, pointer: 999)))
        #expect(s.pendingEvents == [HostEvent(name: bytes("alpha"), node: bytes("a"))])
    }
}
