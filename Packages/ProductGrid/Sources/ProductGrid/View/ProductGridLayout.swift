import TerminalUI

/// Geometry of the grid at one screen size: square-looking tiles (twice as wide as tall),
/// at least two columns, more on wide terminals.
struct ProductGridLayout: Equatable {
    static let minimumTileWidth = 36
    let size: Size
    let itemCount: Int
    let columns: Int
    let tileWidth: Int
    let tileHeight: Int
    /// Complete tile rows that fit between the title and the key bar.
    let visibleRows: Int
    let contentTop = 2
    let gap = 1

    init(size: Size, itemCount: Int) {
        self.size = size
        self.itemCount = itemCount
        columns = max(2, (size.columns + 1) / (Self.minimumTileWidth + 1))
        tileWidth = max(1, (size.columns - (columns - 1) * gap) / columns)
        let contentRows = max(1, size.rows - contentTop - 1)
        let squareHeight = max(6, tileWidth / 2)
        // Round to the nearest row count so tiles stay close to square instead of one
        // row stretching over the whole screen.
        visibleRows = max(1, (2 * contentRows + squareHeight) / (2 * squareHeight))
        tileHeight = max(1, min(contentRows, contentRows / visibleRows))
    }

    var rowCount: Int { (itemCount + columns - 1) / columns }

    /// The first visible tile row that keeps `index` visible, scrolling as little as possible from `previous`.
    func firstVisibleRow(showing index: Int, previous: Int) -> Int {
        let row = index / columns
        var first = min(max(0, previous), max(0, rowCount - visibleRows))
        if row < first { first = row }
        if row >= first + visibleRows { first = row - visibleRows + 1 }
        return max(0, first)
    }

    /// The indices of the tiles on screen when `firstVisibleRow` is the top row.
    func visibleTiles(firstVisibleRow: Int) -> Range<Int> {
        let first = min(itemCount, max(0, firstVisibleRow) * columns)
        return first..<min(itemCount, first + visibleRows * columns)
    }

    func tileRect(for index: Int, firstVisibleRow: Int) -> Rect? {
        let row = index / columns - firstVisibleRow
        guard row >= 0, row < visibleRows, index < itemCount else { return nil }
        let column = index % columns
        return Rect(column: column * (tileWidth + gap), row: contentTop + row * tileHeight,
                    columns: tileWidth, rows: tileHeight)
    }

    func index(at point: Point, firstVisibleRow: Int) -> Int? {
        for row in firstVisibleRow..<(firstVisibleRow + visibleRows) {
            for column in 0..<columns {
                let index = row * columns + column
                if let rect = tileRect(for: index, firstVisibleRow: firstVisibleRow), rect.contains(point) { return index }
            }
        }
        return nil
    }

    enum Move { case up, down, left, right, pageUp, pageDown, first, last }

    /// The index a key moves the selection to: ↓ one row down, → one tile right (clamped).
    func index(after move: Move, from index: Int) -> Int {
        guard itemCount > 0 else { return 0 }
        let last = itemCount - 1
        switch move {
        case .up: return index - columns >= 0 ? index - columns : index
        case .down: return index + columns <= last ? index + columns : (index / columns < rowCount - 1 ? last : index)
        case .left: return max(0, index - 1)
        case .right: return min(last, index + 1)
        case .pageUp: return max(index % columns, index - columns * visibleRows)
        case .pageDown: return min(last, index + columns * visibleRows)
        case .first: return 0
        case .last: return last
        }
    }
}
