import PropertyBased
import Testing
@testable import VeilCore

/// Deterministic random frames and edits for property tests (SplitMix64 from a seed the property
/// checker picks, so a failure names a seed that reproduces it).
struct RandomFrames {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }
    mutating func chance(_ percent: Int) -> Bool { int(0 ... 99) < percent }
    mutating func coordinate() -> Int32 {
        switch int(0 ... 9) {
        case 0: return 0
        case 1: return Int32(int(-100 ... 100))
        case 2: return chance(50) ? Int32.max : Int32.min
        default: return Int32(int(0 ... 7000))
        }
    }
    mutating func color() -> Color { Color(rgba: UInt32(truncatingIfNeeded: next())) }

    static let texts: [[UInt8]] = ["", "Hello", "Zoë’s café", "日本語のテキスト", "🙂👍🏽", "\u{FEFF}BOM first", "a\u{0}b"]
        .map { Array($0.utf8) }

    mutating func stops() -> [GradientStop] {
        (0 ..< int(0 ... 4)).map { _ in GradientStop(offset: UInt16(int(0 ... 65535)), color: color()) }
    }
    mutating func paint() -> Paint {
        switch int(0 ... 2) {
        case 0: return .solid(color())
        case 1: return .linear(x0: coordinate(), y0: coordinate(), x1: coordinate(), y1: coordinate(), stops: stops())
        default: return .radial(cx: coordinate(), cy: coordinate(), radius: coordinate(), stops: stops())
        }
    }
    /// Changes a gradient's coordinates or stops (what an animation does), or replaces the paint.
    mutating func changed(_ paint: Paint) -> Paint {
        switch paint {
        case let .linear(x0, y0, x1, y1, stops) where chance(70):
            return .linear(x0: chance(50) ? coordinate() : x0, y0: chance(30) ? coordinate() : y0,
                           x1: chance(50) ? coordinate() : x1, y1: chance(30) ? coordinate() : y1,
                           stops: chance(20) ? self.stops() : stops)
        case let .radial(cx, cy, r, stops) where chance(70):
            return .radial(cx: chance(50) ? coordinate() : cx, cy: chance(50) ? coordinate() : cy,
                           radius: chance(50) ? coordinate() : r, stops: chance(20) ? self.stops() : stops)
        default:
            return self.paint()
        }
    }

    mutating func item(id: UInt32, paints: Int) -> Item {
        var item = Item(id: id, kind: leafKind())
        for _ in 0 ..< int(0 ... 8) { mutateField(&item, paints: paints) }
        return item
    }

    /// A layer with a few fields set and up to `budget` entries below it.
    mutating func layer(id: UInt32, paints: Int, depth: Int, budget: inout Int, used: inout Set<UInt32>) -> Item {
        var layer = Item(id: id, kind: .layer)
        for _ in 0 ..< int(0 ... 3) {
            switch int(0 ... 3) {
            case 0: layer.x = coordinate()
            case 1: layer.y = coordinate()
            case 2: layer.opacity = UInt8(int(0 ... 255))
            default: layer.clip = Clip(x: coordinate(), y: coordinate(), width: coordinate(), height: coordinate())
            }
        }
        layer.children = entries(paints: paints, depth: depth + 1, budget: &budget, used: &used)
        return layer
    }

    /// A random child list: items, and layers (nested up to depth 4) while the budget lasts.
    mutating func entries(paints: Int, depth: Int, budget: inout Int, used: inout Set<UInt32>) -> [Item] {
        var list: [Item] = []
        for _ in 0 ..< int(0 ... 8) where budget > 0 {
            budget -= 1
            if depth < 4 && chance(20) {
                list.append(layer(id: freshId(&used), paints: paints, depth: depth, budget: &budget, used: &used))
            } else {
                list.append(item(id: freshId(&used), paints: paints))
            }
        }
        return list
    }

    /// Any kind but a layer: rect, text, image, arc, activity indicator, host.
    mutating func leafKind() -> ItemKind {
        let k = int(0 ... 5)
        return k == 5 ? .host : ItemKind(rawValue: UInt8(k))!
    }

    /// Sets one random field to a random value (possibly its current or default one).
    mutating func mutateField(_ item: inout Item, paints: Int) {
        switch int(0 ... 17) {
        case 0: item.x = coordinate()
        case 1: item.y = coordinate()
        case 2: item.width = coordinate()
        case 3: item.height = coordinate()
        case 4: item.fill = UInt32(int(0 ... paints))
        case 5: item.opacity = UInt8(int(0 ... 255))
        case 6: item.rotation = coordinate()
        case 7: item.cornerRadius = coordinate()
        case 8: item.stroke = chance(10) ? UInt32.max : UInt32(int(0 ... paints))
        case 9: item.lineWidth = coordinate()
        case 10: item.clip = chance(30) ? nil : Clip(x: coordinate(), y: coordinate(), width: coordinate(),
                                                     height: coordinate(), cornerRadius: coordinate())
        case 11: item.arcStart = coordinate()
        case 12: item.arcSweep = coordinate()
        case 13: item.text = RandomFrames.texts[int(0 ... RandomFrames.texts.count - 1)]
        case 14: if !item.isLayer { item.kind = leafKind() }
        case 15: item.fontSize = coordinate()
        case 16: item.fontWeight = chance(20) ? UInt16.max : UInt16(int(1 ... 9) * 100)
        default: item.baseline = coordinate()
        }
    }

    /// Ids are mostly small, sometimes large (up to the wire's limit: five bytes).
    mutating func freshId(_ used: inout Set<UInt32>) -> UInt32 {
        while true {
            let id = chance(80) ? UInt32(int(1 ... 500)) : UInt32(int(1 ... Int(WireLimits.maxId)))
            if used.insert(id).inserted { return id }
        }
    }

    /// A frame whose items form a random tree of layers (`layers: false`: a flat list).
    mutating func frame(maxItems: Int = 30, layers: Bool = true) -> Frame {
        var f = Frame(width: coordinate(), height: coordinate(), background: color())
        f.paints = (0 ..< int(0 ... 5)).map { _ in paint() }
        var used = Set<UInt32>()
        if layers {
            var budget = int(0 ... maxItems)
            while budget > 0 { f.items += entries(paints: f.paints.count, depth: 1, budget: &budget, used: &used) }
        } else {
            f.items = (0 ..< int(0 ... maxItems)).map { _ in
                var item = item(id: freshId(&used), paints: f.paints.count)
                if item.isLayer { item.kind = .rect }
                return item
            }
        }
        return f
    }

    /// A successor of `a` the way animations and commands make them: in every layer some entries
    /// removed, inserted (items or small layers), reordered (single moves, reversed runs, sometimes a
    /// full shuffle), fields changed; sometimes an entry moved to another layer; paint table entries
    /// changed, grown or truncated; sometimes a resize or new background.
    mutating func successor(of a: Frame) -> Frame {
        var b = a
        if chance(10) { b.width = coordinate() }
        if chance(10) { b.height = coordinate() }
        if chance(10) { b.background = color() }
        if chance(40) {
            for i in b.paints.indices where chance(40) { b.paints[i] = changed(b.paints[i]) }
        }
        if chance(15) { b.paints.removeLast(int(0 ... b.paints.count)) }
        if chance(15) { b.paints += (0 ..< int(1 ... 3)).map { _ in paint() } }

        var used = Set<UInt32>()
        collectIds(a.items, into: &used)
        b.items = successor(of: b.items, paints: b.paints.count, depth: 1, used: &used)
        if chance(25) { reparent(&b.items) }
        return b
    }

    private func collectIds(_ list: [Item], into used: inout Set<UInt32>) {
        for e in list {
            used.insert(e.id)
            collectIds(e.children, into: &used)
        }
    }

    private mutating func successor(of list: [Item], paints: Int, depth: Int, used: inout Set<UInt32>) -> [Item] {
        var b = list
        if chance(30) {
            b = b.filter { _ in !chance(25) }
        }
        if chance(30) {
            for _ in 0 ..< int(1 ... 4) {
                var budget = 4
                let entry = depth < 4 && chance(20)
                    ? layer(id: freshId(&used), paints: paints, depth: depth, budget: &budget, used: &used)
                    : item(id: freshId(&used), paints: paints)
                b.insert(entry, at: int(0 ... b.count))
            }
        }
        if chance(30), b.count > 1 {
            switch int(0 ... 3) {
            case 0:
                let moved = b.remove(at: int(0 ... b.count - 1))
                b.insert(moved, at: int(0 ... b.count))
            case 1:
                let lo = int(0 ... b.count - 1), hi = int(lo ... b.count - 1)
                b[lo ... hi].reverse()
            case 2:
                for i in stride(from: b.count - 1, to: 0, by: -1) { b.swapAt(i, int(0 ... i)) }
            default:
                b.swapAt(int(0 ... b.count - 1), int(0 ... b.count - 1))
            }
        }
        for i in b.indices {
            if chance(20) {
                if b[i].isLayer {
                    switch int(0 ... 2) {
                    case 0: b[i].x = coordinate()
                    case 1: b[i].opacity = UInt8(int(0 ... 255))
                    default: b[i].clip = chance(30) ? nil : Clip(x: 0, y: 0, width: coordinate(), height: coordinate())
                    }
                } else {
                    for _ in 0 ..< int(1 ... 3) { mutateField(&b[i], paints: paints) }
                }
            }
            if b[i].isLayer && chance(60) {
                b[i].children = successor(of: b[i].children, paints: paints, depth: depth + 1, used: &used)
            }
        }
        return b
    }

    /// Moves one entry (possibly a whole layer) from its list into another layer's list. A layer is
    /// never moved into its own subtree.
    private mutating func reparent(_ items: inout [Item]) {
        var paths: [[Int]] = []
        func collect(_ list: [Item], _ prefix: [Int]) {
            for (i, e) in list.enumerated() {
                paths.append(prefix + [i])
                if e.isLayer { collect(e.children, prefix + [i]) }
            }
        }
        collect(items, [])
        guard !paths.isEmpty else { return }
        let from = paths[int(0 ... paths.count - 1)]
        let moved = RandomFrames.remove(&items, at: from[...])
        var layers: [[Int]] = [[]]
        func collectLayers(_ list: [Item], _ prefix: [Int]) {
            for (i, e) in list.enumerated() where e.isLayer {
                layers.append(prefix + [i])
                collectLayers(e.children, prefix + [i])
            }
        }
        collectLayers(items, [])
        let into = layers[int(0 ... layers.count - 1)]
        RandomFrames.insert(moved, into: &items, at: into[...], random: &self)
    }

    private static func remove(_ list: inout [Item], at path: ArraySlice<Int>) -> Item {
        if path.count == 1 { return list.remove(at: path.first!) }
        return remove(&list[path.first!].children, at: path.dropFirst())
    }

    private static func insert(_ entry: Item, into list: inout [Item], at path: ArraySlice<Int>, random: inout RandomFrames) {
        guard let first = path.first else {
            list.insert(entry, at: random.int(0 ... list.count))
            return
        }
        insert(entry, into: &list[first].children, at: path.dropFirst(), random: &random)
    }
}

func applied(_ patch: Patch, to frame: Frame) throws(PatchError) -> Frame {
    var f = frame
    try patch.apply(to: &f)
    return f
}

func rect(_ id: UInt32, x: Int32 = 0, y: Int32 = 0, fill: UInt32 = 1) -> Item {
    var item = Item(id: id, kind: .rect)
    item.x = x; item.y = y; item.width = 80; item.height = 40; item.fill = fill
    return item
}

@Suite struct DifferTests {
    @Test func applyingTheDiffYieldsTheTargetFrame() async {
        await propertyCheck(count: 1500, input: Gen.uint64()) { seed throws in
            var random = RandomFrames(seed: seed)
            let a = random.frame()
            let b = random.successor(of: random.chance(10) ? random.frame() : a)
            let patch = Differ.diff(from: a, to: b)
            #expect(try applied(patch, to: a) == b, "seed \(seed)")
            #expect(Differ.diff(from: a, to: a).isEmpty)
            #expect(Differ.diff(from: b, to: b).isEmpty)
            #expect(patch.isEmpty == (a == b))
        }
    }

    @Test func survivorsOffTheLongestIncreasingRunAreMoved() throws {
        let a = Frame(items: (1 ... 10).map { rect($0) })
        var oneMoved = a
        oneMoved.items.insert(oneMoved.items.remove(at: 0), at: 7)
        let one = Differ.diff(from: a, to: oneMoved)
        #expect(one.structure == [LayerEdit(layer: 0, placements: [.move(at: 7, from: 0)])])
        #expect(one.updates.isEmpty)

        var reversed = a
        reversed.items.reverse()
        let rev = Differ.diff(from: a, to: reversed)
        #expect(rev.structure.first?.placements.count == 9)
        #expect(try applied(rev, to: a) == reversed)

        var inserted = a
        inserted.items.insert(rect(99), at: 3)
        inserted.items.remove(at: 8)
        let ins = Differ.diff(from: a, to: inserted)
        #expect(ins.structure == [LayerEdit(layer: 0, removes: [7], placements: [.insert(at: 3, rect(99))])])
    }

    @Test func updatesCarryOnlyChangedFields() throws {
        let a = Frame(items: [rect(1), rect(2)])
        var b = a
        b.items[1].y = 120
        b.items[1].opacity = 128
        let patch = Differ.diff(from: a, to: b)
        #expect(patch.updates.count == 1)
        #expect(patch.updates[0].id == 2)
        #expect(patch.updates[0].fields == [.y, .opacity])
        #expect(patch.updates[0].values.x == 0, "unchanged fields stay at their defaults")
    }

    @Test func movingOrFadingALayerIsOneUpdateWhateverItHolds() throws {
        var card = Item(id: 500, kind: .layer)
        card.x = 80; card.y = 800
        card.children = (1 ... 100).map { rect($0, x: Int32($0) * 8) }
        let a = Frame(items: [rect(600), card])
        var b = a
        b.items[1].y = 960
        b.items[1].opacity = 128
        let patch = Differ.diff(from: a, to: b)
        #expect(patch.structure.isEmpty)
        #expect(patch.updates.map(\.id) == [500])
        #expect(patch.updates[0].fields == [.y, .opacity])
        #expect(try applied(patch, to: a) == b)
        let bytes = WireEncoder.delta(patch, sequence: 2, base: 1, hash: FrameHash.of(b))
        #expect(bytes.count <= 16, "\(bytes.count) bytes")
    }

    @Test func anEntryMovedToAnotherLayerIsRemovedThereAndInsertedHere() throws {
        var left = Item(id: 10, kind: .layer), right = Item(id: 20, kind: .layer)
        left.children = [rect(1), rect(2)]
        right.children = [rect(3)]
        let a = Frame(items: [left, right])
        var b = a
        b.items[0].children.remove(at: 0)
        b.items[1].children.append(rect(1))
        let patch = Differ.diff(from: a, to: b)
        #expect(patch.structure == [LayerEdit(layer: 10, removes: [0]),
                                    LayerEdit(layer: 20, placements: [.insert(at: 1, rect(1))])])
        #expect(try applied(patch, to: a) == b)
    }

    @Test func aReusedChildListIsNotLookedAt() {
        var layer = Item(id: 7, kind: .layer)
        layer.children = (1 ... 50).map { rect($0) }
        let a = Frame(items: [layer])
        let b = a  // shares the child list's storage
        #expect(Differ.isSameStorage(a.items[0].children, b.items[0].children))
        #expect(Differ.diff(from: a, to: b).isEmpty)
    }

    @Test func movingAGradientAdjustsOnlyItsCoordinates() {
        let stops = [GradientStop(offset: 0, color: .white), GradientStop(offset: 65535, color: .black)]
        let a = Frame(paints: [.linear(x0: -800, y0: 0, x1: 0, y1: 0, stops: stops)])
        let b = Frame(paints: [.linear(x0: -720, y0: 0, x1: 80, y1: 0, stops: stops)])
        let patch = Differ.diff(from: a, to: b)
        #expect(patch.paintEdits == [PaintEdit(slot: 0, change: .adjust(
            GradientAdjustment(kind: .linear, coordinates: [-720, nil, 80, nil])))])
    }

    @Test func paintTableGrowsAndShrinks() throws {
        let a = Frame(paints: [.solid(.white), .solid(.black), .solid(.clear)])
        let b = Frame(paints: [.solid(.black)])
        let shrink = Differ.diff(from: a, to: b)
        #expect(shrink.paintCount == 1)
        #expect(try applied(shrink, to: a) == b)
        let grow = Differ.diff(from: b, to: a)
        #expect(grow.paintCount == 3)
        #expect(grow.paintEdits.map(\.slot) == [0, 1, 2])
        #expect(try applied(grow, to: b) == a)
    }

    @Test func aPatchThatDoesNotFitIsRejectedAndChangesNothing() {
        var layer = Item(id: 9, kind: .layer)
        layer.children = [rect(3)]
        let a = Frame(paints: [.solid(.white)], items: [rect(1), rect(2), layer])
        func edit(_ layer: UInt32 = 0, removes: [Int] = [], placements: [Placement] = []) -> Patch {
            var p = Patch(); p.structure = [LayerEdit(layer: layer, removes: removes, placements: placements)]; return p
        }
        var cases: [Patch] = [
            edit(removes: [3]),
            edit(placements: [.move(at: 0, from: 5)]),
            edit(placements: [.insert(at: 0, rect(2))]),                 // duplicate id
            edit(9, placements: [.insert(at: 0, rect(1))]),              // duplicate id across layers
            edit(placements: [.insert(at: 5, rect(4))]),                 // past the end
            edit(removes: [0], placements: [.move(at: 0, from: 0)]),
            edit(1, removes: [0]),                                       // 1 is not a layer
            edit(42, removes: [0]),                                      // no such layer
        ]
        var p = Patch(); p.structure = [LayerEdit(layer: 9, removes: [0]), LayerEdit(layer: 9, removes: [0])]; cases.append(p)
        p = Patch(); p.updates = [ItemUpdate(fields: .x, from: rect(4, x: 8))]; cases.append(p)      // unknown id
        p = Patch(); p.updates = [ItemUpdate(fields: .x, from: rect(2, x: 8)), ItemUpdate(fields: .x, from: rect(1, x: 8))]
        cases.append(p)                                                                                 // not ascending
        var toLayer = Item(id: 1, kind: .layer); toLayer.x = 1
        p = Patch(); p.updates = [ItemUpdate(fields: .kind, from: toLayer)]; cases.append(p)          // item → layer
        p = Patch(); p.paintEdits = [PaintEdit(slot: 0, change: .adjust(GradientAdjustment(kind: .linear, coordinates: [1, nil, nil, nil])))]
        cases.append(p)
        p = Patch(); p.paintCount = 2; cases.append(p)                                   // new slot never set
        p = Patch(); p.paintEdits = [PaintEdit(slot: 1, change: .replace(.solid(.black)))]; cases.append(p)
        for patch in cases {
            var f = a
            #expect(throws: PatchError.self) { try patch.apply(to: &f) }
            #expect(f == a)
        }
    }

    @Test func duplicateIdsInTheTargetCannotBeApplied() {
        // The renderer never makes them; the differ still returns a patch, and applying it refuses.
        var layer = Item(id: 3, kind: .layer)
        layer.children = [rect(2, x: 5)]
        let a = Frame(items: [rect(1), rect(2)])
        let b = Frame(items: [rect(1), rect(2), layer])
        var f = a
        #expect(throws: PatchError.self) { try Differ.diff(from: a, to: b).apply(to: &f) }
        #expect(f == a)
    }
}
