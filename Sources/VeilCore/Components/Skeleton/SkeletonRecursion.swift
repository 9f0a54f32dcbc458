/// What a shown skeleton makes of one node of the effective tree (set by `SkeletonRecursion`).
struct SkeletonMark: Sendable {
    /// On the skeleton's root: how its placeholders are painted.
    var look: SkeletonLook? = nil
    /// A leaf: draws placeholders over its bounds, its own content cross-dissolved away.
    var placeholder = false
    /// A list of a skeleton that is not leaving: rows fill its height, prepared for the skeleton.
    var skeletonRows = false
}

/// SkeletonView's recursion (Recursive.swift): from a skeletonable root, only skeletonable children
/// are visited, so a node that is not skeletonable cuts off its subtree (it is drawn as it is); a
/// visited node without skeletonable children is a leaf and gets the placeholder; containers (views,
/// stacks, lists with their row template, headers and footers) pass the skeleton on.
enum SkeletonRecursion {
    /// Marks `node` (skeletonable) and its skeletonable subtree. `active` is false while the skeleton
    /// fades out: nodes hidden for it come back and placeholders take taps again at once.
    static func mark(_ node: inout Node, active: Bool) {
        if active && node.skeleton.hiddenWhenSkeletonIsActive { node.hidden = true }
        var mark = SkeletonMark()
        var visited = false
        if case var .list(style) = node.kind {
            visited = visit(&style.row, active) || visited
            visited = visit(&style.header, active) || visited
            visited = visit(&style.footer, active) || visited
            for i in style.sections.indices {
                visited = visit(&style.sections[i].header, active) || visited
                visited = visit(&style.sections[i].footer, active) || visited
            }
            node.kind = .list(style)
            mark.skeletonRows = active
        }
        for i in node.children.indices {
            visited = visit(&node.children[i], active) || visited
        }
        if !visited {
            mark.placeholder = true
            if active && !node.skeleton.interactiveWhenSkeleton { node.interactive = false }
        }
        node.skeletonMark = mark
    }

    /// Marks a skeletonable child; false when it is not skeletonable (the recursion stops there).
    private static func visit(_ node: inout Node, _ active: Bool) -> Bool {
        guard node.skeleton.skeletonable else { return false }
        mark(&node, active: active)
        return true
    }

    @inline(never)  // for size: a list's row, header, footer and its sections' call it
    private static func visit(_ node: inout Node?, _ active: Bool) -> Bool {
        guard var n = node, n.skeleton.skeletonable else { return false }
        mark(&n, active: active)
        node = n
        return true
    }
}
