/// Semantic styles shared by every feature, each with its truecolor, 256-color and no-color form,
/// so that a view names a role ("touched") instead of choosing colors per color mode.
///
/// A role names one of the system colours; the renderer draws it in the ``ColorTheme``'s shade of it.
/// Colors in a role are dropped by the renderer where the terminal has none (NO_COLOR, TERM=dumb);
/// a role whose meaning would then be lost says so with an attribute too (bold, reverse).
public enum Theme {
    /// An error message: red, bold.
    public static let error = Style(foreground: .red, bold: true)
    /// The marker of the selected row (`▌`) and a selected tile's border: cyan, bold.
    public static let selection = Style(foreground: .cyan, bold: true)
    /// A price: green, bold.
    public static let price = Style(foreground: .green, bold: true)
    /// Rating stars: yellow.
    public static let rating = Style(foreground: .yellow)
    /// A notice under a title (something could not be read): yellow.
    public static let notice = Style(foreground: .yellow)
    /// Rules, separators and unselected borders: gray.
    public static let rule = Style(foreground: .gray)
    /// A link in text: blue (each ``ColorTheme`` has a blue that reads on its background), underlined
    /// so a link never depends on color alone.
    public static let link = Style(foreground: .blue, underline: true)
    /// The link with keyboard focus: reverse video and bold on top of ``link``, visible without colors.
    public static let focusedLink = Style(foreground: link.foreground, bold: true, underline: true, reverse: true)
    /// Inline code in text: cyan.
    public static let code = Style(foreground: .cyan)

    /// The `?` overlay: black on white; without colors, reverse video.
    public static func overlay(_ mode: ColorMode) -> Style {
        mode == .none ? Style(reverse: true) : Style(foreground: .black, background: .white)
    }

    /// A row or tile under a mouse press, until the release (a phone's cell highlight): white on blue;
    /// without colors, reverse video, so it never depends on color alone.
    public static func touched(_ mode: ColorMode) -> Style {
        mode == .none
            ? Style(bold: true, reverse: true)
            : Style(foreground: .brightWhite, background: .rgb(0x1E, 0x63, 0xC8, fallback: 26), bold: true)
    }

    /// A list row's look: touched (under a mouse press) over selected over normal.
    public static func listRow(touched: Bool, selected: Bool, mode: ColorMode) -> Style {
        if touched { return Self.touched(mode) }
        if selected { return Self.selectedCell(mode) }
        return .plain
    }

    /// A master list's selected row (a phone's selected cell): white on red; without colors, bold
    /// and underlined, so selected (underline), touched (reverse) and normal (plain) stay apart.
    public static func selectedCell(_ mode: ColorMode) -> Style {
        mode == .none
            ? Style(bold: true, underline: true)
            : Style(foreground: .brightWhite, background: .rgb(0xC6, 0x28, 0x28, fallback: 160), bold: true)
    }
}
