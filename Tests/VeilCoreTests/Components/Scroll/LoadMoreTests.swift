import Foundation
import Testing
@testable import VeilCore

/// Infinite scroll: when what is left below the viewport falls under the prefetch distance the
/// host is asked once (`loadMore`) until it answers; short content keeps asking until it fills or
/// there is no more; never while refreshing.
@Suite struct LoadMoreTests {
    typealias Run = ScrollingTests.Run

    static func scene(rows: Int, loadMore: String = #"{"endText": "That's everything"}"#, refresh: Bool = false) throws -> Scene {
        let json = #"""
        {"canvas": {"width": 300, "height": 600}, "root": {"type": "list", "id": "l", "rowHeight": 50, "rowCount": \#(rows),
          \#(refresh ? #""refresh": true,"# : "") "loadMore": \#(loadMore), "row": {"type": "label", "id": "t", "text": "Row"}}}
        """#
        return try SceneReader.read(Array(json.utf8), file: "l.json")
    }

    static func command(_ json: String) throws -> Action {
        try SceneReader.readAction(Array(json.utf8), file: "c", line: 1).action
    }

    static func footerSpinner(_ frame: Frame) -> Item? {
        let content = frame.items.first { $0.isLayer }?.children.first { $0.isLayer }
        return content?.children.first { $0.kind == .activityIndicator }
    }

    /// A page's own list under load-more (Web/scroller.js): a scroll container the host scrolls by
    /// `scroll` commands, its content a host node, with no indicator of its own (the page shows its
    /// scroll bar): it asks near the end, once, and draws its footer but no indicator.
    @Test func aHostScrolledContainerAsksOnceAndDrawsNoIndicator() throws {
        let json = #"{"canvas": {"width": 300, "height": 400}, "root": {"type": "scroll", "id": "list", "showsIndicator": false, "loadMore": {"prefetch": 80}, "children": [{"type": "host", "id": "content", "height": 800}]}}"#
        let run = Run(try SceneReader.read(Array(json.utf8), file: "l.json"))
        _ = try run.tick(until: 0.2)
        try run.apply(.command(.scroll(node: utf8("list"), to: 380, animated: false)), at: 0.3)
        var frame = try run.tick(until: 0.5)
        #expect(run.events.filter { $0 == "loadMore" } == ["loadMore"])
        for (i, to) in [400.0, 440, 460].enumerated() {
            try run.apply(.command(.scroll(node: utf8("list"), to: to, animated: false)), at: 0.6 + Double(i) * 0.1)
            frame = try run.tick(until: 0.65 + Double(i) * 0.1)
        }
        #expect(run.events.filter { $0 == "loadMore" }.count == 1, "not again while loading")
        #expect(frame.canvasItems.contains { $0.kind == .activityIndicator }, "the footer turns")
        #expect(frame.canvasItems.filter { $0.kind == .rect }.isEmpty, "no indicator bar")
        let shown = json.replacingOccurrences(of: #""showsIndicator": false, "#, with: "")
        let withIndicator = Run(try SceneReader.read(Array(shown.utf8), file: "l.json"))
        _ = try withIndicator.tick(until: 0.2)
        try withIndicator.apply(.command(.scroll(node: utf8("list"), to: 200, animated: false)), at: 0.3)
        #expect(try withIndicator.tick(until: 0.35).canvasItems.contains { $0.kind == .rect }, "by default it draws one")
    }

    /// The page's list mirrored with both (Web/scroller.js): after a pull refreshed it, rows came at
    /// its top (the host node grew) and the refresh ended, reaching its new end asks for more.
    @Test func aMirroredListAsksForMoreAfterARefresh() throws {
        let json = #"{"canvas": {"width": 300, "height": 420}, "root": {"type": "scroll", "id": "list", "showsIndicator": false, "refresh": {"height": 60}, "loadMore": {"prefetch": 100}, "children": [{"type": "host", "id": "content", "height": 563}]}}"#
        let run = Run(try SceneReader.read(Array(json.utf8), file: "l.json"))
        _ = try run.tick(until: 0.2)
        try run.pointer(.down, y: 20, at: 0.3)
        for k in 1 ... 20 { try run.pointer(.move, y: 20 + Double(k) * 13, at: 0.3 + Double(k) / 60) }
        try run.pointer(.up, y: 280, at: 0.3 + 21.0 / 60)
        _ = try run.tick(until: 1.5)
        #expect(run.events.filter { $0 == "refresh" }.count == 1)
        try run.apply(.command(.host(node: utf8("content"), width: nil, height: 750)), at: 1.6)
        try run.apply(try LoadMoreTests.command(#"{"command": {"refresh": {"node": "list", "end": true}}}"#), at: 1.7)
        _ = try run.tick(until: 3)
        #expect(!run.events.contains("loadMore"), "not at its top")
        for (i, to) in [300.0, 330].enumerated() {
            try run.apply(.command(.scroll(node: utf8("list"), to: to, animated: false)), at: 3.1 + Double(i) * 0.05)
        }
        _ = try run.tick(until: 3.5)
        #expect(run.events.filter { $0 == "loadMore" }.count == 1, "asked at the new end: \(run.events)")
    }

    @Test func shortContentKeepsAskingUntilItFillsOrThereIsNoMore() throws {
        let run = Run(try Self.scene(rows: 4))
        var frame = try run.tick(until: 0.2)
        #expect(run.events == ["loadMore"], "asked without being touched")
        #expect(Self.footerSpinner(frame)?.opacity == 255)
        _ = try run.tick(until: 1)
        #expect(run.events == ["loadMore"], "once, until answered")
        try run.apply(try Self.command(#"{"command": {"rows": {"node": "l", "append": [{}, {}, {}, {}]}}}"#), at: 1.1)
        frame = try run.tick(until: 1.3)
        #expect(run.events == ["loadMore", "loadMore"], "still short of filling it and the prefetch: asks again")
        try run.apply(try Self.command(#"{"command": {"loadMore": {"node": "l", "hasMore": false}}}"#), at: 1.5)
        frame = try run.tick(until: 3)
        #expect(run.events.count == 2)
        #expect(Self.footerSpinner(frame)?.opacity == 0)
        #expect(frame.canvasItems.contains { $0.text == Array("That's everything".utf8) })
    }

    /// Once there is no more, the end text keeps the footer's room below the content, so scrolling
    /// to the end shows it (without the room it lay past the last offset, out of reach).
    @Test func theEndTextCanBeScrolledTo() throws {
        let run = Run(try Self.scene(rows: 100))  // 5,000 pt of rows in a 600 pt viewport
        try run.apply(.command(.scroll(node: utf8("l"), to: 4_300, animated: false)), at: 0.2)
        _ = try run.tick(until: 0.4)
        try run.apply(try Self.command(#"{"command": {"loadMore": {"node": "l", "hasMore": false}}}"#), at: 0.5)
        try run.apply(.command(.scroll(node: utf8("l"), to: 100_000, animated: false)), at: 0.6)
        let frame = try run.tick(until: 1)
        let text = try #require(frame.canvasItems.first { $0.text == Array("That's everything".utf8) })
        #expect(ScrollingTests.contentOffset(frame) == 4_460, "the content's end and the footer's 60 points")
        #expect(text.y >= 0 && text.y + text.height <= Fixed.from(600), "in view: \(text.y), \(text.height)")
    }

    /// The end of a load said while its spinner shows (scrolled to the footer): the list stays
    /// where it is, and the end text takes the spinner's place, in view.
    @Test func theEndSaidWhileTheSpinnerShowsKeepsTheListWhereItIs() throws {
        let run = Run(try Self.scene(rows: 100))
        try run.apply(.command(.scroll(node: utf8("l"), to: 4_400, animated: false)), at: 0.2)
        _ = try run.tick(until: 0.4)
        #expect(run.events.contains("loadMore"))
        try run.apply(.command(.scroll(node: utf8("l"), to: 100_000, animated: false)), at: 0.5)
        _ = try run.tick(until: 0.7)
        try run.apply(try Self.command(#"{"command": {"loadMore": {"node": "l", "hasMore": false}}}"#), at: 0.8)
        var offsets: [Double] = []
        for k in 0 ..< 30 { offsets.append(ScrollingTests.contentOffset(try run.tick(until: 0.8 + Double(k) / 60))) }
        #expect(offsets.allSatisfy { $0 == 4_460 }, "\(Set(offsets))")
        let frame = try run.tick(until: 1.5)
        let text = try #require(frame.canvasItems.first { $0.text == Array("That's everything".utf8) })
        #expect(text.y >= 0 && text.y + text.height <= Fixed.from(600))
    }

    @Test func aLongListAsksNearItsEndOnceAndAgainAfterRowsArrive() throws {
        let run = Run(try Self.scene(rows: 100))  // 5,000 pt of rows in a 600 pt viewport
        _ = try run.tick(until: 0.5)
        #expect(run.events.isEmpty)
        try run.apply(.command(.scroll(node: utf8("l"), to: 3_700, animated: false)), at: 0.6)  // 700 pt left
        _ = try run.tick(until: 0.8)
        #expect(!run.events.contains("loadMore"), "more than a viewport left")
        try run.apply(.command(.scroll(node: utf8("l"), to: 3_900, animated: false)), at: 1)  // 500 pt left
        _ = try run.tick(until: 1.2)
        #expect(run.events.filter { $0 == "loadMore" }.count == 1)
        try run.apply(.command(.scroll(node: utf8("l"), to: 4_400, animated: false)), at: 1.3)
        _ = try run.tick(until: 1.5)
        #expect(run.events.filter { $0 == "loadMore" }.count == 1, "not again while loading")
        try run.apply(try Self.command(#"{"command": {"rows": {"node": "l", "append": [{}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}]}}}"#), at: 1.6)
        _ = try run.tick(until: 1.8)
        #expect(run.events.filter { $0 == "loadMore" }.count == 1, "1,000 pt more: enough for now")
        try run.apply(.command(.scroll(node: utf8("l"), to: 5_000, animated: false)), at: 2)
        _ = try run.tick(until: 2.2)
        #expect(run.events.filter { $0 == "loadMore" }.count == 2)
    }

    @Test func anEmptyAnswerWaitsForTheUserToScrollFurther() throws {
        let run = Run(try Self.scene(rows: 100))
        try run.apply(.command(.scroll(node: utf8("l"), to: 4_000, animated: false)), at: 0.5)
        _ = try run.tick(until: 0.7)
        try run.apply(try Self.command(#"{"command": {"loadMore": {"node": "l", "end": true}}}"#), at: 0.8)
        _ = try run.tick(until: 1.5)
        #expect(run.events.filter { $0 == "loadMore" }.count == 1, "no loop of asking")
        try run.apply(.input(.wheel(WheelEvent(x: 100, y: 100, dy: 50))), at: 1.6)
        _ = try run.tick(until: 1.8)
        #expect(run.events.filter { $0 == "loadMore" }.count == 2)
    }

    /// Infinity's bug #9: with little content, a pull to refresh also fired infinite scroll.
    @Test func neverTogetherWithARefresh() throws {
        let run = Run(try Self.scene(rows: 4, loadMore: #"{"hasMore": true}"#, refresh: true))
        _ = try run.tick(until: 0.2)
        try run.apply(try Self.command(#"{"command": {"loadMore": {"node": "l", "end": true}}}"#), at: 0.3)
        try run.apply(.command(.refresh(node: utf8("l"), .begin)), at: 0.5)
        _ = try run.tick(until: 2)
        #expect(run.events.filter { $0 == "loadMore" }.count == 1)
        #expect(run.events.contains("refresh"))
    }

    // MARK: Chat: more at the start

    static func chat(rows: Int) throws -> Scene {
        try scene(rows: rows, loadMore: #"{"edge": "start"}"#)
    }

    @Test func aChatOpensAtItsEndAndAsksForOlderMessagesNearItsStart() throws {
        let run = Run(try Self.chat(rows: 100))  // 5,000 pt, the end at 4,400
        var frame = try run.tick(until: 0)  // the very first frame
        #expect(ScrollingTests.contentOffset(frame) == 4_400)
        let onScreen = frame.canvasItems.filter { $0.text == utf8("Row") && $0.y >= 0 && $0.y < Fixed.from(600) }
        #expect(onScreen.count >= 11, "its last rows on screen from the first frame")
        #expect(run.events.isEmpty)
        try run.apply(.command(.scroll(node: utf8("l"), to: 500, animated: false)), at: 0.3)  // 500 pt above
        frame = try run.tick(until: 0.5)
        #expect(run.events.filter { $0 == "loadMore" }.count == 1)
        #expect(Self.footerSpinner(frame)?.opacity == 255)
        #expect(Self.footerSpinner(frame).map { $0.y < 0 } == true, "above the first row")
        // Older messages arrive before the first: what is shown stays where it is.
        try run.apply(try Self.command(#"{"command": {"rows": {"node": "l", "prepend": [{}, {}, {}, {}, {}, {}, {}, {}, {}, {}]}}}"#), at: 0.6)
        frame = try run.tick(until: 0.8)
        #expect(ScrollingTests.contentOffset(frame) == 1_000)
        #expect(Self.footerSpinner(frame)?.opacity == 0, "the load is answered")
        _ = try run.tick(until: 1.2)
        #expect(run.events.filter { $0 == "loadMore" }.count == 1, "1,000 pt above now: enough for now")
    }

    /// A chat's end text is its oldest end's: above the first message, in the footer's room.
    @Test func aChatsEndTextCanBeScrolledTo() throws {
        let run = Run(try Self.scene(rows: 100, loadMore: #"{"edge": "start", "endText": "No older messages"}"#))
        _ = try run.tick(until: 0.2)
        try run.apply(.command(.scroll(node: utf8("l"), to: 300, animated: false)), at: 0.3)
        _ = try run.tick(until: 0.5)
        try run.apply(try Self.command(#"{"command": {"loadMore": {"node": "l", "hasMore": false}}}"#), at: 0.6)
        try run.apply(.command(.scroll(node: utf8("l"), to: -1_000, animated: false)), at: 0.7)
        let frame = try run.tick(until: 1)
        #expect(ScrollingTests.contentOffset(frame) == -60)
        let text = try #require(frame.canvasItems.first { $0.text == Array("No older messages".utf8) })
        #expect(text.y >= 0 && text.y + text.height <= Fixed.from(600), "in view: \(text.y)")
    }

    @Test func aChatFollowsNewMessagesOnlyWhenItShowsItsEnd() throws {
        let run = Run(try Self.chat(rows: 100))
        _ = try run.tick(until: 0.2)
        try run.apply(try Self.command(#"{"command": {"rows": {"node": "l", "append": [{}, {}]}}}"#), at: 0.3)
        var frame = try run.tick(until: 1)
        #expect(ScrollingTests.contentOffset(frame) == 4_500, "at its end: it follows")
        try run.apply(.command(.scroll(node: utf8("l"), to: 2_000, animated: false)), at: 1.1)
        try run.apply(try Self.command(#"{"command": {"rows": {"node": "l", "append": [{}, {}]}}}"#), at: 1.2)
        frame = try run.tick(until: 2)
        #expect(ScrollingTests.contentOffset(frame) == 2_000, "reading older messages: it stays")
    }

    /// The viewer lays a scene out again at its own size after the first frame: a chat that showed
    /// its latest messages still shows them, smaller or larger.
    @Test func aChatAtItsEndStaysAtItsEndWhenTheCanvasResizes() throws {
        for height in [490.0, 900.0] {
            let run = Run(try Self.chat(rows: 100))  // 5,000 pt in 600
            _ = try run.tick(until: 0.1)
            try run.apply(.input(.resize(width: 390, height: height)), at: 0.2)
            let frame = try run.tick(until: 0.4)
            #expect(ScrollingTests.contentOffset(frame) == 5_000 - height, "at \(height) pt")
        }
        // Reading older messages, it stays where it is.
        let run = Run(try Self.chat(rows: 100))
        try run.apply(.command(.scroll(node: utf8("l"), to: 2_000, animated: false)), at: 0.1)
        try run.apply(.input(.resize(width: 390, height: 490)), at: 0.2)
        #expect(ScrollingTests.contentOffset(try run.tick(until: 0.4)) == 2_000)
    }

    @Test func aChatCannotAlsoPullToRefresh() {
        #expect(throws: SceneError.self) { try Self.scene(rows: 10, loadMore: #"{"edge": "start"}"#, refresh: true) }
    }
}
