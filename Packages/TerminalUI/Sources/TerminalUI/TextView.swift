import TextCells

/// Horizontal placement of a line inside its rectangle.
public enum TextAlignment: Sendable, Equatable {
    case leading, center, trailing
}

/// Multi-line text in a rectangle: wrapped by words, or one truncated row per line.
public enum TextView {
    /// Draws `text` into `rect`, clipped to it. Cells between the lines are left as they are.
    ///
    /// - Parameters:
    ///   - wrap: true wraps by words (``TextWrap``); false gives each line of `text` one row,
    ///     truncated with "…" (``Truncation``).
    ///   - When the text needs more rows than `rect` has, the last row ends with "…".
    /// - Returns: the number of rows drawn.
    @discardableResult
    public static func draw(_ text: String, into frame: inout Frame, rect: Rect, style: Style = .plain,
                            alignment: TextAlignment = .leading, wrap: Bool = true) -> Int {
        guard !rect.isEmpty else { return 0 }
        var lines = wrap
            ? TextWrap.wrap(text, width: rect.columns)
            : TextWrap.paragraphs(of: text).map { Truncation.truncate($0, width: rect.columns) }
        if lines.count > rect.rows {
            lines.removeLast(lines.count - rect.rows)
            if let last = lines.popLast() { lines.append(Truncation.truncate(last + " …", width: rect.columns)) }
        }
        for (offset, line) in lines.enumerated() {
            Label.draw(line, into: &frame, rect: Rect(column: rect.column, row: rect.row + offset, columns: rect.columns, rows: 1),
                       style: style, alignment: alignment)
        }
        return lines.count
    }
}

/// One line of text in the first row of a rectangle, truncated with "…" when too long.
public enum Label {
    /// Draws `text` as a single line (line breaks show as �) aligned in `rect`'s first row.
    /// - Returns: the number of columns drawn.
    @discardableResult
    public static func draw(_ text: String, into frame: inout Frame, rect: Rect, style: Style = .plain,
                            alignment: TextAlignment = .leading) -> Int {
        guard !rect.isEmpty else { return 0 }
        let line = Truncation.truncate(text, width: rect.columns)
        let width = DisplayWidth.of(line)
        let column: Int
        switch alignment {
        case .leading: column = rect.column
        case .center: column = rect.column + (rect.columns - width) / 2
        case .trailing: column = rect.maxColumn - width
        }
        return frame.put(line, at: Point(column: column, row: rect.row), style: style, maxColumns: rect.maxColumn - column)
    }
}
