import Foundation
import Testing
@testable import VeilCore

/// `veil render --format json`: the frame in the JS shape Web/wire.js decodes to, exact text (its
/// fields in the order of the field table, as wire.js's items have them).
@Suite struct FrameJSONTests {
    @Test func smallFrameExactText() {
        var rect = Item(id: 7, kind: .rect)
        rect.x = -8; rect.y = 16; rect.width = 800; rect.height = 400; rect.cornerRadius = 64
        rect.fill = 2; rect.opacity = 200; rect.rotation = -100
        rect.clip = Clip(x: 0, y: 0, width: 100, height: 50, cornerRadius: 3)
        var text = Item(id: 8, kind: .text)
        text.text = Array("Hi \"there\"\\\n\u{1}é".utf8)
        text.fill = 1; text.fontSize = 136; text.fontWeight = 700; text.baseline = 110
        var arc = Item(id: 9, kind: .arc)
        arc.stroke = 1; arc.lineWidth = 24; arc.arcStart = 1000; arc.arcSweep = -65536
        let frame = Frame(
            width: 3120, height: 6752, background: Color(rgba: 0xF2F2_F7FF),
            paints: [
                .solid(Color(rgba: 0xFF00_0080)),
                .linear(x0: 0, y0: -5, x1: 800, y1: 5,
                        stops: [GradientStop(offset: 0, color: .white), GradientStop(offset: 65535, color: .clear)]),
                .radial(cx: 1, cy: 2, radius: 3, stops: []),
            ],
            items: [rect, text, arc])
        let expected = #"""
            {"width":3120,"height":6752,"background":4076009471,
            "paints":[
            {"kind":"solid","color":4278190208},
            {"kind":"linear","x0":0,"y0":-5,"x1":800,"y1":5,"stops":[{"offset":0,"color":4294967295},{"offset":65535,"color":0}]},
            {"kind":"radial","cx":1,"cy":2,"radius":3,"stops":[]}
            ],
            "items":[
            {"id":7,"x":-8,"y":16,"width":800,"height":400,"fill":2,"opacity":200,"rotation":-100,"cornerRadius":64,"stroke":0,"lineWidth":0,"clip":{"x":0,"y":0,"width":100,"height":50,"cornerRadius":3},"arcStart":0,"arcSweep":0,"text":"","kind":0,"fontSize":0,"fontWeight":400,"baseline":0,"willChange":0},
            {"id":8,"x":0,"y":0,"width":0,"height":0,"fill":1,"opacity":255,"rotation":0,"cornerRadius":0,"stroke":0,"lineWidth":0,"clip":null,"arcStart":0,"arcSweep":0,"text":"Hi \"there\"\\\n\u0001é","kind":1,"fontSize":136,"fontWeight":700,"baseline":110,"willChange":0},
            {"id":9,"x":0,"y":0,"width":0,"height":0,"fill":0,"opacity":255,"rotation":0,"cornerRadius":0,"stroke":1,"lineWidth":24,"clip":null,"arcStart":1000,"arcSweep":-65536,"text":"","kind":3,"fontSize":0,"fontWeight":400,"baseline":0,"willChange":0}
            ]}

            """#
        #expect(String(decoding: FrameJSON.json(frame), as: UTF8.self) == expected)
    }

    @Test func emptyFrame() {
        let json = String(decoding: FrameJSON.json(Frame(width: 8, height: 16, background: .black)), as: UTF8.self)
        #expect(json == "{\"width\":8,\"height\":16,\"background\":255,\n\"paints\":[],\n\"items\":[]}\n")
    }

    @Test func parsesAsJSONWithTheTextIntact() throws {
        var item = Item(id: 1, kind: .text)
        item.text = Array("tab\there \u{7F} \u{2028} 😀 </script>".utf8) + [0xC0]  // 0xC0: invalid UTF-8
        let bytes = FrameJSON.json(Frame(items: [item]))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let items = try #require(object["items"] as? [[String: Any]])
        #expect(items.first?["text"] as? String == "tab\there \u{7F} \u{2028} 😀 </script>\u{FFFD}")
        #expect(object["background"] as? UInt32 == 0xFFFF_FFFF)
    }
}
