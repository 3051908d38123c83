import TextCells

/// A border, single (`┌─┐│└┘`) or double (`╔═╗║╚╝`: a selected tile, visible without color),
/// with an optional title in the top edge.
public enum Box {
    public enum Line: Sendable { case single, double }

    /// Draws the border along the edges of `rect` (nothing when it is smaller than 2×2) and the
    /// title, truncated, in the top edge as `┌ Title ───┐`. The inside is left as it is.
    /// - Returns: the inside of the box.
    @discardableResult
    public static func draw(into frame: inout Frame, rect: Rect, title: String? = nil, style: Style = .plain,
                            line: Line = .single) -> Rect {
        guard rect.columns >= 2, rect.rows >= 2 else { return Rect(origin: rect.origin, size: Size(columns: 0, rows: 0)) }
        let glyphs = line == .double ? ["╔", "═", "╗", "║", "╚", "╝"] : ["┌", "─", "┐", "│", "└", "┘"]
        let horizontal = String(repeating: glyphs[1], count: rect.columns - 2)
        frame.put(glyphs[0] + horizontal + glyphs[2], at: rect.origin, style: style)
        frame.put(glyphs[4] + horizontal + glyphs[5], at: Point(column: rect.column, row: rect.maxRow - 1), style: style)
        for row in (rect.row + 1)..<(rect.maxRow - 1) {
            frame.put(glyphs[3], at: Point(column: rect.column, row: row), style: style)
            frame.put(glyphs[3], at: Point(column: rect.maxColumn - 1, row: row), style: style)
        }
        if let title, !title.isEmpty, rect.columns >= 5 {
            let text = Truncation.truncate(title, width: rect.columns - 4)
            frame.put(" " + text + " ", at: Point(column: rect.column + 1, row: rect.row), style: style, maxColumns: rect.columns - 2)
        }
        return rect.inset(by: 1)
    }
}
