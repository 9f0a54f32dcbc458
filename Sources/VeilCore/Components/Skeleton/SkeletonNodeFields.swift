/// What a node holds for skeletons (its group of `Node`'s fields): the scene's knobs, and the mark
/// a shown skeleton puts on the tree the session lays out.
struct SkeletonNodeFields: Sendable {
    var traits = SkeletonTraits()
    var mark: SkeletonMark? = nil
}

extension Node {
    /// Skeleton knobs (skeletonable, hidden while shown, text lines…).
    public var skeleton: SkeletonTraits {
        get { storage.fields.skeletonFields.traits }
        _modify { unique(); yield &storage.fields.skeletonFields.traits }
    }

    /// Set by a shown skeleton on the tree the session lays out; never in a scene.
    var skeletonMark: SkeletonMark? {
        get { storage.fields.skeletonFields.mark }
        _modify { unique(); yield &storage.fields.skeletonFields.mark }
    }
}
