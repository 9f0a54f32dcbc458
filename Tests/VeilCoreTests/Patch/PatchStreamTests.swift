import PropertyBased
import Testing
@testable import VeilCore

@Suite struct PatchStreamTests {
    let tap = HostEvent(name: Array("tap".utf8), node: Array("retry".utf8))

    @Test func keyframeFirstThenDeltasThenNothingWhenIdle() throws {
        var stream = PatchStream()
        let a = WorkedExample.frame, b = WorkedExample.next
        let first = try WireDecoder.decode(try #require(stream.next(frame: a, events: []) as [UInt8]?))
        #expect(first.isKeyframe && first.sequence == 1 && first.hash == FrameHash.of(a))
        #expect(stream.next(frame: a, events: []) == nil)
        #expect(stream.sequence == 1)

        let second = try WireDecoder.decode(try #require(stream.next(frame: b, events: []) as [UInt8]?))
        #expect(second.sequence == 2)
        #expect(second.body == .delta(base: 1, Differ.diff(from: a, to: b)))
        #expect(second.hash == FrameHash.of(b))
        #expect(stream.lastFrame == b)
    }

    @Test func eventsWithoutAFrameChangeStillGoOutAsATinyDelta() throws {
        var stream = PatchStream()
        _ = stream.next(frame: WorkedExample.frame, events: [])
        let bytes = try #require(stream.next(frame: WorkedExample.frame, events: [tap]) as [UInt8]?)
        let message = try WireDecoder.decode(bytes)
        #expect(message.events == [tap])
        #expect(message.body == .delta(base: 1, Patch()))
        #expect(message.hash == FrameHash.of(WorkedExample.frame))
        #expect(bytes.count == 20)   // 8 header + 11 event + 1 empty patch (docs/PROTOCOL.md)
    }

    @Test func forcedKeyframeContinuesTheSequence() throws {
        var stream = PatchStream()
        _ = stream.next(frame: WorkedExample.frame, events: [])
        _ = stream.next(frame: WorkedExample.next, events: [])
        stream.forceKeyframe()
        let message = try WireDecoder.decode(try #require(stream.next(frame: WorkedExample.next, events: []) as [UInt8]?))
        #expect(message == Message(sequence: 3, hash: FrameHash.of(WorkedExample.next), body: .keyframe(WorkedExample.next)))
    }

    @Test func aMirrorFollowsTheStreamFrameForFrame() async {
        await propertyCheck(count: 150, input: Gen.uint64()) { seed throws in
            var random = RandomFrames(seed: seed)
            var stream = PatchStream()
            var mirror = FrameMirror()
            var frame = random.frame()
            for step in 0 ..< 12 {
                if step > 0 { frame = random.chance(20) ? frame : random.successor(of: frame) }
                if random.chance(10) { stream.forceKeyframe() }
                let events = random.chance(15) ? [tap] : []
                guard let bytes = stream.next(frame: frame, events: events) else {
                    #expect(mirror.frame == frame)
                    continue
                }
                let message = try WireDecoder.decode(bytes)
                #expect(try mirror.apply(bytes) == frame, "seed \(seed) step \(step)")
                #expect(message.events == events)
            }
        }
    }

    @Test func aMirrorNeedsAKeyframeAfterAGapOrAWrongHash() throws {
        var stream = PatchStream()
        var frames: [Frame] = [WorkedExample.frame]
        for x in 1 ... 3 { var f = frames[frames.count - 1]; f.items[0].x += Int32(x); frames.append(f) }
        let messages = frames.map { stream.next(frame: $0, events: [])! }

        var mirror = FrameMirror()
        #expect(throws: MirrorError.needsKeyframe) { try mirror.apply(messages[1]) }
        _ = try mirror.apply(messages[0])
        #expect(throws: MirrorError.sequenceGap(expected: 1, base: 2)) { try mirror.apply(messages[2]) }
        #expect(mirror.frame == frames[0], "a refused message changes nothing")
        #expect(throws: MirrorError.needsKeyframe) { try mirror.apply(messages[1]) }

        var decoded = try WireDecoder.decode(WireEncoder.keyframe(frames[1], sequence: 2))
        _ = try mirror.apply(decoded)
        decoded = try WireDecoder.decode(messages[2])
        decoded.hash ^= 1
        #expect(throws: MirrorError.self) { try mirror.apply(decoded) }
        #expect(mirror.frame == frames[1] && mirror.needsKeyframe)

        var corrupt = WireEncoder.keyframe(frames[3], sequence: 9)
        corrupt[4] ^= 0xFF   // first hash byte
        #expect(throws: MirrorError.hashMismatch(expected: FrameHash.of(frames[3]) ^ 0xFF, actual: FrameHash.of(frames[3]))) {
            try mirror.apply(corrupt)
        }
        #expect(try mirror.apply(WireEncoder.keyframe(frames[3], sequence: 9)) == frames[3])
    }

    @Test func aDeltaInsertingADuplicateIdIsRefused() throws {
        var mirror = FrameMirror()
        let base = Frame(items: [rect(1), rect(2)])
        _ = try mirror.apply(WireEncoder.keyframe(base, sequence: 1))
        var patch = Patch()
        patch.structure = [LayerEdit(layer: 0, placements: [.insert(at: 2, rect(1))])]
        let bytes = WireEncoder.delta(patch, sequence: 2, base: 1, hash: 0)
        #expect(throws: MirrorError.invalidPatch(PatchError("item id 1 would appear twice"))) { try mirror.apply(bytes) }
    }
}
