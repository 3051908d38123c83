/// Two panes side by side with a one-column divider (master | detail).
public enum SplitView {
    /// Splits `rect` into a leading pane of `leadingColumns` (clamped so the divider fits),
    /// a one-column divider and a trailing pane with the rest.
    public static func layout(_ rect: Rect, leadingColumns: Int) -> (leading: Rect, divider: Rect, trailing: Rect) {
        let leadingWidth = min(max(0, leadingColumns), max(0, rect.columns - 1))
        let dividerWidth = rect.columns > leadingWidth ? 1 : 0
        let leading = Rect(column: rect.column, row: rect.row, columns: leadingWidth, rows: rect.rows)
        let divider = Rect(column: leading.maxColumn, row: rect.row, columns: dividerWidth, rows: rect.rows)
        let trailing = Rect(column: divider.maxColumn, row: rect.row, columns: rect.maxColumn - divider.maxColumn, rows: rect.rows)
        return (leading, divider, trailing)
    }

    /// Draws a vertical line `│` down the first column of `rect`.
    public static func drawDivider(into frame: inout Frame, rect: Rect, style: Style = .plain) {
        guard !rect.isEmpty else { return }
        for row in rect.row..<rect.maxRow {
            frame.put("│", at: Point(column: rect.column, row: row), style: style, maxColumns: 1)
        }
    }
}
