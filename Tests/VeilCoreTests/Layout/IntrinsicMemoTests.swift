import Testing
@testable import VeilCore

/// A layout pass measures each node once per width (IntrinsicMemo); remembering must change no box:
/// random scenes, hostile ones among them, lay out the same with the memo as without it.
@Suite struct IntrinsicMemoTests {
    @Test func theMemoChangesNoBox() throws {
        var compared = 0
        for seed in 0 ..< 300 as Range<UInt64> {
            var scenes = RandomScenes(seed: seed)
            // Some hostile scenes are refused (the node bound): those have no layout.
            guard let scene = try? SceneReader.read(Array(scenes.scene(hostile: seed % 3 == 0).utf8), file: "memo.json") else { continue }
            compared += 1
            let canvas = Rect(x: 0, y: 0, width: scene.width, height: scene.height)
            let frame = scene.root.frame ?? canvas
            let remembered = Layout.place(scene.root, in: frame, previous: nil, LayoutContext(sizes: IntrinsicMemo()))
            let measuredEachTime = Layout.place(scene.root, in: frame)
            #expect(Self.boxes(remembered) == Self.boxes(measuredEachTime), "seed \(seed)")
        }
        #expect(compared > 250)
    }

    /// Nested stacks ask for a label's height at every level; the answer is the same at each.
    @Test func aDeepLabelMeasuresTheSameAtEveryLevel() throws {
        var node = #"{"type": "label", "id": "t", "text": "\#(String(repeating: "word ", count: 400))", "numberOfLines": 0}"#
        for _ in 0 ..< 20 { node = #"{"type": "stack", "axis": "vertical", "children": [\#(node)]}"# }
        let scene = try SceneReader.read(Array(#"{"canvas": {"width": 300, "height": 600}, "root": \#(node)}"#.utf8), file: "deep.json")
        let root = Layout.layout(scene)
        var box = root
        while let child = box.children.first { box = child }
        let alone = try #require(Intrinsic.height(of: box.node, width: 300))
        #expect(box.frame.height == alone)
        #expect(root.frame.height == 600)
    }

    /// Each box's node id and frame, depth first.
    static func boxes(_ box: LayoutBox) -> [String] {
        ["\(String(decoding: box.node.id, as: UTF8.self)) \(box.frame)"] + box.children.flatMap { boxes($0) }
    }
}
