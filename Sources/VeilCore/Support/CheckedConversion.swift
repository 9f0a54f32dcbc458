/// The one conversion from `Double` to an integer in VeilCore.
///
/// `Int(someDouble)` traps on NaN, on the infinities and on values outside the integer type — and
/// `Int` is 64 bits natively but 32 bits in veil.wasm, so the same scene could run natively and
/// trap in the module. Every conversion goes through `clamped(_:to:)` instead: it never traps, and
/// it gives the same result on both sides as long as `bounds` fits in 32 bits.
/// `tools/conversions/check.py` (part of `make test`) fails on any other conversion in the core.
extension FixedWidthInteger {
    /// `value` rounded toward zero and clamped into `bounds`; NaN becomes the bound nearest 0.
    ///
    /// - Precondition: `bounds` is exactly representable as `Double` (|bound| ≤ 2^53).
    @inline(__always)
    static func clamped(_ value: Double, to bounds: ClosedRange<Self>) -> Self {
        if value.isNaN { return Swift.min(Swift.max(0, bounds.lowerBound), bounds.upperBound) }
        if value <= Double(bounds.lowerBound) { return bounds.lowerBound }
        if value >= Double(bounds.upperBound) { return bounds.upperBound }
        // Cannot fail here; `exactly:` keeps the standard library's trapping conversion out of the core.
        // Int64's own `exactly:` is a compare and an instruction; `Self`'s generic one takes the
        // value apart bit by bit. Within `bounds` the value fits `Self`, so nothing is truncated.
        return Self(truncatingIfNeeded: Int64(exactly: value.rounded(.towardZero)) ?? 0)
    }
}

extension Int {
    /// Integers a conversion may give in the core: well inside 32 bits, so sums and differences of
    /// two of them cannot overflow veil.wasm's `Int` either.
    static let portable: ClosedRange<Int> = -1_000_000_000...1_000_000_000

    /// `value` rounded toward zero and clamped into `Int.portable`; NaN becomes 0.
    @inline(__always)
    static func clamped(_ value: Double) -> Int { clamped(value, to: portable) }
}
