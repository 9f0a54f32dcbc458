import Testing
@testable import VeilCore

/// `AccessibilityDescription`: what Web/a11y.js mirrors in a hidden DOM (busy, statuses, buttons).
struct AccessibilityDescriptionTests {
    static let feed = #"""
    {"canvas": {"width": 320, "height": 400},
     "root": {"type": "view", "id": "screen", "children": [
       {"type": "view", "id": "feed", "frame": {"x": 0, "y": 0, "width": 320, "height": 300}, "skeletonable": true,
        "children": [{"type": "label", "id": "title", "text": "Row", "skeletonable": true,
                      "frame": {"x": 10, "y": 10, "width": 100, "height": 20}}]},
       {"type": "button", "id": "more", "title": "More", "action": "more", "frame": {"x": 10, "y": 320, "width": 100, "height": 44}},
       {"type": "button", "id": "gone", "title": "Gone", "hidden": true, "frame": {"x": 10, "y": 360, "width": 100, "height": 30}}]}}
    """#

    func session() throws -> Session {
        let s = Session(scene: try SceneReader.read(Array(Self.feed.utf8), file: "scene.json"))
        _ = s.tick(at: 0)
        return s
    }

    func perform(_ s: Session, _ command: String) throws {
        try s.apply(try SceneReader.readAction(Array("{\"command\": \(command)}".utf8), file: "test", line: 1))
        _ = s.tick(at: s.time + 1)
    }

    func text(_ b: [UInt8]) -> String { String(decoding: b, as: UTF8.self) }

    @Test func visibleButtonsAreListedWithTheirFramesAndNothingIsBusy() throws {
        let d = try session().accessibilityDescription()
        #expect(!d.busy)
        #expect(d.statuses.isEmpty)
        #expect(d.buttons.map { text($0.node) } == ["more"], "a hidden button is left out")
        #expect(d.buttons.first.map { [text($0.title), text($0.action)] } == ["More", "more"])
        #expect(d.buttons.first?.frame == Rect(x: 10, y: 320, width: 100, height: 44))
    }

    @Test func aSkeletonOrASpinnerIsBusy() throws {
        let s = try session()
        try perform(s, #"{"skeleton": {"node": "feed", "show": true, "transition": "none"}}"#)
        #expect(s.accessibilityDescription().busy)
        try perform(s, #"{"skeleton": {"node": "feed", "hide": true, "transition": "none"}}"#)
        #expect(!s.accessibilityDescription().busy)
        try perform(s, #"{"spinner": {"node": "feed", "show": true}}"#)
        #expect(s.accessibilityDescription().busy)
    }

    /// Only the status component's views are statuses: a scene's own node named like one is not.
    @Test func aNodeNamedLikeAStatusViewIsNotAStatus() throws {
        let scene = #"{"canvas": {"width": 200, "height": 200}, "root": {"type": "view", "id": "screen", "children": [{"type": "view", "id": "order/status", "frame": {"x": 0, "y": 0, "width": 200, "height": 40}, "children": [{"type": "label", "id": "shipped", "text": "Shipped", "frame": {"x": 0, "y": 0, "width": 100, "height": 20}}]}]}}"#
        let s = Session(scene: try SceneReader.read(Array(scene.utf8), file: "scene.json"))
        _ = s.tick(at: 0)
        #expect(s.accessibilityDescription().statuses.isEmpty, "the page's 'order/status' view is not announced as a status")
        try perform(s, #"{"status": {"node": "screen", "state": "empty", "title": "Nothing yet"}}"#)
        #expect(s.accessibilityDescription().statuses.map { text($0.node) } == ["screen/status"])
    }

    @Test func anErrorStatusGivesItsTextsAndItsRetryButton() throws {
        let s = try session()
        try perform(s, #"{"status": {"node": "feed", "state": "error", "message": "Say \"hi\""}}"#)
        let d = s.accessibilityDescription()
        #expect(!d.busy)
        #expect(d.statuses.map { text($0.node) } == ["feed/status"])
        #expect(d.statuses.map { text($0.text) } == ["Error. Say \"hi\""])
        #expect(d.buttons.map { text($0.action) }.sorted() == ["more", "retry"])
        let json = text(d.json)
        #expect(json.hasPrefix(#"{"busy":false,"statuses":[{"node":"feed/status","text":"Error. Say \"hi\""}],"buttons":["#), "\(json)")
        #expect(json.contains(#"{"node":"more","title":"More","action":"more","x":10,"y":320,"width":100,"height":44}"#), "\(json)")
    }

    @Test func aListThatRefreshesIsListedUntilRefreshingIsTurnedOff() throws {
        let json = #"{"canvas": {"width": 200, "height": 300}, "root": {"type": "list", "id": "inbox", "rowCount": 3, "refresh": true, "row": {"type": "label", "id": "l", "text": "x"}}}"#
        let s = Session(scene: try SceneReader.read(Array(json.utf8), file: "scene.json"))
        _ = s.tick(at: 0)
        #expect(s.accessibilityDescription().refreshable.map(text) == ["inbox"])
        #expect(text(s.accessibilityDescription().json).hasSuffix(#""refreshable":["inbox"],"sheets":[],"content":[{"node":"inbox","items":["x","x","x"]}]}"#))
        #expect(!s.accessibilityDescription().busy)
        try perform(s, #"{"refresh": {"node": "inbox", "begin": true}}"#)
        #expect(s.accessibilityDescription().busy, "busy while it refreshes")
        try perform(s, #"{"refresh": {"node": "inbox", "end": true}}"#)
        #expect(!s.accessibilityDescription().busy)
        try perform(s, #"{"refresh": {"node": "inbox", "enabled": false}}"#)
        #expect(s.accessibilityDescription().refreshable.isEmpty)
        #expect(try session().accessibilityDescription().refreshable.isEmpty, "no list, nothing to refresh")
    }

    @Test func aLoadingStatusIsBusyAndSaysLoading() throws {
        let s = try session()
        try perform(s, #"{"status": {"node": "feed", "state": "loading"}}"#)
        let d = s.accessibilityDescription()
        #expect(d.busy)
        #expect(d.statuses.map { text($0.text) } == ["Loading…"])
    }

    // MARK: Content on screen

    /// A 200-point list of 44-point rows with data (a sender and a subject each) under a heading,
    /// loading more at its end.
    static let mailList = #"""
    {"canvas": {"width": 320, "height": 400},
     "root": {"type": "view", "id": "screen", "children": [
       {"type": "label", "id": "heading", "text": "Inbox", "frame": {"x": 0, "y": 0, "width": 320, "height": 40}},
       {"type": "list", "id": "inbox", "rowHeight": 44, "skeletonRows": 0, "loadMore": true,
        "frame": {"x": 0, "y": 50, "width": 320, "height": 200},
        "row": {"type": "stack", "id": "r", "axis": "vertical", "children": [
          {"type": "label", "id": "sender", "text": "-"}, {"type": "label", "id": "subject", "text": "-"}]},
        "rows": [\#((0 ..< 30).map { #"{"sender": "Sender \#($0)", "subject": "Subject \#($0)"}"# }.joined(separator: ", "))]}]}}
    """#

    @Test func theRowsInViewAreTheListsItemsAndTheOtherLabelsStandAlone() throws {
        let s = Session(scene: try SceneReader.read(Array(Self.mailList.utf8), file: "scene.json"))
        _ = s.tick(at: 0)
        var d = s.accessibilityDescription()
        #expect(d.content.map { text($0.node) } == ["", "inbox"])
        #expect(d.content.first?.items.map(text) == ["Inbox"])
        let rows = d.content.last?.items.map(text) ?? []
        #expect(rows == (0 ..< 5).map { "Sender \($0). Subject \($0)" }, "rows 0–4 show in 200 points: \(rows)")
        #expect(d.content.last?.end == Double(30 * 44 - 200), "it loads more at its end: a host scrolls there")
        try perform(s, #"{"scroll": {"node": "inbox", "to": 440, "animated": false}}"#)
        d = s.accessibilityDescription()
        #expect(d.content.last?.items.first.map(text) == "Sender 10. Subject 10", "rows follow the scroll")
        let json = text(d.json)
        #expect(json.contains(#""content":[{"node":"","items":["Inbox"]},{"node":"inbox","end":1120,"items":["Sender 10. Subject 10","#), "\(json)")
    }

    /// An expanded modal sheet's dim covers the screen: the buttons under it take no tap, so they are
    /// not described, and the description says focus belongs in the sheet.
    @Test func underAModalSheetsDimNothingIsPressed() throws {
        let json = #"""
        {"canvas": {"width": 320, "height": 600},
         "root": {"type": "view", "id": "root", "children": [
           {"type": "button", "id": "behind", "title": "Behind", "action": "behind", "frame": {"x": 10, "y": 10, "width": 100, "height": 44}},
           {"type": "sheet", "id": "sheet", "anchors": ["expanded", {"fromBottom": 100}], "children": [
             {"type": "view", "id": "page", "children": [
               {"type": "button", "id": "inside", "title": "Inside", "action": "inside", "frame": {"x": 10, "y": 40, "width": 100, "height": 44}}]}]}]}}
        """#
        let s = Session(scene: try SceneReader.read(Array(json.utf8), file: "scene.json"))
        _ = s.tick(at: 0)
        var d = s.accessibilityDescription()
        #expect(!d.modal, "at its lowest anchor: no dim")
        #expect(d.buttons.contains { text($0.node) == "behind" })
        try perform(s, #"{"sheet": {"node": "sheet", "snapTo": 0, "animated": false}}"#)
        d = s.accessibilityDescription()
        #expect(d.modal, "expanded: its dim shows")
        #expect(!d.buttons.contains { text($0.node) == "behind" }, "under the dim")
        #expect(d.buttons.contains { text($0.node) == "inside" })
        #expect(text(d.json).hasPrefix(#"{"busy":false,"modal":true,"#))
    }

    @Test func aStatusOverASkeletonIsDescribed() throws {
        let s = try session()
        try perform(s, #"{"skeleton": {"node": "feed", "show": true, "transition": "none"}}"#)
        try perform(s, #"{"status": {"node": "feed", "state": "error", "message": "Offline", "transition": "none"}}"#)
        let d = s.accessibilityDescription()
        #expect(d.statuses.map { text($0.text) } == ["Error. Offline"], "the status is drawn over the placeholders")
        #expect(d.buttons.map { text($0.action) }.contains("retry"))
    }

    @Test func underASkeletonThereIsNoContentToRead() throws {
        let s = try session()
        #expect(s.accessibilityDescription().content.flatMap(\.items).map(text) == ["Row"])
        try perform(s, #"{"skeleton": {"node": "feed", "show": true, "transition": "none"}}"#)
        #expect(s.accessibilityDescription().content.flatMap(\.items).isEmpty, "the placeholders hide the text")
    }

    // MARK: Where buttons are drawn

    /// A 200-point list at y 50 of 44-point rows, each a button.
    static let buttonList = #"""
    {"canvas": {"width": 320, "height": 400},
     "root": {"type": "view", "id": "screen", "children": [
       {"type": "list", "id": "inbox", "rowCount": 40, "rowHeight": 44, "skeletonRows": 0,
        "frame": {"x": 0, "y": 50, "width": 320, "height": 200},
        "row": {"type": "button", "id": "open", "title": "Open", "action": "open"}}]}}
    """#

    func listSession() throws -> Session {
        let s = Session(scene: try SceneReader.read(Array(Self.buttonList.utf8), file: "scene.json"))
        _ = s.tick(at: 0)
        return s
    }

    func row(_ b: AccessibilityDescription.Button) -> Int {
        Int(text(b.node).split(separator: "/")[1])!
    }

    @Test func buttonsInAScrolledListAreDescribedWhereTheyAreDrawnAndOnlyWhileInView() throws {
        let s = try listSession()
        #expect(s.accessibilityDescription().buttons.map(row) == [0, 1, 2, 3, 4], "rows 0–4 show in 200 points")
        try perform(s, #"{"scroll": {"node": "inbox", "to": 300, "animated": false}}"#)
        let d = s.accessibilityDescription()
        // Rows 6 (264–308) to 11 (484–528) meet the viewport 300–500 of the content.
        #expect(d.buttons.map(row) == Array(6 ... 11), "rows scrolled out of view are left out")
        for b in d.buttons {
            let drawn = Rect(x: 0, y: 50 + Double(row(b)) * 44 - 300, width: 320, height: 44)
            #expect(b.frame == drawn.intersection(Rect(x: 0, y: 50, width: 320, height: 200)),
                    "row \(row(b)): the part drawn in the list's viewport")
        }
        #expect(d.buttons.first?.frame == Rect(x: 0, y: 50, width: 320, height: 8), "row 6 shows its last 8 points")
    }

    /// Property: whatever the scroll offset, every described button is what a tap at its described
    /// centre hits, and every row drawn in the viewport (a point or more) is described.
    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func aTapAtADescribedButtonsCentreHitsIt(seed: UInt64) throws {
        var random = RandomFrames(seed: seed)
        let s = try listSession()
        for _ in 0 ..< 12 {
            let to = Double(random.next() % 1_700) + Double(random.next() % 8) / 8
            try perform(s, "{\"scroll\": {\"node\": \"inbox\", \"to\": \(to), \"animated\": false}}")
            let offset = s.scroll.positions(at: s.time).offset(of: utf8("inbox"))
            let d = s.accessibilityDescription()
            let root = s.layout()
            for b in d.buttons {
                let hit = Interaction.button(at: b.frame.center, in: root, values: s.scroll.positions(at: s.time))
                #expect(hit.map { text($0.node.id) } == text(b.node), "offset \(offset): \(text(b.node)) at \(b.frame)")
            }
            let drawn = (0 ..< 40).filter { k in
                let top = 50 + Double(k) * 44 - offset
                return min(top + 44, 250) - max(top, 50) >= 1
            }
            #expect(d.buttons.map(row) == drawn, "offset \(offset)")
        }
    }

    // MARK: Sheets

    @Test func aSheetsButtonsAndGrabberAreDescribedWhereTheSheetIsDrawn() throws {
        let s = Session(scene: try SheetTests.maps())
        _ = s.tick(at: 0)
        let top = s.sheets.top(of: SheetTests.sheet, at: 0)!
        let laidOut = try #require(s.layout().box(of: utf8("sheet/grabber"))).frame
        let d = s.accessibilityDescription()
        let grabber = try #require(d.buttons.first { text($0.node) == "sheet/grabber" })
        #expect(grabber.frame.y == top, "the grabber at the sheet's drawn top, not where it is laid out (\(laidOut.y))")
        #expect(top > laidOut.y + 100, "the sheet starts half open")
        #expect(d.sheets.map { [text($0.node), text($0.grabber)] } == [["sheet", "sheet/grabber"]])
        #expect(d.sheets.map { [$0.anchor, $0.anchors] } == [[1, 3]])
        #expect(text(d.json).contains(#""sheets":[{"node":"sheet","grabber":"sheet/grabber","anchor":1,"anchors":3}],"content":["#))
        #expect(d.content.last.map { text($0.node) } == "places" && d.content.last?.items.first.map(text) == "B. Blue Bottle Coffee. Coffee · 0.3 km · Open until 18:00",
                "the places in view, read row by row")
    }

    /// What the hidden grabber button does (a tap at its described centre) cycles the anchors as
    /// Enter on the canvas' grabber does: up one, and from the top back to the lowest.
    @Test func aTapAtTheDescribedGrabberCyclesTheAnchors() throws {
        let s = Session(scene: try SheetTests.maps())
        _ = s.tick(at: 0)
        var t = 0.0
        var anchors: [Int] = []
        for _ in 0 ..< 3 {
            let grabber = try #require(s.accessibilityDescription().buttons.first { text($0.node) == "sheet/grabber" })
            let c = grabber.frame.center
            SheetTests.pointer(s, .down, c.x, c.y, at: t + 0.01)
            SheetTests.pointer(s, .up, c.x, c.y, at: t + 0.05)
            t += 2
            _ = s.tick(at: t)  // settled
            anchors.append(try #require(s.accessibilityDescription().sheets.first).anchor)
        }
        #expect(anchors == [0, 2, 1])
    }
}

