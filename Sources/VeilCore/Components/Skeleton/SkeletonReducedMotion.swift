/// A skeleton under reduced motion (`{"motion": "reduced"}`, a viewer's prefers-reduced-motion):
/// its transitions are instant (`SkeletonComponent.perform`), and sliding is shown as a still
/// gradient, pulse as solid — applied when a skeleton is laid out (Skeletons.install), never to
/// the style kept, so one already shimmering stops and shimmers again once motion is full.
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
