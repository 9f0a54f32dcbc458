/// Natural sizes already worked out in one layout pass, by node value and width.
///
/// A stack's natural size is made of its children's, and the layout asks again at every level of
/// nesting: without this, a label 28 stacks deep was broken into lines ~400 times per layout (a
/// 1 MB scene of sixty such chains took 0.9 s a tick). With it each node is measured once per
/// width it is offered. Keyed by the identity of the node's value (one copy-on-write box: the same
/// box is the same value); it holds the nodes it measured, so no other node can take the identity
/// of one while the pass runs. One pass's entries are at most a few per node laid out.
final class IntrinsicMemo {
    private var sizes = KeyTable<SizeKey, Double?>()
    private var measured: [Node] = []

    /// `width == nil` asks for the natural width, else the height at that width.
    func size(of node: Node, width: Double?, _ compute: () -> Double?) -> Double? {
        let key = SizeKey(node: node.identity, width: width?.bitPattern ?? SizeKey.naturalWidth)
        if let known = sizes[key] { return known }
        let size = compute()
        sizes[key] = .some(size)
        measured.append(node)
        return size
    }
}

private struct SizeKey: TableKey {
    /// Not the bit pattern of any width a layout offers (a NaN).
    static let naturalWidth = UInt64.max

    let node: ObjectIdentifier
    let width: UInt64

    var tableHash: UInt32 {
        let address = UInt64(UInt(bitPattern: node))
        var h = FNV1a()
        h.write(word: UInt32(truncatingIfNeeded: address))
        h.write(word: UInt32(truncatingIfNeeded: address >> 32))
        h.write(word: UInt32(truncatingIfNeeded: width))
        h.write(word: UInt32(truncatingIfNeeded: width >> 32))
        return h.value
    }
}
