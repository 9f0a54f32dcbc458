/// A wheel or trackpad scroll, as the DOM reports it, in points. Browsers give deltas in pixels
/// (mode 0), lines (1) or pages (2); a line is taken as 16 points (Chromium's and Firefox's
/// default) and a page as the viewport's height (or width, for deltaX) less one line.
public struct WheelInput: Equatable, Sendable {
    public var dx: Double
    public var dy: Double

    public init(deltaX: Double, deltaY: Double, deltaMode: Int, viewport: (width: Double, height: Double)) {
        switch deltaMode {
        case 1: dx = deltaX * 16; dy = deltaY * 16
        case 2: dx = deltaX * max(16, viewport.width - 16); dy = deltaY * max(16, viewport.height - 16)
        default: dx = deltaX; dy = deltaY
        }
    }

    /// The innermost scrollable candidate that can still move the way the wheel goes gets it;
    /// one at its end passes it outward (so a nested list at its top lets the page scroll).
    /// `canScroll(candidate, dx, dy)` says whether a candidate can move by that much.
    public func route<C>(_ chain: [C], canScroll: (C, Double, Double) -> Bool) -> C? {
        chain.first { canScroll($0, dx, dy) }
    }
}
