/// Where a sheet's anchors are on a canvas, and which one a release goes to. Canvas y of the
/// sheet's top edge throughout; anchors sorted top first, each with its index as given.
struct SheetGeometry: Sendable {
    /// Anchor tops, ascending (top first), and each one's index in the style's `anchors`.
    var ys: [Double]
    var indices: [Int]
    /// The canvas height: where a dismissed sheet goes, and the rubber band's dimension.
    var height: Double

    /// Anchors measure from the scene's safe area; `fitHeight` is the top page's laid-out height.
    init(_ style: SheetStyle, canvasHeight: Double, safeArea: EdgeInsets = .zero, fitHeight: Double) {
        height = canvasHeight
        let top = safeArea.top
        let bottom = max(top, canvasHeight - safeArea.bottom)
        let safe = bottom - top
        var placed: [(y: Double, index: Int)] = []
        for (i, anchor) in style.anchors.enumerated() {
            let y: Double
            switch anchor.place {
            case let .ratio(r): y = top + r * safe
            case let .fromTop(d): y = top + d
            case let .fromBottom(d): y = bottom - d
            case .fit: y = bottom - fitHeight
            }
            placed.append((min(max(y, top), bottom), i))
        }
        placed.sortStably { $0.y != $1.y ? $0.y < $1.y : $0.index < $1.index }
        ys = placed.map { $0.y }
        indices = placed.map { $0.index }
    }

    var top: Double { ys.first ?? 0 }
    var bottom: Double { ys.last ?? 0 }

    /// The sorted position of the anchor given as `index`.
    func position(ofAnchor index: Int) -> Int? { indices.firstIndex(of: index) }

    /// The sorted position of the anchor nearest to `y`.
    func nearest(to y: Double) -> Int {
        var best = 0
        for i in ys.indices where abs(ys[i] - y) < abs(ys[best] - y) { best = i }
        return best
    }

    /// The dim over the main content, 0...1 (× 30 % black): full at the top anchor, none at the
    /// second (below it the content behind stays interactive); with one anchor, none at the canvas
    /// bottom.
    func dim(at y: Double) -> Double {
        let low = ys.count > 1 ? ys[1] : height
        guard low > top else { return 1 }
        return min(1, max(0, (low - y) / (low - top)))
    }

    /// Deceleration per millisecond a release is projected with (UIScrollView's fast rate, as the
    /// reference): a flick at v pt/ms travels v·r/(1 − r) more.
    static let projectionRate = 0.99
    /// A release that would move less than this from where the drag began returns there.
    static let minimumTravel = 20.0
    /// Slower than this (pt/s) a release is no flick: it has no direction to respect.
    static let flickSpeed = 50.0

    /// The anchor (sorted position) a release at `y` moving at `velocity` pt/s (down positive)
    /// goes to, for a drag that began at the anchor `start`: the nearest to the projected rest,
    /// but never against a flick's direction; with `nextOnly`, at most one anchor on.
    func release(from y: Double, velocity: Double, start: Int, nextOnly: Bool) -> Int {
        let perMs = velocity / 1000
        let projected = y + perMs * Self.projectionRate / (1 - Self.projectionRate)
        let startY = ys[min(max(start, 0), ys.count - 1)]
        if abs(projected - startY) < Self.minimumTravel { return start }
        var target = nearest(to: projected)
        if nextOnly {
            let step = projected > startY ? 1 : -1
            target = min(max(start + step, 0), ys.count - 1)
        }
        if velocity > Self.flickSpeed, ys[target] < y - 0.5 {
            // Flicked down but the nearest is above: the first anchor below where it is.
            target = ys.firstIndex { $0 >= y - 0.5 } ?? ys.count - 1
        } else if velocity < -Self.flickSpeed, ys[target] > y + 0.5 {
            target = ys.lastIndex { $0 <= y + 0.5 } ?? 0
        }
        return target
    }
}
