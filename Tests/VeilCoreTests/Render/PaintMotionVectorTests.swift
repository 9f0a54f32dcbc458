import Foundation
import Testing
@testable import VeilCore

/// Declared motions (`PaintMotion`, issue 31): random motions — mixes and slides, named and random
/// curves, autoreverse, paused, times and geometry on and off the 1/8 grid — round-trip through their
/// wire record, and their paint at random times is written to Tests/Vectors/motions.json with the
/// record's bytes and hash term. Tests/web/motions.test.mjs decodes each record with Web/motions.js
/// and checks every paint to the last bit, so a host plays exactly the curve the core declared.
/// `VEIL_RECORD_VECTORS=1` rewrites the file, as the other vectors.
@Suite struct PaintMotionVectorTests {
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
        for list in Self.motions(seed: 7, count: 300) {
            let record = MotionCoding.record(list)
            #expect(try MotionCoding.read(record.payload, at: 0) == list)
            var frame = Frame(paints: Array(repeating: .solid(.white), count: 20), motions: list)
            let bytes = WireEncoder.keyframe(frame, sequence: 1)
            var mirror = FrameMirror()
            #expect(try mirror.apply(bytes) == frame, "a keyframe carries them, and its hash counts them")
            frame.motions = []
            #expect(FrameHash.of(frame) &+ MotionCoding.hashTerm(list) == FrameHash.of(Frame(paints: frame.paints, motions: list)))
        }
    }

    @Test func aMotionLeavesNoTraceInTheHashOfAFrameWithout() {
        let frame = Frame(paints: [.solid(.white)])
        #expect(MotionCoding.hashTerm([]) == 0 && FrameHash.of(frame) == FrameHash.of(frame.played(at: 3)))
    }

    @Test func theMotionsMatchMotionsJSON() throws {
        var rng = Xorshift(seed: 31)
        var cases: [String] = []
        for list in Self.motions(seed: 11, count: 120) {
            let record = MotionCoding.record(list)
            let times = (0..<6).map { _ in Double(rng.next() % 3_000_000) / 100_000 - 2 }
            let frames = times.map { t -> String in
                let paints = list.map { JSONText.paint($0.paint(at: t)) }
                return "{\"t\": \(t), \"paints\": [\(paints.joined(separator: ", "))]}"
            }
            cases.append("  {\"record\": \"\(record.payload.map { String($0, radix: 16).leftPadded(2) }.joined())\", "
                + "\"hashTerm\": \(MotionCoding.hashTerm(list)),\n   \"at\": [\(frames.joined(separator: ",\n     "))]}")
        }
        try SharedVectors.check("[\n" + cases.joined(separator: ",\n") + "\n]\n", file: "motions.json")
    }
}

private extension String {
    func leftPadded(_ n: Int) -> String { String(repeating: "0", count: max(0, n - count)) + self }
}
