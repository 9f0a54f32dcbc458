/// exp, log, sin and cos in plain Swift arithmetic, so the core computes the same bits natively and
/// in veil.wasm: glibc and wasi-libc differ in the last bit of these for thousands of inputs (and
/// glibc picks FMA variants by CPU), while IEEE +, −, ×, ÷ and √ are exact everywhere and Swift does
/// not fuse multiply-adds (../shared/TOOLCHAIN.md). exp, sin and cos are fdlibm's (within 1 ulp);
/// log reduces to [√½, √2) and sums atanh's series (within a few ulp).
public enum CoreMath {
    // MARK: exp (fdlibm e_exp.c)

    private static let ln2Hi = 6.93147180369123816490e-01
    private static let ln2Lo = 1.90821492927058770002e-10
    private static let invLn2 = 1.44269504088896338700e+00
    private static let p1 = 1.66666666666666019037e-01
    private static let p2 = -2.77777777770155933842e-03
    private static let p3 = 6.61375632143793436117e-05
    private static let p4 = -1.65339022054652515390e-06
    private static let p5 = 4.13813679705723846039e-08

    /// e^x. Overflows to +∞ above 709.78, underflows to 0 below −745.13; NaN stays NaN.
    public static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x > 7.09782712893383973096e+02 { return .infinity }
        if x < -7.45133219101941108420e+02 { return 0 }
        let ax = abs(x)
        var hi = 0.0, lo = 0.0, k = 0
        var r = x
        if ax > 0.34657359027997264 {
            // |x| > ½ ln 2: x = k ln 2 + r, |r| ≤ ½ ln 2 (ln 2 split in two so k·ln2Hi is exact).
            if ax < 1.0397207708399179 {
                k = x < 0 ? -1 : 1
            } else {
                k = Int.clamped(invLn2 * x + (x < 0 ? -0.5 : 0.5))
            }
            let t = Double(k)
            hi = x - t * ln2Hi
            lo = t * ln2Lo
            r = hi - lo
        } else if ax < 3.725290298461914e-09 {
            return 1 + x
        }
        let t = r * r
        let c = r - t * (p1 + t * (p2 + t * (p3 + t * (p4 + t * p5))))
        if k == 0 { return 1 - ((r * c) / (c - 2) - r) }
        let y = 1 - ((lo - (r * c) / (2 - c)) - hi)
        return scale(y, k)
    }

    /// y × 2^k for y in [0.5, 2) (exp's result before scaling), through the exponent bits.
    private static func scale(_ y: Double, _ k: Int) -> Double {
        if k >= -1021 { return Double(bitPattern: UInt64(bitPattern: Int64(bitPattern: y.bitPattern) + Int64(k) << 52)) }
        let shifted = Double(bitPattern: UInt64(bitPattern: Int64(bitPattern: y.bitPattern) + Int64(k + 1000) << 52))
        return shifted * 9.33263618503218878990e-302  // 2^-1000
    }

    // MARK: log

    private static let ln2 = 0.6931471805599453094172321
    private static let sqrtHalf = 0.7071067811865475244008444

    /// ln x for x > 0 (−∞ at 0, NaN below); x = m·2^e with m in [√½, √2), ln m = 2·atanh((m−1)/(m+1)).
    public static func log(_ x: Double) -> Double {
        if x.isNaN || x < 0 { return .nan }
        if x == 0 { return -.infinity }
        if x.isInfinite { return x }
        var e = Int(x.exponent)
        var m = x.significand  // [1, 2)
        if m > 2 * sqrtHalf { m *= 0.5; e += 1 }
        let s = (m - 1) / (m + 1)
        let s2 = s * s
        // atanh(s) = s + s³/3 + s⁵/5 + …; |s| ≤ 0.1716, so 12 terms reach far below an ulp.
        var term = s, sum = 0.0
        var n = 1.0
        for _ in 0 ..< 12 {
            sum += term / n
            term *= s2
            n += 2
        }
        return 2 * sum + Double(e) * ln2
    }

    // MARK: sin, cos (fdlibm k_sin.c, k_cos.c, medium argument reduction)

    private static let s1 = -1.66666666666666324348e-01
    private static let s2 = 8.33333333332248946124e-03
    private static let s3 = -1.98412698298579493134e-04
    private static let s4 = 2.75573137070700676789e-06
    private static let s5 = -2.50507602534068634195e-08
    private static let s6 = 1.58969099521155010221e-10
    private static let c1 = 4.16666666666666019037e-02
    private static let c2 = -1.38888888888741095749e-03
    private static let c3 = 2.48015872894767294178e-05
    private static let c4 = -2.75573143513906633035e-07
    private static let c5 = 2.08757232129817482790e-09
    private static let c6 = -1.13596475577881948265e-11
    private static let invPio2 = 6.36619772367581382433e-01
    private static let pio2_1 = 1.57079632673412561417e+00
    private static let pio2_1t = 6.07710050650619224932e-11
    private static let pio2_2 = 6.07710050630396597660e-11
    private static let pio2_2t = 2.02226624879595063154e-21

    /// The range this reduction is accurate for (|x| ≤ 2^20·π/2 ≈ 1.6 million); outside it, or for
    /// a non-finite x, sin and cos return NaN rather than a wrong-looking number.
    public static let trigRange = 1_647_099.0

    public static func sin(_ x: Double) -> Double {
        guard let (n, y0, y1) = reduce(x) else { return .nan }
        switch n & 3 {
        case 0: return kernelSin(y0, y1)
        case 1: return kernelCos(y0, y1)
        case 2: return -kernelSin(y0, y1)
        default: return -kernelCos(y0, y1)
        }
    }

    public static func cos(_ x: Double) -> Double {
        guard let (n, y0, y1) = reduce(x) else { return .nan }
        switch n & 3 {
        case 0: return kernelCos(y0, y1)
        case 1: return -kernelSin(y0, y1)
        case 2: return -kernelCos(y0, y1)
        default: return kernelSin(y0, y1)
        }
    }

    /// x = n·π/2 + (y0 + y1), |y0 + y1| ≤ π/4, with π/2 in three parts (fdlibm's two-step medium case).
    private static func reduce(_ x: Double) -> (Int, Double, Double)? {
        guard x.isFinite, abs(x) <= trigRange else { return nil }
        if abs(x) <= 0.785398163397448279 { return (0, x, 0) }
        let fn = (x * invPio2).rounded(.toNearestOrEven)
        var r = x - fn * pio2_1
        var w = fn * pio2_1t
        let t = r
        w = fn * pio2_2
        r = t - w
        w = fn * pio2_2t - ((t - r) - w)
        let y0 = r - w
        let y1 = (r - y0) - w
        return (Int.clamped(fn), y0, y1)
    }

    private static func kernelSin(_ x: Double, _ y: Double) -> Double {
        let z = x * x
        let v = z * x
        let r = s2 + z * (s3 + z * (s4 + z * (s5 + z * s6)))
        return x - ((z * (0.5 * y - v * r) - y) - v * s1)
    }

    private static func kernelCos(_ x: Double, _ y: Double) -> Double {
        let z = x * x
        let w = z * z
        let r = z * (c1 + z * (c2 + z * c3)) + w * w * (c4 + z * (c5 + z * c6))
        let hz = 0.5 * z
        let v = 1 - hz
        return v + (((1 - v) - hz) + (z * r - x * y))
    }
}
