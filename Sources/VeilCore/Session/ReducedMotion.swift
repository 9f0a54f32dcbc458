/// Reduced motion (`{"motion": "reduced"}`, a viewer's prefers-reduced-motion): what moves by
/// itself stands still. Skeletons: sliding is shown as a still gradient, pulse as solid — applied
/// when a skeleton is laid out (Skeletons.install), never to the style kept, so one already
/// shimmering stops and shimmers again once motion is full; skeleton and status transitions and
/// `scroll` are instant, and so are scrolling keys and sheet moves not driven by a finger (sheet
/// commands, keys, taps on a grabber, header or dim: ScrollComponent / SheetComponent
/// `reducedMotion`). Sheets and scrolling still follow the pointer and settle with their springs
/// (motion the user drives), and the spinner still turns, as a system one does.
extension Command {
    /// The command as reduced motion performs it.
    var withReducedMotion: Command {
        switch self {
        case let .skeleton(node, .show(style, _, delay)):
            return .skeleton(node: node, .show(style, transition: .none, delay: delay))
        case let .skeleton(node, .hide):
            return .skeleton(node: node, .hide(transition: .none))
        case let .status(node, status, _):
            return .status(node: node, status: status, transition: .none)
        case let .scroll(node, offset, _):
            return .scroll(node: node, to: offset, animated: false)
        default:
            return self
        }
    }
}

extension SkeletonStyle {
    /// The style with its animation taken out: sliding → gradient, pulse → solid.
    var still: SkeletonStyle {
        var s = self
        switch kind {
        case .sliding?: s.kind = .gradient
        case .pulse?: s.kind = .solid
        default: break
        }
        return s
    }
}
