import Testing
@testable import VeilCore

@Suite struct SkeletonRecursionTests {
    @Test func onlySkeletonableLeavesGetPlaceholdersAndNonSkeletonableNodesCutOffTheirSubtree() throws {
        let s = Session(scene: SK.cardScene())
        try SK.show(s, "screen")
        let f = s.frame(at: 0)
        let placeholders = f.items(filledWith: .solid(SK.tint))
        #expect(placeholders.map { f.rect($0) } == [
            Rect(x: 16, y: 16, width: 48, height: 48),
            Rect(x: 80, y: 18.5, width: 140, height: 15),
            Rect(x: 80, y: 49, width: 300, height: 15), Rect(x: 80, y: 74, width: 300, height: 15),
            Rect(x: 80, y: 99, width: 300, height: 15), Rect(x: 80, y: 124, width: 210, height: 15),
        ])
        // The round avatar keeps its corner radius.
        #expect(placeholders[0].cornerRadius == Fixed.from(24))
        // The card is a container: it keeps its background and gets no placeholder of its own.
        #expect(f.items(filledWith: .solid(.white)).count == 1)
        // The badge is not skeletonable: drawn as it is, its skeletonable label included.
        #expect(f.items(filledWith: .solid(Color(rgba: 0xFF0000FF))).count == 1)
        #expect(f.texts() == ["new"])
    }

    @Test func theRootMustBeSkeletonable() throws {
        var sc = SK.cardScene()
        sc.root.skeleton.skeletonable = false
        let s = Session(scene: sc)
        let before = s.frame(at: 0)
        #expect(throws: SessionError.self) { try SK.show(s, "screen") }
        #expect(s.frame(at: 0) == before, "a refused show changes nothing")
        #expect(throws: SessionError.self) { try SK.show(s, "nowhere") }
    }

    @Test func aSkeletonableContainerWithoutSkeletonableChildrenIsALeafCoveringThem() throws {
        let box = SK.skeletonable(view("box", frame: Rect(x: 10, y: 10, width: 100, height: 50), background: .black,
                                       children: [label("inner", "inside")]))
        let s = Session(scene: scene(SK.skeletonable(view("root", children: [box]))))
        try SK.show(s, "root")
        let f = s.frame(at: 0)
        let p = try #require(f.items(filledWith: .solid(SK.tint)).first)
        #expect(f.rect(p) == Rect(x: 10, y: 10, width: 100, height: 50))
        #expect(f.canvasItems.last == p, "the placeholder is drawn over the children it covers")
        #expect(f.items(filledWith: .solid(.black)).allSatisfy { $0.kind == .text }, "a leaf's background is hidden")
        #expect(f.texts() == ["inside"], "its children are drawn, under the placeholder")
    }

    @Test func stacksRecurseIntoTheirChildren() throws {
        let column = SK.skeletonable(stack("column", .vertical, spacing: 8, children: [
            SK.skeletonable(label("a", "First")), SK.skeletonable(label("b", "Second")),
        ]))
        var root = SK.skeletonable(view("root", children: [column]))
        root.padding = EdgeInsets(all: 20)
        let s = Session(scene: scene(root))
        try SK.show(s, "root")
        let f = s.frame(at: 0)
        let lines = f.items(filledWith: .solid(SK.tint)).map { f.rect($0) }
        // Two labels of one line (20.4 high) each: one 15-high line, 70 % wide, centred in each.
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.x == 20 && $0.width == 252 && $0.height == 15 })
        #expect(lines[1].y > lines[0].y)
    }

    @Test func contentIsHiddenWhileShownAndRestoredAfterHide() throws {
        let s = Session(scene: SK.cardScene())
        let before = s.frame(at: 0)
        #expect(before.texts().contains("Ada Lovelace"))
        try SK.show(s, "screen", at: 1)
        let shown = s.frame(at: 1)
        #expect(!shown.texts().contains("Ada Lovelace"))
        #expect(!shown.canvasItems.contains { $0.kind == .image }, "images are hidden")
        // Content changed while shown appears after the hide.
        try s.apply(.command(.set(node: bytes("title"), changes: [.text(bytes("Grace Hopper"))])), at: 2)
        #expect(!s.frame(at: 2).texts().contains("Grace Hopper"))
        try SK.hide(s, "screen", at: 3)
        let after = s.frame(at: 3)
        #expect(after.texts().contains("Grace Hopper"))
        #expect(after.items(filledWith: .solid(SK.tint)).isEmpty)
        #expect(after.canvasItems.contains { $0.kind == .image })
    }

    @Test func hiddenWhenSkeletonIsActiveTakesNoSpaceWhileShownAndComesBackAfter() throws {
        var subtitle = SK.skeletonable(label("subtitle", "Subtitle"))
        subtitle.skeleton.hiddenWhenSkeletonIsActive = true
        let column = SK.skeletonable(stack("column", .vertical, children: [
            SK.skeletonable(label("title", "Title")), subtitle, SK.skeletonable(label("body", "Body")),
        ]))
        let s = Session(scene: scene(SK.skeletonable(view("root", children: [column]))))
        try SK.show(s, "root", at: 0)
        let shown = s.layout()
        #expect(shown.find("subtitle")?.node.hidden == true)
        #expect(s.frame(at: 0).items(filledWith: .solid(SK.tint)).count == 2)
        #expect(shown.find("body")?.frame.y == shown.find("title")?.frame.maxY, "the body moves up")
        try SK.hide(s, "root", at: 1)
        let after = s.frame(at: 1)
        #expect(after.texts() == ["Title", "Subtitle", "Body"])
    }

    @Test func placeholdersTakeNoTapsUnlessTheNodeSaysSo() throws {
        func tap(_ s: Session) throws -> [HostEvent] {
            try s.input(.pointer(PointerEvent(phase: .down, x: 50, y: 20)))
            try s.input(.pointer(PointerEvent(phase: .up, x: 50, y: 20)))
            defer { _ = s.tick(at: s.time) }
            return s.pendingEvents
        }
        for interactive in [false, true] {
            var b = SK.skeletonable(button("buy", "Buy", action: "buy", frame: Rect(x: 0, y: 0, width: 100, height: 44)))
            b.skeleton.interactiveWhenSkeleton = interactive
            let s = Session(scene: scene(SK.skeletonable(view("root", children: [b]))))
            #expect(try tap(s).map(\.name) == [bytes("buy")])
            try SK.show(s, "root")
            #expect(try tap(s).map(\.name) == (interactive ? [bytes("buy")] : []))
            try SK.hide(s, "root", at: 0)
            #expect(try tap(s).map(\.name) == [bytes("buy")])
        }
    }

    @Test func skeletonTreeDescribesTypesSkeletonableAndPlaceholders() throws {
        let s = Session(scene: SK.cardScene())
        let idle = try s.skeletonTree(bytes("card"))
        #expect(idle.contains("\"id\" : \"card\""))
        #expect(idle.contains("\"type\" : \"image\""))
        #expect(!idle.contains("placeholder"))
        try SK.show(s, "screen")
        let tree = try s.skeletonTree()
        #expect(tree.hasPrefix("{\n  \"id\" : \"screen\",\n  \"type\" : \"view\",\n  \"isSkeletonable\" : true,\n  \"placeholder\" : false"))
        #expect(tree.contains("\"id\" : \"avatar\",\n          \"type\" : \"image\",\n          \"isSkeletonable\" : true,\n          \"placeholder\" : true"))
        #expect(tree.contains("\"id\" : \"badge\",\n          \"type\" : \"view\",\n          \"isSkeletonable\" : false,\n"))
        #expect(throws: SessionError.self) { try s.skeletonTree(bytes("nope")) }
    }
}
