import PropertyBased
import Testing
@testable import VeilCore

private func spacer(_ id: String, minLength: Double = 0) -> Node {
    var style = SpacerStyle()
    style.minLength = minLength
    return Node(id: bytes(id), kind: .spacer(style))
}

/// A spacer (SwiftUI's Spacer) takes the room the other children of its stack leave along the axis,
/// shared equally among spacers, at least its `minLength`; nothing across (issue 33, item 8a).
@Suite struct SpacerTests {
    @Test func aSpacerPushesAButtonToTheFarEndOfAHorizontalStack() throws {
        let title = label("title", "Inbox")
        let edit = button("edit", "Edit")
        let box = Layout.layout(scene(stack("bar", .horizontal, children: [title, spacer("gap"), edit])))
        let b = try #require(box.find("edit")).frame
        let t = try #require(box.find("title")).frame
        #expect(b.maxX == 400)
        #expect(t.x == 0)
        let gap = try #require(box.find("gap")).frame
        #expect(gap.x == t.maxX && gap.maxX == b.x)
        #expect(gap.height == 0)  // nothing across
    }

    @Test func spacersShareEquallyAboveTheirMinimum() throws {
        var a = view("a"); a.width = 100
        var b = view("b"); b.width = 100
        // 200 points left: an equal share would be 100 each, but the second asks for 150.
        let s = stack("s", .horizontal, children: [a, spacer("s1"), b, spacer("s2", minLength: 150)])
        let box = Layout.layout(scene(s))
        #expect(box.find("s1")?.frame.width == 50)
        #expect(box.find("s2")?.frame.width == 150)
        #expect(box.find("b")?.frame.x == 150)
        let even = Layout.layout(scene(stack("s", .horizontal, children: [spacer("l"), a, spacer("r")])))
        #expect(even.find("a")?.frame.x == 150)  // two spacers centre it
    }

    @Test func aSpacerTakesTheRoomLeftInAVerticalStackAndJustifyHasNoneLeft() throws {
        var top = view("top"); top.height = 40
        var bottom = view("bottom"); bottom.height = 60
        var s = stack("s", .vertical, spacing: 10, children: [top, spacer("gap", minLength: 5), bottom])
        if case var .stack(style) = s.kind { style.justify = .center; s.kind = .stack(style) }
        let box = Layout.layout(scene(s))
        #expect(box.find("top")?.frame.y == 0)
        #expect(box.find("gap")?.frame == Rect(x: 0, y: 50, width: 0, height: 180))
        #expect(box.find("bottom")?.frame == Rect(x: 0, y: 240, width: 400, height: 60))
    }

    @Test func withoutRoomASpacerKeepsItsMinimum() throws {
        var tall = view("tall"); tall.height = 400
        let box = Layout.layout(scene(stack("s", .vertical, children: [spacer("gap", minLength: 12), tall])))
        #expect(box.find("gap")?.frame.height == 12)
        #expect(box.find("tall")?.frame.y == 12)
        let row = Layout.layout(scene(stack("s", .horizontal, children: [spacer("gap", minLength: 30), label("l", String(repeating: "wide ", count: 40))])))
        #expect(row.find("gap")?.frame.width == 30)
        #expect(row.find("l")?.frame.x == 30)
    }

    @Test func aStackHoldingASpacerHasNoNaturalWidthAndMeasuresItsMinimumInHeight() {
        let row = stack("row", .horizontal, children: [label("l", "Hi"), spacer("gap")])
        #expect(Intrinsic.width(of: row) == nil)  // it takes the room it is offered
        var a = view("a"); a.height = 10
        let column = stack("col", .vertical, children: [a, spacer("gap", minLength: 7)])
        #expect(Intrinsic.height(of: column, width: 100) == 17)
    }

    @Test func aSpacerInScrolledContentIsItsMinimumLong() {
        var style = StackStyle(); style.axis = .vertical
        var scroll = Node(id: bytes("sc"), kind: .scroll(style))
        var a = view("a"); a.height = 20
        scroll.children = [spacer("gap", minLength: 25), a]
        let box = Layout.layout(scene(scroll))
        #expect(box.find("a")?.frame.y == 25)
    }

    @Test func aSpacerReadsFromAScene() throws {
        let s = try SceneReader.read(bytes(#"{"root": {"type": "stack", "axis": "horizontal", "children": [{"type": "label", "text": "A"}, {"type": "spacer", "id": "gap", "minLength": 8}, {"type": "button", "title": "B"}]}}"#), file: "t.json")
        guard case let .spacer(style) = s.root.children[1].kind else { Issue.record("not a spacer"); return }
        #expect(style.minLength == 8)
        #expect(s.root.children[1].kind.typeName == "spacer")
    }

    @Test func aSpacerDrawsNothing() {
        var gap = spacer("gap"); gap.background = Color(rgba: 0xFF0000FF)
        let f = Session(scene: scene(stack("s", .horizontal, children: [gap]))).frame(at: 0)
        #expect(f.canvasItems.isEmpty)
    }

    /// The share: each length at least its floor, lengths above their floor all equal, and they sum
    /// to the room (or to the floors when those alone exceed it); all-zero floors split it evenly.
    @Test func sharesFillTheRoomAboveEveryFloor() async {
        await propertyCheck(count: 500, input: Gen.uint64()) { seed in
            var random = RandomFrames(seed: seed)
            let floors = (0 ..< random.int(1 ... 6)).map { _ in random.chance(40) ? 0 : Double(random.int(0 ... 300)) }
            let room = Double(random.int(-100 ... 900))
            let lengths = FlexibleShare.lengths(room: room, floors: floors)
            let sum = lengths.reduce(0, +)
            #expect(zip(lengths, floors).allSatisfy { $0 >= $1 }, "seed \(seed)")
            #expect(abs(sum - max(room, floors.reduce(0, +))) < 1e-6 || floors.reduce(0, +) > room, "seed \(seed)")
            let free = zip(lengths, floors).filter { $0 > $1 }.map(\.0)
            #expect(free.allSatisfy { abs($0 - free[0]) < 1e-9 }, "seed \(seed)")
            if floors.reduce(0, +) > room { #expect(lengths == floors, "seed \(seed)") }
            if floors.allSatisfy({ $0 == 0 }) {
                #expect(lengths.allSatisfy { $0 == max(0, room) / Double(floors.count) }, "seed \(seed)")
            }
        }
    }
}
