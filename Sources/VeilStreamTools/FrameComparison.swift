import VeilCore

/// The differences between an expected and an actual frame, in words: the canvas, then each entry
/// that was inserted, removed, moved or changed, with old → new values (expected → actual).
///
/// Item ids are interned per session in order of first use, so the same node can have another id in
/// the other stream (a row inserted at the start shifts every later id). Entries are therefore paired
/// layer by layer: a text shown once on each side is the same entry wherever it went, the rest by an
/// alignment that keeps each layer's painter's order and prefers entries alike in text, size, position
/// and paint (entries whose order changed are moves); an equal id counts only for `stableIds`, the ids of the frame both
/// streams held before (the same entries on both sides). What is left unpaired is paired across
/// layers when it is plainly the same entry (a move), and otherwise inserted or removed. Names come
/// from `names` (the ids of the actual run); an expected entry is named by the actual entry it pairs with.
public enum FrameComparison {
    public static func differences(expected: Frame, actual: Frame, names: ItemNames = ItemNames(),
                                   stableIds: Set<UInt32> = [], limit: Int = 40) -> [String] {
        var c = Comparer(expected: expected, actual: actual, names: names, stableIds: stableIds)
        var lines = c.lines()
        if lines.count > limit {
            let more = lines.count - limit
            lines = Array(lines.prefix(limit)) + ["… and \(more) more"]
        }
        return lines
    }
}

private struct Comparer {
    let expected: Frame
    let actual: Frame
    let names: ItemNames
    let stableIds: Set<UInt32>
    /// What each layer shows as text (its descendants' texts, in order), by id, on each side.
    let expectedTexts: [UInt32: [UInt8]]
    let actualTexts: [UInt32: [UInt8]]
    let before: FrameIndex
    let after: FrameIndex
    /// expected id → actual id, and back.
    var pairs: [UInt32: UInt32] = [0: 0]
    var reverse: [UInt32: UInt32] = [0: 0]
    /// Pairs made across layers or out of order (moves).
    var moved: Set<UInt32> = []

    init(expected: Frame, actual: Frame, names: ItemNames, stableIds: Set<UInt32>) {
        self.expected = expected; self.actual = actual; self.names = names; self.stableIds = stableIds
        before = FrameIndex(expected); after = FrameIndex(actual)
        var texts: [UInt32: [UInt8]] = [:]
        _ = Self.collectTexts(expected.items, into: &texts)
        expectedTexts = texts
        texts = [:]
        _ = Self.collectTexts(actual.items, into: &texts)
        actualTexts = texts
    }

    /// The texts shown under `items` joined by U+001F, recording each layer's own.
    static func collectTexts(_ items: [Item], into texts: inout [UInt32: [UInt8]]) -> [UInt8] {
        var all: [UInt8] = []
        for item in items {
            var shown = item.text
            if item.isLayer {
                shown = collectTexts(item.children, into: &texts)
                texts[item.id] = shown
            }
            if !shown.isEmpty {
                if !all.isEmpty { all.append(0x1F) }
                all += shown
            }
        }
        return all
    }

    mutating func lines() -> [String] {
        align(expected.items, actual.items)
        pairLeftovers()
        var out: [String] = []
        if expected.width != actual.width || expected.height != actual.height {
            out.append("canvas \(Words.number(expected.width)) × \(Words.number(expected.height)) pt → \(Words.number(actual.width)) × \(Words.number(actual.height)) pt")
        }
        if expected.background != actual.background {
            out.append("background \(Words.color(expected.background)) → \(Words.color(actual.background))")
        }
        if expected.motions != actual.motions || expected.itemMotions != actual.itemMotions {
            // They draw the same now, differently later: say how each moves.
            let say = { (frame: Frame) in
                let words = frame.motions.map(Words.motion) + frame.itemMotions.map { Words.itemMotion($0, item: "id \($0.id)") }
                return words.isEmpty ? "none" : words.joined(separator: "; ")
            }
            out.append("motions: expected \(say(expected)); got \(say(actual))")
        }
        for id in after.order {
            guard let place = after[id] else { continue }
            let item = place.item
            if let e = reverse[id], let old = before[e] {
                let fields = differing(old.item, item)
                let label = names.label(item)
                if moved.contains(e) {
                    var text = "moved \(label): from \(expectedName(old.parent)) at \(old.index) to \(names.name(place.parent)) at \(place.index)"
                    if !fields.isEmpty { text += "; " + changes(fields, old.item, item) }
                    out.append(text)
                } else if !fields.isEmpty {
                    let verb = fields.isSubset(of: [.x, .y]) ? "moved" : "changed"
                    out.append("\(verb) \(label): " + changes(fields, old.item, item))
                }
            } else if place.parent == 0 || reverse[place.parent] != nil {
                out.append("inserted \(names.label(item)) into \(names.name(place.parent)) at \(place.index): "
                           + Words.summary(item, actual.paints))
            }
        }
        for id in before.order where pairs[id] == nil {
            guard let place = before[id], place.parent == 0 || pairs[place.parent] != nil else { continue }
            out.append("removed \(expectedName(id)) (\(Words.kind(place.item.kind))) from \(expectedName(place.parent)) at \(place.index): "
                       + Words.summary(place.item, expected.paints))
        }
        if out.isEmpty && expected != actual {
            // Nothing draws differently: say what else differs.
            var what: [String] = []
            if expected.paints != actual.paints {
                what.append("the paint table (expected \(Words.plural(expected.paints.count, "paint")): "
                            + expected.paints.map(Words.paint).joined(separator: "; ") + "; got \(Words.plural(actual.paints.count, "paint")): "
                            + actual.paints.map(Words.paint).joined(separator: "; ") + ")")
            }
            let renamed = pairs.filter { $0.key != $0.value }.count
            if renamed > 0 { what.append("the ids of \(Words.plural(renamed, "entry"))") }
            out.append("the frames draw the same; they differ in " + (what.isEmpty ? "how they are encoded" : what.joined(separator: " and ")))
        }
        return out
    }

    /// The name of an expected entry: the name of the actual entry it pairs with, else its id there.
    func expectedName(_ id: UInt32) -> String {
        if let a = pairs[id] { return names.name(a) }
        return "expected id \(id)"
    }

    func changes(_ fields: ItemFields, _ old: Item, _ new: Item) -> String {
        Words.changes(fields, from: old, expected.paints, to: new, actual.paints)
    }

    /// The fields that draw differently: paint references compare by the paint they name.
    func differing(_ e: Item, _ a: Item) -> ItemFields {
        var fields = ItemFields.differing(e, a)
        fields.remove([.fill, .stroke])
        if paint(e.fill, expected) != paint(a.fill, actual) { fields.insert(.fill) }
        if paint(e.stroke, expected) != paint(a.stroke, actual) { fields.insert(.stroke) }
        return fields
    }

    func paint(_ reference: UInt32, _ frame: Frame) -> Paint? {
        reference == 0 || Int(reference) > frame.paints.count ? nil : frame.paints[Int(reference) - 1]
    }

    /// How alike two entries are; nil when they cannot be the same entry (another kind).
    func score(_ e: Item, _ a: Item) -> Int? {
        guard e.kind == a.kind else { return nil }
        var s = 1
        if e.id == a.id && stableIds.contains(e.id) { s += 6 }
        if !e.text.isEmpty && e.text == a.text { s += 4 }
        if e.isLayer, let shown = expectedTexts[e.id], !shown.isEmpty, shown == actualTexts[a.id] { s += 4 }
        if e.width == a.width && e.height == a.height { s += 1 }
        if e.x == a.x && e.y == a.y {
            s += 2
        } else if abs(Int(e.x) - Int(a.x)) <= max(Int(e.width) / 2, 64) && abs(Int(e.y) - Int(a.y)) <= max(Int(e.height) / 2, 64) {
            s += 1  // near: within half its size, or 8 pt
        }
        if paint(e.fill, expected) == paint(a.fill, actual) { s += 1 }
        if e.isLayer && e.children.count == a.children.count { s += 1 }
        guard s >= 2 else { return nil }
        // Among equally alike pairings, the one that moves entries least (in points).
        let distance = (abs(Int(e.x) - Int(a.x)) + abs(Int(e.y) - Int(a.y))) / 8
        return s * 1024 + 1023 - min(1023, distance)
    }

    /// Pairs two child lists, then their paired layers' children: an entry showing a text (a text
    /// item, or a layer by the texts under it) that only it shows on each side is the same entry
    /// wherever it went; the rest are paired in order (the best total likeness, alike siblings by
    /// their rank among them).
    /// Pairs whose order changed (outside the longest run that kept it) are moves.
    mutating func align(_ e: [Item], _ a: [Item]) {
        var matched: [(Int, Int)] = []
        if e.count * a.count > 250_000 {
            // Too large to align: pair by id.
            var byId: [UInt32: Int] = [:]
            for (j, item) in a.enumerated() { byId[item.id] = j }
            for (i, item) in e.enumerated() {
                if let j = byId[item.id], a[j].kind == item.kind { matched.append((i, j)) }
            }
        } else if !e.isEmpty && !a.isEmpty {
            // What an entry shows: a text item its text, a layer the texts under it.
            var eTexts: [[UInt8]: [Int]] = [:], aTexts: [[UInt8]: [Int]] = [:]
            for (i, item) in e.enumerated() {
                let shown = item.isLayer ? expectedTexts[item.id] ?? [] : item.text
                if !shown.isEmpty { eTexts[[item.kind.rawValue] + shown, default: []].append(i) }
            }
            for (j, item) in a.enumerated() {
                let shown = item.isLayer ? actualTexts[item.id] ?? [] : item.text
                if !shown.isEmpty { aTexts[[item.kind.rawValue] + shown, default: []].append(j) }
            }
            var eFree = [Bool](repeating: true, count: e.count), aFree = [Bool](repeating: true, count: a.count)
            for (text, eAt) in eTexts where eAt.count == 1 {
                guard let aAt = aTexts[text], aAt.count == 1 else { continue }
                matched.append((eAt[0], aAt[0]))
                eFree[eAt[0]] = false; aFree[aAt[0]] = false
            }
            let eRest = e.indices.filter { eFree[$0] }, aRest = a.indices.filter { aFree[$0] }
            let eItems = eRest.map { e[$0] }, aItems = aRest.map { a[$0] }
            matched += alignInOrder(eItems, aItems, Self.ranks(eItems), Self.ranks(aItems)).map { (eRest[$0.0], aRest[$0.1]) }
        }
        matched.sort { $0.0 < $1.0 }
        // The differ's own rule: what stays on a longest increasing run is not moved.
        let kept = LongestIncreasingSubsequence.members(of: matched.map { $0.1 })
        for (k, (i, j)) in matched.enumerated() {
            if !kept[k] { moved.insert(e[i].id) }
            pair(e[i], a[j])
        }
    }

    /// How many earlier siblings look the same (kind and size): the k-th of a run of alike rows is
    /// paired with the k-th on the other side, however far a change of size moved them.
    static func ranks(_ items: [Item]) -> [Int] {
        var seen: [[Int32]: Int] = [:]
        return items.map { item in
            let key = [Int32(item.kind.rawValue), item.width, item.height]
            defer { seen[key, default: 0] += 1 }
            return seen[key] ?? 0
        }
    }

    /// The pairs of an order-keeping alignment with the best total score.
    func alignInOrder(_ e: [Item], _ a: [Item], _ eRanks: [Int], _ aRanks: [Int]) -> [(Int, Int)] {
        guard !e.isEmpty && !a.isEmpty else { return [] }
        var matched: [(Int, Int)] = []
        let n = a.count + 1
        var best = [Int](repeating: 0, count: (e.count + 1) * n)
        var scores = [Int](repeating: -1, count: e.count * a.count)
        for i in 1 ... e.count {
            for j in 1 ... a.count {
                var v = max(best[(i - 1) * n + j], best[i * n + j - 1])
                if var s = score(e[i - 1], a[j - 1]) {
                    if eRanks[i - 1] == aRanks[j - 1] { s += 2048 }
                    scores[(i - 1) * a.count + j - 1] = s
                    v = max(v, best[(i - 1) * n + j - 1] + s)
                }
                best[i * n + j] = v
            }
        }
        var i = e.count, j = a.count
        while i > 0 && j > 0 {
            let s = scores[(i - 1) * a.count + j - 1]
            if s >= 0 && best[i * n + j] == best[(i - 1) * n + j - 1] + s {
                matched.append((i - 1, j - 1)); i -= 1; j -= 1
            } else if best[i * n + j] == best[(i - 1) * n + j] {
                i -= 1
            } else {
                j -= 1
            }
        }
        return matched.reversed()
    }

    mutating func pair(_ e: Item, _ a: Item) {
        pairs[e.id] = a.id
        reverse[a.id] = e.id
        if e.isLayer && a.isLayer { align(e.children, a.children) }
    }

    /// Unpaired entries that are plainly the same (same kind, and the same id or the same text,
    /// size and paint) are one entry moved to another layer or another place in its layer.
    mutating func pairLeftovers() {
        let leftExpected = before.order.filter { id in
            guard pairs[id] == nil, let p = before[id] else { return false }
            return p.parent == 0 || pairs[p.parent] != nil
        }
        var leftActual = after.order.filter { id in
            guard reverse[id] == nil, let p = after[id] else { return false }
            return p.parent == 0 || reverse[p.parent] != nil
        }
        for e in leftExpected {
            guard let old = before[e]?.item else { continue }
            let match = leftActual.firstIndex { a in
                guard let new = after[a]?.item, new.kind == old.kind else { return false }
                if new.id == old.id && stableIds.contains(new.id) { return true }
                return new.text == old.text && new.width == old.width && new.height == old.height
                    && paint(new.fill, actual) == paint(old.fill, expected)
                    && (!old.isLayer || new.children.count == old.children.count)
            }
            guard let match, let new = after[leftActual[match]]?.item else { continue }
            leftActual.remove(at: match)
            moved.insert(e)
            pair(old, new)
        }
    }
}
