/// What a list or scroll container holds for the scroll component (its group of `Node`'s fields):
/// pull-to-refresh, infinite scroll, and its content insets.
struct ScrollNodeFields: Sendable {
    var refresh: RefreshStyle? = nil
    var loadMore: LoadMoreStyle? = nil
    var insets = ScrollInsets()
}

extension Node {
    /// Pull-to-refresh on a list or scroll container (Refresh.swift).
    public var refresh: RefreshStyle? {
        get { storage.fields.scrollFields.refresh }
        _modify { unique(); yield &storage.fields.scrollFields.refresh }
    }

    /// Infinite scroll on a list or scroll container (LoadMore.swift).
    public var loadMore: LoadMoreStyle? {
        get { storage.fields.scrollFields.loadMore }
        _modify { unique(); yield &storage.fields.scrollFields.loadMore }
    }

    /// A list's or scroll container's content inset and safe-area adjustment (ScrollInsets.swift).
    public var scrollInsets: ScrollInsets {
        get { storage.fields.scrollFields.insets }
        _modify { unique(); yield &storage.fields.scrollFields.insets }
    }
}
