/// Decimal → Double without `Double(String)` (unavailable in Embedded Swift) and without libm, so the
/// result is the same bit pattern natively and in wasm.
///
/// A number is an integer mantissa (the first 19 significant digits; later digits are dropped) times a
/// power of ten. When the mantissa fits in 53 bits and the exponent is within ±22 this is one exactly
/// rounded multiplication or division (both factors are exact doubles), so ordinary scene numbers such
/// as 0.1, 1.2 or 390 come out exactly as a C compiler would read them. Other numbers are scaled in
/// steps of 10^22: deterministic, within a few ulps.
enum JSONNumber {
    /// Significant digits kept in the mantissa (10^19 < 2^64).
    static let maxMantissaDigits = 19

    /// Exact powers of ten as doubles (10^22 is the largest exact one).
    static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// mantissa × 10^exponent, negated when `negative`; infinity when too large, 0 when too small.
    static func value(mantissa: UInt64, exponent: Int, negative: Bool) -> Double {
        if mantissa == 0 { return 0 }
        var v = Double(mantissa)
        var e = exponent
        if e > 0 {
            // mantissa ≥ 1, so beyond 10^309 the result is infinite whatever the mantissa.
            if e > 330 { return negative ? -.infinity : .infinity }
            while e > 0 {
                let step = min(e, 22)
                v *= powersOfTen[step]
                e -= step
            }
        } else if e < 0 {
            // mantissa < 2·10^19, so below 10^-350 the result underflows to zero.
            if e < -370 { return 0 }
            while e < 0 {
                let step = min(-e, 22)
                v /= powersOfTen[step]
                e += step
            }
        }
        return negative ? -v : v
    }
}
