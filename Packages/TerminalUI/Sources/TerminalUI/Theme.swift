/// Semantic styles shared by every feature, each with its truecolor, 256-color and no-color form,
/// so that a view names a role ("touched") instead of choosing colors per color mode.
public enum Theme {
    /// A row or tile under a mouse press, until the release (a phone's cell highlight): white on blue;
    /// without colors, reverse video, so it never depends on color alone.
    public static func touched(_ mode: ColorMode) -> Style {
        mode == .none
            ? Style(bold: true, reverse: true)
            : Style(foreground: .brightWhite, background: .rgb(0x1E, 0x63, 0xC8, fallback: 26), bold: true)
    }
}
