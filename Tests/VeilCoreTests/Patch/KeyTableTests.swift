import Testing
@testable import VeilCore

/// `KeyTable` (the core's hash table) answers as a Dictionary would, over random operations; and
/// `IdTable` interns "<node>#<role><index>" keys to ids that name them back.
@Suite struct KeyTableTests {
    @Test func aKeyTableAnswersAsADictionaryWould() {
        var random = RandomFrames(seed: 0x7AB1E)
        for _ in 0 ..< 20 {
            var table = KeyTable<[UInt8], Int>()
            var model: [[UInt8]: Int] = [:]
            for step in 0 ..< random.int(0 ... 600) {
                // Few distinct keys, so lookups hit as often as they miss.
                let key = (0 ..< random.int(0 ... 3)).map { _ in UInt8(random.int(0 ... 5)) }
                switch random.int(0 ... 2) {
                case 0:
                    table[key] = step
                    model[key] = step
                case 1:
                    let (value, inserted) = table.value(for: key, inserting: step)
                    #expect(inserted == (model[key] == nil))
                    if inserted { model[key] = step }
                    #expect(value == model[key])
                default:
                    #expect(table.insert(key, step) == (model[key] == nil))
                    if model[key] == nil { model[key] = step }
                }
                #expect(table[key] == model[key])
                #expect(table.count == model.count)
            }
            for (key, value) in model { #expect(table[key] == value) }
        }
    }

    @Test func idsNameTheirKeysBack() {
        var ids = IdTable()
        var random = RandomFrames(seed: 0x1D5)
        for _ in 0 ..< 2_000 {
            let node = Array("n\(random.int(0 ... 50))".utf8)
            let index = [0, 7, 10, 99, 100, -3, Int.max, Int.min, random.int(0 ... 1_000_000)][random.int(0 ... 8)]
            let id = ids.id(node: node, role: "line", index: index)
            #expect(ids.key(of: id) == node + Array("#line\(index)".utf8))
            #expect(ids.id(node: node, role: "line", index: index) == id, "the same key, the same id")
            let plain = ids.id(node: node, role: "bg")
            #expect(ids.key(of: plain) == node + Array("#bg".utf8))
        }
    }

    /// Forgetting keeps every key a frame uses at its id, frees the rest (their keys gone), and a
    /// new key then takes the smallest free id; `checkInvariants` runs after each forget.
    @Test func forgettingKeepsTheFramesIdsAndHandsOutTheSmallestFree() {
        var ids = IdTable()
        var random = RandomFrames(seed: 0xF06)
        for round in 0 ..< 40 {
            for _ in 0 ..< random.int(0 ... 400) { _ = ids.id(node: Array("n\(random.int(0 ... 900))".utf8), role: "bg") }
            let held = (1 ... 2_000).compactMap { k in ids.key(of: UInt32(k)).map { (UInt32(k), $0) } }
            let kept = held.filter { _ in random.int(0 ... 3) == 0 }
            var frame = Frame()
            frame.items = kept.map { Item(id: $0.0, kind: .rect) }
            guard ids.forget(allBut: frame, live: kept.count) != nil else { continue }
            for (id, key) in held {
                let stays = kept.contains { $0.0 == id }
                #expect(ids.key(of: id) == (stays ? key : nil), "id \(id)")
            }
            let smallestFree = (1 ... 2_001).first { ids.key(of: UInt32($0)) == nil }!
            #expect(ids.id(node: Array("new\(round)".utf8), role: "bg") == UInt32(smallestFree))
        }
    }
}
