import Foundation
import Testing
@testable import VeilCore

/// Where a box is drawn is one rule (`BoxPlacement`) in two forms: hit-testing, inspection and
/// accessibility place boxes on the canvas by it; the renderer places layers relative to their
/// parents (scroll content at minus the offset, a sheet lower by its link, overlays outside the
/// content layer). Through every example and its events — scrolls, flings, sheet drags, statuses
/// over lists — every background the renderer draws is where BoxPlacement says its box is.
@Suite struct BoxPlacementTests {
    @Test func everyBackgroundIsDrawnWhereItsBoxIsPlaced() throws {
        var compared = 0
        for url in ExamplesTests.sceneFiles { compared += try Self.compare(url) }
        #expect(compared > 1000, "backgrounds compared: \(compared)")
    }

    /// How many backgrounds of the example at `url` were compared, each checked.
    static func compare(_ url: URL) throws -> Int {
        let scene = try SceneReader.read(Array(try Data(contentsOf: url)), file: url.lastPathComponent)
        let session = Session(scene: scene)
        let events = try ExamplesTests.events(of: url)
        var next = 0, compared = 0
        for k in 0...(8 * 10) {
            let t = Double(k) / 10
            while next < events.count, events[next].time <= t { try session.apply(events[next].action, at: events[next].time); next += 1 }
            let drawn = session.frame(at: t).played(at: t).canvasItems
            var placed: [[UInt8]: Rect] = [:]
            Interaction.visit(session.layout(), session.positions(at: t)) { target in
                placed[target.box.node.id] = target.placement.frame(of: target.box)
            }
            for item in drawn {
                guard let key = session.itemKey(item.id), key.count > 3, Array(key.suffix(3)) == Array("#bg".utf8),
                      let frame = placed[Array(key.dropLast(3))] else { continue }
                let at = Rect(x: Fixed.points(item.x), y: Fixed.points(item.y), width: Fixed.points(item.width),
                              height: Fixed.points(item.height))
                let off = max(abs(at.x - frame.x), abs(at.y - frame.y), abs(at.width - frame.width), abs(at.height - frame.height))
                #expect(off <= 0.5, "\(String(decoding: key, as: UTF8.self)) at t = \(t): drawn at \(at), placed at \(frame)")
                compared += 1
            }
        }
        return compared
    }
}
