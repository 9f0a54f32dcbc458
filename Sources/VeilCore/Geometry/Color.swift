/// An sRGB colour with straight (not premultiplied) alpha, 8 bits a channel — what goes on the wire.
public struct Color: Equatable, Hashable, Sendable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8
    /// Non-zero for a semantic colour (SemanticColor: its index + 1), resolved per appearance when
    /// drawn; the channels then hold its light value. Never on the wire: frames hold resolved colours.
    var semantic: UInt8 = 0
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }
    /// 0xRRGGBBAA
    public init(rgba: UInt32) {
        self.init(r: UInt8(truncatingIfNeeded: rgba >> 24), g: UInt8(truncatingIfNeeded: rgba >> 16),
                  b: UInt8(truncatingIfNeeded: rgba >> 8), a: UInt8(truncatingIfNeeded: rgba))
    }
    public var rgba: UInt32 { UInt32(r) << 24 | UInt32(g) << 16 | UInt32(b) << 8 | UInt32(a) }

    /// From channel fractions 0...1 (clamped, rounded to nearest).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.init(r: Color.channel(red), g: Color.channel(green), b: Color.channel(blue), a: Color.channel(alpha))
    }
    static func channel(_ v: Double) -> UInt8 {
        UInt8.clamped((v * 255).rounded(), to: 0...255)
    }

    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)
    public static let black = Color(r: 0, g: 0, b: 0)
    public static let white = Color(r: 255, g: 255, b: 255)
}
