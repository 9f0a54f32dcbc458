import Testing
@testable import VeilCore

/// Placeholder lines of labels: counts, widths, alignment, centring, insets, heights.
@Suite struct SkeletonTextTests {
    /// The lines drawn for one label of `frame` inside a skeleton.
    func lines(_ configure: (inout Node) -> Void, frame: Rect = Rect(x: 10, y: 20, width: 200, height: 100),
               appearance: (inout SkeletonAppearance) -> Void = { _ in }) throws -> [Rect] {
        var l = SK.skeletonable(SK.framed(label("text", "Some text", lines: 0), frame))
        configure(&l)
        var sc = scene(SK.skeletonable(view("root", children: [l])))
        appearance(&sc.skeletonAppearance)
        let s = Session(scene: sc)
        try SK.show(s, "root")
        let f = s.frame(at: 0)
        return f.canvasItems.filter { $0.kind == .rect }.map { f.rect($0) }
    }

    func style(_ n: inout Node, _ body: (inout LabelStyle) -> Void) {
        guard case var .label(s) = n.kind else { return }
        body(&s)
        n.kind = .label(s)
    }

    @Test func numberOfLinesZeroFillsTheHeightWithTheLastLineAt70Percent() throws {
        // 100 / (15 + 10) = 4 lines; block 90 high centred: top 20 + 5.
        #expect(try lines { _ in } == [
            Rect(x: 10, y: 25, width: 200, height: 15), Rect(x: 10, y: 50, width: 200, height: 15),
            Rect(x: 10, y: 75, width: 200, height: 15), Rect(x: 10, y: 100, width: 140, height: 15),
        ])
    }

    @Test func countIsRoundedFromTheHeight() throws {
        // 110 / 25 = 4.4 → 4; 115 / 25 = 4.6 → 5.
        #expect(try lines({ _ in }, frame: Rect(x: 0, y: 0, width: 100, height: 110)).count == 4)
        #expect(try lines({ _ in }, frame: Rect(x: 0, y: 0, width: 100, height: 115)).count == 5)
        // A sliver still gets its one line.
        #expect(try lines({ _ in }, frame: Rect(x: 0, y: 0, width: 100, height: 5)).count == 1)
    }

    @Test func inheritedAndCustomLineCountsAreCappedByWhatFits() throws {
        #expect(try lines { n in style(&n) { $0.numberOfLines = 2 } }.count == 2)
        #expect(try lines { n in n.skeleton.text.numberOfLines = .custom(3) }.count == 3)
        #expect(try lines { n in n.skeleton.text.numberOfLines = .custom(9) }.count == 4)
        #expect(try lines { n in
            style(&n) { $0.numberOfLines = 2 }
            n.skeleton.text.numberOfLines = .custom(0)
        }.count == 4)
    }

    @Test func aSingleLineIsTheLastLineAndFollowsTheAlignment() throws {
        let one = Rect(x: 10, y: 20, width: 200, height: 20)
        #expect(try lines({ n in style(&n) { $0.numberOfLines = 1 } }, frame: one) == [Rect(x: 10, y: 22.5, width: 140, height: 15)])
        #expect(try lines({ n in style(&n) { $0.numberOfLines = 1; $0.alignment = .center } }, frame: one)
                == [Rect(x: 40, y: 22.5, width: 140, height: 15)])
        #expect(try lines({ n in style(&n) { $0.numberOfLines = 1; $0.alignment = .right } }, frame: one)
                == [Rect(x: 70, y: 22.5, width: 140, height: 15)])
        // In a block only the last line moves.
        let right = try lines { n in style(&n) { $0.alignment = .right } }
        #expect(right.dropLast().allSatisfy { $0.x == 10 && $0.width == 200 })
        #expect(right.last == Rect(x: 70, y: 100, width: 140, height: 15))
    }

    @Test func lastLineFillPercentIsPerNodeOrSceneAndCappedAt100() throws {
        #expect(try lines { n in n.skeleton.text.lastLineFillPercent = 50 }.last?.width == 100)
        #expect(try lines({ _ in }, appearance: { $0.multilineLastLineFillPercent = 25 }).last?.width == 50)
        #expect(try lines { n in n.skeleton.text.lastLineFillPercent = 150 }.last?.width == 200)
    }

    @Test func spacingPaddingInsetsAndCornerRadius() throws {
        let got = try lines { n in
            n.skeleton.text.lineSpacing = 5
            n.skeleton.text.paddingInsets = EdgeInsets(top: 10, left: 20, bottom: 10, right: 30)
            n.skeleton.text.linesCornerRadius = 4
        }
        // Available 80 high, pitch 20 → 4 lines, block 75, top 20 + 10 + 2.5; width 200 − 50.
        #expect(got == [
            Rect(x: 30, y: 32.5, width: 150, height: 15), Rect(x: 30, y: 52.5, width: 150, height: 15),
            Rect(x: 30, y: 72.5, width: 150, height: 15), Rect(x: 30, y: 92.5, width: 105, height: 15),
        ])
        var l = SK.skeletonable(SK.framed(label("text", "x"), Rect(x: 0, y: 0, width: 100, height: 20)))
        l.skeleton.text.linesCornerRadius = 4
        let s = Session(scene: scene(SK.skeletonable(view("root", children: [l]))))
        try SK.show(s, "root")
        #expect(s.frame(at: 0).canvasItems.first?.cornerRadius == Fixed.from(4))
    }

    @Test func lineHeightFixedOrRelativeToTheFont() throws {
        let fixed = try lines { n in n.skeleton.text.lineHeight = .fixed(20) }
        #expect(fixed.count == 3 && fixed.allSatisfy { $0.height == 20 })   // 100 / 30 = 3.3
        // 20 pt text with 1.2 line height: 24-high lines, 100 / 34 → 3.
        let relative = try lines { n in
            style(&n) { $0.fontSize = 20 }
            n.skeleton.text.lineHeight = .relativeToFont
        }
        #expect(relative.count == 3 && relative.allSatisfy { $0.height == 24 })
        let scene = try lines({ _ in }, appearance: { $0.textLineHeight = .fixed(10) })
        #expect(scene.count == 5 && scene.allSatisfy { $0.height == 10 })   // 100 / 20
    }

    @Test func theLabelsOwnPaddingIsItsContentBox() throws {
        let got = try lines { n in
            n.padding = EdgeInsets(top: 0, left: 16, bottom: 0, right: 16)
            style(&n) { $0.numberOfLines = 1 }
        }
        #expect(got.first?.x == 26 && got.first.map { Fixed.from($0.width) } == Fixed.from(168 * 0.7))
    }

    @Test func noUsableHeightGivesNoLines() {
        var t = SkeletonTextLines(label: LabelStyle(), traits: SkeletonTextTraits(), appearance: SkeletonAppearance())
        #expect(t.count(height: .nan) == 0)
        #expect(t.count(height: 0) == 0)
        t.lineHeight = 0; t.spacing = 0
        #expect(t.count(height: 100) == 0)
    }
}
