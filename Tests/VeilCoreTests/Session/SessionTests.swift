import Testing
@testable import VeilCore

@Suite struct SessionTests {
    @Test func firstTickSendsThenIdleTicksSendNothing() {
        let s = Session(scene: scene(view("root", background: .white)))
        #expect(s.tick(at: 0) != nil)
        #expect(s.tick(at: 0.5) == nil)
        #expect(s.tick(at: 1) == nil)
    }

    /// A misspelt node id in a command gets a "did you mean", as a misspelt key does (issue 33).
    @Test func aMisspeltNodeIDIsAnsweredWithTheClosestOne() {
        let s = Session(scene: scene(view("root", children: [view("avatar"), view("banner")])))
        #expect(throws: SessionError(#"no node with id "avtar"; did you mean "avatar"?"#)) {
            try s.perform(.set(node: bytes("avtar"), changes: [.hidden(true)]))
        }
        #expect(throws: SessionError(#"no node with id "zzz""#)) { try s.perform(.spinner(node: bytes("zzz"), show: true)) }
    }

    @Test func aChangeProducesOneMessageAndARequestedKeyframeAnother() throws {
        let s = Session(scene: scene(view("root", children: [view("a", background: .black)])))
        _ = s.tick(at: 0)
        try s.perform(.set(node: bytes("a"), changes: [.background(.white)]))
        #expect(s.tick(at: 0.1) != nil)
        #expect(s.tick(at: 0.2) == nil)
        s.requestKeyframe()
        #expect(s.tick(at: 0.3) != nil)
    }

    @Test func eventsAloneProduceAMessageAndAreDrained() throws {
        let s = Session(scene: scene(view("root", children: [
            button("b", "B", frame: Rect(x: 0, y: 0, width: 100, height: 44))])))
        _ = s.tick(at: 0)
        try s.input(.pointer(PointerEvent(phase: .down, x: 10, y: 10)))
        _ = s.tick(at: 0.1) // pressed look changed the frame
        try s.input(.pointer(PointerEvent(phase: .up, x: 10, y: 10)))
        #expect(s.pendingEvents.count == 1)
        #expect(s.tick(at: 0.2) != nil)
        #expect(s.pendingEvents.isEmpty)
    }

    @Test func unknownNodeIsRejectedAndChangesNothing() {
        let s = Session(scene: scene(view("root", background: .black)))
        let before = s.frame(at: 0)
        #expect(throws: SessionError.self) { try s.perform(.set(node: bytes("nope"), changes: [.hidden(true)])) }
        #expect(s.frame(at: 0) == before)
    }

    @Test func resizeRelaysOutAndBadSizesAreRejected() throws {
        let s = Session(scene: scene(view("root", background: .black)))
        try s.input(.resize(width: 200, height: 100))
        let f = s.frame(at: 0)
        #expect(f.width == Fixed.from(200) && f.canvasItems[0].width == Fixed.from(200))
        for (w, h) in [(0.0, 10.0), (10, -1), (Double.nan, 10), (100_000, 10)] {
            #expect(throws: SessionError.self) { try s.input(.resize(width: w, height: h)) }
        }
        #expect(s.frame(at: 0) == f)
    }

    @Test func timelineRunsAtItsTimes() {
        var sc = scene(view("root", children: [view("a", background: .black)]))
        sc.timeline = [TimedAction(time: 1, action: .command(.set(node: bytes("a"), changes: [.hidden(true)])))]
        let s = Session(scene: sc)
        #expect(s.frame(at: 0.99).canvasItems.count == 1)
        #expect(s.frame(at: 1).canvasItems.isEmpty)
    }

    @Test func timeNeverRunsBackwards() {
        let s = Session(scene: scene(view("root")))
        _ = s.frame(at: 2)
        _ = s.frame(at: 1)
        #expect(s.time == 2)
    }
}

@Suite struct NodeLookupTests {
    @Test func listHeaderAndFooterCanBeChangedByCommands() throws {
        var style = ListStyle(row: view("cell"))
        style.header = label("heading", "Inbox")
        style.footer = label("more", "Load more")
        var list = Node(id: bytes("list"), kind: .list(style))
        list.frame = Rect(x: 0, y: 0, width: 300, height: 300)
        let s = Session(scene: scene(view("root", children: [list])))
        try s.perform(.set(node: bytes("heading"), changes: [.text(bytes("Inbox (3)"))]))
        try s.perform(.set(node: bytes("more"), changes: [.hidden(true)]))
        let texts = s.frame(at: 0).canvasItems.filter { $0.kind == .text }.map(\.text)
        #expect(texts == [bytes("Inbox (3)")])
    }
}

@Suite struct SectionLookupTests {
    @Test func sectionHeadersAndFootersCanBeChangedByCommands() throws {
        var style = ListStyle(row: view("cell"))
        var first = ListSection()
        first.header = label("s0", "First")
        first.rowCount = 1
        var second = ListSection()
        second.header = label("s1", "Second")
        second.footer = label("s1end", "End")
        second.rowCount = 1
        style.sections = [first, second]
        var list = Node(id: bytes("list"), kind: .list(style))
        list.frame = Rect(x: 0, y: 0, width: 300, height: 300)
        let s = Session(scene: scene(view("root", children: [list])))
        try s.perform(.set(node: bytes("s1"), changes: [.text(bytes("Second (2)"))]))
        try s.perform(.set(node: bytes("s1end"), changes: [.hidden(true)]))
        try s.perform(.status(node: bytes("s0"), status: Status(kind: .empty), transition: .none))
        let texts = s.frame(at: 0).canvasItems.filter { $0.kind == .text }.map { String(decoding: $0.text, as: UTF8.self) }
        #expect(texts.contains("Second (2)"))
        #expect(!texts.contains("End") && !texts.contains("Second"))
    }
}
