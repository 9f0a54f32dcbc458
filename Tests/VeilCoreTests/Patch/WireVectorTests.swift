import Foundation
import Testing
@testable import VeilCore

/// Shared test vectors (Tests/Vectors): message sequences as hex with the frame a mirror holds after
/// each, in the JS frame shape. Tests/web/wire.test.mjs checks Web/wire.js against the same files.
/// `VEIL_RECORD_VECTORS=1 swift test --filter WireVectorTests` rewrites them; otherwise they are checked.
@Suite struct WireVectorTests {
    struct Step {
        var frame: Frame
        var events: [HostEvent] = []
        var forceKeyframe = false
    }

    struct Vector {
        var file: String
        var description: String
        var steps: [Step]
    }

    static let directory = SharedVectors.directory

    static func event(_ name: String, _ node: String) -> HostEvent { HostEvent(name: Array(name.utf8), node: Array(node.utf8)) }

    static var vectors: [Vector] {
        var list: [Vector] = []

        // 1. Empty frame, resize, background.
        var empty = Frame(width: 3120, height: 6752)
        var steps = [Step(frame: empty), Step(frame: empty)]
        empty.width = 6400; empty.height = 4800
        steps.append(Step(frame: empty))
        empty.background = Color(rgba: 0x1C1C1EFF)
        steps.append(Step(frame: empty))
        list.append(Vector(file: "empty-and-resize.json", description: "An empty frame; an idle tick (no message); a resize; a new background.", steps: steps))

        // 2. The worked example of docs/PROTOCOL.md.
        list.append(Vector(file: "worked-example.json", description: "docs/PROTOCOL.md worked example: keyframe, shimmer step + label move, events-only delta.",
                           steps: [Step(frame: WorkedExample.frame), Step(frame: WorkedExample.next),
                                   Step(frame: WorkedExample.next, events: [event("tap", "retry")])]))

        // 3. Shimmer: a linear gradient sweeping over five bars, a radial one pulsing.
        let stops = WorkedExample.stops
        func shimmer(_ t: Int32) -> Frame {
            let bars = (0 ..< 5).map { i -> Item in
                var bar = rect(UInt32(10 + i), x: 128, y: Int32(384 + i * 240), fill: 1)
                bar.width = 2864; bar.cornerRadius = 32
                return bar
            }
            var spinner = Item(id: 99, kind: .rect)
            spinner.width = 3120; spinner.height = 6752; spinner.fill = 2; spinner.opacity = UInt8(100 + t * 20)
            let radialStops = t < 3 ? [GradientStop(offset: 0, color: Color(rgba: 0x00000080)), GradientStop(offset: 65535, color: .clear)]
                                    : [GradientStop(offset: 0, color: Color(rgba: 0x000000A0)), GradientStop(offset: 65535, color: .clear)]
            return Frame(width: 3120, height: 6752, background: .white,
                         paints: [.linear(x0: -3200 + t * 640, y0: 0, x1: t * 640, y1: t * 8, stops: stops),
                                  .radial(cx: 1560, cy: 3376, radius: 2000 + t * 100, stops: radialStops)],
                         items: bars + [spinner])
        }
        list.append(Vector(file: "shimmer.json", description: "Gradient adjustments: a linear shimmer sweeping, a radial paint pulsing and changing stops.",
                           steps: (0 ..< 6).map { Step(frame: shimmer(Int32($0))) }))

        // 4. List edits: inserts, removes, moves, reversal, field updates.
        var list4 = Frame(width: 3120, height: 6752, background: Color(rgba: 0xF2F2F7FF),
                          paints: [.solid(Color(rgba: 0xECF0F1FF)), .solid(Color(rgba: 0x3498DBFF))],
                          items: (0 ..< 12).map { rect(UInt32($0 + 1), x: 128, y: Int32(128 + $0 * 400)) })
        steps = [Step(frame: list4)]
        list4.items.insert(rect(100, x: 64, y: 64, fill: 2), at: 3)
        list4.items.remove(at: 7)
        steps.append(Step(frame: list4))
        list4.items.insert(list4.items.remove(at: 0), at: 9)
        list4.items[2].opacity = 128; list4.items[4].cornerRadius = 48; list4.items[5].stroke = 2; list4.items[5].lineWidth = 8
        list4.items[6].rotation = -8192
        steps.append(Step(frame: list4))
        list4.items.reverse()
        steps.append(Step(frame: list4))
        list4.items.removeSubrange(2 ..< 8)
        list4.items.append(rect(WireLimits.maxId, x: -16, y: -16, fill: 1))
        steps.append(Step(frame: list4))
        list.append(Vector(file: "list-edits.json", description: "Item inserts, removes, moves (one item, a reversal), field updates, a large id.", steps: steps))

        // 5. Text, clips, arcs, kind changes.
        func text(_ id: UInt32, _ s: String, y: Int32) -> Item {
            var t = Item(id: id, kind: .text)
            t.x = 128; t.y = y; t.width = 2000; t.height = 176; t.fill = 1
            t.text = Array(s.utf8); t.fontSize = 136; t.fontWeight = 600; t.baseline = 132
            return t
        }
        var arc = Item(id: 50, kind: .arc)
        arc.x = 1400; arc.y = 3200; arc.width = 320; arc.height = 320; arc.stroke = 1; arc.lineWidth = 24
        arc.arcStart = 0; arc.arcSweep = 49152
        var texts = Frame(width: 3120, height: 6752, paints: [.solid(.black)],
                          items: [text(1, "Zoë’s café", y: 128), text(2, "\u{FEFF}BOM \"quoted\" \\ tab\t", y: 400),
                                  text(3, "日本語 🙂👍🏽", y: 700), arc])
        steps = [Step(frame: texts)]
        texts.items[0].clip = Clip(x: 0, y: 0, width: 1600, height: 6752, cornerRadius: 16)
        texts.items[2].text = Array("Ünïcödé".utf8)
        texts.items[3].arcStart = 16384; texts.items[3].rotation = 4096
        steps.append(Step(frame: texts))
        texts.items[0].clip = nil
        texts.items[1].kind = .rect; texts.items[1].text = []; texts.items[1].fontWeight = 400
        texts.items[3].arcStart = 32768; texts.items[3].arcSweep = 8192
        steps.append(Step(frame: texts))
        list.append(Vector(file: "text-clip-arc.json", description: "Non-ASCII text (BOM, quotes, emoji), clips set and cleared, an arc turning, a kind change.", steps: steps))

        // 6. Paint table: grow, kind changes, truncate to nothing.
        var paints = Frame(width: 800, height: 800, paints: [.solid(.white)], items: [rect(1, fill: 1)])
        steps = [Step(frame: paints)]
        paints.paints += [.solid(.black), .linear(x0: 0, y0: 0, x1: 800, y1: 800, stops: stops)]
        steps.append(Step(frame: paints))
        paints.paints[0] = .radial(cx: 400, cy: 400, radius: 400, stops: [])
        paints.paints[2] = .solid(Color(rgba: 0xFF000080))
        steps.append(Step(frame: paints))
        paints.paints = []
        paints.items[0].fill = 0
        steps.append(Step(frame: paints))
        list.append(Vector(file: "paint-table.json", description: "Paint table grows, changes kinds (solid, linear, radial), is truncated to empty.", steps: steps))

        // 7. A forced keyframe mid-stream, with events in it.
        var kf = Frame(width: 800, height: 600, paints: [.solid(.black)], items: [rect(1), rect(2, y: 400)])
        steps = [Step(frame: kf, events: [event("loaded", "root")])]
        kf.items[0].x = 80
        steps.append(Step(frame: kf))
        kf.items[1].x = 80
        steps.append(Step(frame: kf, events: [event("tap", "row/1"), event("retry", "status")], forceKeyframe: true))
        kf.items.removeFirst()
        var rows = event("rows", "feed")
        rows.range = 40 ..< 60
        steps.append(Step(frame: kf, events: [event("tap", "row/1"), rows]))
        list.append(Vector(file: "forced-keyframe.json", description: "Events in a keyframe; a forced keyframe mid-stream continues the sequence; an event with a row range (extension 2).", steps: steps))

        // 8. Layers: a card moved and faded as one layer, a list scrolled under its clip, an entry
        // moved between layers, a layer inserted with its subtree and one removed with it.
        func layer(_ id: UInt32, x: Int32, y: Int32, _ children: [Item]) -> Item {
            var l = Item(id: id, kind: .layer)
            l.x = x; l.y = y; l.width = 2864; l.height = 1600; l.children = children
            return l
        }
        var listLayer = layer(20, x: 0, y: 0, (1 ... 6).map { rect(UInt32(20 + $0), x: 0, y: Int32($0 * 400)) })
        listLayer.clip = Clip(x: 0, y: 2000, width: 3120, height: 2400)
        var layered = Frame(width: 3120, height: 6752, background: Color(rgba: 0xF2F2F7FF),
                            paints: [.solid(.white), .solid(Color(rgba: 0x3478F6FF))],
                            items: [layer(10, x: 128, y: 384, [rect(1), rect(2, y: 400, fill: 2)]), listLayer])
        steps = [Step(frame: layered)]
        layered.items[0].y = 512; layered.items[0].opacity = 128
        steps.append(Step(frame: layered))
        layered.items[1].y = -640
        steps.append(Step(frame: layered))
        let moved = layered.items[1].children.remove(at: 2)
        layered.items[0].children.append(moved)
        layered.items[1].children.append(layer(40, x: 0, y: 2800, [rect(41), layer(42, x: 8, y: 8, [rect(43)])]))
        steps.append(Step(frame: layered))
        layered.items.remove(at: 0)
        steps.append(Step(frame: layered))
        list.append(Vector(file: "layers.json", description: "Layers: moved and faded as one field, scrolled under a clip, an entry moved between layers, subtrees inserted and removed.", steps: steps))

        // 9. A seeded random walk with extreme values.
        var random = RandomFrames(seed: 20_260_101)
        var walk = random.frame(maxItems: 40)
        steps = [Step(frame: walk)]
        for _ in 0 ..< 8 {
            walk = random.successor(of: walk)
            steps.append(Step(frame: walk))
        }
        list.append(Vector(file: "random-walk.json", description: "A seeded random walk: every field, extreme values, reorders, paint changes.", steps: steps))

        // 10. A host item (kind 6): content the host provides, in a scrolled, clipped, fading layer.
        var form = Item(id: 2, kind: .host)
        form.x = 128; form.y = 960; form.width = 2864; form.height = 2560
        form.clip = Clip(x: 0, y: 0, width: 3120, height: 3200)
        var scroller = layer(1, x: 0, y: 0, [rect(3, x: 0, y: 0, fill: 1), form])
        scroller.clip = Clip(x: 0, y: 800, width: 3120, height: 4000, cornerRadius: 80)
        var hosted = Frame(width: 3120, height: 6752, paints: [.solid(Color(rgba: 0xF2F2F7FF))], items: [scroller])
        steps = [Step(frame: hosted)]
        hosted.items[0].y = -400; hosted.items[0].opacity = 128
        steps.append(Step(frame: hosted))
        hosted.items[0].children[1].height = 3296; hosted.items[0].children[1].clip = nil
        steps.append(Step(frame: hosted))
        hosted.items[0].children[1].kind = .rect
        steps.append(Step(frame: hosted))
        list.append(Vector(file: "host.json", description: "A host item (kind 6) in a clipped layer: scrolled and faded with its layer, resized, its clip cleared, turned into a rect.", steps: steps))
        return list
    }

    /// The JSON text of one vector: the messages a PatchStream sends for its steps and what a mirror
    /// holds after each.
    static func render(_ vector: Vector) throws -> String {
        var stream = PatchStream()
        var mirror = FrameMirror()
        var messages: [String] = []
        for step in vector.steps {
            if step.forceKeyframe { stream.forceKeyframe() }
            guard let bytes = stream.next(frame: step.frame, events: step.events) else { continue }
            let message = try WireDecoder.decode(bytes)
            let frame = try mirror.apply(message)
            #expect(frame == step.frame)
            var base = "null"
            if case let .delta(b, _) = message.body { base = "\(b)" }
            let events = message.events.map { event in
                let range = event.range.map { ", \"range\": {\"start\": \($0.lowerBound), \"end\": \($0.upperBound)}" } ?? ""
                return "{\"name\": \(JSONText.string(event.name)), \"node\": \(JSONText.string(event.node))\(range)}"
            }
            messages.append("""
                {"hex": "\(hex(bytes).replacingOccurrences(of: " ", with: ""))",
                 "type": "\(message.isKeyframe ? "keyframe" : "delta")", "seq": \(message.sequence), "base": \(base), "hash": \(message.hash),
                 "events": [\(events.joined(separator: ", "))],
                 "frame": \(JSONText.frame(frame))}
            """)
        }
        return """
        {"description": \(JSONText.string(Array(vector.description.utf8))),
         "messages": [
        \(messages.joined(separator: ",\n"))
        ]}

        """
    }

    @Test func vectorsMatchTheFiles() throws {
        let record = ProcessInfo.processInfo.environment["VEIL_RECORD_VECTORS"] == "1"
        var names: [String] = []
        for vector in Self.vectors {
            let url = Self.directory.appendingPathComponent(vector.file)
            let text = try Self.render(vector)
            names.append(vector.file)
            if record {
                try text.write(to: url, atomically: true, encoding: .utf8)
            } else {
                let stored = try String(contentsOf: url, encoding: .utf8)
                #expect(stored == text, "\(vector.file) differs; rerun with VEIL_RECORD_VECTORS=1 if the change is intended")
            }
        }
        let malformed = "[\n" + WireTests.malformed.map { "  {\"hex\": \"\($0.0.replacingOccurrences(of: " ", with: ""))\", \"reason\": \(JSONText.string(Array($0.1.utf8)))}" }
            .joined(separator: ",\n") + "\n]\n"
        let malformedURL = Self.directory.appendingPathComponent("malformed.json")
        if record {
            try malformed.write(to: malformedURL, atomically: true, encoding: .utf8)
        } else {
            #expect(try String(contentsOf: malformedURL, encoding: .utf8) == malformed)
        }
        let index = "[\n" + names.map { "  \"\($0)\"" }.joined(separator: ",\n") + "\n]\n"
        let indexURL = Self.directory.appendingPathComponent("index.json")
        if record {
            try index.write(to: indexURL, atomically: true, encoding: .utf8)
        } else {
            #expect(try String(contentsOf: indexURL, encoding: .utf8) == index)
        }
        #expect(names.count >= 6)
    }

    @Test func storedMessagesDecodeToTheStoredFrames() throws {
        // Independent of the encoder: decode the stored hex and compare with a fresh rendering.
        for vector in Self.vectors {
            let url = Self.directory.appendingPathComponent(vector.file)
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
            var mirror = FrameMirror()
            for message in json["messages"] as! [[String: Any]] {
                let frame = try mirror.apply(bytes(hex: message["hex"] as! String))
                #expect(JSONText.frame(frame) == JSONText.frame(try JSONText.parseFrame(message["frame"]!)), "\(vector.file)")
                #expect(FrameHash.of(frame) == UInt32(message["hash"] as! Int))
            }
        }
    }
}

/// A deterministic JSON writer for frames in the JS shape (ASCII only: non-ASCII is \u-escaped),
/// and a reader back, for the vector files.
enum JSONText {
    static func string(_ utf8: [UInt8]) -> String {
        var out = "\""
        for scalar in String(decoding: utf8, as: UTF8.self).unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value >= 0x20 && scalar.value < 0x7F {
                    out.unicodeScalars.append(scalar)
                } else {
                    for unit in String(scalar).utf16 { out += String(format: "\\u%04x", unit) }
                }
            }
        }
        return out + "\""
    }

    static func stops(_ stops: [GradientStop]) -> String {
        "[" + stops.map { "{\"offset\": \($0.offset), \"color\": \($0.color.rgba)}" }.joined(separator: ", ") + "]"
    }

    static func paint(_ p: Paint) -> String {
        switch p {
        case let .solid(c): return "{\"kind\": \"solid\", \"color\": \(c.rgba)}"
        case let .linear(x0, y0, x1, y1, s):
            return "{\"kind\": \"linear\", \"x0\": \(x0), \"y0\": \(y0), \"x1\": \(x1), \"y1\": \(y1), \"stops\": \(stops(s))}"
        case let .radial(cx, cy, r, s):
            return "{\"kind\": \"radial\", \"cx\": \(cx), \"cy\": \(cy), \"radius\": \(r), \"stops\": \(stops(s))}"
        }
    }

    static func item(_ i: Item) -> String {
        let clip = i.clip.map { "{\"x\": \($0.x), \"y\": \($0.y), \"width\": \($0.width), \"height\": \($0.height), \"cornerRadius\": \($0.cornerRadius)}" } ?? "null"
        return "{\"id\": \(i.id), \"kind\": \(i.kind.rawValue), \"x\": \(i.x), \"y\": \(i.y), \"width\": \(i.width), \"height\": \(i.height), "
            + "\"cornerRadius\": \(i.cornerRadius), \"fill\": \(i.fill), \"stroke\": \(i.stroke), \"lineWidth\": \(i.lineWidth), "
            + "\"opacity\": \(i.opacity), \"rotation\": \(i.rotation), \"clip\": \(clip), \"text\": \(string(i.text)), "
            + "\"fontSize\": \(i.fontSize), \"fontWeight\": \(i.fontWeight), \"baseline\": \(i.baseline), "
            + "\"arcStart\": \(i.arcStart), \"arcSweep\": \(i.arcSweep), \"willChange\": \(i.willChange)"
            + (i.isLayer ? ", \"children\": [" + i.children.map(item).joined(separator: ", ") + "]}" : "}")
    }

    static func frame(_ f: Frame) -> String {
        "{\"width\": \(f.width), \"height\": \(f.height), \"background\": \(f.background.rgba),\n   \"paints\": ["
            + f.paints.map { "\n    " + paint($0) }.joined(separator: ",")
            + "],\n   \"items\": ["
            + f.items.map { "\n    " + item($0) }.joined(separator: ",")
            + "]}"
    }

    struct BadJSON: Error {}

    static func parseFrame(_ any: Any) throws -> Frame {
        guard let o = any as? [String: Any] else { throw BadJSON() }
        func i32(_ d: [String: Any], _ k: String) -> Int32 { Int32(d[k] as! Int) }
        func stopsOf(_ d: [String: Any]) -> [GradientStop] {
            (d["stops"] as! [[String: Any]]).map { GradientStop(offset: UInt16($0["offset"] as! Int), color: Color(rgba: UInt32($0["color"] as! Int))) }
        }
        var f = Frame(width: i32(o, "width"), height: i32(o, "height"), background: Color(rgba: UInt32(o["background"] as! Int)))
        for p in o["paints"] as! [[String: Any]] {
            switch p["kind"] as! String {
            case "solid": f.paints.append(.solid(Color(rgba: UInt32(p["color"] as! Int))))
            case "linear": f.paints.append(.linear(x0: i32(p, "x0"), y0: i32(p, "y0"), x1: i32(p, "x1"), y1: i32(p, "y1"), stops: stopsOf(p)))
            default: f.paints.append(.radial(cx: i32(p, "cx"), cy: i32(p, "cy"), radius: i32(p, "radius"), stops: stopsOf(p)))
            }
        }
        f.items = (o["items"] as! [[String: Any]]).map(parseItem)
        return f
    }

    static func parseItem(_ d: [String: Any]) -> Item {
        func i32(_ d: [String: Any], _ k: String) -> Int32 { Int32(d[k] as! Int) }
        do {
            var item = Item(id: UInt32(d["id"] as! Int), kind: ItemKind(rawValue: UInt8(d["kind"] as! Int))!)
            item.x = i32(d, "x"); item.y = i32(d, "y"); item.width = i32(d, "width"); item.height = i32(d, "height")
            item.cornerRadius = i32(d, "cornerRadius"); item.fill = UInt32(d["fill"] as! Int); item.stroke = UInt32(d["stroke"] as! Int)
            item.lineWidth = i32(d, "lineWidth"); item.opacity = UInt8(d["opacity"] as! Int); item.rotation = i32(d, "rotation")
            if let c = d["clip"] as? [String: Any] {
                item.clip = Clip(x: i32(c, "x"), y: i32(c, "y"), width: i32(c, "width"), height: i32(c, "height"), cornerRadius: i32(c, "cornerRadius"))
            }
            item.text = Array((d["text"] as! String).utf8)
            item.fontSize = i32(d, "fontSize"); item.fontWeight = UInt16(d["fontWeight"] as! Int); item.baseline = i32(d, "baseline")
            item.arcStart = i32(d, "arcStart"); item.arcSweep = i32(d, "arcSweep")
            item.willChange = UInt8(d["willChange"] as? Int ?? 0)
            if let children = d["children"] as? [[String: Any]] { item.children = children.map(parseItem) }
            return item
        }
    }
}
