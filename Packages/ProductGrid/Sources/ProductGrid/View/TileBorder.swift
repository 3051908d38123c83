import TerminalUI

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
