import Foundation
import Testing
import Veil
import VeilCore

/// `VeilSession`: the core with String ids, host events from each tick, one error type — and the
/// very bytes of `Session`.
struct VeilSessionTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../examples").standardized

    func scene(_ name: String) throws -> String {
        try String(contentsOf: Self.examples.appendingPathComponent(name + ".json"), encoding: .utf8)
    }

    @Test func aStatusViewsRetryComesBackFromTheTickThatCarriesIt() throws {
        let session = try VeilSession(json: try scene("status"), file: "status.json")
        // The scene's own timeline shows an error with a Retry at 2 s.
        _ = session.tick(at: 2.5)
        let retry = try #require(session.buttons(at: 2.5).first { $0.action == "retry" })
        try session.tap(retry.node, at: 2.6)
        let tick = session.tick(at: 2.7)
        #expect(tick.events == [VeilEvent(name: "retry", node: retry.node)])
        #expect(retry.node == "feed/status/action")
        #expect(tick.message != nil)
    }

    @Test func aListThatFetchesItsRowsAsksWithARangeAndIsAnsweredWithAFill() throws {
        let session = try VeilSession(json: try scene("contacts"), file: "contacts.json")
        // The first message draws the rows waiting and asks for them.
        let asked = session.tick(at: 0).events
        #expect(asked.first == VeilEvent(name: "rows", node: "contacts", range: 0 ..< 40))
        #expect(asked.first?.description == "rows 0..<40 from contacts")
        let rows = (0 ..< 40).map { ListRow(texts: ["name": "Person \($0)", "detail": "mobile"]) }
        try session.perform(.rows(node: "contacts", .fill(at: 0, rows)))
        #expect(session.core.rowsHeld(Array("contacts".utf8)) == 40)
        #expect(session.tick(at: 2.0 / 30).message != nil, "the rows replace the skeleton rows")
    }

    @Test func theBytesAreTheCoresBytes() throws {
        let text = try scene("feed")
        let session = try VeilSession(json: text, file: "feed.json")
        let core = Session(scene: try SceneReader.read(Array(text.utf8), file: "feed.json"))
        try session.perform(.skeleton(node: "feed", .show()), at: 0.1)
        try core.apply(.command(.skeleton(node: Array("feed".utf8), .show(SkeletonStyle(), transition: SkeletonCommand.defaultTransition, delay: 0))), at: 0.1)
        for k in 0 ... 30 {
            let t = Double(k) / 30
            #expect(session.tick(at: t).message == core.tick(at: t))
        }
    }

    @Test func oneErrorTypeWithThePlaceWhenThereIsOne() throws {
        #expect(throws: VeilError("expected a value, found end of input", file: "broken.json", line: 1, column: 1)) {
            try VeilSession(json: "", file: "broken.json")
        }
        let session = try VeilSession(json: try scene("hello"))
        do {
            try session.perform(.spinner(node: "nope", show: true))
            Issue.record("an unknown node is refused")
        } catch {
            #expect(error.message.contains("nope") && error.file == nil)
        }
        do {
            try session.perform(json: #"{"command": {"spinner": {"node": "card", "shown": true}}}"#)
            Issue.record("a misspelt key is refused")
        } catch {
            #expect(error.line == 1 && error.column != nil && error.description.hasPrefix("action:1:"))
        }
        #expect(throws: VeilError.self) { try session.tap("no-such-button", at: 1) }
    }

    @Test func nodeIDsAreTheScenesOwn() throws {
        let session = try VeilSession(json: try scene("hello"))
        #expect(session.nodeIDs().contains("title"))
    }
}

/// The typed API keeps the bounds the JSON reader keeps (issue 29): the session refuses, with a
/// `VeilError`, what once trapped the host.
struct VeilSessionBoundsTests {
    @Test(arguments: [-1, Int.max])
    func aFillOutsideTheRowsIsAnErrorNotATrap(_ at: Int) throws {
        let session = try VeilSession(json: try VeilSessionTests().scene("contacts"), file: "contacts.json")
        _ = session.tick(at: 0)
        #expect(throws: VeilError(#"rows: "at" must be in 0...1000000"#)) {
            try session.perform(.rows(node: "contacts", .fill(at: at, [ListRow(texts: ["name": "Ada"])])))
        }
    }
}
