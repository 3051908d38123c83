import TerminalUI

/// The colors of the check24 screens, with their 256-color fallbacks.
enum Check24Colors {
    /// #D1C4E9 for favorite rows; its nearest 256-color is a grey (188), so 189 is the fallback.
    static let favoriteBackground = Color.rgb(0xD1, 0xC4, 0xE9, fallback: 189)
    /// Dark text on the light favorite background, whatever the terminal's default foreground.
    static let favoriteForeground = Color.rgb(0x21, 0x21, 0x21, fallback: 235)
    /// A favorite's name in the details: the theme's blue (see `ColorTheme`), which reads on its
    /// background; links use `Theme.link`.
    static let blue = Color.blue
}
