/// The ranges every value of a scene, a command or an input keeps (docs/SCENE.md lists them). One
/// rule for both ways in: the reader's tables take their ranges from here (and say where a file
/// breaks one), and the session checks commands and input against the same ranges however they
/// were built (`Command.check`, `InputEvent.check`), so the typed API cannot pass what a file cannot.
enum Bounds {
    /// Positions and offsets, points.
    static let coordinate: ClosedRange<Double> = -1e9...1e9
    /// Sizes, insets, radii, spacing, line widths, points: never negative.
    static let size: ClosedRange<Double> = 0...1e9
    /// Opacity.
    static let unit: ClosedRange<Double> = 0...1
    /// Canvas width and height, points (a viewer resize has the same bound).
    static let canvas: ClosedRange<Double> = 1...Limits.maxCanvas
    static let fontSize: ClosedRange<Double> = 1...1000
    static let fontWeight: ClosedRange<Int> = 100...900
    /// Line height as a multiple of the font size.
    static let lineHeight: ClosedRange<Double> = 0.5...10
    static let numberOfLines: ClosedRange<Int> = 0...1000
    /// Times of timeline entries and events, seconds.
    static let time: ClosedRange<Double> = 0...1e9
    static let pointerID: ClosedRange<Int> = 0...1_000_000_000
    /// The DOM's WheelEvent.deltaMode: pixels, lines, pages.
    static let wheelMode: ClosedRange<Int> = 0...2
    /// Node ids, scene names, image names, action names: 1...256 bytes.
    static let nameBytes = 256
    /// A key name such as "Enter": 1...64 bytes.
    static let keyBytes = 64
    /// A row of a list, and how many rows a command removes.
    static let row: ClosedRange<Int> = 0...Limits.maxListRows
    /// A status's or skeleton's cross-dissolve, seconds.
    static let transition: ClosedRange<Double> = 0...60
    /// A skeleton's delay, and the seconds of one pulse or sweep.
    static let skeletonDelay: ClosedRange<Double> = 0...Limits.maxSkeletonSeconds
    static let skeletonDuration: ClosedRange<Double> = 0.05...Limits.maxSkeletonSeconds
    /// A sheet's anchors and pages: how many, and an anchor's index.
    static let sheetAnchors: ClosedRange<Int> = 1...32
    static let sheetPages: ClosedRange<Int> = 1...32
    static let anchorIndex: ClosedRange<Int> = 0...31
    /// An anchor's distance from the safe area's top or bottom, points.
    static let anchorDistance: ClosedRange<Double> = 0...Limits.maxCanvas

    // The checks take the command and the key as literals and build the message only when they
    // refuse: out of line, for size (an interpolated message at each call site grew veil.wasm).

    /// Refuses a number outside `range` (NaN included): "command: key must be a number in …".
    @inline(never)
    static func check(_ value: Double, _ range: ClosedRange<Double>, _ command: StaticString, _ key: StaticString) throws(SessionError) {
        guard range.contains(value) else { throw SessionError("\(utf8(command)): \(utf8(key)) must be a number in \(text(range))") }
    }

    @inline(never)
    static func check(_ value: Int, _ range: ClosedRange<Int>, _ command: StaticString, _ key: StaticString) throws(SessionError) {
        guard range.contains(value) else { throw SessionError("\(utf8(command)): \(utf8(key)) must be in \(range.lowerBound)...\(range.upperBound)") }
    }

    /// Refuses a text that is not UTF-8 or has more bytes than the reader takes (`least`: fewer).
    @inline(never)
    static func check(text: [UInt8], least: Int = 0, most: Int = Limits.maxTextBytes, _ command: StaticString, _ key: StaticString) throws(SessionError) {
        guard text.count >= least, text.count <= most, UTF8Validation.isValid(text[...]) else {
            throw SessionError("\(utf8(command)): \(utf8(key)) must be UTF-8 text of \(least)...\(most) bytes")
        }
    }

    static func text(_ range: ClosedRange<Double>) -> UTF8Text {
        "\(ReaderContext.format(range.lowerBound))...\(ReaderContext.format(range.upperBound))"
    }
}
