import TextCells

/// A frame as plain text for `--plain` output and snapshots: no escape sequences at all.
///
/// Every row becomes one line with its trailing spaces trimmed; all rows are kept (also empty
/// ones at the bottom), so the output has the screen's shape, like `tmux capture-pane -p`.
/// Lines are joined with `\n` and there is no newline after the last one.
public enum PlainTextEncoder {
    /// The frame's text, one line per row. Each cell is sanitized again, so even a cell built
    /// by hand cannot put a control character or a line break into the output.
    public static func encode(_ frame: Frame) -> String {
        var lines: [String] = []
        lines.reserveCapacity(frame.size.rows)
        for row in 0..<frame.size.rows {
            var line = ""
            for column in 0..<frame.size.columns {
                let cell = frame[column, row]
                if cell.isContinuation { continue }
                line += cell.grapheme.isEmpty ? " " : Sanitizer.sanitize(cell.grapheme)
            }
            while line.last == " " { line.removeLast() }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
