/// What a node says about skeletons (SkeletonView's per-view knobs). nil fields take the scene's
/// `SkeletonAppearance` default.
public struct SkeletonTraits: Sendable {
    /// Skeletons recurse only through skeletonable nodes: a node that is not cuts off its subtree.
    public var skeletonable: Bool = false
    /// Hidden (taking no space) while a skeleton is shown over it.
    public var hiddenWhenSkeletonIsActive: Bool = false
    /// A placeholder stops taking taps and focus unless this says otherwise.
    public var interactiveWhenSkeleton: Bool = false
    /// Corner radius of a box placeholder; nil = the node's own corner radius when it has one
    /// (a round avatar stays round), else the appearance's.
    public var cornerRadius: Double? = nil
    /// Labels: how their placeholder lines are drawn.
    public var text = SkeletonTextTraits()
    public init() {}
}

/// The text-line knobs of a label (SkeletonView's SkeletonTextNode).
public struct SkeletonTextTraits: Sendable {
    /// Width of the last line, percent of the full width (capped to 0...100).
    public var lastLineFillPercent: Double? = nil
    public var linesCornerRadius: Double? = nil
    public var lineSpacing: Double? = nil
    /// Insets of the block of lines inside the label's content box.
    public var paddingInsets: EdgeInsets = .zero
    public var lineHeight: SkeletonLineHeight? = nil
    public var numberOfLines: SkeletonLineCount = .inherited
    public init() {}
}

public enum SkeletonLineHeight: Equatable, Sendable {
    /// Lines this many points high.
    case fixed(Double)
    /// Lines as high as the label's text lines (font size × line height).
    case relativeToFont
}

public enum SkeletonLineCount: Equatable, Sendable {
    /// The label's numberOfLines (0 = as many as fit its height).
    case inherited
    /// This many (0 = as many as fit its height).
    case custom(Int)
}
