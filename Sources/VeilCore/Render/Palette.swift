/// The default colours of each appearance (iOS system colours).
struct Palette {
    var background: Color
    var text: Color
    var secondaryText: Color
    var imagePlaceholder: Color
    var imageGlyph: Color
    var accent: Color
    var onAccent: Color
    var separator: Color

    static func of(_ appearance: Appearance) -> Palette {
        switch appearance {
        case .light:
            return Palette(background: .white, text: .black, secondaryText: Color(rgba: 0x8E8E93FF),
                           imagePlaceholder: Color(rgba: 0xE5E5EAFF), imageGlyph: Color(rgba: 0xC7C7CCFF),
                           accent: Color(rgba: 0x007AFFFF), onAccent: .white, separator: Color(rgba: 0xC6C6C8FF))
        case .dark:
            return Palette(background: .black, text: .white, secondaryText: Color(rgba: 0x8E8E93FF),
                           imagePlaceholder: Color(rgba: 0x3A3A3CFF), imageGlyph: Color(rgba: 0x545458FF),
                           accent: Color(rgba: 0x0A84FFFF), onAccent: .white, separator: Color(rgba: 0x38383AFF))
        }
    }
}
