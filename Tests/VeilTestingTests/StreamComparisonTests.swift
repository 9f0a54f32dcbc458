import Foundation
import Testing
import VeilCore
import VeilStreamTools

/// Comparing two streams without a scene (as `veil diff` does).
@Suite struct StreamComparisonTests {
    /// A keyframe, then the title changed: as a delta, or (after a keyframe request) as a keyframe.
    static func messages(keyframeAgain: Bool) throws -> [[UInt8]] {
        let scene = try SceneReader.read(Array(CraftedCase.scene.utf8), file: "case.json")
        let session = Session(scene: scene)
        var out: [[UInt8]] = []
        out.append(try #require(session.tick(at: 0)))
        try session.apply(try SceneReader.readAction(Array(#"{"command": {"set": {"node": "title", "text": "Sent"}}}"#.utf8),
                                                     file: "events", line: 1).action)
        if keyframeAgain { session.requestKeyframe() }
        out.append(try #require(session.tick(at: 0.1)))
        return out
    }

    @Test func theSameFrameByAnotherMessageShowsBothMessagesInWords() throws {
        let delta = try Self.messages(keyframeAgain: false)
        let keyframe = try Self.messages(keyframeAgain: true)
        #expect(StreamComparison.compare(expected: delta, actual: delta) == nil)
        let difference = try #require(StreamComparison.compare(expected: delta, actual: keyframe, labels: ("a.stream", "b.stream")))
        #expect(difference.index == 1)
        #expect(difference.summary == "message 2 of 2 differs (seq 2, keyframe)")
        let details = difference.details
        #expect(details.contains("the frame after it is the same: the messages differ in how they get there"), "\(details)")
        #expect(details.contains { $0.hasPrefix("expected: delta seq 2 (base 1), ") }, "\(details)")
        #expect(details.contains { $0.hasPrefix(#"    change id "#) && $0.contains(#"text "Inbox" → "Sent""#) }, "\(details)")
        #expect(details.contains { $0.hasPrefix("got: keyframe seq 2, ") }, "\(details)")
        #expect(details.contains { $0.hasPrefix("a.stream: 2 messages, ") && $0.contains("; b.stream: 2 messages, ") }, "\(details)")
    }

    @Test func aShorterStreamSaysWhereItEnds() throws {
        let full = try Self.messages(keyframeAgain: false)
        let difference = try #require(StreamComparison.compare(expected: full, actual: Array(full.prefix(1)), times: [0]))
        #expect(difference.summary == "the run has 1 message fewer than the recording (message 2, seq 2, delta)")
        #expect(difference.details.contains("got:      no message 2 (the run ends with message 1 at t = 0 s)"), "\(difference.details)")
        #expect(difference.details.contains { $0.hasPrefix("  changed id ") && $0.contains(#"text "Sent" → "Inbox""#) }, "\(difference.details)")
    }
}

@Suite struct FrameComparisonTests {
    /// A list layer of `count` alike rows `height` pt tall, each a layer holding one rect.
    static func list(rows count: Int, height: Int32, firstId: UInt32) -> Frame {
        var list = Item(id: 1, kind: .layer)
        list.width = 390 * 8; list.height = 700 * 8
        for k in 0 ..< count {
            var row = Item(id: firstId + UInt32(2 * k), kind: .layer)
            row.y = 64 * 8 + Int32(k) * height * 8
            row.width = 390 * 8; row.height = height * 8
            var icon = Item(id: firstId + UInt32(2 * k) + 1, kind: .rect)
            icon.width = 48 * 8; icon.height = 48 * 8
            row.children = [icon]
            list.children.append(row)
        }
        return Frame(width: 390 * 8, height: 700 * 8, items: [list])
    }

    @Test func alikeRowsPairByTheirRankHoweverFarTheyMoved() {
        let expected = Self.list(rows: 16, height: 76, firstId: 2)
        let actual = Self.list(rows: 15, height: 80, firstId: 2)
        var names: [UInt32: String] = [:]
        for k in 0 ..< 15 { names[2 + UInt32(2 * k)] = "list/\(k)/row#layer" }
        let lines = FrameComparison.differences(expected: expected, actual: actual, names: ItemNames(names), limit: 100)
        for k in 1 ..< 15 {
            #expect(lines.contains("changed list/\(k)/row#layer (layer): y \(64 + 76 * k) pt → \(64 + 80 * k) pt, height 76 pt → 80 pt"),
                    "row \(k): \(lines)")
        }
        #expect(lines.last?.hasPrefix("removed expected id 32 (layer) from id 1 at 15: layer at 0, 1204 pt") == true, "\(lines)")
    }

    /// Two frames that draw the same now but move differently later: the difference is their motions.
    @Test func framesThatDifferInTheirMotionsSaySo() {
        let paints = [Paint.solid(.white)]
        let pulse = PaintMotion(slot: 0, path: .mix(from: .white, to: .black), start: 1, duration: 1, curve: .easeInOut, autoreverse: true)
        let lines = FrameComparison.differences(expected: Frame(paints: paints, motions: [pulse]), actual: Frame(paints: paints),
                                                names: ItemNames(), limit: 10)
        #expect(lines == ["motions: expected motion on paint 1: a colour #FFFFFFFF → #000000FF, 1 s ease-in-out, back and forth, from t = 1 s; got none"],
                "\(lines)")
    }
}
