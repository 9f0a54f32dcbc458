/// `max` and `min` of two Doubles as a call in veil.wasm, inline natively (the same results as the
/// standard library's). Used where it matters for veil.wasm's size: inlined, each comparison
/// became a branch and SIL jump threading copied the code after it once per outcome — a scroll
/// indicator's geometry, `Rect`'s intersection and insets, the stacks' layout, a skeleton's
/// reveal, a timing curve's input, a scroll motion's clamp (docs/ARCHITECTURE.md, "Size policy").
/// Elsewhere the core uses `max` and `min`.
#if hasFeature(Embedded)
@inline(never) func larger(_ a: Double, _ b: Double) -> Double { Swift.max(a, b) }
@inline(never) func smaller(_ a: Double, _ b: Double) -> Double { Swift.min(a, b) }
#else
@inline(__always) func larger(_ a: Double, _ b: Double) -> Double { Swift.max(a, b) }
@inline(__always) func smaller(_ a: Double, _ b: Double) -> Double { Swift.min(a, b) }
#endif
