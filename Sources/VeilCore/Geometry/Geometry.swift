/// Points, sizes, rectangles and insets in layout space (points, Double).
/// Layout works in Double; only the Frame is quantized (see `Fixed`).
public struct Point: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)
}

public struct Size: Equatable, Sendable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
}

public struct Rect: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var center: Point { Point(x: x + width / 2, y: y + height / 2) }

    public func contains(_ p: Point) -> Bool {
        p.x >= x && p.x < x + width && p.y >= y && p.y < y + height
    }
    public func inset(by e: EdgeInsets) -> Rect {
        Rect(x: x + e.left, y: y + e.top,
             width: larger(0, width - e.left - e.right), height: larger(0, height - e.top - e.bottom))
    }
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }
    /// True when the two share a part at least a point across each way (what is in view).
    public func intersects(_ o: Rect) -> Bool {
        let overlap = intersection(o)
        return overlap.width >= 1 && overlap.height >= 1
    }

    /// The overlap of two rectangles (zero-sized when they do not meet).
    public func intersection(_ o: Rect) -> Rect {
        let x0 = larger(x, o.x), y0 = larger(y, o.y)
        let x1 = smaller(maxX, o.maxX), y1 = smaller(maxY, o.maxY)
        return Rect(x: x0, y: y0, width: larger(0, x1 - x0), height: larger(0, y1 - y0))
    }
}

public struct EdgeInsets: Equatable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public init(all v: Double) { self.init(top: v, left: v, bottom: v, right: v) }
    public static let zero = EdgeInsets()
}
