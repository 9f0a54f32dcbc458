import Testing
@testable import VeilCore

/// A list that fetches its rows, driven as a host drives it: `rows` events read from the tick's
/// bytes, answered with the `rows` command's `fill`.
@Suite struct FetchTests {
    static let rowHeight = 56.0, viewport = 844.0

    static func scene(rows: Int = 1_000_000, fetch: String = #"{"page": 40}"#, extra: String = "") throws -> Scene {
        let json = #"""
        {"canvas": {"width": 390, "height": 844}, "root": {"type": "list", "id": "contacts", "rowCount": \#(rows),
          "rowHeight": 56, "fetch": \#(fetch), \#(extra)
          "row": {"type": "stack", "id": "row", "axis": "horizontal", "spacing": 12, "padding": 8, "children": [
            {"type": "view", "id": "avatar", "width": 40, "height": 40, "cornerRadius": 20, "background": "#8E8E93"},
            {"type": "label", "id": "name", "text": "Contact {index}"}]}}}
        """#
        return try SceneReader.read(Array(json.utf8), file: "contacts.json")
    }

    static func row(_ i: Int) -> ListRow { ListRow([(node: utf8("name"), changes: [.text(Array("Person \(i)".utf8))])]) }

    /// A host that answers every `rows` event at once (or not), remembering what was asked.
    final class Host {
        let session: Session
        var t = 0.0
        var asked: [Range<Int>] = []
        var answers = true
        /// Answers a frame later instead of at once (a host whose fetch takes a frame).
        var late = false
        var due: [Range<Int>] = []
        init(_ scene: Scene) { session = Session(scene: scene) }

        func tick() throws {
            t += 1.0 / 60
            for range in due { try answer(range) }
            due = []
            guard let bytes = session.tick(at: t) else { return }
            for event in try WireDecoder.decode(bytes).events where event.name == utf8("rows") {
                #expect(event.node == utf8("contacts"))
                let range = try #require(event.range)
                asked.append(range)
                if answers && late { due.append(range) } else if answers { try answer(range) }
            }
        }

        func answer(_ range: Range<Int>) throws {
            try session.apply(.command(.rows(node: utf8("contacts"), .fill(at: range.lowerBound, range.map(FetchTests.row)))))
        }

        func scroll(to offset: Double) throws {
            try session.apply(.command(.scroll(node: utf8("contacts"), to: offset, animated: false)))
        }

        var offset: Double { session.positions(at: t).value(of: utf8("contacts"), .offset) }

        /// The rows on screen, and how many of them still wait for their data.
        func visible() -> (rows: Range<Int>, waiting: Int) {
            let list = session.layout()
            let first = Int(offset / FetchTests.rowHeight), last = Int(((offset + FetchTests.viewport) / FetchTests.rowHeight).rounded(.up))
            var waiting = 0
            for i in first ..< last {
                guard let box = list.box(of: Array("contacts/\(i)/row".utf8)) else { Issue.record("row \(i) not laid out"); continue }
                if box.node.skeletonMark != nil { waiting += 1 }
            }
            return (first ..< last, waiting)
        }

        var fetch: FetchComponent { session.components.compactMap { $0 as? FetchComponent }[0] }
    }

    @Test func aMillionRowsScrolledTopToBottomAskEachPageOnceAndShowTheirData() throws {
        let host = Host(try Self.scene())
        host.answers = false
        try host.tick()
        #expect(host.asked.first == 0 ..< 40, "the first message asks for the rows it shows")
        #expect(host.visible().waiting == 16, "before any answer every row on screen waits")
        for range in host.asked { try host.answer(range) }
        host.answers = true
        try host.tick()
        #expect(host.visible().waiting == 0)
        // 300 pt a frame (18,000 pt/s, a hard fling) down through the first 90,000 pt, then the
        // end, then back up: the rows on screen always have their data, asked for ahead.
        var offsets = (1 ... 300).map { Double($0) * 300 }
        let end = 1_000_000 * Self.rowHeight - Self.viewport
        offsets += [end] + (1 ... 100).map { end - Double($0) * 300 }
        for (k, offset) in offsets.enumerated() {
            try host.scroll(to: offset)
            try host.tick()
            let shown = host.visible()
            if k != 300 {  // the jump to the end waits one round trip
                #expect(shown.waiting == 0, "rows \(shown.rows) at \(offset) pt wait for data")
            }
            #expect(host.fetch.lists[0].rows.heldRows <= 400, "held rows follow the window")
            if k == 301 {
                let name = host.session.layout().box(of: Array("contacts/999990/name".utf8))
                #expect(name.map { if case let .label(s) = $0.node.kind { s.text } else { [] } } == Array("Person 999990".utf8))
            }
        }
        // Down and up never came back to a page: none was asked for twice.
        #expect(Set(host.asked).count == host.asked.count)
        #expect(host.asked.allSatisfy { $0.count == 40 && $0.lowerBound % 40 == 0 })
    }

    /// At 3,000 pt a frame (a scroll bar dragged) a window ahead is not enough: the list asks for
    /// the rows it will reach in 0.3 s at its speed, so a host answering a frame later keeps up.
    @Test func aFastListAsksAheadByItsSpeed() throws {
        let host = Host(try Self.scene())
        host.late = true
        try host.tick(); try host.tick()
        var waiting = 0
        for k in 1 ... 200 {
            try host.scroll(to: Double(k) * 3_000)
            try host.tick()
            if host.visible().waiting > 0 { waiting += 1 }
        }
        #expect(waiting <= 1, "\(waiting) of 200 frames showed a waiting row (the first may: no speed yet)")
        #expect(Set(host.asked).count == host.asked.count)
        #expect(host.fetch.lists[0].rows.heldRows <= 600)
    }

    /// Rows 1 pt high and pages of one row: a layout wants thousands of pages, a message carries
    /// at most 256 events; the rest are asked for by later layouts, none lost, none twice.
    @Test func moreRangesThanAMessageCarriesAreAskedOverSeveralMessages() throws {
        let scene = try SceneReader.read(Array(#"{"canvas": {"width": 100, "height": 800}, "root": {"type": "list", "id": "contacts", "rowCount": 5000, "rowHeight": 1, "fetch": {"page": 1}, "row": {"type": "label", "id": "name", "text": "x", "height": 1}}}"#.utf8), file: "tiny.json")
        let host = Host(scene)
        for _ in 0 ..< 20 { try host.tick() }
        #expect(Set(host.asked).count == host.asked.count)
        #expect(host.asked.count > 256, "asked over several messages (\(host.asked.count))")
        #expect((0 ..< 800).allSatisfy { host.asked.contains($0 ..< $0 + 1) }, "every row in view asked for")
    }

    @Test func unansweredPagesAreNotAskedAgainWhileTheyStayNear() throws {
        let host = Host(try Self.scene())
        host.answers = false
        for k in 0 ..< 120 {
            try host.scroll(to: Double(k % 20) * 100)  // back and forth over 2,000 pt
            try host.tick()
        }
        #expect(Set(host.asked).count == host.asked.count)
        #expect(host.visible().waiting == 16, "still waiting: shown as skeleton rows")
        // Far away and back: the pages were let go, so they are asked for again.
        let before = host.asked.count
        try host.scroll(to: 500_000); try host.tick(); try host.tick()
        try host.scroll(to: 0); try host.tick(); try host.tick()
        #expect(host.asked[before...].contains(0 ..< 40))
    }

    @Test func waitingRowsAreTheTemplateUnderASkeletonInTheListsStyle() throws {
        let host = Host(try Self.scene(fetch: #"{"page": 10, "skeleton": {"style": "pulse"}}"#))
        host.answers = false
        try host.tick()
        let row = try #require(host.session.layout().box(of: Array("contacts/3/row".utf8)))
        #expect(row.node.skeletonMark?.look?.kind == .pulse)
        let avatar = try #require(row.box(of: Array("contacts/3/avatar".utf8)))
        #expect(avatar.node.skeletonMark?.placeholder == true, "a template that marks nothing skeletonable is skeletonized whole")
        // Reduced motion: the pulse holds still.
        try host.session.apply(.command(.motion(reduced: true)))
        try host.tick()
        #expect(host.session.layout().box(of: Array("contacts/3/row".utf8))?.node.skeletonMark?.look?.kind == .solid)
    }

    @Test func badScenesAndCommandsAreRefusedWithAReason() throws {
        func sceneError(_ extra: String, fetch: String = "true") -> String {
            do { _ = try Self.scene(rows: 10, fetch: fetch, extra: extra); return "" } catch let error as SceneError { return error.description } catch { return "\(error)" }
        }
        #expect(sceneError(#""rows": [{"name": "Ada"}],"#).contains("a list that fetches its rows has neither \"rows\" nor \"sections\""))
        #expect(sceneError("", fetch: #"{"page": 0}"#).contains("contacts.json:2:"))
        #expect(sceneError("", fetch: #"{"pages": 10}"#).contains("did you mean \"page\""))

        let host = Host(try Self.scene(rows: 100))
        try host.tick()
        #expect(throws: SessionError("rows: the list fetches its rows: \"fill\" answers its \"rows\" events")) {
            try host.session.apply(.command(.rows(node: utf8("contacts"), .append([Self.row(0)]))))
        }
        #expect(throws: SessionError("rows: fill at 95 of 10 rows goes past the 100 rows")) {
            try host.session.apply(.command(.rows(node: utf8("contacts"), .fill(at: 95, (95 ..< 105).map(Self.row)))))
        }
        #expect(throws: SessionError("rows: a row names a node the list's row template does not have")) {
            try host.session.apply(.command(.rows(node: utf8("contacts"), .fill(at: 0, [ListRow([(node: utf8("nope"), changes: [])])]))))
        }
        let plain = Session(scene: try SceneReader.read(Array(#"{"root": {"type": "list", "id": "l", "rowCount": 3, "row": {"type": "label", "id": "t"}}}"#.utf8), file: "l.json"))
        #expect(throws: SessionError("rows: \"fill\" is for a list that fetches its rows (\"fetch\")")) {
            try plain.apply(.command(.rows(node: utf8("l"), .fill(at: 0, []))))
        }
    }

    @Test func theFillCommandReadsFromJSON() throws {
        let action = try SceneReader.readAction(Array(#"{"t": 1, "command": {"rows": {"node": "contacts", "fill": {"at": 40, "rows": [{"name": "Ada"}]}}}}"#.utf8), file: "e", line: 1)
        guard case let .command(.rows(node, .fill(at, rows))) = action.action else { Issue.record("\(action.action)"); return }
        #expect(node == utf8("contacts") && at == 40 && rows.count == 1)
    }
}
