/// Semantic styles shared by every feature, each with its truecolor, 256-color and no-color form,
/// so that a view names a role ("touched") instead of choosing colors per color mode.
///
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
}
