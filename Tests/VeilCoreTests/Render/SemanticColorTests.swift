import PropertyBased
import Testing
@testable import VeilCore

/// Semantic colours (`"label"`, `"card"`…) in scenes: accepted wherever a colour is, drawn as the
/// appearance's value, flipped by an appearance change with no scene change.
@Suite struct SemanticColorTests {
    private static let source = #"""
    {"canvas": {"width": 200, "height": 300}, "background": "groupedBackground",
     "root": {"type": "stack", "id": "page", "axis": "vertical", "children": [
       {"type": "view", "id": "card", "height": 40, "background": "card", "borderColor": "separator", "borderWidth": 1},
       {"type": "label", "id": "title", "text": "Title", "color": "label"},
       {"type": "button", "id": "go", "title": "Go", "height": 44, "background": "tint", "titleColor": "#FFFFFF"},
       {"type": "list", "id": "rows", "height": 120, "rowHeight": 40, "separatorColor": "opaqueSeparator",
        "row": {"type": "view", "id": "row", "children": [{"type": "label", "id": "name", "text": "x"}]},
        "rows": [{"name": {"text": "A", "textColor": "secondaryLabel"}}, {"name": {"text": "B"}}]}]},
     "timeline": [{"t": 1, "command": {"set": {"node": "title", "textColor": "systemRed"}}}]}
    """#

    private func colours(_ frame: Frame) -> [UInt32] {
        frame.canvasItems.flatMap { item in [item.fill, item.stroke].compactMap { ref -> UInt32? in
            guard ref != 0, case let .solid(c) = frame.paint(of: ref) else { return nil }
            return c.rgba
        } }
    }

    private func item(_ s: Session, _ frame: Frame, _ key: String) -> Item? {
        frame.canvasItems.first { s.itemKey($0.id).map { String(decoding: $0, as: UTF8.self) } == key }
    }

    @Test func everyNameParsesAndResolvesToItsLightAndDarkValue() {
        #expect(SemanticColor.names.count * 2 == SemanticColor.values.count)
        for (i, name) in SemanticColor.names.enumerated() {
            let c = ColorParsing.parse(utf8(name))
            #expect(c?.resolved(.light).rgba == SemanticColor.values[2 * i], "\(name)")
            #expect(c?.resolved(.dark).rgba == SemanticColor.values[2 * i + 1], "\(name)")
            #expect(c?.rgba == SemanticColor.values[2 * i], "its channels hold the light value")
        }
        #expect(ColorParsing.parse(bytes("label"))?.resolved(.dark) == .white)
        #expect(ColorParsing.parse(bytes("#000000"))?.resolved(.dark) == .black, "hex colours stay as written")
    }

    @Test func unknownNamesAndPrefixesAreNotColours() {
        for text in ["Label", "labe", "labels", "", "card ", "secondary", "#labels", "red", "system"] {
            #expect(ColorParsing.parse(bytes(text)) == nil, "\(text)")
        }
        do {
            _ = try SceneReader.read(bytes(#"{"canvas": {"width": 10, "height": 10}, "root": {"type": "view", "background": "lable"}}"#), file: "t.json")
            Issue.record("a misspelt colour name was accepted")
        } catch {
            #expect(error.description.contains("semantic colour"), "\(error.description)")
        }
    }

    @Test func theAppearanceCommandFlipsEverySemanticColourWithNoSceneChange() throws {
        let scene = try SceneReader.read(bytes(Self.source), file: "t.json")
        let s = Session(scene: scene)
        let light = s.frame(at: 0)
        try s.perform(.appearance(.dark))
        let dark = s.frame(at: 0)
        #expect(light.background.rgba == 0xF2F2F7FF && dark.background.rgba == 0x000000FF)
        #expect(item(s, light, "card#bg").map { light.paint(of: $0.fill) } == .solid(Color(rgba: 0xFFFFFFFF)))
        #expect(item(s, dark, "card#bg").map { dark.paint(of: $0.fill) } == .solid(Color(rgba: 0x1C1C1EFF)))
        #expect(item(s, dark, "card#bg").map { dark.paint(of: $0.stroke) } == .solid(Color(rgba: 0x54545899)))
        #expect(item(s, light, "go#bg").map { light.paint(of: $0.fill) } == .solid(Color(rgba: 0x007AFFFF)))
        #expect(item(s, dark, "go#bg").map { dark.paint(of: $0.fill) } == .solid(Color(rgba: 0x0A84FFFF)))
        let lightColours = Set(colours(light)), darkColours = Set(colours(dark))
        #expect(lightColours.contains(0x3C3C4399) && darkColours.contains(0xEBEBF599), "row data's textColor")
        #expect(lightColours.contains(0xC6C6C8FF) && darkColours.contains(0x38383AFF), "the list's separators")
        #expect(darkColours.contains(0xFFFFFFFF), "label in dark")
        #expect(!darkColours.contains(0xF2F2F7FF) && !lightColours.contains(0x1C1C1EFF))
        let later = s.frame(at: 1.5)
        #expect(item(s, later, "title#t0").map { later.paint(of: $0.fill) } == .solid(Color(rgba: 0xFF453AFF)),
                "a set command's red, in dark")
    }

    @Test func framesHoldOnlyResolvedColoursAndSurviveTheWire() throws {
        // Whatever the appearance, the frame the mirror rebuilds from the wire equals the session's.
        for appearance in [Appearance.light, .dark] {
            var scene = try SceneReader.read(bytes(Self.source), file: "t.json")
            scene.appearance = appearance
            let s = Session(scene: scene)
            var mirror = FrameMirror()
            for t in [0.0, 0.5, 1.0, 1.5] {
                if let message = s.tick(at: t) { try mirror.apply(message) }
                #expect(mirror.frame == s.frame(at: t), "\(appearance) at \(t)")
            }
            for paint in s.frame(at: 1.5).paints { if case let .solid(c) = paint { #expect(c.semantic == 0) } }
        }
    }
}
