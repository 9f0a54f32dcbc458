/// The part of a container's content that is laid out and drawn: the viewport plus a margin on
/// each side, aligned to chunks so that moving the content within a chunk needs no new rows.
enum ContentWindow {
    static let chunkLength = 256.0
    static let margin = 256.0

    static func chunk(_ offset: Double) -> Int {
        Int.clamped((offset / chunkLength).rounded(.down))
    }

    /// Content coordinates (0 = the content's start) that must be laid out for chunk `c`.
    static func range(chunk c: Int, viewport: Double) -> (start: Double, end: Double) {
        let start = Double(c) * chunkLength - margin
        return (start, Double(c + 1) * chunkLength + viewport + margin)
    }
}
