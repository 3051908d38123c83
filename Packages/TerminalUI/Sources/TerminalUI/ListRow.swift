import TextCells

/// The recurring row of a list: a picture on the left or right, a title with trailing text (a
/// price, a badge) on the first line, lines under it (a wrapped description, a subtitle) and an
/// optional last line (stars). The caller draws the picture into the rectangle it is given (a
/// picture, a spinner, a placeholder), fills the row's background and marks the selection.
public struct ListRow {
    public enum PictureSide: Sendable, Equatable { case leading, trailing, none }

    public var title: String
    public var titleStyle: Style
    public var trailing: String
    public var trailingStyle: Style
    public var lines: [String]
    public var linesStyle: Style
    public var footer: String?
    public var footerStyle: Style
    public var pictureSide: PictureSide
    public var pictureSize: Size

    /// Columns between the picture and the text; one column of margin stays free on the right.
    public static let gap = 2

    public init(title: String, titleStyle: Style = Style(bold: true), trailing: String = "", trailingStyle: Style = .plain,
                lines: [String] = [], linesStyle: Style = .plain, footer: String? = nil, footerStyle: Style = .plain,
                pictureSide: PictureSide = .none, pictureSize: Size = Size(columns: 0, rows: 0)) {
        self.title = title
        self.titleStyle = titleStyle
        self.trailing = trailing
        self.trailingStyle = trailingStyle
        self.lines = lines
        self.linesStyle = linesStyle
        self.footer = footer
        self.footerStyle = footerStyle
        self.pictureSide = pictureSide
        self.pictureSize = pictureSize
    }

    /// The columns the text gets in a row `width` columns wide (wrap the lines to this).
    public static func textColumns(width: Int, pictureSide: PictureSide, pictureColumns: Int) -> Int {
        let picture = pictureSide == .none ? 0 : pictureColumns + gap
        return max(1, width - picture - 1)
    }

    /// The lines the row takes: the title, its lines, the footer, at least the picture's height.
    public var height: Int {
        max(pictureSide == .none ? 0 : pictureSize.rows, 1 + lines.count + (footer == nil ? 0 : 1))
    }

    /// Draws the row at the top of `rect`; `picture` draws into the picture's rectangle.
    public func draw(into frame: inout Frame, rect: Rect, picture: (inout Frame, Rect) -> Void) {
        let textColumns = Self.textColumns(width: rect.columns, pictureSide: pictureSide, pictureColumns: pictureSize.columns)
        var textColumn = rect.column
        switch pictureSide {
        case .leading:
            picture(&frame, Rect(origin: rect.origin, size: pictureSize))
            textColumn += pictureSize.columns + Self.gap
        case .trailing:
            picture(&frame, Rect(column: max(rect.column, rect.maxColumn - 1 - pictureSize.columns), row: rect.row,
                                 columns: pictureSize.columns, rows: pictureSize.rows))
        case .none:
            break
        }
        // The trailing text keeps its place; the title is truncated before it.
        let trailingWidth = DisplayWidth.of(trailing)
        if !trailing.isEmpty {
            frame.put(trailing, at: Point(column: textColumn + max(0, textColumns - trailingWidth), row: rect.row), style: trailingStyle)
        }
        let titleWidth = max(1, textColumns - (trailing.isEmpty ? 0 : trailingWidth + 1))
        frame.put(Truncation.truncate(title, width: titleWidth), at: Point(column: textColumn, row: rect.row), style: titleStyle)
        for (offset, line) in lines.enumerated() {
            frame.put(line, at: Point(column: textColumn, row: rect.row + 1 + offset), style: linesStyle, maxColumns: textColumns)
        }
        if let footer {
            frame.put(footer, at: Point(column: textColumn, row: rect.row + 1 + lines.count), style: footerStyle, maxColumns: textColumns)
        }
    }
}
