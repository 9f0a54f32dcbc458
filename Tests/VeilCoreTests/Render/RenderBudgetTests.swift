import Foundation
import Testing
@testable import VeilCore

/// A frame stays within what the wire allows — entries and paints (its text is bounded by the
/// tree, TextBoundTests) — and a label draws at most `Limits.maxLinesPerLabel` lines: past a bound,
/// nodes are left out in painter's order and the session says so once ("truncated", naming the
/// first node left out).
@Suite struct RenderBudgetTests {
    /// The first message, applied to a mirror; its frame's entries and its events.
    static func firstMessage(_ json: String) throws -> (bytes: Int, entries: Int, paints: Int, events: [HostEvent]) {
        let s = Session(scene: try SceneReader.read(Array(json.utf8), file: "budget.json"))
        let message = try #require(s.tick(at: 0))
        var mirror = FrameMirror()
        let frame = try mirror.apply(message)
        let decoded = try WireDecoder.decode(message)
        func count(_ items: [Item]) -> Int { items.reduce(items.count) { $0 + ($1.isLayer ? count($1.children) : 0) } }
        return (message.count, count(frame.items), frame.paints.count, decoded.events)
    }

    /// 1,000 rows of a label one point wide: a line per character, 1,000 of them a row, make a
    /// million items; rows stop before the frame's entry bound.
    @Test func linesPerLabelAndItemsPerFrameAreBounded() throws {
        let text = String(repeating: "abcdefgh", count: 125)
        let (_, entries, _, events) = try Self.firstMessage("""
        {"root": {"type": "list", "id": "l", "rowCount": 1000, "rowHeight": 100000, "skeletonRows": 0,
                  "frame": {"x": 0, "y": 0, "width": 1, "height": 1000000000},
                  "row": {"type": "label", "id": "t", "text": "\(text)", "numberOfLines": 0, "fontSize": 1}}}
        """)
        #expect(entries <= Limits.maxEntriesDrawn)
        #expect(entries > Limits.maxEntriesDrawn - 2 * Limits.maxLinesPerLabel, "stops near the limit, not far before it")
        #expect(events.map { String(decoding: $0.name, as: UTF8.self) } == ["truncated"])
        #expect(events.first.map { String(decoding: $0.node, as: UTF8.self).hasPrefix("l/") } == true)
    }

    /// 5,000 views of 5,000 colours: more paints than a frame may have.
    @Test func paintsPerFrameAreBounded() throws {
        let views = (0 ..< 5_000).map { k in
            "{\"type\": \"view\", \"background\": \"#" + String(format: "%06X", k * 3) + "\"}"
        }.joined(separator: ",")
        let (_, _, paints, events) = try Self.firstMessage(#"{"root": {"type": "view", "children": [\#(views)]}}"#)
        #expect(paints <= WireLimits.maxPaints)
        #expect(events.count == 1)
    }

    /// An ordinary frame leaves nothing out and says nothing.
    @Test func anOrdinaryFrameIsWhole() throws {
        let (_, entries, _, events) = try Self.firstMessage(#"{"root": {"type": "label", "text": "Hello", "numberOfLines": 0}}"#)
        #expect(entries == 1)
        #expect(events.isEmpty)
    }
}

extension RenderBudgetTests {
    /// Paint slots of an earlier frame do not crowd out the next one: once the views before the card
    /// go, the card is drawn whole (the render that ran out of slots frees them and runs again).
    @Test func aCardCutShortIsDrawnWholeWhenThereIsRoom() throws {
        let filler = (0 ..< 4_060).map { k in "{\"type\": \"view\", \"background\": \"#" + String(format: "%06X", k * 3 + 1) + "\"}" }
        let card = (0 ..< 40).map { k in "{\"type\": \"view\", \"background\": \"#" + String(format: "%06X", 0xF00000 + k) + "\"}" }
        let json = """
        {"root": {"type": "view", "children": [{"type": "view", "id": "filler", "children": [\(filler.joined(separator: ","))]},
                                               {"type": "view", "id": "card", "children": [\(card.joined(separator: ","))]}]}}
        """
        let s = Session(scene: try SceneReader.read(Array(json.utf8), file: "budget.json"))
        var mirror = FrameMirror()
        let first = try mirror.apply(try #require(s.tick(at: 0)))
        #expect(first.paints.count <= WireLimits.maxPaints)
        try s.apply(try SceneReader.readAction(Array(#"{"command": {"set": {"node": "filler", "hidden": true}}}"#.utf8), file: "c", line: 1).action)
        let second = try mirror.apply(try #require(s.tick(at: 0.1)))
        func count(_ items: [Item]) -> Int { items.reduce(items.count) { $0 + ($1.isLayer ? count($1.children) : 0) } }
        #expect(count(first.items) < 2 + 4_060 + 40, "the card is cut short")
        #expect(count(second.items) == 2 + 40, "the root's and the card's layers and the card's 40 views")
    }
}
