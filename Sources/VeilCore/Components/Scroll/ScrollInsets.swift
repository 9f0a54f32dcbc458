/// Room a scroll container leaves around its content, as UIScrollView's `contentInset` and its
/// automatic adjustment for the safe area (docs/SCENE.md, "Insets and the safe area").
///
/// The content starts `top` (along a horizontal axis: `left`) points into the scrolled content and
/// ends as many before its end, so at rest the first row sits below a status bar while scrolled
/// rows still pass under it; across the axis the content box is narrowed. With `adjustsForSafeArea`
/// (the default, UIKit's `.automatic`) the part of the container that lies outside the scene's
/// safe area is added along the scroll axis.
public struct ScrollInsets: Sendable, Equatable {
    public var content = EdgeInsets.zero
    public var adjustsForSafeArea = true
    public init() {}

    /// The insets in force for a container of `frame` in a canvas whose safe area is `safe`:
    /// the content inset plus, along `axis`, how far the frame reaches out of the safe area.
    func adjusted(frame: Rect, axis: Axis, safe: Rect) -> EdgeInsets {
        var insets = content
        guard adjustsForSafeArea else { return insets }
        switch axis {
        case .vertical:
            insets.top += max(0, safe.y - frame.y)
            insets.bottom += max(0, (frame.y + frame.height) - (safe.y + safe.height))
        case .horizontal:
            insets.left += max(0, safe.x - frame.x)
            insets.right += max(0, (frame.x + frame.width) - (safe.x + safe.width))
        }
        return insets
    }
}

enum ScrollInsetKeys {
    static let adjustments: [Choice<Bool>] = [Choice("automatic", true), Choice("never", false)]

    /// `"contentInset": number | {"top", "left", "bottom", "right"}` and
    /// `"contentInsetAdjustment": "automatic" | "never"` on a list or scroll node.
    static let fields: [Field<Node>] = [
        Field("contentInset", takes: { .insets.about("Room around the content: a number for all four sides or {top, left, bottom, right}.", byDefault: "0") }) { n, m, c throws(SceneError) in n.scrollInsets.content = try c.insets(m) },
        Field("contentInsetAdjustment", takes: { .choice(adjustments).about("Whether the part outside the safe area is added along the axis.", byDefault: "\"automatic\"") }) { n, m, c throws(SceneError) in
            n.scrollInsets.adjustsForSafeArea = try c.choice(m, adjustments)
        },
    ]
}
