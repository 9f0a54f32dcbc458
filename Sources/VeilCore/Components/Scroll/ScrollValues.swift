/// What the scroll component publishes in `MovingValues` besides each container's offset
/// (channel `.offset`, keyed by the container's id): its indicator's opacity, whether a refresh or
/// a load of more is under way, and the state a custom refresh view is laid out in. Only what is
/// not 0 (resting, idle) is published.
extension MovingValues.Channel {
    /// The scroll indicator's opacity, 0...1.
    static let scrollIndicator = Self(raw: 2)
    /// 1 while a refresh is under way (its animator shows the activity indicator).
    static let refreshing = Self(raw: 3)
    /// 1 while a load of more content is under way (the footer's activity indicator turns).
    static let loadingMore = Self(raw: 4)
    /// A custom refresh view's `RefreshViewState` (layout makes it; a change is a new layout).
    static let refreshState = Self(raw: 5)
}

extension MovingValues {
    func isRefreshing(_ id: [UInt8]) -> Bool { value(of: id, .refreshing) != 0 }
    func isLoadingMore(_ id: [UInt8]) -> Bool { value(of: id, .loadingMore) != 0 }

    /// What the custom refresh view of the container `id` shows.
    func refreshState(of id: [UInt8]) -> RefreshViewState {
        let v = value(of: id, .refreshState)
        return RefreshViewState.allCases.first { Double($0.rawValue) == v } ?? .idle
    }
}
