#if hasFeature(Embedded)
/// `max` and `min` of two Doubles, out of line, in veil.wasm only (they shadow the standard
/// library's in VeilCore; the results are the same). Inlined, each comparison became a branch and
/// SIL jump threading copied the code after it once per outcome, at each of the core's comparisons
/// (docs/EMBED.md has the bytes). Native builds keep them inline.
@inline(never) func max(_ a: Double, _ b: Double) -> Double { Swift.max(a, b) }
@inline(never) func min(_ a: Double, _ b: Double) -> Double { Swift.min(a, b) }
#endif
