import Foundation
import Testing
@testable import VeilCore

/// The wire's item field table (`ItemFields.table`): every field, set alone to a random value,
/// encodes, decodes equal, differs from the default in exactly its bit, copies and hashes
/// differently, in a keyframe and in a delta. Iterating the table, so a field added there is
/// checked here without another edit. The table is also written to Tests/Vectors/fields.json, with
/// which fields a motion may move (`ItemMotion.fields`), which Tests/web/fields.test.mjs checks
/// Web/wire-format.js's `FIELDS`, Web/motions.js' movable fields and docs/PROTOCOL.md against.
@Suite struct ItemFieldTableTests {
    /// One row of the table as the visitor sees it, with a random non-default value to set.
    struct Row {
        var field: ItemFields
        var name: String
        var words: String
        var encoding: String
        var defaultJSON: String
        var set: (inout Item) -> Void
    }

    /// Collects the rows; each row's `set` puts a value different from the default (drawn from
    /// `rng`) into its field.
    struct Rows: ItemFieldVisitor {
        typealias Context = [Row]
        typealias Failure = Never
        var rng: Xorshift
        var index = 0

        mutating func field<E: ItemFieldEncoding>(_ field: ItemFields, _ name: StaticString, _ words: StaticString,
                                                  _ encoding: E.Type, _ source: E.Value, _ b: E.Value, _ set: (inout Item, E.Value) -> Void,
                                                  _ rows: inout [Row]) {
            let value = randomValue(E.Value.self, differentFrom: source)
            // Which property: find the one the table hands over, by writing through a probe item.
            let i = index
            index += 1
            rows.append(Row(field: field, name: name.description, words: words.description,
                            encoding: E.name.description, defaultJSON: ItemFieldTableTests.json(source),
                            set: { item in
                                var v = Setting<E.Value>(index: i, value: value)
                                ItemFields.table(&v, item, item, &item)
                            }))
        }

        mutating func randomValue<T>(_ type: T.Type, differentFrom d: T) -> T {
            while true {
                let r = rng.next()
                let v: Any
                switch type {
                case is Int32.Type: v = Int32(truncatingIfNeeded: r)
                case is UInt32.Type: v = UInt32(truncatingIfNeeded: r)
                case is UInt16.Type: v = UInt16(truncatingIfNeeded: r)
                case is UInt8.Type: v = UInt8(truncatingIfNeeded: r)
                case is ItemKind.Type: v = ItemKind(rawValue: UInt8(r % 7))!
                case is [UInt8].Type: v = Array("field \(r % 1000) é".utf8)
                case is Clip?.Type:
                    v = Optional(Clip(x: Int32(truncatingIfNeeded: r), y: Int32(truncatingIfNeeded: r >> 32),
                                      width: Int32(r % 5000), height: Int32(r % 7000), cornerRadius: Int32(r % 64)))
                default: fatalError("the table has a field of type \(type): teach randomValue and json about it")
                }
                let value = v as! T
                if !ItemFieldTableTests.equal(value, d) { return value }
            }
        }
    }

    /// Sets the `index`th field of the table to `value`.
    struct Setting<T>: ItemFieldVisitor {
        typealias Context = Item
        typealias Failure = Never
        let index: Int
        let value: T
        var at = 0
        mutating func field<E: ItemFieldEncoding>(_ field: ItemFields, _ name: StaticString, _ words: StaticString,
                                                  _ encoding: E.Type, _ source: E.Value, _ b: E.Value, _ set: (inout Item, E.Value) -> Void,
                                                  _ target: inout Item) {
            if at == index { set(&target, value as! E.Value) }
            at += 1
        }
    }

    static func equal<T>(_ a: T, _ b: T) -> Bool { json(a) == json(b) }

    /// A value in the JS shape (docs/PROTOCOL.md; Web/wire.js's items).
    static func json<T>(_ value: T) -> String {
        switch value {
        case let v as Int32: return "\(v)"
        case let v as UInt32: return "\(v)"
        case let v as UInt16: return "\(v)"
        case let v as UInt8: return "\(v)"
        case let v as ItemKind: return "\(v.rawValue)"
        case let v as [UInt8]: return JSONText.string(v)
        case let v as Clip?:
            guard let c = v else { return "null" }
            return "{\"x\": \(c.x), \"y\": \(c.y), \"width\": \(c.width), \"height\": \(c.height), \"cornerRadius\": \(c.cornerRadius)}"
        default: fatalError("the table has a field of type \(T.self): teach json about it")
        }
    }

    static func rows(seed: UInt64) -> [Row] {
        var v = Rows(rng: Xorshift(seed: seed)), item = Item.defaults, rows: [Row] = []
        ItemFields.table(&v, item, item, &rows)
        return rows
    }

    @Test func everyFieldRoundTripsDiffsCopiesAndHashes() throws {
        for seed in UInt64(1) ... 20 {
            let rows = Self.rows(seed: seed)
            var union = ItemFields()
            for (bit, row) in rows.enumerated() {
                #expect(row.field.rawValue == 1 << UInt32(bit), "\(row.name): the table is in bit order, without gaps")
                union.insert(row.field)
                let base = Item(id: 7, kind: .rect)
                var item = base
                row.set(&item)
                #expect(item != base, "\(row.name)")

                // Diff: exactly its bit, both ways.
                #expect(ItemFields.differing(base, item) == row.field, "\(row.name)")
                #expect(ItemFields.differing(item, base) == row.field, "\(row.name)")
                #expect(ItemFields.differing(item, item).isEmpty)

                // Copy: its bit copies it, every other bit leaves it.
                var copied = base
                row.field.copy(from: item, to: &copied)
                #expect(copied == item, "\(row.name)")
                var untouched = base
                ItemFields.all.subtracting(row.field).copy(from: item, to: &untouched)
                #expect(untouched == base, "\(row.name)")

                // Encode, decode: a keyframe entry with exactly its bit, decoding equal.
                var w = ByteWriter(capacity: 32)
                FrameCoding.writeFullItem(item, to: &w)
                var r = ByteReader(w.bytes)
                #expect(try r.varint() == 7)
                #expect(try r.varint() == row.field.rawValue, "\(row.name)")
                r = ByteReader(w.bytes)
                #expect(try FrameCoding.readFullItem(&r) == item, "\(row.name)")
                #expect(r.isAtEnd)

                // Hash: a different term, and a different frame hash.
                #expect(FrameHash.entryTerm(parent: 0, index: 0, item) != FrameHash.entryTerm(parent: 0, index: 0, base), "\(row.name)")
                var before = Frame(width: 800, height: 600, items: [base])
                var after = before
                after.items[0] = item
                if item.kind == .layer { before.items[0].kind = .layer }  // the differ does not turn items into layers
                #expect(FrameHash.of(before) != FrameHash.of(after) || before == after, "\(row.name)")

                // Through the wire: a keyframe, then a delta carrying the one field, applied.
                let keyframe = try WireDecoder.decode(WireEncoder.keyframe(after, sequence: 1))
                #expect(keyframe.body == .keyframe(after), "\(row.name)")
                if before != after {
                    let patch = Differ.diff(from: before, to: after)
                    #expect(patch.updates.map(\.fields) == [row.field], "\(row.name)")
                    let bytes = WireEncoder.delta(patch, sequence: 2, base: 1, hash: FrameHash.of(after))
                    let decoded = try WireDecoder.decode(bytes)
                    guard case let .delta(_, p) = decoded.body else { Issue.record("not a delta"); continue }
                    var frame = before
                    try p.apply(to: &frame)
                    #expect(frame == after, "\(row.name)")
                    #expect(FrameHash.of(frame) == decoded.hash)
                }
            }
            #expect(union == ItemFields.all)
            #expect(ItemFields.all.rawValue == (1 << UInt32(rows.count)) - 1)
        }
    }

    /// Tests/Vectors/fields.json: bit, name, words, encoding and default of each field, and whether
    /// it is one of the plain numbers a motion may move (`ItemMotion.fields`; opacity, which a fade
    /// moves, is not one), for the JS side (`VEIL_RECORD_VECTORS=1` rewrites it, as the other vectors).
    @Test func theTableMatchesFieldsJSON() throws {
        let rows = Self.rows(seed: 1)
        let text = "[\n" + rows.enumerated().map { bit, row in
            "  {\"bit\": \(bit), \"name\": \(JSONText.string(Array(row.name.utf8))), \"words\": \(JSONText.string(Array(row.words.utf8))), "
                + "\"encoding\": \"\(row.encoding)\", \"default\": \(row.defaultJSON), \"movable\": \(ItemMotion.fields.contains(row.field))}"
        }.joined(separator: ",\n") + "\n]\n"
        try SharedVectors.check(text, file: "fields.json")
    }
}

/// A small deterministic generator (xorshift64*).
struct Xorshift {
    var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }
    mutating func next() -> UInt64 {
        state ^= state >> 12; state ^= state << 25; state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
}
