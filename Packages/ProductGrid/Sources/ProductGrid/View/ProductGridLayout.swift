import Navigation
import TerminalUI

/// The product grid's choice of tile size at one screen size: square-looking tiles (twice as wide
/// as tall), at least two columns, more on wide terminals, rows filling the screen. Positions, hit
/// testing, scrolling and moves are the shared ``GridLayout``'s.
struct ProductGridLayout: Equatable, TileGrid {
    static let minimumTileWidth = 36
    let size: Size
    let grid: GridLayout
    /// Complete tile rows that fit between the title and the key bar.
    let visibleRows: Int
    let contentTop = 2

    init(size: Size, itemCount: Int) {
        self.size = size
        let gap = 1
        let columns = max(2, GridLayout.columns(fitting: size.columns, tileWidth: Self.minimumTileWidth, spacing: gap))
        let tileWidth = max(1, (size.columns - (columns - 1) * gap) / columns)
        let contentRows = max(1, size.rows - contentTop - 1)
        let squareHeight = max(6, tileWidth / 2)
        // Round to the nearest row count so tiles stay close to square instead of one
        // row stretching over the whole screen.
        visibleRows = max(1, (2 * contentRows + squareHeight) / (2 * squareHeight))
        let tileHeight = max(1, min(contentRows, contentRows / visibleRows))
        grid = GridLayout(itemCount: itemCount, columns: columns, tileSize: Size(columns: tileWidth, rows: tileHeight),
                          spacing: Size(columns: gap, rows: 0))
    }

    var columns: Int { grid.columns }
    var itemCount: Int { grid.itemCount }
    var tileWidth: Int { grid.tileSize.columns }
    var tileHeight: Int { grid.tileSize.rows }
    var rowCount: Int { grid.rowCount }
    private var viewportRows: Int { visibleRows * tileHeight }

    /// The first visible tile row that keeps `index` visible, scrolling as little as possible from `previous`.
    func firstVisibleRow(showing index: Int, previous: Int) -> Int {
        grid.scrollOffset(keeping: index, viewportRows: viewportRows, previous: previous)
    }

    /// The indices of the tiles on screen when `firstVisibleRow` is the top row.
    func visibleTiles(firstVisibleRow: Int) -> Range<Int> {
        grid.visibleRange(scrollOffsetRows: firstVisibleRow, viewportRows: viewportRows)
    }

    func tileRect(for index: Int, firstVisibleRow: Int) -> Rect? {
        guard visibleTiles(firstVisibleRow: firstVisibleRow).contains(index) else { return nil }
        var rect = grid.tileRect(for: index, scrollOffsetRows: firstVisibleRow)
        rect.origin.row += contentTop
        return rect
    }

    func index(at point: Point, firstVisibleRow: Int) -> Int? {
        let row = point.row - contentTop
        guard row >= 0, row < viewportRows else { return nil }
        return grid.index(at: Point(column: point.column, row: row), scrollOffsetRows: firstVisibleRow)
    }

    /// The index a key moves the selection to: ↓ one row down, → one tile right (reading order).
    func index(after move: GridMove, from index: Int) -> Int {
        grid.moved(index, move, visibleRows: visibleRows)
    }
}
