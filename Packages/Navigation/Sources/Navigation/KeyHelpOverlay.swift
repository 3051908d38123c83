import TerminalUI
import TextCells

/// The `?` overlay: a centered box listing keys and what they do.
enum KeyHelpOverlay {
    static func draw(_ entries: [KeyHelp], title: String, into frame: inout Frame, colorMode: ColorMode) {
        // Keys in a column, what they do wrapped at words beside them: at 60 columns nothing is cut.
        let keyWidth = min(entries.map { DisplayWidth.of($0.keys) }.max() ?? 0, max(4, frame.size.columns / 3))
        let widest = entries.map { keyWidth + 2 + DisplayWidth.of($0.action) }.max() ?? 0
        let contentWidth = min(max(DisplayWidth.of(title) + 2, widest), max(1, frame.size.columns - 4))
        let actionWidth = max(1, contentWidth - keyWidth - 2)
        var lines: [String] = []
        for entry in entries {
            var keys = entry.keys.padding(toDisplayWidth: keyWidth)
            // Keys wider than their column get a line of their own (as in --help): a key is never cut off.
            if DisplayWidth.of(entry.keys) > keyWidth {
                lines.append(Truncation.truncate(entry.keys, width: contentWidth))
                keys = String(repeating: " ", count: keyWidth)
            }
            for (index, part) in TextWrap.wrap(entry.action, width: actionWidth).enumerated() {
                lines.append((index == 0 ? keys : String(repeating: " ", count: keyWidth)) + "  " + part)
            }
        }
        let columns = min(frame.size.columns, contentWidth + 4)
        let rows = min(frame.size.rows, lines.count + 2)
        guard columns >= 6, rows >= 3 else { return }
        let box = Rect(column: (frame.size.columns - columns) / 2, row: (frame.size.rows - rows) / 2,
                       columns: columns, rows: rows)
        let style = Theme.overlay(colorMode)
        frame.fill(box, style: style)
        frame.put("┌" + String(repeating: "─", count: columns - 2) + "┐", at: box.origin, style: style)
        frame.put(" " + title + " ", at: Point(column: box.column + 2, row: box.row), style: style.bolded)
        // The overlay has the focus now: a reader starts at its title, not on a row hidden under it.
        frame.cursor = Point(column: box.column + 3, row: box.row)
        for row in 1..<(rows - 1) {
            frame.put("│", at: Point(column: box.column, row: box.row + row), style: style)
            frame.put("│", at: Point(column: box.maxColumn - 1, row: box.row + row), style: style)
            if row - 1 < lines.count {
                frame.put(lines[row - 1], at: Point(column: box.column + 2, row: box.row + row), style: style,
                          maxColumns: columns - 4)
            }
        }
        frame.put("└" + String(repeating: "─", count: columns - 2) + "┘",
                  at: Point(column: box.column, row: box.maxRow - 1), style: style)
    }
}

extension Style {
    var bolded: Style { var copy = self; copy.bold = true; return copy }
}

extension String {
    func padding(toDisplayWidth width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - DisplayWidth.of(self)))
    }
}
