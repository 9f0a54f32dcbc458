/// What a list or scroll container holds for the scroll component (its group of `Node`'s fields):
/// pull-to-refresh, infinite scroll, and its content insets.
struct ScrollNodeFields: Sendable {
    var refresh: RefreshStyle? = nil
    var loadMore: LoadMoreStyle? = nil
    var insets = ScrollInsets()
    /// UIKit's `showsVerticalScrollIndicator` (or horizontal): false where the host scrolls the
    /// content itself and shows its own scroll bar (a page's list under `loadMore`).
    var showsIndicator = true
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

    /// Whether a list or scroll container draws its scroll indicator.
    public var showsIndicator: Bool {
        get { storage.fields.scrollFields.showsIndicator }
        _modify { unique(); yield &storage.fields.scrollFields.showsIndicator }
    }

    /// A list's or scroll container's content inset and safe-area adjustment (ScrollInsets.swift).
    public var scrollInsets: ScrollInsets {
        get { storage.fields.scrollFields.insets }
        _modify { unique(); yield &storage.fields.scrollFields.insets }
    }
}
