/// The template a fetching list draws its waiting rows from: its row template under a skeleton
/// (SkeletonView's recursion, `SkeletonRecursion`). A template that marks no node skeletonable is
/// skeletonized whole, so a plain row still shows its labels as lines and its boxes as blocks.
enum WaitingRow {
    static func template(_ row: Node, _ style: SkeletonStyle, _ context: InstallContext) -> Node {
        var template = row
        if !template.hasSkeletonable { template.makeSkeletonable() }
        template.skeleton.skeletonable = true
        SkeletonRecursion.mark(&template, active: true)
        // Every waiting row animates in step with the others: phase 0 at the session's start.
        template.skeletonMark?.look = SkeletonLook(context.scene.reducedMotion ? style.still : style,
                                                   appearance: context.scene.skeletonAppearance,
                                                   scheme: context.scene.appearance, animationStart: 0, fade: nil)
        return template
    }
}

extension Node {
    fileprivate var hasSkeletonable: Bool { skeleton.skeletonable || children.contains { $0.hasSkeletonable } }

    fileprivate mutating func makeSkeletonable() {
        skeleton.skeletonable = true
        for i in children.indices { children[i].makeSkeletonable() }
    }
}
