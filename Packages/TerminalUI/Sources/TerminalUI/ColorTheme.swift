#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The palette a frame's system colours are drawn with, as a terminal's colour scheme is: views name
/// a role's colour (``Theme``: red for errors, green for prices, yellow for notices, blue for links,
/// cyan for the selection, gray for rules and labels) and the renderer draws it in the theme's shade
/// of that colour, chosen so text stays readable on the background the theme is for.
///
/// Every shade is a 24-bit colour with a 256-colour fallback of its own, both measured: at least
/// 4.5:1 against the theme's backgrounds (WCAG AA), 7:1 in high contrast (AAA). The terminal's own
/// 16 colours are not used for text, because schemes redefine them (Tango's gray is 2.6:1 on black).
/// Colours that are not a role's (the spec's favourite purple, the numbers' touched blue and selected
/// red, pictures, avatars) are drawn as they are, and their text is measured against them.
public struct ColorTheme: Hashable, Sendable {
    /// The themes `--theme` names.
    public enum Name: String, CaseIterable, Sendable {
        case dark
        case light
        case highContrast = "high-contrast"
    }

    /// The terminal's background, as far as it is known.
    public enum Background: String, Sendable {
        case dark
        case light
    }

    public let name: Name
    /// The background the shades are chosen for: the theme's own, or (high contrast) the terminal's.
    public let background: Background

    /// `name` for a terminal whose background is `background` (when known). Dark and light are for
    /// their own backgrounds; high contrast follows the terminal's, dark when it is not known.
    public init(_ name: Name, background: Background? = nil) {
        self.name = name
        switch name {
        case .dark: self.background = .dark
        case .light: self.background = .light
        case .highContrast: self.background = background ?? .dark
        }
    }

    public static let dark = ColorTheme(.dark)
    public static let light = ColorTheme(.light)
    public static let highContrast = ColorTheme(.highContrast)

    /// The theme for a launch: the one asked for (`--theme`, the config), else the one that suits the
    /// terminal's background (dark when nobody knows).
    public static func chosen(_ name: Name?, background: Background?) -> ColorTheme {
        ColorTheme(name ?? (background == .light ? .light : .dark), background: background)
    }

    /// The background COLORFGBG names ("15;0", "0;default;15": the last field is the background's
    /// system colour), read as vim reads it: 0–6 and 8 are dark, 7 and 9–15 light; nil when it names none.
    public static func background(colorFGBG: String?) -> Background? {
        guard let last = colorFGBG?.split(separator: ";").last, let index = Int(last), (0...15).contains(index) else { return nil }
        return (0...6).contains(index) || index == 8 ? .dark : .light
    }

    /// The lowest contrast ratio the theme's role colours reach against its backgrounds.
    public var minimumContrast: Double { name == .highContrast ? 7 : 4.5 }

    /// Backgrounds the shades are measured against: black and white, and common dark and light schemes
    /// (VS Code's #1E1E1E, One Dark's #282C34; #F0F0F0, Solarized Light's #FDF6E3).
    public var referenceBackgrounds: [RGB] {
        background == .dark
            ? [RGB(0x00, 0x00, 0x00), RGB(0x1E, 0x1E, 0x1E), RGB(0x28, 0x2C, 0x34)]
            : [RGB(0xFF, 0xFF, 0xFF), RGB(0xF0, 0xF0, 0xF0), RGB(0xFD, 0xF6, 0xE3)]
    }

    /// `style` as this theme draws it: role colours in the theme's shades. High contrast draws dim
    /// text (disabled buttons and tabs, placeholders, an unfocused pane) in its measured gray instead,
    /// which keeps it apart from normal text without halving its contrast.
    public func resolve(_ style: Style) -> Style {
        var resolved = style
        resolved.foreground = resolve(style.foreground)
        resolved.background = resolve(style.background)
        if name == .highContrast, style.dim {
            resolved.dim = false
            if style.foreground == .default { resolved.foreground = resolve(Color.gray) }
        }
        return resolved
    }

    /// `color` as this theme draws it: a system colour in the theme's shade, any other as it is.
    public func resolve(_ color: Color) -> Color {
        guard case .indexed(let index) = color, index < 16 else { return color }
        return palette[Int(index)] ?? color
    }

    /// The role colours' shades, by system colour index.
    private var palette: [Color?] {
        switch (name, background) {
        case (.highContrast, .dark): return Self.highContrastDarkPalette
        case (.highContrast, .light): return Self.highContrastLightPalette
        case (_, .light): return Self.lightPalette
        case (_, .dark): return Self.darkPalette
        }
    }

    /// Black, white and bright white: the text and backgrounds of overlays and of the spec's coloured
    /// rows, the same in every theme (a scheme's "white" may be anything from #BBB to #FDF6E3).
    private static func palette(red: Color, green: Color, yellow: Color, blue: Color, cyan: Color, gray: Color) -> [Color?] {
        var colors = [Color?](repeating: nil, count: 16)
        colors[0] = .rgb(0x00, 0x00, 0x00, fallback: 16)
        colors[1] = red
        colors[2] = green
        colors[3] = yellow
        colors[4] = blue
        colors[6] = cyan
        colors[7] = .rgb(0xE5, 0xE5, 0xE5, fallback: 254)
        colors[8] = gray
        colors[15] = .rgb(0xFF, 0xFF, 0xFF, fallback: 231)
        return colors
    }

    private static let darkPalette = palette(
        red: .rgb(0xFF, 0x6E, 0x6E, fallback: 203), green: .rgb(0x5F, 0xD7, 0x5F, fallback: 77),
        yellow: .rgb(0xFF, 0xD7, 0x5F, fallback: 221), blue: .rgb(0x6C, 0xB4, 0xFF, fallback: 75),
        cyan: .rgb(0x5F, 0xD7, 0xD7, fallback: 80), gray: .rgb(0xA8, 0xA8, 0xA8, fallback: 248))

    private static let lightPalette = palette(
        red: .rgb(0xB7, 0x1C, 0x1C, fallback: 124), green: .rgb(0x1E, 0x7A, 0x1E, fallback: 22),
        yellow: .rgb(0x8A, 0x61, 0x00, fallback: 94), blue: .rgb(0x15, 0x65, 0xC0, fallback: 25),
        cyan: .rgb(0x00, 0x69, 0x6F, fallback: 23), gray: .rgb(0x66, 0x66, 0x66, fallback: 241))

    private static let highContrastDarkPalette = palette(
        red: .rgb(0xFF, 0xA0, 0xA0, fallback: 217), green: .rgb(0x87, 0xFF, 0x87, fallback: 120),
        yellow: .rgb(0xFF, 0xFF, 0x5F, fallback: 227), blue: .rgb(0xA8, 0xC8, 0xFF, fallback: 153),
        cyan: .rgb(0x5F, 0xFF, 0xFF, fallback: 87), gray: .rgb(0xD0, 0xD0, 0xD0, fallback: 252))

    /// The 256-colour cube has no green, amber or teal dark enough for 7:1 on white, so those fall
    /// back to near-black greys (in high contrast, emphasis never depends on hue alone).
    private static let highContrastLightPalette = palette(
        red: .rgb(0x8B, 0x00, 0x00, fallback: 88), green: .rgb(0x00, 0x4D, 0x00, fallback: 234),
        yellow: .rgb(0x5C, 0x3A, 0x00, fallback: 236), blue: .rgb(0x00, 0x33, 0xA0, fallback: 19),
        cyan: .rgb(0x00, 0x4F, 0x55, fallback: 237), gray: .rgb(0x3A, 0x3A, 0x3A, fallback: 237))
}

/// A colour's red, green and blue channels, 0–255.
public struct RGB: Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// WCAG 2's relative luminance, 0 (black) to 1 (white).
    public var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.03928 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2's contrast ratio of two colours, 1 to 21.
    public func contrast(with other: RGB) -> Double {
        let (lighter, darker) = (max(relativeLuminance, other.relativeLuminance), min(relativeLuminance, other.relativeLuminance))
        return (lighter + 0.05) / (darker + 0.05)
    }

    /// The 256-colour palette index the renderer sends for this colour when it has no fallback of its own.
    public var nearestPaletteIndex: UInt8 { ColorEncoding.nearestPaletteIndex(red: red, green: green, blue: blue) }

    /// A background this light (luminance over that of mid-grey #767676, where black and white text
    /// read equally well) is a light one.
    public var isLight: Bool { relativeLuminance > 0.18 }

    /// The colour of a 256-colour palette index from 16 up (the cube and the grey ramp, which no scheme
    /// redefines); nil for the 16 system colours.
    public init?(paletteIndex index: UInt8) {
        switch index {
        case 0..<16: return nil
        case 232...255:
            let level = UInt8(8 + 10 * (Int(index) - 232))
            self.init(level, level, level)
        default:
            let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
            let cube = Int(index) - 16
            self.init(levels[cube / 36], levels[cube / 6 % 6], levels[cube % 6])
        }
    }
}
