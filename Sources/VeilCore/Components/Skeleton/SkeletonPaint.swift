/// The paints of a skeleton. Solid, pulse and sliding skeletons use ONE paint for all their
/// placeholders: pulse changes its colour, sliding moves the end points of one linear gradient that
/// spans the skeleton root's bounds in canvas space, so the light crosses every placeholder as one.
/// Pulse and sliding are declared once as a motion of that paint (`PaintMotion`), which each host
/// plays on its own clock: the frame's paint table keeps their paint at phase 0, and a shimmer costs
/// no message while it runs. A static gradient shades each placeholder alike, so it has a paint per
/// placeholder (they never change).
enum SkeletonPaint {
    /// The paint every placeholder of the skeleton shares, or nil when each has its own. For pulse
    /// and sliding, the paint at the motion's start (phase 0), whatever the time.
    static func shared(_ look: SkeletonLook, bounds: Rect) -> Paint? {
        switch look.kind {
        case .solid: return .solid(look.colors[0])
        case .pulse, .sliding: return motion(look, slot: 0, bounds: bounds)?.paint(at: look.animationStart)
        case .gradient: return nil
        }
    }

    /// The motion of a pulse (base ↔ complementary, 1 s ease-in-out, back and forth) or of a
    /// sliding light (1.5 s ease-in, repeating) in paint slot `slot`; nil for a still skeleton.
    static func motion(_ look: SkeletonLook, slot: Int, bounds: Rect) -> PaintMotion? {
        let path: PaintMotion.Path
        switch look.kind {
        case .pulse:
            path = .mix(from: look.colors[0], to: look.colors[1])
        case .sliding:
            let (startFrom, startTo, endFrom, endTo) = slide(look.direction ?? .leftRight)
            path = .slide(colors: look.colors, bounds: bounds, startFrom: startFrom, startTo: startTo, endFrom: endFrom, endTo: endTo)
        case .solid, .gradient:
            return nil
        }
        return PaintMotion(slot: slot, path: path, start: look.animationStart, duration: look.duration, curve: look.curve,
                           autoreverse: look.kind == .pulse, pausedAt: look.pausedAt)
    }

    /// A static gradient's paint for one placeholder.
    static func local(_ look: SkeletonLook, rect: Rect) -> Paint {
        let (start, end) = axis(look.direction ?? .topBottom)
        return linear(look.colors, from: start, to: end, in: rect)
    }

    /// Where the sliding light's gradient starts and ends (unit space of the bounds) at progress 0
    /// and 1 (GradientDirection+Animations: e.g. leftRight start (−1, ½)→(1, ½), end (0, ½)→(2, ½)).
    static func slide(_ d: SkeletonDirection) -> (startFrom: Point, startTo: Point, endFrom: Point, endTo: Point) {
        switch d {
        case .leftRight: return (Point(x: -1, y: 0.5), Point(x: 1, y: 0.5), Point(x: 0, y: 0.5), Point(x: 2, y: 0.5))
        case .rightLeft: return (Point(x: 1, y: 0.5), Point(x: -1, y: 0.5), Point(x: 2, y: 0.5), Point(x: 0, y: 0.5))
        case .topBottom: return (Point(x: 0.5, y: -1), Point(x: 0.5, y: 1), Point(x: 0.5, y: 0), Point(x: 0.5, y: 2))
        case .bottomTop: return (Point(x: 0.5, y: 1), Point(x: 0.5, y: -1), Point(x: 0.5, y: 2), Point(x: 0.5, y: 0))
        case .topLeftBottomRight: return (Point(x: -1, y: -1), Point(x: 1, y: 1), Point(x: 0, y: 0), Point(x: 2, y: 2))
        case .bottomRightTopLeft: return (Point(x: 1, y: 1), Point(x: -1, y: -1), Point(x: 2, y: 2), Point(x: 0, y: 0))
        }
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

    static func stops(_ colors: [Color]) -> [GradientStop] { PaintMotion.stops(colors) }
}
