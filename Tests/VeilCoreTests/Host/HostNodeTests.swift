import Foundation
import Testing
@testable import VeilCore

/// Host nodes: content the host provides. The core lays a host node out like a view and draws one
/// item of kind host ("<id>#host") with its box and clip and nothing else; the layers above carry
/// offset, opacity and clip; the `host` command gives it the size the page measured.
@Suite struct HostNodeTests {
    static func read(_ json: String) throws -> Scene { try SceneReader.read(Array(json.utf8), file: "t.json") }

    /// The host items of a session's frame, flattened to canvas space, by their keys.
    static func hosts(_ session: Session, at t: Double = 0) -> [(key: String, item: Item)] {
        session.frame(at: t).canvasItems.filter { $0.kind == .host }.map {
            (String(decoding: session.itemKey($0.id) ?? [], as: UTF8.self), $0)
        }
    }

    static func rect(_ item: Item) -> Rect {
        Rect(x: Fixed.points(item.x), y: Fixed.points(item.y), width: Fixed.points(item.width), height: Fixed.points(item.height))
    }

    @Test func aHostInAStackIsLaidOutAtItsHeightAndDrawnAsOneHostItem() throws {
        let scene = try Self.read(##"{"canvas": {"width": 400, "height": 800}, "root": {"type": "stack", "spacing": 10, "children": [{"type": "label", "text": "Sign in", "height": 40}, {"type": "host", "id": "form", "height": 320, "background": "#FF0000"}, {"type": "button", "title": "Go"}]}}"##)
        let session = Session(scene: scene)
        let hosts = Self.hosts(session)
        #expect(hosts.count == 1)
        #expect(hosts[0].key == "form#host")
        #expect(Self.rect(hosts[0].item) == Rect(x: 0, y: 50, width: 400, height: 320))
        #expect(hosts[0].item.fill == 0 && hosts[0].item.stroke == 0 && hosts[0].item.clip == nil, "no paint, no clip")
        // Nothing else is drawn for it: its background is the page's to draw.
        let keys = session.frame(at: 0).canvasItems.compactMap { session.itemKey($0.id) }.map { String(decoding: $0, as: UTF8.self) }
        #expect(keys.filter { $0.hasPrefix("form#") } == ["form#host"])
        #expect(session.inspect(Array("root/2".utf8))?.frame.y == 380)
    }

    @Test func theHostCommandResizesItAndTheStackMovesAround() throws {
        let session = Session(scene: try Self.read(#"{"root": {"type": "stack", "children": [{"type": "host", "id": "form", "height": 320}, {"type": "view", "id": "after", "height": 20}]}}"#))
        _ = session.tick(at: 0)
        try session.perform(.host(node: Array("form".utf8), width: nil, height: 412))
        #expect(Self.rect(Self.hosts(session)[0].item).height == 412)
        #expect(session.inspect(Array("after".utf8))?.frame.y == 412)
        #expect(session.tick(at: 0.1) != nil)
        // The same size again changes nothing: no layout, no message.
        try session.perform(.host(node: Array("form".utf8), width: nil, height: 412))
        #expect(session.tick(at: 0.2) == nil)
    }

    @Test func theHostCommandRefusesWhatIsNotAHostAndChangesNothing() throws {
        let session = Session(scene: try Self.read(#"{"root": {"type": "stack", "children": [{"type": "host", "id": "form", "height": 320}, {"type": "view", "id": "card"}]}}"#))
        let before = session.frame(at: 0)
        #expect(throws: SessionError("host: \"card\" is not a host node")) { try session.perform(.host(node: Array("card".utf8), width: 10, height: nil)) }
        do {
            try session.perform(.host(node: Array("from".utf8), width: 10, height: nil))
            Issue.record("an unknown node was taken")
        } catch {
            #expect(error.message.contains("did you mean \"form\""))
        }
        #expect(throws: SessionError.self) { try session.perform(.host(node: Array("form".utf8), width: nil, height: nil)) }
        #expect(throws: SessionError.self) { try session.perform(.host(node: Array("form".utf8), width: -1, height: nil)) }
        #expect(throws: SessionError.self) { try session.perform(.host(node: Array("form".utf8), width: .nan, height: nil)) }
        #expect(session.frame(at: 0) == before)
    }

    @Test func theReaderReadsTheNodeAndTheCommandWithErrorsWhereTheyAre() throws {
        let action = try SceneReader.readAction(Array(#"{"command": {"host": {"node": "form", "height": 412}}}"#.utf8), file: "e.jsonl", line: 1)
        guard case let .command(.host(node, width, height)) = action.action else { Issue.record("not a host command"); return }
        #expect(node == Array("form".utf8) && width == nil && height == 412)
        func error(_ json: String) -> String {
            do { _ = try SceneReader.readAction(Array(json.utf8), file: "e.jsonl", line: 3); return "" } catch { return error.description }
        }
        #expect(error(#"{"command": {"host": {"node": "form"}}}"#) == #"e.jsonl:3:22: "host" needs "width" or "height""#)
        #expect(error(#"{"command": {"host": {"node": "form", "hieght": 4}}}"#).contains(#"3:39: unknown key "hieght" in "host"; did you mean "height"?"#))
        #expect(error(#"{"command": {"host": {"node": "form", "height": -4}}}"#).contains(#"3:49: "height" must be at least 0"#))
        #expect(error(#"{"command": {"hots": {"node": "form"}}}"#).contains(#"did you mean "host"?"#))
        func sceneError(_ json: String) -> String {
            do { _ = try SceneReader.read(Array(json.utf8), file: "t.json"); return "" } catch { return error.description }
        }
        #expect(sceneError(#"{"root": {"type": "host", "children": []}}"#).contains(#"t.json:1:27: unknown key "children" in host"#))
        #expect(sceneError(#"{"root": {"type": "hots"}}"#).contains(#"did you mean "host"?"#))
    }

    @Test func aHostInASheetPageMovesWithTheSheetsLayer() throws {
        let scene = try Self.read(#"{"canvas": {"width": 390, "height": 844}, "root": {"type": "view", "children": [{"type": "sheet", "id": "sheet", "anchors": [{"fromTop": 400}], "children": [{"type": "stack", "id": "page", "children": [{"type": "host", "id": "form", "height": 200}]}]}]}}"#)
        let session = Session(scene: scene)
        _ = session.tick(at: 0)
        let rest = Self.hosts(session, at: 5)
        #expect(rest.count == 1)
        #expect(Self.rect(rest[0].item) == Rect(x: 0, y: 400, width: 390, height: 200))
        // In the frame it sits in the sheet's layer: the layer's offset moves it.
        let frame = session.frame(at: 5)
        func layerHolding(_ items: [Item]) -> Item? {
            for e in items where e.isLayer {
                if e.children.contains(where: { $0.kind == .host }) { return e }
                if let l = layerHolding(e.children) { return l }
            }
            return nil
        }
        #expect(layerHolding(frame.items) != nil)
    }

    @Test func aHostInAScrolledListRowIsClippedByTheListAndMovesWithItsContent() throws {
        let scene = try Self.read(#"{"canvas": {"width": 300, "height": 400}, "root": {"type": "list", "id": "list", "rowCount": 20, "rowHeight": 100, "row": {"type": "host", "id": "ad"}}}"#)
        let session = Session(scene: scene)
        try session.perform(.scroll(node: Array("list".utf8), to: 150, animated: false))
        let hosts = Self.hosts(session)
        let row2 = try #require(hosts.first { $0.key == "list/2/ad#host" })
        #expect(Self.rect(row2.item) == Rect(x: 0, y: 50, width: 300, height: 100))
        let row1 = try #require(hosts.first { $0.key == "list/1/ad#host" })
        #expect(Self.rect(row1.item).y == -50)
        let clip = try #require(row1.item.clip, "the list clips its rows")
        #expect(clip.y == 0 && clip.height == Fixed.from(400))
    }

    @Test func aClippingContainerPutsItsClipOnTheHostItem() throws {
        let scene = try Self.read(#"{"root": {"type": "view", "children": [{"type": "view", "id": "card", "clipsToBounds": true, "frame": {"x": 10, "y": 10, "width": 100, "height": 50}, "children": [{"type": "host", "id": "h", "frame": {"x": 0, "y": 20, "width": 100, "height": 80}}]}]}}"#)
        let session = Session(scene: scene)
        let item = try #require(Self.hosts(session).first).item
        #expect(Self.rect(item) == Rect(x: 10, y: 30, width: 100, height: 80))
        #expect(item.clip.map { Rect(x: Fixed.points($0.x), y: Fixed.points($0.y), width: Fixed.points($0.width), height: Fixed.points($0.height)) }
                == Rect(x: 10, y: 10, width: 100, height: 50))
    }

    @Test func aFadingHostTakesItsOpacityFromItsLayer() throws {
        let scene = try Self.read(#"{"root": {"type": "stack", "children": [{"type": "host", "id": "h", "height": 50, "opacity": 0.5}]}}"#)
        let frame = Session(scene: scene).frame(at: 0)
        func holding(_ items: [Item]) -> Item? {
            for e in items where e.isLayer {
                if e.children.contains(where: { $0.kind == .host }) { return e }
                if let l = holding(e.children) { return l }
            }
            return nil
        }
        let layer = try #require(holding(frame.items))
        #expect(layer.opacity == 128)
        #expect(layer.children.first { $0.kind == .host }?.opacity == 255)
    }

    @Test func inAShownSkeletonAHostIsAPlaceholderAndItsItemFadesWithTheContent() throws {
        let scene = try Self.read(#"{"root": {"type": "stack", "id": "card", "skeletonable": true, "children": [{"type": "host", "id": "form", "height": 100, "skeletonable": true}]}}"#)
        let session = Session(scene: scene)
        let show = try SceneReader.readAction(Array(#"{"command": {"skeleton": {"node": "card", "show": true}}}"#.utf8), file: "e", line: 1)
        guard case let .command(command) = show.action else { Issue.record("not a command"); return }
        try session.perform(command)
        let keys = session.frame(at: 0.1).played(at: 0.1).canvasItems.compactMap { session.itemKey($0.id) }.map { String(decoding: $0, as: UTF8.self) }
        #expect(keys.contains("form#sk0"), "a placeholder box over the host")
        #expect(keys.contains("form#host"), "the host item dissolves out in the content layer")
        let shown = session.frame(at: 5).canvasItems.compactMap { session.itemKey($0.id) }.map { String(decoding: $0, as: UTF8.self) }
        #expect(shown.contains("form#sk0") && !shown.contains("form#host"), "fully shown: the page's element is not drawn")
    }

    @Test func aHostIsHitLikeAViewAndAddsNothingToTheDescription() throws {
        let scene = try Self.read(#"{"root": {"type": "stack", "children": [{"type": "label", "id": "title", "text": "Pay", "height": 40}, {"type": "host", "id": "card", "height": 200}, {"type": "button", "id": "pay", "title": "Pay now"}]}}"#)
        let session = Session(scene: scene)
        #expect(session.nodes(at: Point(x: 20, y: 100)).map(\.id).contains(Array("card".utf8)))
        let d = session.accessibilityDescription()
        #expect(d.buttons.map(\.node) == [Array("pay".utf8)])
        // A tap on it presses nothing and reports nothing.
        try session.input(.pointer(PointerEvent(phase: .down, x: 20, y: 100)))
        try session.input(.pointer(PointerEvent(phase: .up, x: 20, y: 100)))
        let bytes = try #require(session.tick(at: 0))
        #expect(try WireDecoder.decode(bytes).events.isEmpty)
    }

    @Test func svgExportDrawsADashedStandIn() throws {
        var host = Item(id: 1, kind: .host)
        host.x = Fixed.from(10); host.y = Fixed.from(20); host.width = Fixed.from(300); host.height = Fixed.from(100)
        let svg = String(decoding: SVGExport.svg(Frame(width: Fixed.from(400), height: Fixed.from(400), items: [host])), as: UTF8.self)
        #expect(svg.contains(##"<g><rect x="10" y="20" width="300" height="100" fill="#8080801A" stroke="#808080" stroke-width="1" stroke-dasharray="4 3"/><text"##))
        #expect(svg.contains(">host</text></g>"))
    }
}
