import Foundation
import Testing
@testable import VeilCore

/// Declared motions (`PaintMotion`, `ItemMotion`, issue 31): random motions — mixes and slides,
/// named and random curves, autoreverse, paused, times and geometry on and off the 1/8 grid; item
/// fields stepping at random rates, layers fading along random curves, fields along sampled points — round-trip through their wire record, and their paints and
/// field values at random times are written to Tests/Vectors/motions.json with the record's bytes
/// and hash term. Tests/web/motions.test.mjs decodes each record with Web/motions.js and checks
/// every value to the last bit, so a host plays exactly the curve the core declared.
/// `VEIL_RECORD_VECTORS=1` rewrites the file, as the other vectors.
@Suite struct PaintMotionVectorTests {
    static func itemMotions(seed: UInt64, count: Int) -> [[ItemMotion]] {
        var rng = Xorshift(seed: seed)
        let fields: [ItemFields] = [.x, .y, .width, .height, .rotation, .cornerRadius, .lineWidth, .arcStart, .arcSweep]
        func number(_ scale: Double) -> Double {
            let v = Double(rng.next() % 2_000_001) / 1_000_000 * scale - scale
            return rng.next() % 2 == 0 ? (v * 8).rounded() / 8 : v
        }
        return (0..<count).map { _ in
            var id: UInt32 = 0
            var list: [ItemMotion] = (0..<Int(rng.next() % 4)).map { _ in
                id += 1 + UInt32(rng.next() % 300)
                if rng.next() % 3 == 0 {
                    // A layer's fade: opacities within 0…1, named and random curves, durations from 0.
                    func fraction() -> Double { rng.next() % 4 == 0 ? Double(rng.next() % 9) / 8 : Double(rng.next() % 1_000_001) / 1_000_000 }
                    let named: [TimingCurve] = [.linear, .easeIn, .easeOut, .easeInOut]
                    let curve = rng.next() % 2 == 0 ? named[Int(rng.next() % 4)]
                        : TimingCurve(fraction(), number(2), fraction(), number(2))
                    let fade = Fade(from: fraction(), to: fraction(), start: number(20),
                                    duration: rng.next() % 8 == 0 ? 0 : abs(number(3)), curve: curve)
                    return .fading(id, fade, scale: fraction())
                }
                if rng.next() % 3 == 0 {
                    // A sampled path: any field (an opacity's values within 0…255), 2…maxPoints values
                    // over the whole 32 bits or near each other, intervals on and off the 1/8 grid.
                    let field: ItemFields = rng.next() % 4 == 0 ? .opacity : fields[Int(rng.next() % UInt64(fields.count))]
                    let count = rng.next() % 8 == 0 ? 2 + Int(rng.next() % UInt64(ItemMotion.maxPoints - 1)) : 2 + Int(rng.next() % 40)
                    var v = Int64(rng.next() % 2_000_001) - 1_000_000
                    let values = (0..<count).map { _ -> Int32 in
                        if field == .opacity { return Int32(rng.next() % 256) }
                        if rng.next() % 16 == 0 { return Int32(truncatingIfNeeded: rng.next()) }
                        v += Int64(rng.next() % 2_001) - 1_000
                        return Int32(clamping: v)
                    }
                    let interval = rng.next() % 2 == 0 ? 1.0 / 60 : 0.001 + abs(number(1)).truncatingRemainder(dividingBy: 1)
                    // A third of them loops (a refresh animator's parts while refreshing).
                    let path: ItemMotion.Path = rng.next() % 3 == 0 ? .loop(interval: interval, values: values)
                        : .points(interval: interval, values: values)
                    return ItemMotion(id: id, field: field, path: path, start: number(20))
                }
                let steps = rng.next() % 8 == 0 ? 1 + Int(rng.next() % UInt64(ItemMotion.maxSteps)) : 1 + Int(rng.next() % 16)
                let rate = 0.001 + abs(number(60))
                let increment = Int32(truncatingIfNeeded: Int64(rng.next() % 2_000_001) - 1_000_000)
                return ItemMotion(id: id, field: fields[Int(rng.next() % UInt64(fields.count))],
                                  path: .steps(count: steps, rate: rate, increment: increment), start: number(20))
            }
            // Now and then the same item's next field (an indicator's place and length).
            for i in list.indices.dropFirst() where rng.next() % 2 == 0 && list[i].field.rawValue > list[i - 1].field.rawValue {
                list[i].id = list[i - 1].id
            }
            return list
        }
    }

    static func motions(seed: UInt64, count: Int) -> [[PaintMotion]] {
        var rng = Xorshift(seed: seed)
        func unit() -> Double { Double(rng.next() % 1_000_001) / 1_000_000 }
        func number(_ scale: Double) -> Double {
            // Half on the 1/8 grid (1 to 4 bytes on the wire), half anywhere (a double).
            let v = (unit() * 2 - 1) * scale
            return rng.next() % 2 == 0 ? (v * 8).rounded() / 8 : v
        }
        func color() -> Color { Color(rgba: UInt32(truncatingIfNeeded: rng.next())) }
        let named: [TimingCurve] = [.linear, .easeIn, .easeOut, .easeInOut]
        return (0..<count).map { _ in
            var slot = -1
            return (0..<(1 + Int(rng.next() % 3))).map { _ in
                slot += 1 + Int(rng.next() % 5)
                let path: PaintMotion.Path
                if rng.next() % 2 == 0 {
                    path = .mix(from: color(), to: color())
                } else {
                    let point = { Point(x: number(2), y: number(2)) }
                    path = .slide(colors: (0..<(1 + Int(rng.next() % 5))).map { _ in color() },
                                  bounds: Rect(x: number(400), y: number(400), width: abs(number(800)), height: abs(number(800))),
                                  startFrom: point(), startTo: point(), endFrom: point(), endTo: point())
                }
                let curve = rng.next() % 2 == 0 ? named[Int(rng.next() % 4)] : TimingCurve(unit(), number(2), unit(), number(2))
                let start = number(20)
                return PaintMotion(slot: slot, path: path, start: start, duration: 0.05 + abs(number(3)), curve: curve,
                                   autoreverse: rng.next() % 2 == 0, pausedAt: rng.next() % 4 == 0 ? start + abs(number(5)) : nil)
            }
        }
    }

    @Test func aRecordDecodesToTheMotionsItWasMadeOf() throws {
        for (list, items) in zip(Self.motions(seed: 7, count: 300), Self.itemMotions(seed: 8, count: 300)) {
            let record = MotionCoding.record(list, items)
            let read = try MotionCoding.read(record.payload, at: 0)
            #expect(read.paints == list && read.items == items)
            var frame = Frame(paints: Array(repeating: .solid(.white), count: 20), motions: list, itemMotions: items)
            let bytes = WireEncoder.keyframe(frame, sequence: 1)
            var mirror = FrameMirror()
            #expect(try mirror.apply(bytes) == frame, "a keyframe carries them, and its hash counts them")
            frame.motions = []
            frame.itemMotions = []
            #expect(FrameHash.of(frame) &+ MotionCoding.hashTerm(list, items)
                    == FrameHash.of(Frame(paints: frame.paints, motions: list, itemMotions: items)))
        }
    }

    /// A points path the decoder refuses, as Web/motions.js does (Tests/web/motions.test.mjs has
    /// the same records): after an empty paint list, item motions — id gap, field bit (bit 7: the
    /// item's next motion follows, with no gap), path 2, start, interval, count, the first value,
    /// differences.
    @Test func aPointsPathOutOfBoundsIsRefused() throws {
        let bad: [(String, String)] = [
            ("00 01 00 06 02 00 00 02 00 00", "interval of 0.0 s is not within"),
            ("00 01 00 06 02 00 10 01 00", "has 1 points, not 2 or more"),
            ("00 01 00 06 02 00 10 81 08 00", "motion points 1025 exceeds 1024"),
            ("00 01 00 05 02 00 10 02 00 82 04", "value of 257 is not an opacity"),
            ("00 01 00 06 02 00 10 02 00", "message ends early"),
            ("00 02 03 81 02 00 10 03 00 10 0f 01 02 00 10 02 00 02", "fields in ascending order, each once"),
            ("00 02 03 81 02 00 10 03 00 10 0f 00 02 00 10 02 00 02", "fields in ascending order, each once"),
            ("00 01 03 81 02 00 10 03 00 10 0f", "says another of its item's follows"),
        ]
        for (hex, reason) in bad {
            let bytes = hex.split(separator: " ").map { UInt8($0, radix: 16)! }
            #expect(throws: WireError.self, "\(hex)") { try MotionCoding.read(bytes, at: 0) }
            do { _ = try MotionCoding.read(bytes, at: 0) } catch {
                #expect(error.reason.contains(reason), "\(hex): \(error.reason)")
            }
        }
        let good = "00 01 03 01 02 00 10 03 00 10 0f".split(separator: " ").map { UInt8($0, radix: 16)! }
        #expect(try MotionCoding.read(good, at: 0).items
                == [ItemMotion(id: 4, field: .y, path: .points(interval: 0.5, values: [0, 8, 0]), start: 0)])
        let two = "00 02 03 81 02 00 10 03 00 10 0f 03 02 00 10 02 00 02".split(separator: " ").map { UInt8($0, radix: 16)! }
        let both = [ItemMotion(id: 4, field: .y, path: .points(interval: 0.5, values: [0, 8, 0]), start: 0),
                    ItemMotion(id: 4, field: .height, path: .points(interval: 0.5, values: [0, 1]), start: 0)]
        #expect(try MotionCoding.read(two, at: 0).items == both)
        #expect(MotionCoding.record([], both).payload == two, "the writer gives an item's next motion no gap")
        // The shortest motions: two of one item's fields stepping, the second in six bytes.
        let steps = [ItemMotion(id: 4, field: .rotation, path: .steps(count: 1, rate: 0.5, increment: 1), start: 0),
                     ItemMotion(id: 4, field: .arcStart, path: .steps(count: 1, rate: 0.5, increment: 1), start: 0)]
        let shortest = MotionCoding.record([], steps).payload
        #expect(shortest.map { String($0, radix: 16).leftPadded(2) }.joined(separator: " ")
                == "00 02 03 86 00 00 01 10 02 0b 00 00 01 10 02")
        #expect(try MotionCoding.read(shortest, at: 0).items == steps, "what the writer makes, the reader takes")
    }

    @Test func aMotionLeavesNoTraceInTheHashOfAFrameWithout() {
        let frame = Frame(paints: [.solid(.white)])
        #expect(MotionCoding.hashTerm([], []) == 0 && FrameHash.of(frame) == FrameHash.of(frame.played(at: 3)))
    }

    /// The activity indicator's declared motion steps as UIActivityIndicatorView does: one spoke
    /// (1/8 turn) every 1/8 s, a turn a second, still before time 0.
    @Test func theIndicatorStepsASpokeAnEighthOfASecond() {
        let m = ActivityIndicator.motion(id: 1)
        #expect(m.value(from: 0, at: -1) == 0 && m.value(from: 0, at: 0) == 0 && m.value(from: 0, at: 0.124) == 0)
        #expect(m.value(from: 0, at: 0.125) == 8192 && m.value(from: 0, at: 0.99) == 7 * 8192 && m.value(from: 0, at: 1) == 0)
        #expect(m.value(from: 0, at: .infinity) == 0 && m.value(from: 0, at: .nan) == 0)
        var rng = Xorshift(seed: 5)
        for _ in 0..<1000 {
            let t = Double(rng.next() % 10_000_000) / 1000
            let v = m.value(from: 0, at: t)
            #expect(v >= 0 && v < 65536 && v % 8192 == 0, "a whole spoke within a turn")
        }
    }

    /// Playing a frame sets each item motion's field in its item, at any depth, and leaves no motion.
    @Test func playingAFrameMovesTheFieldsOfItsItems() {
        var spinner = Item(id: 7, kind: .activityIndicator)
        spinner.rotation = 0
        var layer = Item(id: 3, kind: .layer)
        layer.children = [Item(id: 5, kind: .rect), spinner]
        let frame = Frame(items: [Item(id: 1, kind: .rect), layer], itemMotions: [ActivityIndicator.motion(id: 7)])
        let played = frame.played(at: 0.3)
        #expect(played.items[1].children[1].rotation == 2 * 8192 && played.itemMotions.isEmpty)
        #expect(played.items[0] == frame.items[0] && played.items[1].children[0] == frame.items[1].children[0])
    }

    @Test func theMotionsMatchMotionsJSON() throws {
        var rng = Xorshift(seed: 31)
        var cases: [String] = []
        for (list, items) in zip(Self.motions(seed: 11, count: 120), Self.itemMotions(seed: 12, count: 120)) {
            let record = MotionCoding.record(list, items)
            let bases = items.map { _ in Int32(truncatingIfNeeded: Int64(rng.next() % 2_000_001) - 1_000_000) }
            var times = (0..<6).map { _ in Double(rng.next() % 3_000_000) / 100_000 - 2 }
            for m in items {
                if case .points = m.path, let end = m.end {
                    // Inside a sampled path too, between its points and on them.
                    times += [m.start + (end - m.start) * Double(rng.next() % 1_001) / 1_000, end, m.start]
                }
                if case let .loop(interval, values) = m.path {
                    // A loop a few periods on: inside one, at a period's end and just before it.
                    let period = interval * Double(values.count - 1)
                    let periods = Double(rng.next() % 5)
                    times += [m.start + period * (periods + Double(rng.next() % 1_001) / 1_000),
                              m.start + period * (periods + 1), (m.start + period * (periods + 1)).nextDown]
                }
            }
            let frames = times.map { t -> String in
                let paints = list.map { JSONText.paint($0.paint(at: t)) }
                let fields = zip(items, bases).map { m, base in "\(m.value(from: base, at: t))" }
                return "{\"t\": \(t), \"paints\": [\(paints.joined(separator: ", "))], \"fields\": [\(fields.joined(separator: ", "))]}"
            }
            cases.append("  {\"record\": \"\(record.payload.map { String($0, radix: 16).leftPadded(2) }.joined())\", "
                + "\"hashTerm\": \(MotionCoding.hashTerm(list, items)), \"bases\": [\(bases.map { "\($0)" }.joined(separator: ", "))],\n"
                + "   \"at\": [\(frames.joined(separator: ",\n     "))]}")
        }
        try SharedVectors.check("[\n" + cases.joined(separator: ",\n") + "\n]\n", file: "motions.json")
    }
}

private extension String {
    func leftPadded(_ n: Int) -> String { String(repeating: "0", count: max(0, n - count)) + self }
}
