/// What a host (timeline, events file, viewer, wasm page) asks the session to do.
/// Components add their cases here (skeleton, status, spinner, sheet, refresh).
public enum Command: Sendable {
    /// Change properties of one node. Unknown node → error at the call, nothing changes.
    case set(node: [UInt8], changes: [NodeChange])
    /// Shows a status over a node (nil: hides it). One status per node; showing replaces.
    case status(node: [UInt8], status: Status?, transition: OverlayTransition)
    /// Shows or hides the loading spinner overlay over a node (fades 0.25 s; never stacks).
    case spinner(node: [UInt8], show: Bool)
    /// Shows, hides or updates the skeleton on a node (recursing through skeletonable nodes).
    case skeleton(node: [UInt8], SkeletonCommand)
    /// Adds, replaces or removes rows of a list (their data fills the row template). Rows put in
    /// before the first keep what is shown where it was.
    case rows(node: [UInt8], RowsEdit)
    /// Begins or ends a list's refresh, or turns pulling to refresh on or off.
    case refresh(node: [UInt8], RefreshCommand)
    /// Answers a list's `loadMore`: nothing more this time, or whether there is more at all.
    case loadMore(node: [UInt8], LoadMoreCommand)
    /// Scrolls a list or scroll container to an offset (points from its start; clamped to its
    /// content), at once or along a 0.3 s ease-in-out.
    case scroll(node: [UInt8], to: Double, animated: Bool)
    /// Moves a sheet between anchors, pushes and pops its pages, changes its anchors, answers
    /// its `dismissRequested`.
    case sheet(node: [UInt8], SheetCommand)
    /// The size the host measured its content at (a page's element): a host node's `width` and/or
    /// `height`, which its parent lays it out with.
    case host(node: [UInt8], width: Double?, height: Double?)
    /// Switches light / dark (a viewer's prefers-color-scheme): palette and skeleton tint follow.
    case appearance(Appearance)
    /// Full or reduced motion (a viewer's prefers-reduced-motion): reduced shows sliding and pulse
    /// skeletons still and makes skeleton and status transitions and scrolls instant.
    case motion(reduced: Bool)
}

public enum NodeChange: Sendable {
    case text([UInt8])
    case hidden(Bool)
    case background(Color?)
    case textColor(Color?)
    case opacity(Double)
    case frame(Rect?)
}
