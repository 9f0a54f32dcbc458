/// The default colours. Those a component may build into its nodes (a status view's text and
/// background, a sheet's background, a button's fill) are semantic (`SemanticColor`), resolved when
/// drawn, so a view built in light turns dark with the appearance; text colours meet WCAG AA on the
/// default backgrounds in both appearances (Tests/cli/test_contrast.py).
struct Palette {
    var background: Color
    var text: Color
    var secondaryText: Color
    var imagePlaceholder: Color
    var imageGlyph: Color
    var accent: Color
    var onAccent: Color
    var separator: Color

    /// Worked out once per appearance: a render asks for it every time (its semantic names are
    /// looked up by bytes).
    static func of(_ appearance: Appearance) -> Palette { appearance == .light ? light : dark }

    private static let light = Palette(.light)
    private static let dark = Palette(.dark)
}

extension Palette {
    fileprivate init(_ appearance: Appearance) {
        let light = appearance == .light
        self.init(background: .semantic("background"), text: .semantic("label"),
                  secondaryText: .semantic("accessibleGray"),
                  imagePlaceholder: Color(rgba: light ? 0xE5E5EAFF : 0x3A3A3CFF),
                  imageGlyph: Color(rgba: light ? 0xC7C7CCFF : 0x545458FF),
                  accent: .semantic("accessibleBlue"), onAccent: .white,
                  separator: Color(rgba: light ? 0xC6C6C8FF : 0x38383AFF))
    }
}
