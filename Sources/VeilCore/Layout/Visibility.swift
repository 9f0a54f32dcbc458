/// What of the laid-out tree can be seen — the one rule the renderer draws by and hit-testing picks
/// by, so a button is tappable exactly where it is drawn.
enum Visibility {
    /// Whether `box` shows anything, given the clip (canvas space) its ancestors put on it: not
    /// hidden, not fully transparent for good (a node with a fade counts: it is on its way in or
    /// out), and not wholly outside the clip (long lists cost their visible rows).
    static func isVisible(_ box: LayoutBox, clip: Rect?) -> Bool {
        let node = box.node
        if node.hidden { return false }
        if node.opacity <= 0 && node.fade == nil { return false }
        if let clip {
            let visible = clip.intersection(box.frame)
            if visible.width <= 0 || visible.height <= 0 { return false }
        }
        return true
    }

}
