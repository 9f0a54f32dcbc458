/// Natural sizes already worked out in one layout pass, by node value and width.
///
/// A stack's natural size is made of its children's, and the layout asks again at every level of
/// nesting: without this, a label deep in nested stacks was broken into lines again at every level
/// above it, O(depth²) per layout (docs/ARCHITECTURE.md, "Bounded work and output"). With it each
/// node is measured once per width it is offered. Keyed by the identity of the node's value (one
/// copy-on-write box: the same box is the same value); it holds the nodes it measured, so no other
/// node can take the identity of one while the pass runs. One pass's entries are at most a few per
/// node laid out.
final class IntrinsicMemo {
    // One pass uses a memo on one thread, and its accesses never overlap: no dynamic checks
    // (they cost more than the lookups).
    @exclusivity(unchecked) private var sizes = KeyTable<SizeKey, Double?>()
    @exclusivity(unchecked) private var measured: [Node] = []

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

    /// A multiply-xorshift mix (SplitMix64's finalizer) of the address and the width: which
    /// slots keys land in is all it decides, never a result.
    var tableHash: UInt32 {
        var x = UInt64(UInt(bitPattern: node)) &* 0x9E37_79B9_7F4A_7C15 ^ width
        x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
        x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
        return UInt32(truncatingIfNeeded: x ^ (x >> 31))
    }
}
