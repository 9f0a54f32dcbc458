import PropertyBased
import Testing
@testable import VeilCore

/// The worked example of docs/PROTOCOL.md: a skeleton card (a layer holding a shimmering bar) and
/// a label.
enum WorkedExample {
    static let stops = [GradientStop(offset: 0, color: Color(rgba: 0xECF0F1FF)),
                        GradientStop(offset: 32768, color: Color(rgba: 0xDEE2E3FF)),
                        GradientStop(offset: 65535, color: Color(rgba: 0xECF0F1FF))]
    static var frame: Frame {
        var card = Item(id: 3, kind: .layer)
        card.x = 128; card.y = 384; card.width = 2864; card.height = 160
        var bar = Item(id: 1, kind: .rect)
        bar.width = 2864; bar.height = 160; bar.cornerRadius = 32; bar.fill = 2
        card.children = [bar]
        var label = Item(id: 2, kind: .text)
        label.x = 128; label.y = 640; label.width = 1200; label.height = 176; label.fill = 1
        label.text = Array("Hi".utf8); label.fontSize = 136; label.fontWeight = 600; label.baseline = 132
        return Frame(width: 3120, height: 6752, background: Color(rgba: 0xF2F2F7FF),
                     paints: [.solid(Color(rgba: 0x1C1C1EFF)), .linear(x0: -800, y0: 0, x1: 0, y1: 0, stops: stops)],
                     items: [card, label])
    }
    /// The shimmer moves 10 pt right and the card 2 pt down.
    static var next: Frame {
        var f = frame
        f.paints[1] = .linear(x0: -720, y0: 0, x1: 80, y1: 0, stops: stops)
        f.items[0].y = 400
        return f
    }
    static let keyframeHex =
        "56 02 01 01 eb 1e c0 18 e0 30 c0 69 f2 f2 f7 ff 02 00 1c 1c 1e ff 01 bf 0c 00 00 00 03 00 ec f0 f1"
        + " ff 80 80 02 de e2 e3 ff ff ff 03 ec f0 f1 ff 02 03 8f 80 01 80 02 80 06 e0 2c c0 02 05 01 01 9c 01"
        + " e0 2c c0 02 02 40 02 9f c0 0f 80 02 80 0a e0 12 e0 02 01 02 48 69 01 90 02 d8 04 88 02"
    static let deltaHex = "56 02 02 02 e7 cf 0a 31 50 02 2d 9f 0b a0 01 04 02 a0 06"
    static let eventsHex = "56 02 06 03 e7 cf 0a 31 01 03 74 61 70 05 72 65 74 72 79 00"
    static let keyframeHash: UInt32 = 0x18C0_1EEB
}

func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    for (i, b) in bytes.enumerated() {
        if i > 0 { out.append(0x20) }
        out.append(digits[Int(b >> 4)]); out.append(digits[Int(b & 15)])
    }
    return String(decoding: out, as: UTF8.self)
}

func bytes(hex: String) -> [UInt8] {
    let digits = Array(hex.utf8).filter { $0 != 0x20 && $0 != 0x0A }
    func value(_ c: UInt8) -> UInt8 { c <= 0x39 ? c - 0x30 : c - 0x61 + 10 }
    return stride(from: 0, to: digits.count, by: 2).map { value(digits[$0]) << 4 | value(digits[$0 + 1]) }
}

@Suite struct WireTests {
    /// Inputs every decoder must reject, with a phrase of the reason. Also written to
    /// Tests/Vectors/malformed.json for Web/wire.js.
    static let malformed: [(String, String)] = [
        ("", "message ends early"),
        ("57 02 01", "not a veil message"),
        ("56 01 01", "unsupported version"),
        ("56 02 03", "unknown message type"),
        ("56 02 00", "unknown message type"),
        // Bits 5-7 of the type/flags byte are reserved.
        ("56 02 21 01 00 00 00 00 00 00 00 00 00 00 00 00", "reserved bits"),
        ("56 02 82 02 00 00 00 00 00", "reserved bits"),
        ("56 02 09 01 01 00 00 00 00 00 00 00 00 00 00 00 00", "a keyframe has no base"),
        ("56 02 01 ff ff ff ff 1f", "varint exceeds 32 bits"),
        ("56 02 0a 05 00 00 00 00 00 00", "distance 0"),
        // The events flag is set but no events follow: the body's first byte is read as the count.
        ("56 02 06 02 00 00 00 00 00", "events section is present but empty"),
        ("56 02 06 02 00 00 00 00", "message ends early"),
        // Extensions: an empty section, a record that must be understood, a record cut short.
        ("56 02 12 02 00 00 00 00 00 00", "extensions section is present but empty"),
        ("56 02 12 02 00 00 00 00 01 05 00 00", "must be understood"),
        ("56 02 12 02 00 00 00 00 01 02 05 00 00", "do not fit"),
        ("56 02 01 01 00 00 00 00 00 00 00 00 00 00 00 00 00", "unexpected bytes"),
        // 2^31 entries claimed in a tiny message: refused before any allocation.
        ("56 02 01 01 00 00 00 00 00 00 00 00 00 00 00 80 80 80 80 08", "exceed the limit"),
        ("56 02 01 01 00 00 00 00 00 00 00 00 00 00 00 c8 01", "do not fit"),
        ("56 02 01 01 00 00 00 00 00 00 00 00 00 00 00 02 07 00 07 00", "appears twice"),
        // The same id in a layer and outside it.
        ("56 02 01 01 00 00 00 00 00 00 00 00 00 00 00 02 07 80 80 01 05 01 07 00 08 00", "appears twice"),
        ("56 02 01 01 00 00 00 00 00 00 00 00 00 00 00 01 00 00", "item id 0 is not in"),
        ("56 02 01 01 00 00 00 00 00 00 00 00 00 00 00 01 07 80 80 20", "unknown bits"),
        ("56 02 01 01 00 00 00 00 00 00 00 00 00 00 00 01 07 80 40 02 c3 28", "not valid UTF-8"),
        ("56 02 01 01 00 00 00 00 00 00 00 00 00 00 00 01 07 80 40 03 ed a0 80", "not valid UTF-8"),   // a surrogate
        ("56 02 01 01 00 00 00 00 00 00 00 00 00 00 00 01 07 80 80 01 07", "item kind 7"),
        // A layer whose children are cut short.
        ("56 02 01 01 00 00 00 00 00 00 00 00 00 00 00 01 07 80 80 01 05 02 08 00", "do not fit"),
        ("56 02 01 01 00 00 00 00 00 00 00 00 00 00 00 01 07 80 80 04 80 80 04", "font weight"),
        ("56 02 01 01 00 00 00 00 00 00 00 00 00 00 00 01 07 80 08 02", "clip flag 2"),
        ("56 02 01 01 00 00 00 00 00 00 00 00 00 00 01 03 00 00 00 00 00", "paint code 3"),
        ("56 02 01 01 00 00 00 00 00 00 00 00 00 00 01 01 00 00 00 00 41", "exceed the limit of 64"),
        ("56 02 01 01 00 00 00 00 00 00 00 00 00 00 01 01 00 00 00 00 01 80 80 04 00 00 00 00 00", "stop offset"),
        ("56 02 02 02 00 00 00 00 80", "reserved bit 7"),
        ("56 02 02 02 00 00 00 00 20 00", "present but empty"),
        ("56 02 02 02 00 00 00 00 20 01 00 00 00 00", "ops byte 0"),
        ("56 02 02 02 00 00 00 00 20 01 00 04 00 00", "ops byte 4"),
        ("56 02 02 02 00 00 00 00 20 01 00 01 00 00", "present but empty"),
        ("56 02 02 02 00 00 00 00 20 01 00 01 01 a0 8d 06", "exceeds"),
        ("56 02 02 02 00 00 00 00 40 00 00", "must change a field"),
        // Update id 1 + (2^32 - 2) / 2 = 2^31: beyond the id limit.
        ("56 02 02 02 00 00 00 00 40 fe ff ff ff 0f 01 00", "exceeds"),
        // An update whose "more" bit promises another that is not there.
        ("56 02 02 02 00 00 00 00 40 01 01 00", "message ends early"),
        ("56 02 02 02 00 00 00 00 10 00 04 00", "cannot be adjusted"),
        ("56 02 02 02 00 00 00 00 10 00 46 00", "three coordinates"),
        ("56 02 02 02 00 00 00 00 10 00 05 00", "changes nothing"),
        ("56 02 02 02 00 00 00 00 10 00 08 00 00 00 00", "extra bits"),
        // A paint edit whose "more" bit promises another edit that is not there.
        ("56 02 02 02 00 00 00 00 10 01 00 00 00 00 00", "message ends early"),
        // Slot gap 4096 (code 8192 = 80 40): beyond the paint table limit.
        ("56 02 02 02 00 00 00 00 10 80 40 00 00 00 00 00", "paint slot 4096 exceeds"),
        ("56 02 05 01 00 00 00 00 01 02 c0 80 00 00 00 00 00 00 00 00 00 00", "not valid UTF-8"),
        // Event ranges (extension 2) on a delta with one event, "rows" on "f".
        ("56 02 16 02 00 00 00 00 01 04 72 6f 77 73 01 66 01 02 01 00 00", "event ranges record is empty"),
        ("56 02 16 02 00 00 00 00 01 04 72 6f 77 73 01 66 01 02 04 01 01 00 05 00", "event index 1 exceeds 0"),
        ("56 02 16 02 00 00 00 00 01 04 72 6f 77 73 01 66 01 02 04 01 00 00 00 00", "row range is empty"),
        ("56 02 16 02 00 00 00 00 01 04 72 6f 77 73 01 66 02 02 04 01 00 00 05 02 04 01 00 00 05 00", "appears twice"),
        ("56 02 16 02 00 00 00 00 01 04 72 6f 77 73 01 66 01 02 06 01 00 c0 84 3d 01 00", "first row 1000000 exceeds"),
        ("56 02 16 02 00 00 00 00 01 04 72 6f 77 73 01 66 01 02 06 01 00 bf 84 3d 02 00", "row count 2 exceeds 1"),
        ("56 02 16 02 00 00 00 00 01 04 72 6f 77 73 01 66 01 02 05 01 00 00 05 09 00", "unexpected bytes after the event ranges"),
        ("56 02 12 02 00 00 00 00 01 02 04 01 00 00 05 00", "exceed the limit of 0"),
    ]

    // MARK: exact bytes

    @Test func keyframeBytesMatchTheWorkedExample() throws {
        let bytes = WireEncoder.keyframe(WorkedExample.frame, sequence: 1)
        #expect(hex(bytes) == WorkedExample.keyframeHex)
        let message = try WireDecoder.decode(bytes)
        #expect(message == Message(sequence: 1, hash: FrameHash.of(WorkedExample.frame), body: .keyframe(WorkedExample.frame)))
        #expect(message.hash == WorkedExample.keyframeHash)
    }

    @Test func deltaBytesMatchTheWorkedExample() throws {
        var stream = PatchStream()
        _ = stream.next(frame: WorkedExample.frame, events: [])
        let delta = try #require(stream.next(frame: WorkedExample.next, events: []) as [UInt8]?)
        #expect(hex(delta) == WorkedExample.deltaHex)
        let tap = HostEvent(name: Array("tap".utf8), node: Array("retry".utf8))
        let events = try #require(stream.next(frame: WorkedExample.next, events: [tap]) as [UInt8]?)
        #expect(hex(events) == WorkedExample.eventsHex)

        var mirror = FrameMirror()
        _ = try mirror.apply(WireEncoder.keyframe(WorkedExample.frame, sequence: 1))
        #expect(try mirror.apply(delta) == WorkedExample.next)
        #expect(try mirror.apply(events) == WorkedExample.next)
    }

    @Test func headerFlagsSayWhatFollows() throws {
        let tap = HostEvent(name: Array("tap".utf8), node: Array("retry".utf8))
        // The common delta: base = seq - 1, no events: type byte 0x02, then seq and hash.
        #expect(hex(WireEncoder.delta(Patch(), sequence: 300, base: 299, hash: 0x0403_0201))
                == "56 02 02 ac 02 01 02 03 04 00")
        // Another base: bit 3 and the distance after the seq.
        let far = WireEncoder.delta(Patch(), sequence: 300, base: 297, hash: 0x0403_0201)
        #expect(hex(far) == "56 02 0a ac 02 03 01 02 03 04 00")
        #expect(try WireDecoder.decode(far) == Message(sequence: 300, hash: 0x0403_0201, body: .delta(base: 297, Patch())))
        // Sequence numbers wrap: seq 0 is based on 2^32 - 1.
        #expect(try WireDecoder.decode(bytes(hex: "56 02 02 00 00 00 00 00 00")).body == .delta(base: .max, Patch()))
        // An explicit distance of 1 is accepted (never produced) and means the same.
        #expect(try WireDecoder.decode(bytes(hex: "56 02 0a ac 02 01 01 02 03 04 00"))
                == WireDecoder.decode(bytes(hex: "56 02 02 ac 02 01 02 03 04 00")))
        // Events: bit 2 and the list after the hash, keyframes too.
        let keyframe = WireEncoder.keyframe(Frame(), sequence: 1, events: [tap])
        #expect(Array(keyframe.prefix(4)) == [0x56, 2, 0x05, 1])
        #expect(try WireDecoder.decode(keyframe).events == [tap])
        #expect(WireEncoder.keyframe(Frame(), sequence: 1)[2] == 0x01)
    }

    @Test func paintEditsChainWithAMoreBit() throws {
        // Three edits, slots 0, 2 and 3: gap codes 0<<1|1, 1<<1|1, 0<<1|0.
        var p = Patch()
        p.paintEdits = [PaintEdit(slot: 0, change: .replace(.solid(Color(rgba: 0x11223344)))),
                        PaintEdit(slot: 2, change: .replace(.solid(Color(rgba: 0x55667788)))),
                        PaintEdit(slot: 3, change: .replace(.solid(Color(rgba: 0x99AABBCC))))]
        var w = ByteWriter()
        WireEncoder.writePatch(p, to: &w)
        #expect(hex(w.bytes) == "10 01 00 11 22 33 44 03 00 55 66 77 88 00 00 99 aa bb cc")
        let message = WireEncoder.delta(p, sequence: 2, base: 1, hash: 0)
        #expect(try WireDecoder.decode(message).body == .delta(base: 1, p))
    }

    @Test func frameHashIsASumOfFNV1aTerms() {
        // FNV-1a test vectors: "" and "a".
        #expect(FrameHash.of(bytes: []) == 0x811C_9DC5)
        #expect(FrameHash.of(bytes: [0x61]) == 0xE40C_292C)
        // An empty 0×0 white frame: only the head term: 00 00 ff ff ff ff 00 00 (no paints, no entries).
        #expect(FrameHash.of(Frame()) == FrameHash.of(bytes: [0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0]))
        // The worked example: head + 2 paint terms + 3 entry terms, each over the bytes the document lists.
        let f = WorkedExample.frame
        let head = FrameHash.of(bytes: bytes(hex: "e0 30 c0 69 f2 f2 f7 ff 02 03")[...])
        let paint0 = FrameHash.of(bytes: bytes(hex: "00 00 1c 1c 1e ff")[...])
        let paint1 = FrameHash.of(bytes: bytes(hex: "01 01 bf 0c 00 00 00 03 00 ec f0 f1 ff 80 80 02 de e2 e3 ff ff ff 03 ec f0 f1 ff")[...])
        let card = FrameHash.of(bytes: bytes(hex: "00 00 03 8f 80 01 80 02 80 06 e0 2c c0 02 05")[...])
        let bar = FrameHash.of(bytes: bytes(hex: "03 00 01 9c 01 e0 2c c0 02 02 40")[...])
        let label = FrameHash.of(bytes: bytes(hex: "00 01 02 9f c0 0f 80 02 80 0a e0 12 e0 02 01 02 48 69 01 90 02 d8 04 88 02")[...])
        #expect(FrameHash.of(f) == head &+ paint0 &+ paint1 &+ card &+ bar &+ label)
        // Order matters: swapping two entries changes their index terms.
        var swapped = f
        swapped.items.swapAt(0, 1)
        #expect(FrameHash.of(swapped) != FrameHash.of(f))
    }

    @Test func unknownOptionalExtensionsAreSkippedAndRequiredOnesRefused() throws {
        let optional = WireExtension(tag: 4, payload: [1, 2, 3])
        let message = Message(sequence: 5, hash: 9, extensions: [optional], body: .delta(base: 4, Patch()))
        let bytes = WireEncoder.encode(message)
        #expect(bytes[2] == 0x12, "delta with the extensions flag")
        #expect(try WireDecoder.decode(bytes) == message)
        var required = message
        required.extensions = [WireExtension(tag: 3, payload: [])]
        #expect(throws: WireError.self) { try WireDecoder.decode(WireEncoder.encode(required)) }
    }

    @Test func layersNestNoDeeperThanTheLimit() throws {
        func nested(_ depth: Int) -> Frame {
            var entry = rect(UInt32(depth + 1))
            for d in stride(from: depth, to: 0, by: -1) {
                var layer = Item(id: UInt32(d), kind: .layer)
                layer.children = [entry]
                entry = layer
            }
            return Frame(items: [entry])
        }
        let deepest = nested(WireLimits.maxLayerDepth - 1)
        #expect(try WireDecoder.decode(WireEncoder.keyframe(deepest, sequence: 1)).body == .keyframe(deepest))
        #expect(throws: WireError.self) { try WireDecoder.decode(WireEncoder.keyframe(nested(WireLimits.maxLayerDepth), sequence: 1)) }
    }

    // MARK: round trips

    @Test func keyframesAndDeltasRoundTrip() async {
        await propertyCheck(count: 1000, input: Gen.uint64()) { seed throws in
            var random = RandomFrames(seed: seed)
            let a = random.frame()
            let b = random.successor(of: a)
            let events = (0 ..< random.int(0 ... 3)).map { _ in
                var event = HostEvent(name: RandomFrames.texts[random.int(1 ... 4)], node: RandomFrames.texts[random.int(0 ... 6)])
                if random.chance(40) {
                    let first = random.chance(20) ? Limits.maxListRows - 1 : random.int(0 ... 5_000)
                    event.range = first ..< first + random.int(1 ... min(1_000, Limits.maxListRows - first))
                }
                return event
            }
            let sequence = UInt32(truncatingIfNeeded: random.next())

            let keyframe = WireEncoder.keyframe(a, sequence: sequence, events: events)
            let decodedKey = try WireDecoder.decode(keyframe)
            #expect(decodedKey == Message(sequence: sequence, hash: FrameHash.of(a), events: events, body: .keyframe(a)))

            let patch = Differ.diff(from: a, to: b)
            let delta = WireEncoder.delta(patch, sequence: sequence &+ 1, base: sequence, hash: FrameHash.of(b), events: events)
            let decodedDelta = try WireDecoder.decode(delta)
            #expect(decodedDelta == Message(sequence: sequence &+ 1, hash: FrameHash.of(b), events: events,
                                            body: .delta(base: sequence, patch)), "seed \(seed)")
            #expect(WireEncoder.encode(decodedDelta) == delta)

            // The hash depends on the frame only, and every change shows in it.
            #expect(FrameHash.of(b) == FrameHash.of(b))
            if a != b { #expect(WireEncoder.keyframe(a, sequence: 0) != WireEncoder.keyframe(b, sequence: 0)) }
        }
    }

    // MARK: hostile input

    @Test func everyTruncationIsRejected() async {
        await propertyCheck(count: 200, input: Gen.uint64()) { seed in
            var random = RandomFrames(seed: seed)
            let a = random.frame(maxItems: 6)
            let b = random.successor(of: a)
            for message in [WireEncoder.keyframe(a, sequence: 7),
                            WireEncoder.delta(Differ.diff(from: a, to: b), sequence: 8, base: 7, hash: 0)] {
                for length in 0 ..< message.count {
                    #expect(throws: WireError.self) { try WireDecoder.decode(Array(message.prefix(length))) }
                }
            }
        }
    }

    @Test func corruptedMessagesThrowOrDecodeButNeverCrash() async {
        await propertyCheck(count: 2000, input: Gen.uint64()) { seed in
            var random = RandomFrames(seed: seed)
            let a = random.frame(maxItems: 8)
            let b = random.successor(of: a)
            // Sometimes with an event that carries a row range (extension 2), to corrupt too.
            let events = random.chance(30) ? [HostEvent(name: Array("rows".utf8), node: Array("feed".utf8), range: 40 ..< 60)] : []
            var message = random.chance(50)
                ? WireEncoder.keyframe(a, sequence: 3, events: events)
                : WireEncoder.delta(Differ.diff(from: a, to: b), sequence: 4, base: 3, hash: FrameHash.of(b), events: events)
            for _ in 0 ..< random.int(1 ... 4) {
                let i = random.int(0 ... message.count - 1)
                switch random.int(0 ... 3) {
                case 0: message[i] ^= UInt8(1 << random.int(0 ... 7))
                case 1: message[i] = UInt8(random.int(0 ... 255))
                case 2: message.insert(UInt8(random.int(0 ... 255)), at: i)
                default: message.removeSubrange(i ..< min(message.count, i + random.int(1 ... 8)))
                }
                if message.isEmpty { message = [0x56] }
            }
            do {
                let decoded = try WireDecoder.decode(message)
                // Whatever decodes re-encodes to something that decodes the same.
                #expect(try WireDecoder.decode(WireEncoder.encode(decoded)) == decoded)
                // And a mirror applies it or refuses it, without trapping.
                var mirror = FrameMirror()
                _ = try? mirror.apply(WireEncoder.keyframe(a, sequence: 3))
                _ = try? mirror.apply(decoded)
            } catch let error as WireError {
                #expect(!error.reason.isEmpty)
            } catch {
                Issue.record("unexpected error \(error)")
            }
        }
    }

    @Test(arguments: WireTests.malformed)
    func malformedInputIsRejectedWithAReason(input: String, reason: String) {
        do {
            let message = try WireDecoder.decode(bytes(hex: input))
            Issue.record("decoded \(input) to \(message.sequence)")
        } catch {
            #expect(error.reason.contains(reason), "\(error.message)")
        }
    }

    @Test func oversizedMessagesAreRejectedUpFront() {
        let big = [UInt8](repeating: 0, count: WireLimits.maxMessageBytes + 1)
        #expect(throws: WireError(offset: 0, reason: "message of \(big.count) bytes exceeds the limit of \(WireLimits.maxMessageBytes)")) {
            try WireDecoder.decode(big)
        }
    }

    // MARK: sizes (printed for the report; bounded so a regression fails)

    static func rects(_ n: Int) -> Frame {
        let items = (0 ..< n).map { (i: Int) -> Item in
            let x = Int32(128 + (i % 3) * 960)
            let y = Int32(i / 3 * 400 + 128)
            return rect(UInt32(i + 1), x: x, y: y, fill: UInt32(1 + i % 2))
        }
        return Frame(width: 3120, height: 6752, background: Color(rgba: 0xF2F2F7FF),
                     paints: [.solid(Color(rgba: 0xECF0F1FF)), .solid(Color(rgba: 0xDEE2E3FF))], items: items)
    }

    @Test func animatedAndIdleFramesAreCheap() {
        var stream = PatchStream()
        var frame = WorkedExample.frame
        _ = stream.next(frame: frame, events: [])
        #expect(stream.next(frame: frame, events: []) == nil)
        var sizes: [Int] = []
        for step in 1 ... 200 {
            frame.paints[1] = .linear(x0: Int32(-800 + step * 20), y0: 0, x1: Int32(step * 20), y1: 0, stops: WorkedExample.stops)
            sizes.append(stream.next(frame: frame, events: [])!.count)
        }
        print("delta moving one linear gradient: \(sizes.min()!)…\(sizes.max()!) bytes")
        #expect(sizes.max()! <= 16)
    }

    @Test func sizesOfTypicalMessages() {
        let thousand = WireTests.rects(1000)
        let keyframe = WireEncoder.keyframe(thousand, sequence: 1)
        var changed = thousand
        for i in stride(from: 0, to: 1000, by: 100) { changed.items[i].y += 64 }
        var stream = PatchStream()
        _ = stream.next(frame: thousand, events: [])
        let delta = stream.next(frame: changed, events: [])!
        var scrolled = thousand
        for i in scrolled.items.indices { scrolled.items[i].y -= 80 }
        let scroll = stream.next(frame: scrolled, events: [])!
        print("keyframe of 1,000 rect items: \(keyframe.count) bytes")
        print("delta changing 1 % of 1,000 items (10 items moved): \(delta.count) bytes")
        print("delta moving all 1,000 items: \(scroll.count) bytes")
        #expect(keyframe.count < 14_000)
        #expect(delta.count < 80)
    }
}
