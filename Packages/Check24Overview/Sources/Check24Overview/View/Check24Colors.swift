import TerminalUI

/// The colors of the check24 screens, with their 256-color fallbacks.
enum Check24Colors {
    /// #D1C4E9 for favorite rows; its nearest 256-color is a grey (188), so 189 is the fallback.
    static let favoriteBackground = Color.rgb(0xD1, 0xC4, 0xE9, fallback: 189)
    /// Dark text on the light favorite background, whatever the terminal's default foreground.
    static let favoriteForeground = Color.rgb(0x21, 0x21, 0x21, fallback: 235)
    /// A favorite's name in the details: a blue that reads on dark and light themes alike (the
    /// palette's blue, index 4, is nearly invisible on dark ones). Links use `Theme.link`.
    static let blue = Color.rgb(0x1E, 0x88, 0xE5, fallback: 33)
}
