import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import VeilCore

/// `veil render --format svg`: a hand-built frame comes out as the picture it describes.
@Suite struct SVGExportTests {
    static let red = Color(r: 255, g: 0, b: 0)
    static let halfBlue = Color(r: 0, g: 0, b: 255, a: 128)

    /// Points → 1/8 pt.
    static func p(_ points: Double) -> Int32 { Fixed.from(points) }

    static var frame: Frame {
        var f = Frame(width: p(200), height: p(100), background: Color(r: 0xF2, g: 0xF2, b: 0xF7),
                      paints: [
                        .solid(red),
                        .linear(x0: 0, y0: 0, x1: p(100), y1: 0,
                                stops: [GradientStop(offset: 0, color: red), GradientStop(offset: 65535, color: halfBlue)]),
                        .radial(cx: p(50), cy: p(25.5), radius: p(40),
                                stops: [GradientStop(offset: 32768, color: .white)]),
                        .solid(halfBlue),
                      ])
        var rect = Item(id: 1, kind: .rect)
        rect.x = p(10); rect.y = p(20); rect.width = p(30); rect.height = p(40.125)
        rect.cornerRadius = p(8); rect.fill = 2; rect.stroke = 4; rect.lineWidth = p(1.5)
        rect.opacity = 128; rect.rotation = 16384
        var text = Item(id: 2, kind: .text)
        text.x = p(10); text.y = p(20); text.baseline = p(10.5); text.fontSize = p(17); text.fontWeight = 600
        text.fill = 1; text.text = Array("<a & \"b\">".utf8)
        var image = Item(id: 3, kind: .image)
        image.x = p(100); image.width = p(20); image.height = p(20)
        image.clip = Clip(x: p(100), y: 0, width: p(50), height: p(50), cornerRadius: p(4))
        var arc = Item(id: 4, kind: .arc)
        arc.x = p(120); arc.y = p(0); arc.width = p(80); arc.height = p(80)
        arc.stroke = 1; arc.lineWidth = p(4); arc.arcStart = 0; arc.arcSweep = 16384
        arc.clip = image.clip
        var ring = Item(id: 5, kind: .arc)
        ring.x = 0; ring.y = 0; ring.width = p(20); ring.height = p(10)
        ring.stroke = 3; ring.lineWidth = p(2); ring.arcSweep = 65536
        f.items = [rect, text, image, arc, ring]
        return f
    }

    var svg: String { String(decoding: SVGExport.svg(Self.frame), as: UTF8.self) }

    @Test func documentHasSizeInPointsAndTheBackground() {
        #expect(svg.hasPrefix(##"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100""##))
        #expect(svg.contains(##"<rect width="200" height="100" fill="#f2f2f7"/>"##))
        #expect(svg.hasSuffix("</svg>\n"))
    }

    @Test func gradientsAreInCanvasSpace() {
        #expect(svg.contains(##"<linearGradient id="p2" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="100" y2="0">"##
            + ##"<stop offset="0" stop-color="#ff0000"/><stop offset="1" stop-color="#0000ff" stop-opacity="0.502"/></linearGradient>"##))
        #expect(svg.contains(##"<radialGradient id="p3" gradientUnits="userSpaceOnUse" cx="50" cy="25.5" r="40">"##
            + ##"<stop offset="0.5" stop-color="#ffffff"/></radialGradient>"##))
        // Solid paints are written inline, not as definitions.
        #expect(!svg.contains(##"id="p1""##))
    }

    @Test func rectHasCornerRadiusPaintsOpacityAndRotationAboutItsCentre() {
        #expect(svg.contains(##"<rect x="10" y="20" width="30" height="40.125" rx="8" fill="url(#p2)""##
            + ##" stroke="#0000ff" stroke-opacity="0.502" stroke-width="1.5" opacity="0.502""##
            + ##" transform="rotate(90 25 40.0625)"/>"##))
    }

    @Test func textIsOneLineOfInterAtItsBaselineWithMarkupEscaped() {
        #expect(svg.contains(##"<text x="10" y="30.5" font-family="Inter" font-size="17" font-weight="600" style="font-kerning:none" fill="#ff0000">"##
            + "&lt;a &amp; &quot;b&quot;&gt;</text>"))
    }

    @Test func clippedItemsShareOneClipGroup() {
        #expect(svg.contains(##"<clipPath id="c1"><rect x="100" y="0" width="50" height="50" rx="4"/></clipPath>"##
            + "\n" + ##"<g clip-path="url(#c1)">"##))
        // The image placeholder and the arc have the same clip: one group, closed before the ring.
        #expect(!svg.contains("c2"))
        let group = svg.components(separatedBy: ##"<g clip-path="url(#c1)">"##)[1].components(separatedBy: "</g>")[0]
        #expect(group.contains(##"<g><rect x="100" y="0" width="20" height="20" fill="#787880" fill-opacity="0.2"/>"##))
        #expect(group.contains("<path"))
        #expect(!group.contains(##"stroke="url(#p3)""##))
    }

    @Test func arcsArePathsFromTwelveOClockClockwiseInsideTheBox() {
        // Box 120,0 80×80, line 4: centre (160, 40), radius 40 − 2; a quarter turn from the top.
        #expect(svg.contains(##"<path d="M160 2 A38 38 0 0 1 198 40" fill="none" stroke="#ff0000" stroke-width="4""##
            + ##" stroke-linecap="round"/>"##))
        // A full turn is two half circles; radius from the shorter side (10 → 5 − 1).
        #expect(svg.contains(##"<path d="M10 1 A4 4 0 1 1 10 9 A4 4 0 1 1 10 1 Z" fill="none" stroke="url(#p3)""##
            + ##" stroke-width="2" stroke-linecap="round"/>"##))
    }

    @Test func anticlockwiseAndLargeArcs() {
        var arc = Item(id: 1, kind: .arc)
        arc.width = Self.p(20); arc.height = Self.p(20); arc.stroke = 1; arc.lineWidth = 8
        arc.arcStart = 16384; arc.arcSweep = -49152  // from 3 o'clock, three quarters anticlockwise
        let svg = String(decoding: SVGExport.svg(Frame(width: 160, height: 160, paints: [.solid(.black)], items: [arc])),
                         as: UTF8.self)
        #expect(svg.contains(##"d="M19.5 10 A9.5 9.5 0 1 0 10 19.5""##))
    }

    @Test func imagePlaceholderHasTheViewersGlyph() {
        // Box 100,0 20×20 → glyph 10×10 from (105, 5): mountains and a sun, outline-free.
        #expect(svg.contains(##"<path d="M105 14 L108.5 9 L111 12 L112.5 10.5 L115 14 Z"/><circle cx="112.8" cy="7" r="1.2"/>"##))
    }

    @Test func activityIndicatorIsEightSpokesFadingBehindTheHead() {
        var spinner = Item(id: 1, kind: .activityIndicator)
        spinner.x = Self.p(10); spinner.y = Self.p(10); spinner.width = Self.p(20); spinner.height = Self.p(20)
        spinner.fill = 1; spinner.lineWidth = Self.p(2); spinner.rotation = 8192
        let svg = String(decoding: SVGExport.svg(Frame(width: 320, height: 320, paints: [.solid(Self.red)],
                                                       items: [spinner])), as: UTF8.self)
        #expect(svg.contains(##"<g fill="none" stroke="#ff0000" stroke-width="2" stroke-linecap="round" transform="rotate(45 20 20)">"##))
        #expect(svg.components(separatedBy: "<line ").count == 9)
        // The head points up (radius 10: from 5 to 9), full opacity; the spoke clockwise of it is the faintest.
        #expect(svg.contains(##"<line x1="20" y1="15" x2="20" y2="11"/>"##))
        #expect(svg.contains(##"<line x1="23.536" y1="16.464" x2="26.364" y2="13.636" opacity="0.25"/>"##))
        #expect(svg.contains(##"<line x1="16.464" y1="16.464" x2="13.636" y2="13.636" opacity="0.893"/>"##))
    }

    @Test func outputIsWellFormedXML() {
        var frame = Self.frame
        frame.items[1].text = [0x41, 0x01, 0xFF, 0x3C, 0xC3, 0xA9]  // control char, invalid byte, "<", "é"
        let bytes = SVGExport.svg(frame)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("A\u{FFFD}\u{FFFD}&lt;é</text>"))
        #expect(XMLParser(data: Data(bytes)).parse())
    }

    @Test func paintReferencesOutOfRangeDrawNothing() {
        var item = Item(id: 1, kind: .rect)
        item.width = 8; item.height = 8; item.fill = 9
        let svg = String(decoding: SVGExport.svg(Frame(items: [item])), as: UTF8.self)
        #expect(svg.contains(##"<rect x="0" y="0" width="1" height="1" fill="none"/>"##))
    }
}

@Suite struct NumberTextTests {
    func decimal(_ n: Int64, _ d: Int64, _ digits: Int) -> String {
        var t = TextBytes()
        t.decimal(n, d, digits: digits)
        return String(decoding: t.bytes, as: UTF8.self)
    }

    @Test func fixedPointIsExact() {
        #expect(decimal(1, 8, 3) == "0.125")
        #expect(decimal(-1, 8, 3) == "-0.125")
        #expect(decimal(12, 8, 3) == "1.5")
        #expect(decimal(-16, 8, 3) == "-2")
        #expect(decimal(Int64(Int32.min), 8, 3) == "-268435456")
    }

    @Test func fractionsRoundToNearest() {
        #expect(decimal(128, 255, 3) == "0.502")
        #expect(decimal(255, 255, 3) == "1")
        #expect(decimal(1, 3, 3) == "0.333")
        #expect(decimal(2, 3, 3) == "0.667")
        #expect(decimal(-1, 10_000, 3) == "0")  // no "-0"
        #expect(decimal(1, 65535, 4) == "0")
        #expect(decimal(7, 65535, 4) == "0.0001")
    }

    @Test func integers() {
        var t = TextBytes()
        t.int(Int32.min); t.byte(0x20); t.int(UInt32.max); t.byte(0x20); t.int(0)
        #expect(String(decoding: t.bytes, as: UTF8.self) == "-2147483648 4294967295 0")
    }

    @Test func sineAndCosineMatchTheLibraryToWellBelowAThousandthOfAPoint() {
        for angle in stride(from: -70_000, through: 140_000, by: 97) {
            let (s, c) = Turns.sinCos(Int64(angle))
            let radians = Double(angle) / 65536 * 2 * Double.pi
            #expect(abs(s - sin(radians)) < 1e-10)
            #expect(abs(c - cos(radians)) < 1e-10)
        }
        let quarter = Turns.sinCos(16384)
        #expect(quarter.sin == 1 && quarter.cos == 0)
    }
}
