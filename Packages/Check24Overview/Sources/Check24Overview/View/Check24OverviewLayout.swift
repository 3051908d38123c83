import TerminalUI

/// Where everything of the overview goes for a given size: the tab row, the list viewport, and
/// inside the list (in lines, before scrolling) the header, each product row and the footer.
///
/// Rows have different heights (descriptions wrap), so the layout measures every row; it is
/// cheap (a wrap per product) and the same for drawing, hit testing and scrolling.
struct Check24OverviewLayout {
    static let imageColumns = 10
    static let imageRows = 5
    /// Marker column + space on the left, one column of margin on the right.
    static let leadingColumns = 2

    let size: Size
    let tabs: Rect
    let list: Rect
    /// The header's lines (title, subtitle, notice, blank).
    let headerHeight: Int
    /// Each product's description lines, wrapped to ``textColumns``.
    let descriptions: [[String]]
    /// Lines of the list taken by each selectable row: products, then the footer (the last range).
    let rowRanges: [Range<Int>]
    let contentHeight: Int

    init(size: Size, header: Check24Header, notice: String?, rows: [ProductRowViewModel], emptyMessage: String?) {
        self.size = size
        tabs = Rect(column: 0, row: 0, columns: size.columns, rows: min(1, size.rows))
        list = Rect(column: 0, row: 2, columns: size.columns, rows: max(0, size.rows - 3))
        let textColumns = Self.textColumns(for: size.columns)
        headerHeight = TextWrap.wrap(header.title, width: max(1, size.columns - 2)).count
            + (header.subtitle.isEmpty ? 0 : TextWrap.wrap(header.subtitle, width: max(1, size.columns - 2)).count)
            + (notice == nil ? 0 : 1) + 1
        descriptions = rows.map { TextWrap.wrap($0.description, width: textColumns).filter { !$0.isEmpty } }
        var line = headerHeight
        var ranges: [Range<Int>] = []
        for description in descriptions {
            // Name, description, stars; at least as tall as the picture; then a separator line.
            let height = max(Self.imageRows, 1 + description.count + 1)
            ranges.append(line..<(line + height))
            line += height + 1
        }
        if let emptyMessage {
            line += TextWrap.wrap(emptyMessage, width: max(1, size.columns - 2)).count + 1
        }
        ranges.append(line..<(line + 1))
        rowRanges = ranges
        contentHeight = line + 1
    }

    static func textColumns(for columns: Int) -> Int {
        max(1, columns - leadingColumns - imageColumns - 2 - 1)
    }

    var textColumns: Int { Self.textColumns(for: size.columns) }

    /// The scroll offset that shows row `index`, moving as little as possible from `previous`.
    /// The first row scrolls to the very top, so the header shows with it.
    func scrollOffset(showing index: Int, previous: Int) -> Int {
        guard rowRanges.indices.contains(index) else { return clamped(previous) }
        if index == 0 { return 0 }
        let range = rowRanges[index]
        var offset = previous
        if range.upperBound > offset + list.rows { offset = range.upperBound - list.rows }
        if range.lowerBound < offset { offset = range.lowerBound }
        return clamped(offset)
    }

    func clamped(_ offset: Int) -> Int {
        min(max(0, offset), max(0, contentHeight - list.rows))
    }

    /// The row under a point of the screen, for the given scroll offset.
    func rowIndex(at point: Point, scrollOffset: Int) -> Int? {
        guard list.contains(point) else { return nil }
        let line = point.row - list.row + clamped(scrollOffset)
        return rowRanges.firstIndex { $0.contains(line) }
    }

    /// The product rows at least partly on screen at `scrollOffset` (the footer row excluded).
    func visibleRows(scrollOffset: Int) -> Range<Int> {
        let top = clamped(scrollOffset), bottom = top + list.rows
        let products = rowRanges.dropLast()
        guard let first = products.firstIndex(where: { $0.upperBound > top }) else { return products.endIndex..<products.endIndex }
        let end = products[first...].firstIndex { $0.lowerBound >= bottom } ?? products.endIndex
        return first..<max(first, end)
    }

    /// How many rows a page key moves: as many as fit in the viewport (at least one).
    func pageStep(from index: Int) -> Int {
        guard rowRanges.indices.contains(index) else { return 1 }
        var covered = 0
        var step = 0
        for range in rowRanges[index...] {
            covered += range.count + 1
            if covered > list.rows { break }
            step += 1
        }
        return max(1, step)
    }
}
