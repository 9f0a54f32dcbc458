/// The paints of a skeleton. Solid, pulse and sliding skeletons use ONE paint for all their
/// placeholders: pulse changes its colour, sliding moves the end points of one linear gradient that
/// spans the skeleton root's bounds in canvas space, so the light crosses every placeholder as one
/// and an animated frame changes that paint only. A static gradient shades each placeholder alike,
/// so it has a paint per placeholder (they never change, costing nothing after the keyframe).
enum SkeletonPaint {
    /// The paint every placeholder of the skeleton shares at `t`, or nil when each has its own.
    static func shared(_ look: SkeletonLook, bounds: Rect, at t: Double) -> Paint? {
        switch look.kind {
        case .solid:
            return .solid(look.colors[0])
        case .pulse:
            return .solid(look.colors[0].mixed(with: look.colors[1], pulse(look, at: t)))
        case .sliding:
            let (start, end) = slide(look.direction ?? .leftRight, progress: progress(look, at: t, autoreverse: false))
            return linear(look.colors, from: start, to: end, in: bounds)
        case .gradient:
            return nil
        }
    }

    /// A static gradient's paint for one placeholder.
    static func local(_ look: SkeletonLook, rect: Rect) -> Paint {
        let (start, end) = axis(look.direction ?? .topBottom)
        return linear(look.colors, from: start, to: end, in: rect)
    }

    /// Pulse: base → complementary over `duration`, then back (autoreverse), forever.
    static func pulse(_ look: SkeletonLook, at t: Double) -> Double {
        progress(look, at: t, autoreverse: true)
    }

    /// Eased progress of the animation at `t`; with autoreverse the second half plays backwards.
    static func progress(_ look: SkeletonLook, at t: Double, autoreverse: Bool) -> Double {
        let d = look.duration
        guard d > 0, t.isFinite else { return 0 }
        let elapsed = max(0, t - look.animationStart)
        let period = autoreverse ? 2 * d : d
        let phase = elapsed - (elapsed / period).rounded(.down) * period
        let u = phase <= d ? phase / d : (period - phase) / d
        return look.curve.value(at: u)
    }

    /// Start and end points (unit space of the bounds) of the sliding gradient at progress `p`
    /// (GradientDirection+Animations: e.g. leftRight start (−1, ½)→(1, ½), end (0, ½)→(2, ½)).
    static func slide(_ d: SkeletonDirection, progress p: Double) -> (Point, Point) {
        func lerp(_ a: Point, _ b: Point) -> Point { Point(x: a.x + (b.x - a.x) * p, y: a.y + (b.y - a.y) * p) }
        let (startFrom, startTo, endFrom, endTo): (Point, Point, Point, Point)
        switch d {
        case .leftRight: (startFrom, startTo, endFrom, endTo) = (Point(x: -1, y: 0.5), Point(x: 1, y: 0.5), Point(x: 0, y: 0.5), Point(x: 2, y: 0.5))
        case .rightLeft: (startFrom, startTo, endFrom, endTo) = (Point(x: 1, y: 0.5), Point(x: -1, y: 0.5), Point(x: 2, y: 0.5), Point(x: 0, y: 0.5))
        case .topBottom: (startFrom, startTo, endFrom, endTo) = (Point(x: 0.5, y: -1), Point(x: 0.5, y: 1), Point(x: 0.5, y: 0), Point(x: 0.5, y: 2))
        case .bottomTop: (startFrom, startTo, endFrom, endTo) = (Point(x: 0.5, y: 1), Point(x: 0.5, y: -1), Point(x: 0.5, y: 2), Point(x: 0.5, y: 0))
        case .topLeftBottomRight: (startFrom, startTo, endFrom, endTo) = (Point(x: -1, y: -1), Point(x: 1, y: 1), Point(x: 0, y: 0), Point(x: 2, y: 2))
        case .bottomRightTopLeft: (startFrom, startTo, endFrom, endTo) = (Point(x: 1, y: 1), Point(x: -1, y: -1), Point(x: 2, y: 2), Point(x: 0, y: 0))
        }
        return (lerp(startFrom, startTo), lerp(endFrom, endTo))
    }

    /// The axis of a static gradient (unit space of the placeholder).
    static func axis(_ d: SkeletonDirection) -> (Point, Point) {
        switch d {
        case .leftRight: return (Point(x: 0, y: 0.5), Point(x: 1, y: 0.5))
        case .rightLeft: return (Point(x: 1, y: 0.5), Point(x: 0, y: 0.5))
        case .topBottom: return (Point(x: 0.5, y: 0), Point(x: 0.5, y: 1))
        case .bottomTop: return (Point(x: 0.5, y: 1), Point(x: 0.5, y: 0))
        case .topLeftBottomRight: return (Point(x: 0, y: 0), Point(x: 1, y: 1))
        case .bottomRightTopLeft: return (Point(x: 1, y: 1), Point(x: 0, y: 0))
        }
    }

    /// A linear gradient between two unit-space points of `r`, colours evenly spaced.
    static func linear(_ colors: [Color], from a: Point, to b: Point, in r: Rect) -> Paint {
        .linear(x0: Fixed.from(r.x + a.x * r.width), y0: Fixed.from(r.y + a.y * r.height),
                x1: Fixed.from(r.x + b.x * r.width), y1: Fixed.from(r.y + b.y * r.height),
                stops: stops(colors))
    }

    static func stops(_ colors: [Color]) -> [GradientStop] {
        guard colors.count > 1 else {
            let c = colors.first ?? .clear
            return [GradientStop(offset: 0, color: c), GradientStop(offset: 65535, color: c)]
        }
        let last = Double(colors.count - 1)
        return colors.enumerated().map { i, c in
            GradientStop(offset: UInt16.clamped((Double(i) / last * 65535).rounded(), to: 0...65535), color: c)
        }
    }
}
