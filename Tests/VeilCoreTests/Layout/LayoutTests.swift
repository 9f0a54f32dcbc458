import Testing
@testable import VeilCore

@Suite struct LayoutTests {
    @Test func rootFillsCanvasAndFramedChildrenAreRelativeToContentBox() {
        var root = view("root", children: [view("a", frame: Rect(x: 10, y: 20, width: 30, height: 40))])
        root.padding = EdgeInsets(all: 5)
        let box = Layout.layout(scene(root))
        #expect(box.frame == Rect(x: 0, y: 0, width: 400, height: 300))
        #expect(box.find("a")?.frame == Rect(x: 15, y: 25, width: 30, height: 40))
    }

    @Test func unframedChildFillsContentBoxUnlessSized() {
        var sized = view("b")
        sized.width = 50
        let root = view("root", children: [view("a"), sized])
        let box = Layout.layout(scene(root))
        #expect(box.find("a")?.frame == Rect(x: 0, y: 0, width: 400, height: 300))
        #expect(box.find("b")?.frame.width == 50)
    }

    @Test func verticalStackStacksWithSpacingAndSkipsHidden() {
        var a = view("a"); a.height = 10
        var hidden = view("h"); hidden.height = 100; hidden.hidden = true
        var b = view("b"); b.height = 20
        let box = Layout.layout(scene(stack("s", .vertical, spacing: 5, children: [a, hidden, b])))
        #expect(box.find("a")?.frame == Rect(x: 0, y: 0, width: 400, height: 10))
        #expect(box.find("b")?.frame == Rect(x: 0, y: 15, width: 400, height: 20))
    }

    @Test func horizontalStackSharesRemainingWidthAmongFlexibleChildren() {
        var fixed = view("fixed"); fixed.width = 100
        let s = stack("s", .horizontal, spacing: 10, children: [fixed, view("f1"), view("f2")])
        let box = Layout.layout(scene(s))
        #expect(box.find("fixed")?.frame.width == 100)
        #expect(box.find("f1")?.frame == Rect(x: 110, y: 0, width: 140, height: 300))
        #expect(box.find("f2")?.frame == Rect(x: 260, y: 0, width: 140, height: 300))
    }

    @Test func crossAxisAlignment() {
        var a = view("a"); a.width = 100; a.height = 10
        for (alignment, x) in [(StackAlignment.leading, 0.0), (.center, 150), (.trailing, 300)] {
            let box = Layout.layout(scene(stack("s", .vertical, alignment: alignment, children: [a])))
            #expect(box.find("a")?.frame.x == x)
            #expect(box.find("a")?.frame.width == 100)
        }
    }

    @Test func labelTakesItsTextHeight() {
        let l = label("l", "Hello", fontSize: 20)
        let box = Layout.layout(scene(stack("s", .vertical, children: [l])))
        #expect(box.find("l")?.frame.height == 24) // one line × 1.2 × 20
    }

    @Test func listPlacesHeaderRowsAndFooterWithInstanceIds() {
        var header = view("header"); header.height = 30
        var style = ListStyle(row: view("cell", children: [label("name", "x")]))
        style.rowCount = 3
        style.rowHeight = 50
        style.header = header
        var list = Node(id: bytes("list"), kind: .list(style))
        list.frame = nil
        let box = Layout.layout(scene(list))
        #expect(box.children.count == 4)
        #expect(box.find("header")?.frame.y == 0)
        #expect(box.find("list/0/cell")?.frame == Rect(x: 0, y: 30, width: 400, height: 50))
        #expect(box.find("list/2/cell")?.frame.y == 130)
        #expect(box.find("list/1/name") != nil)
    }
}
