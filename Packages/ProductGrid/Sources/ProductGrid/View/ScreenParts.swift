import TerminalUI

/// The bottom row listing the keys that matter most on this screen.
enum KeyBar {
    static func draw(_ text: String, into frame: inout Frame) {
        guard frame.size.rows > 0 else { return }
        let row = frame.size.rows - 1
        frame.fill(Rect(column: 0, row: row, columns: frame.size.columns, rows: 1), style: Style(reverse: true))
        frame.put(" " + text, at: Point(column: 0, row: row), style: Style(reverse: true))
    }
}

/// Centered one-off states: loading, empty, error.
enum StatusView {
    static func centered(_ text: String, into frame: inout Frame, style: Style) {
        let lines = TextWrap.wrap(text, width: max(1, frame.size.columns - 4))
        let top = max(0, (frame.size.rows - lines.count) / 2)
        for (offset, line) in lines.enumerated() {
            let width = DisplayWidth.of(line)
            frame.put(line, at: Point(column: max(0, (frame.size.columns - width) / 2), row: top + offset), style: style)
        }
    }

    /// The error view: what went wrong and how to retry.
    static func error(_ message: String, into frame: inout Frame, colorMode: ColorMode) {
        centered(message + "\n\n[ Retry (r) ]", into: &frame,
                 style: Style(foreground: colorMode == .none ? .default : .red, bold: true))
    }
}

/// A tile border: single line normally, double line when selected (visible even without color).
enum TileBorder {
    static func draw(into frame: inout Frame, rect: Rect, selected: Bool, style: Style) {
        guard rect.columns >= 2, rect.rows >= 2 else { return }
        let glyphs = selected ? ["╔", "═", "╗", "║", "╚", "╝"] : ["┌", "─", "┐", "│", "└", "┘"]
        let horizontal = String(repeating: glyphs[1], count: rect.columns - 2)
        frame.put(glyphs[0] + horizontal + glyphs[2], at: rect.origin, style: style)
        for row in (rect.row + 1)..<(rect.maxRow - 1) {
            frame.put(glyphs[3], at: Point(column: rect.column, row: row), style: style)
            frame.put(glyphs[3], at: Point(column: rect.maxColumn - 1, row: row), style: style)
        }
        frame.put(glyphs[4] + horizontal + glyphs[5], at: Point(column: rect.column, row: rect.maxRow - 1), style: style)
    }
}
