import PropertyBased
import Testing
@testable import VeilCore

/// The core's one Double → integer conversion (Support/CheckedConversion.swift): it never traps,
/// stays in its bounds, and is the standard truncation wherever that is defined and in bounds — so
/// native and veil.wasm (32-bit Int) give the same integer for every Double.
@Suite struct CheckedConversionTests {
    /// Doubles where conversions go wrong: NaN, the infinities, denormals, the edges of 8, 16, 32
    /// and 64 bits and of `Int.portable`, and random bit patterns.
    static func double(_ r: inout RandomFrames) -> Double {
        let edges: [Double] = [.nan, .infinity, -.infinity, 0, -0.0, 5e-324, -5e-324, 1e-20, 0.5, -0.5, 0.9999999999999999,
                               255.5, 256, 65535.5, 65536, 2147483647, 2147483647.5, 2147483648, -2147483648, -2147483649,
                               1e9, 1e9 + 0.5, -1e9, -1e9 - 1, 9.3e18, -9.3e18, 1e300, -1e300, .greatestFiniteMagnitude]
        switch r.next() % 3 {
        case 0: return edges[Int(r.next() % UInt64(edges.count))]
        case 1: return Double(bitPattern: r.next())
        default: return (Double(r.next() >> 11) / Double(1 << 53) - 0.5) * 4e9
        }
    }

    @Test func staysInBoundsAndTruncatesInside() async {
        await propertyCheck(count: 200, input: Gen.uint64()) { seed in
            var r = RandomFrames(seed: seed)
            for _ in 0 ..< 200 {
                let x = Self.double(&r)
                let n = Int.clamped(x)
                #expect(Int.portable.contains(n), "\(x) → \(n)")
                if x.isNaN { #expect(n == 0) }
                if x.isFinite && x.magnitude < 1e9 { #expect(n == Int(x), "\(x)") }
                if x >= 1e9 { #expect(n == Int.portable.upperBound) }
                if x <= -1e9 { #expect(n == Int.portable.lowerBound) }
                let byte = UInt8.clamped(x, to: 0...255)
                if x.isFinite && x > -1 && x < 256 { #expect(byte == UInt8(x), "\(x)") }
                #expect(Int32.clamped(x, to: -100...100) == Int32(Int.clamped(x, to: -100...100)))
            }
        }
    }

    @Test func isMonotonic() async {
        await propertyCheck(count: 200, input: Gen.uint64()) { seed in
            var r = RandomFrames(seed: seed)
            for _ in 0 ..< 200 {
                let (a, b) = (Self.double(&r), Self.double(&r))
                guard !a.isNaN, !b.isNaN else { continue }
                #expect((Int.clamped(min(a, b)) <= Int.clamped(max(a, b))), "\(a), \(b)")
            }
        }
    }

    @Test func nanBecomesTheBoundNearestZero() {
        #expect(Int.clamped(.nan, to: 5...9) == 5)
        #expect(Int.clamped(.nan, to: -9 ... -5) == -5)
        #expect(UInt16.clamped(.nan, to: 0...65535) == 0)
    }
}
