import Foundation
import Testing
@testable import VeilCore

/// The core says which layers it will move (`Item.willChange`, docs/PROTOCOL.md "Item fields"): a
/// scroll container's content and a sheet are flagged before anything moves, every layer a scroll
/// or a sheet drag moves was flagged, and a layer that holds still is not.
@Suite struct WillChangeTests {
    /// Every layer of the frame with the path of ids to it.
    static func layers(_ items: [Item]) -> [Item] {
        items.filter(\.isLayer).flatMap { [$0] + layers($0.children) }
    }

    /// Layers of `b` whose place or opacity differs from the same layer in `a`.
    static func moved(from a: Frame, to b: Frame) -> [Item] {
        let before = Dictionary(layers(a.items).map { ($0.id, $0) }, uniquingKeysWith: { x, _ in x })
        return layers(b.items).filter { layer in
            guard let old = before[layer.id] else { return false }
            return old.x != layer.x || old.y != layer.y || old.opacity != layer.opacity
        }
    }

    @Test func aScrollMovesOnlyLayersFlaggedBeforeItBegan() throws {
        let run = ScrollingTests.Run(try ScrollingTests.inbox(rows: 1000))
        let rest = try run.tick(until: 0.4)
        let flagged = Set(Self.layers(rest.items).filter { $0.willChange == 1 }.map(\.id))
        #expect(!flagged.isEmpty, "the list's content is flagged at rest")
        #expect(rest.items.first?.willChange == 0, "the list's own layer holds still")
        try run.pointer(.down, y: 600, at: 0.5)
        for k in 1 ... 6 { try run.pointer(.move, y: 600 - Double(k) * 40, at: 0.5 + Double(k) / 60) }
        try run.pointer(.up, y: 360, at: 0.5 + 7.0 / 60)
        let scrolled = try run.tick(until: 1.5)
        let moved = Self.moved(from: rest, to: scrolled)
        #expect(!moved.isEmpty)
        for layer in moved { #expect(flagged.contains(layer.id), "layer \(layer.id) moved without being flagged") }
    }

    @Test func aSheetAndItsDimAreFlaggedAndTheDragMovesThem() throws {
        let s = Session(scene: try SheetTests.maps())
        var mirror = FrameMirror()
        func frame(at t: Double) throws -> Frame {
            if let m = s.tick(at: t) { _ = try mirror.apply(m) }
            return try #require(mirror.frame)
        }
        let rest = try frame(at: 0)
        let flagged = Set(Self.layers(rest.items).filter { $0.willChange == 1 }.map(\.id))
        SheetTests.drag(s, from: 600, to: 400, at: 0.1)
        let dragged = try frame(at: 0.25)
        let moved = Self.moved(from: rest, to: dragged)
        #expect(!moved.isEmpty, "the drag moved the sheet")
        for layer in moved { #expect(flagged.contains(layer.id), "layer \(layer.id) moved without being flagged") }
    }
}
