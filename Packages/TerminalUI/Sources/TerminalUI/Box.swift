/// A single-line border (`┌─┐│└┘`) with an optional title in the top edge.
public enum Box {
    /// Draws the border along the edges of `rect` (nothing when it is smaller than 2×2) and the
    /// title, truncated, in the top edge as `┌ Title ───┐`. The inside is left as it is.
    /// - Returns: the inside of the box.
    @discardableResult
    public static func draw(into frame: inout Frame, rect: Rect, title: String? = nil, style: Style = .plain) -> Rect {
        guard rect.columns >= 2, rect.rows >= 2 else { return Rect(origin: rect.origin, size: Size(columns: 0, rows: 0)) }
        let horizontal = String(repeating: "─", count: rect.columns - 2)
        frame.put("┌" + horizontal + "┐", at: rect.origin, style: style)
        frame.put("└" + horizontal + "┘", at: Point(column: rect.column, row: rect.maxRow - 1), style: style)
        for row in (rect.row + 1)..<(rect.maxRow - 1) {
            frame.put("│", at: Point(column: rect.column, row: row), style: style)
            frame.put("│", at: Point(column: rect.maxColumn - 1, row: row), style: style)
        }
        if let title, !title.isEmpty, rect.columns >= 5 {
            let text = Truncation.truncate(title, width: rect.columns - 4)
            frame.put(" " + text + " ", at: Point(column: rect.column + 1, row: rect.row), style: style, maxColumns: rect.columns - 2)
        }
        return rect.inset(by: 1)
    }
}
