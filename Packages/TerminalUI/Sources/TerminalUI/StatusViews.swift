/// The bottom row of a screen, listing the keys that matter most there (reverse video, full width).
public enum KeyBar {
    public static func draw(_ text: String, into frame: inout Frame) {
        guard frame.size.rows > 0 else { return }
        let row = frame.size.rows - 1
        frame.fill(Rect(column: 0, row: row, columns: frame.size.columns, rows: 1), style: Style(reverse: true))
        frame.put(" " + text, at: Point(column: 0, row: row), style: Style(reverse: true))
    }
}

/// Centered one-off states of a screen: loading, empty, error.
public enum StatusView {
    /// `text` wrapped to the frame's width less a margin, each line centered, the block centered vertically.
    public static func centered(_ text: String, into frame: inout Frame, style: Style) {
        let lines = TextWrap.wrap(text, width: max(1, frame.size.columns - 4))
        let top = max(0, (frame.size.rows - lines.count) / 2)
        for (offset, line) in lines.enumerated() {
            let width = DisplayWidth.of(line)
            frame.put(line, at: Point(column: max(0, (frame.size.columns - width) / 2), row: top + offset), style: style)
        }
    }

    /// An error view: what went wrong and the retry button's label (red and bold where colors exist).
    public static func error(_ message: String, retry: String = "[ Retry (r) ]", into frame: inout Frame, colorMode: ColorMode) {
        centered(message + "\n\n" + retry, into: &frame,
                 style: Style(foreground: colorMode == .none ? .default : .red, bold: true))
    }
}
