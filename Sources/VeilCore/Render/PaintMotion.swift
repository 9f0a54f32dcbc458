/// A paint that moves with time alone, declared once instead of sampled every tick (issue 31,
/// docs/ARCHITECTURE.md "Motions declared once"): the frame carries it beside its paint table, and a
/// host draws paint slot `slot` as `paint(at: t)` for its own clock's time `t`. The frame's paint
/// table holds the motion's paint at its start, which never changes while the motion runs, so a
/// shimmering skeleton costs no message between its changes. Everything here is plain arithmetic
/// on the declared values (no libm): Web/motions.js evaluates the same formula bit for bit
/// (Tests/Vectors/motions.json).
public struct PaintMotion: Equatable, Sendable {
    /// How the paint moves between progress 0 and 1.
    public enum Path: Equatable, Sendable {
        /// A solid colour mixed channel by channel from `from` (0) to `to` (1): a skeleton's pulse.
        case mix(from: Color, to: Color)
        /// A linear gradient of `colors`, evenly spaced, from `start` to `end`, which slide from
        /// their `…From` to their `…To` points (unit space of `bounds`, canvas points): a skeleton's
        /// sliding light.
        case slide(colors: [Color], bounds: Rect, startFrom: Point, startTo: Point, endFrom: Point, endTo: Point)
    }

    public var slot: Int
    public var path: Path
    /// Session time of progress 0.
    public var start: Double
    /// Seconds of one run from 0 to 1 (> 0).
    public var duration: Double
    public var curve: TimingCurve
    /// Runs back from 1 to 0 after each run forwards (a pulse), instead of starting again.
    public var autoreverse: Bool
    /// From this session time on, the paint holds still (a status over the skeleton).
    public var pausedAt: Double?

    public init(slot: Int, path: Path, start: Double, duration: Double, curve: TimingCurve, autoreverse: Bool,
                pausedAt: Double? = nil) {
        self.slot = slot; self.path = path; self.start = start; self.duration = duration; self.curve = curve
        self.autoreverse = autoreverse; self.pausedAt = pausedAt
    }

    /// Eased progress at session time `t`, repeating forever.
    public func progress(at t: Double) -> Double {
        let now = pausedAt.map { smaller($0, t) } ?? t
        guard duration > 0, now.isFinite else { return 0 }
        let elapsed = larger(0, now - start)
        let period = autoreverse ? 2 * duration : duration
        let phase = elapsed - (elapsed / period).rounded(.down) * period
        let u = phase <= duration ? phase / duration : (period - phase) / duration
        return curve.value(at: u)
    }

    /// The paint slot's paint at session time `t`.
    public func paint(at t: Double) -> Paint {
        let p = progress(at: t)
        switch path {
        case let .mix(from, to):
            return .solid(from.mixed(with: to, p))
        case let .slide(colors, r, startFrom, startTo, endFrom, endTo):
            func at(_ a: Point, _ b: Point) -> (Int32, Int32) {
                let x = a.x + (b.x - a.x) * p, y = a.y + (b.y - a.y) * p
                return (Fixed.from(r.x + x * r.width), Fixed.from(r.y + y * r.height))
            }
            let (x0, y0) = at(startFrom, startTo), (x1, y1) = at(endFrom, endTo)
            return .linear(x0: x0, y0: y0, x1: x1, y1: y1, stops: PaintMotion.stops(colors))
        }
    }

    /// Colours evenly spaced from 0 to 65535; one colour is a gradient of that colour.
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

extension Frame {
    /// The frame as a host draws it at session time `t`: each motion's paint in its slot, each
    /// item motion's field in its item, and no motions left (an SVG, a picture of that moment).
    public func played(at t: Double) -> Frame {
        guard hasMotions else { return self }
        var frame = self
        for m in motions where m.slot < frame.paints.count { frame.paints[m.slot] = m.paint(at: t) }
        if !itemMotions.isEmpty { frame.items = playedItems(items, at: t) }
        frame.motions = []
        frame.itemMotions = []
        return frame
    }
}
