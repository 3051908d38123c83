import TextCells

/// The bottom row of a screen, listing the keys that matter most there (reverse video, full width).
public enum KeyBar {
    /// The separator between a bar's entries ("↑↓ move  enter open  ? keys  q quit").
    public static let separator = "  "

    public static func draw(_ text: String, into frame: inout Frame) {
        guard frame.size.rows > 0 else { return }
        let row = frame.size.rows - 1
        frame.fill(Rect(column: 0, row: row, columns: frame.size.columns, rows: 1), style: Style(reverse: true))
        frame.put(" " + fitted(text, columns: frame.size.columns - 1), at: Point(column: 0, row: row), style: Style(reverse: true))
    }

    /// `text` with whole entries left out until it fits in `columns`, so no key is cut mid-word.
    ///
    /// The last `keptAtEnd` entries (the host's `? keys  q quit`) stay: `?` lists whatever the bar
    /// had to leave out. Entries go from the right of the others, keeping the most important first.
    public static func fitted(_ text: String, columns: Int, keptAtEnd: Int = 2) -> String {
        guard DisplayWidth.of(text) > columns else { return text }
        var entries = text.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
        let firstKept = max(0, entries.count - keptAtEnd)
        var removable = firstKept
        while removable > 0 {
            entries.remove(at: removable - 1)
            removable -= 1
            let candidate = entries.joined(separator: separator)
            if DisplayWidth.of(candidate) <= columns { return candidate }
        }
        return entries.joined(separator: separator)
    }
}

/// A screen's notice above its key bar: what an action did, or why not (with the link to copy),
/// wrapped so that a link is shown whole, in at most a few lines.
public enum NoticeLines {
    /// A notice gets at most this many lines.
    public static let maximumLines = 3

    /// `text` wrapped to a screen `columns` wide (less a margin each side); none without a notice.
    public static func wrap(_ text: String?, columns: Int, maximumLines: Int = NoticeLines.maximumLines) -> [String] {
        guard let text else { return [] }
        return Array(TextWrap.wrap(text, width: max(1, columns - 2)).prefix(maximumLines))
    }

    /// Draws `lines` on the rows right above the key bar (the frame's last row), clearing those rows
    /// first so that nothing under them shows between the words: an error in the error role, else a notice.
    public static func draw(_ lines: [String], into frame: inout Frame, isError: Bool, colorMode: ColorMode) {
        guard !lines.isEmpty else { return }
        let style = isError ? (colorMode == .none ? Style(bold: true) : Theme.error) : Theme.notice
        let top = frame.size.rows - 1 - lines.count
        frame.fill(Rect(column: 0, row: max(0, top), columns: frame.size.columns, rows: lines.count), style: .plain)
        for (offset, line) in lines.enumerated() {
            frame.put(line, at: Point(column: 1, row: top + offset), style: style, maxColumns: frame.size.columns - 2)
        }
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
    /// The error view: `message`, and the retry button under it unless `retry` is nil (a failure
    /// that trying again cannot fix offers no retry).
    public static func error(_ message: String, retry: String? = "[ Retry ]", into frame: inout Frame, colorMode: ColorMode) {
        centered(message + (retry.map { "\n\n" + $0 } ?? ""), into: &frame,
                 style: Style(foreground: colorMode == .none ? .default : .red, bold: true))
    }
}
