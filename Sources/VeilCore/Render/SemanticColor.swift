/// UIKit's semantic colours (UIColor.systemBackground, .label, .separator, …): a scene names a colour
/// by its role, and the core resolves it for the appearance when drawing, so switching light / dark
/// (the `appearance` command, a viewer's prefers-color-scheme) changes it with no scene change.
///
/// A semantic colour is a `Color` carrying its index in `semantic` (and its light value in its
/// channels); `Color.resolved(_:)` gives the value to draw. Names are byte strings, no String tables.
enum SemanticColor {
    /// The names scene files use; `Color.semantic` is the index + 1.
    static let names: [StaticString] = [
        "background", "secondaryBackground", "tertiaryBackground",
        "groupedBackground", "secondaryGroupedBackground", "tertiaryGroupedBackground", "card",
        "label", "secondaryLabel", "tertiaryLabel", "quaternaryLabel", "placeholderText",
        "separator", "opaqueSeparator", "fill", "secondaryFill", "tertiaryFill", "quaternaryFill",
        "link", "tint", "systemBlue", "systemRed", "systemOrange", "systemYellow", "systemGreen", "systemGray",
        "accessibleGray", "accessibleBlue",
    ]

    /// Per name, its light and dark values (0xRRGGBBAA), UIKit's (iOS 13+, default contrast).
    /// `card` is secondarySystemGroupedBackground; `tint` is systemBlue.
    static let values: [UInt32] = [
        0xFFFFFFFF, 0x000000FF,  // background: systemBackground
        0xF2F2F7FF, 0x1C1C1EFF,  // secondaryBackground
        0xFFFFFFFF, 0x2C2C2EFF,  // tertiaryBackground
        0xF2F2F7FF, 0x000000FF,  // groupedBackground: systemGroupedBackground
        0xFFFFFFFF, 0x1C1C1EFF,  // secondaryGroupedBackground
        0xF2F2F7FF, 0x2C2C2EFF,  // tertiaryGroupedBackground
        0xFFFFFFFF, 0x1C1C1EFF,  // card
        0x000000FF, 0xFFFFFFFF,  // label
        0x3C3C4399, 0xEBEBF599,  // secondaryLabel (60 %)
        0x3C3C434D, 0xEBEBF54D,  // tertiaryLabel (30 %)
        0x3C3C432E, 0xEBEBF529,  // quaternaryLabel (18 %, 16 %)
        0x3C3C434D, 0xEBEBF54D,  // placeholderText
        0x3C3C434A, 0x54545899,  // separator
        0xC6C6C8FF, 0x38383AFF,  // opaqueSeparator
        0x78788033, 0x7878805C,  // fill: systemFill
        0x78788029, 0x78788052,  // secondaryFill
        0x7676801F, 0x7676803D,  // tertiaryFill
        0x74748014, 0x7676802E,  // quaternaryFill
        0x007AFFFF, 0x0984FFFF,  // link
        0x007AFFFF, 0x0A84FFFF,  // tint: systemBlue
        0x007AFFFF, 0x0A84FFFF,  // systemBlue
        0xFF3B30FF, 0xFF453AFF,  // systemRed
        0xFF9500FF, 0xFF9F0AFF,  // systemOrange
        0xFFCC00FF, 0xFFD60AFF,  // systemYellow
        0x34C759FF, 0x30D158FF,  // systemGreen
        0x8E8E93FF, 0x8E8E93FF,  // systemGray
        0x6C6C70FF, 0xAEAEB2FF,  // accessibleGray: systemGray at increased contrast, secondary text at ≥ 4.5:1
        0x0070EBFF, 0x0973DEFF,  // accessibleBlue: systemBlue dark enough for white text at ≥ 4.5:1 (filled buttons)
    ]

    /// The semantic colour called `text`, if any.
    static func named(_ text: [UInt8]) -> Color? {
        for i in names.indices where names[i].utf8CodeUnitCount == text.count {
            let matches = names[i].withUTF8Buffer { name in
                var k = 0
                while k < name.count && name[k] == text[k] { k += 1 }
                return k == name.count
            }
            if matches {
                var color = Color(rgba: values[2 * i])
                color.semantic = UInt8(i + 1)
                return color
            }
        }
        return nil
    }

    /// Value of the semantic colour with index `index` (≥ 1) in `appearance`.
    static func value(_ index: UInt8, _ appearance: Appearance) -> Color {
        Color(rgba: values[2 * (Int(index) - 1) + (appearance == .dark ? 1 : 0)])
    }
}

extension Color {
    /// The semantic colour `name` (one of `SemanticColor.names`).
    static func semantic(_ name: StaticString) -> Color {
        name.withUTF8Buffer { SemanticColor.named(Array($0)) } ?? .clear
    }

    /// The colour to draw in `appearance`: a semantic colour's value there, any other colour itself.
    func resolved(_ appearance: Appearance) -> Color {
        semantic == 0 ? self : SemanticColor.value(semantic, appearance)
    }
}

extension Paint {
    /// The paint with its colours resolved for `appearance`.
    func resolved(_ appearance: Appearance) -> Paint {
        switch self {
        case let .solid(c):
            return c.semantic == 0 ? self : .solid(c.resolved(appearance))
        case let .linear(x0, y0, x1, y1, stops):
            return .linear(x0: x0, y0: y0, x1: x1, y1: y1, stops: GradientStop.resolved(stops, appearance))
        case let .radial(cx, cy, radius, stops):
            return .radial(cx: cx, cy: cy, radius: radius, stops: GradientStop.resolved(stops, appearance))
        }
    }
}

extension GradientStop {
    static func resolved(_ stops: [GradientStop], _ appearance: Appearance) -> [GradientStop] {
        guard stops.contains(where: { $0.color.semantic != 0 }) else { return stops }
        return stops.map { GradientStop(offset: $0.offset, color: $0.color.resolved(appearance)) }
    }
}
