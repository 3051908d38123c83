import TextCells

/// Shows a window of content that is taller than its viewport, with an optional scrollbar.
///
/// The content is a frame of its own (as wide as the viewport, as tall as it needs);
/// the offset is the content row shown at the top and belongs to the caller.
public enum ScrollView {
    /// `offset` limited to 0…(contentHeight − viewportHeight).
    public static func clampedOffset(_ offset: Int, contentHeight: Int, viewportHeight: Int) -> Int {
        min(max(0, offset), max(0, contentHeight - viewportHeight))
    }

    /// Rows that page up / page down scroll: the viewport less one row of context (at least 1).
    public static func pageAmount(viewportHeight: Int) -> Int {
        max(1, viewportHeight - 1)
    }

    /// Columns left for content in a viewport of `width` columns when a scrollbar is shown
    /// for content of `contentHeight` rows in `viewportHeight` rows.
    public static func contentWidth(viewportWidth width: Int, contentHeight: Int, viewportHeight: Int, showsScrollbar: Bool = true) -> Int {
        showsScrollbar && contentHeight > viewportHeight ? max(0, width - 1) : max(0, width)
    }

    /// Draws `content` into `rect` starting at content row `offset` (clamped), clipped to `rect`.
    /// When `showsScrollbar` is true and the content is taller than `rect`, the last column is a
    /// scrollbar (track `│`, thumb `█`) and the content is clipped one column earlier.
    /// - Returns: the clamped offset actually used.
    @discardableResult
    public static func draw(_ content: Frame, into frame: inout Frame, rect: Rect, offset: Int,
                            showsScrollbar: Bool = true, scrollbarStyle: Style = Style(dim: true)) -> Int {
        guard !rect.isEmpty else { return 0 }
        let contentHeight = content.size.rows
        let used = clampedOffset(offset, contentHeight: contentHeight, viewportHeight: rect.rows)
        let width = contentWidth(viewportWidth: rect.columns, contentHeight: contentHeight,
                                 viewportHeight: rect.rows, showsScrollbar: showsScrollbar)
        let viewport = Rect(column: rect.column, row: rect.row, columns: width, rows: rect.rows)
        frame.draw(content, from: Rect(column: 0, row: used, columns: width, rows: rect.rows), at: rect.origin, clippedTo: viewport)
        if width < rect.columns {
            drawScrollbar(into: &frame, column: rect.maxColumn - 1, rows: rect.row..<rect.maxRow,
                          offset: used, contentHeight: contentHeight, style: scrollbarStyle)
        }
        return used
    }

    /// Draws "↓ more" while content continues below the viewport and "end" at its bottom (nothing when
    /// everything fits), dim, ending at column `rightEdge` (exclusive) of `row`: the one scroll hint
    /// every scrolling screen shows.
    public static func drawMoreIndicator(into frame: inout Frame, contentHeight: Int, viewportRows: Int, offset: Int,
                                         rightEdge: Int, row: Int, words: MoreIndicatorWords = .english) {
        guard contentHeight > viewportRows, viewportRows > 0 else { return }
        drawMoreIndicator(into: &frame, continuesBelow: offset + viewportRows < contentHeight, rightEdge: rightEdge, row: row, words: words)
    }

    /// Draws "↓ more" when `continuesBelow`, else "end" (for content that scrolled), ending at column
    /// `rightEdge` (exclusive) of `row` — but only over blank cells: the hint never hides content
    /// (a button, a name), and where it would, the screen's scrollbar or cut-off row says as much.
    public static func drawMoreIndicator(into frame: inout Frame, continuesBelow: Bool, rightEdge: Int, row: Int,
                                         words: MoreIndicatorWords = .english) {
        let text = continuesBelow ? words.more : words.end
        let start = max(0, rightEdge - DisplayWidth.of(text))
        guard row >= 0, row < frame.size.rows, rightEdge <= frame.size.columns,
              (start..<rightEdge).allSatisfy({ frame[$0, row].grapheme == " " }) else { return }
        frame.put(text, at: Point(column: start, row: row), style: Style(dim: true))
    }

    /// The scroll hint's two texts, in the language of the screen that shows it.
    public struct MoreIndicatorWords: Sendable, Equatable {
        /// While content continues below ("↓ more").
        public var more: String
        /// At the bottom ("end").
        public var end: String

        public init(more: String, end: String) {
            self.more = more
            self.end = end
        }

        public static let english = MoreIndicatorWords(more: "↓ more", end: "end")
        public static let german = MoreIndicatorWords(more: "↓ mehr", end: "Ende")
    }

    /// The thumb's rows within a track of `trackRows` rows (relative to the track's top).
    public static func thumb(trackRows: Int, offset: Int, contentHeight: Int) -> Range<Int> {
        guard trackRows > 0, contentHeight > trackRows else { return 0..<max(0, trackRows) }
        let length = max(1, trackRows * trackRows / contentHeight)
        let maxOffset = contentHeight - trackRows
        let start = (trackRows - length) * min(max(0, offset), maxOffset) / maxOffset
        return start..<(start + length)
    }

    private static func drawScrollbar(into frame: inout Frame, column: Int, rows: Range<Int>, offset: Int,
                                      contentHeight: Int, style: Style) {
        let thumb = thumb(trackRows: rows.count, offset: offset, contentHeight: contentHeight)
        for (position, row) in rows.enumerated() {
            frame.put(thumb.contains(position) ? "█" : "│", at: Point(column: column, row: row), style: style, maxColumns: 1)
        }
    }
}
