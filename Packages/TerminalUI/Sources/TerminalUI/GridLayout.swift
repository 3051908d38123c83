/// A selection move in a grid. Left and right follow reading order: past a row's end they
/// continue on the next row, as a phone's grid of tiles does.
public enum GridMove: Sendable, Equatable {
    case up, down, left, right, pageUp, pageDown, first, last
}

/// Tiles of equal size in rows of `columns`, filled left to right, top to bottom.
///
/// Positions are relative to the grid's top-left corner; scrolling is counted in rows of tiles.
public struct GridLayout: Hashable, Sendable {
    /// The number of tiles.
    public let itemCount: Int
    /// Tiles per row (at least 1).
    public let columns: Int
    /// The size of every tile.
    public let tileSize: Size
    /// Empty cells between tiles: `columns` between neighbours in a row, `rows` between rows.
    public let spacing: Size

    /// A grid of `itemCount` tiles in rows of `columns` (at least 1).
    public init(itemCount: Int, columns: Int, tileSize: Size, spacing: Size = Size(columns: 0, rows: 0)) {
        self.itemCount = max(0, itemCount)
        self.columns = max(1, columns)
        self.tileSize = tileSize
        self.spacing = spacing
    }

    /// How many tiles of `tileWidth` fit next to each other in `availableColumns` (at least 1).
    public static func columns(fitting availableColumns: Int, tileWidth: Int, spacing: Int) -> Int {
        max(1, (availableColumns + spacing) / max(1, tileWidth + spacing))
    }

    /// The number of rows of tiles.
    public var rowCount: Int { (itemCount + columns - 1) / columns }

    /// The row of tiles that item `index` is in.
    public func row(of index: Int) -> Int { max(0, index) / columns }

    /// The column of tiles that item `index` is in.
    public func column(of index: Int) -> Int { max(0, index) % columns }

    /// Rows per tile row including the spacing below it.
    private var rowPitch: Int { max(1, tileSize.rows + spacing.rows) }
    private var columnPitch: Int { max(1, tileSize.columns + spacing.columns) }

    /// The tile of item `index` relative to the grid's origin, `scrollOffsetRows` tile rows scrolled away.
    public func tileRect(for index: Int, scrollOffsetRows: Int = 0) -> Rect {
        Rect(column: column(of: index) * columnPitch, row: (row(of: index) - scrollOffsetRows) * rowPitch,
             columns: tileSize.columns, rows: tileSize.rows)
    }

    /// The item whose tile contains `point` (relative to the grid's origin), or nil for spacing or empty space.
    public func index(at point: Point, scrollOffsetRows: Int = 0) -> Int? {
        guard point.column >= 0, point.row >= 0 else { return nil }
        let column = point.column / columnPitch, row = point.row / rowPitch + scrollOffsetRows
        guard column < columns, point.column % columnPitch < tileSize.columns, point.row % rowPitch < tileSize.rows else { return nil }
        let index = row * columns + column
        return index >= 0 && index < itemCount ? index : nil
    }

    /// How many rows of tiles fit into `viewportRows` (at least 1, since a tile taller than the viewport is shown clipped).
    public func visibleRowCount(viewportRows: Int) -> Int {
        max(1, (viewportRows + spacing.rows) / rowPitch)
    }

    /// The scroll offset (in rows of tiles) that keeps `selected` visible, moving as little as possible from `previous`.
    public func scrollOffset(keeping selected: Int, viewportRows: Int, previous: Int = 0) -> Int {
        let visible = visibleRowCount(viewportRows: viewportRows)
        var offset = min(max(0, previous), max(0, rowCount - visible))
        let selectedRow = row(of: min(selected, max(0, itemCount - 1)))
        if selectedRow < offset { offset = selectedRow }
        if selectedRow >= offset + visible { offset = selectedRow - visible + 1 }
        return offset
    }

    /// The items at least partly visible at `scrollOffsetRows` in a viewport of `viewportRows`.
    public func visibleRange(scrollOffsetRows: Int, viewportRows: Int) -> Range<Int> {
        let firstRow = max(0, scrollOffsetRows)
        let rows = max(0, (viewportRows + rowPitch - 1) / rowPitch)
        let start = min(itemCount, firstRow * columns)
        return start..<min(itemCount, (firstRow + rows) * columns)
    }

    /// The selection after `move`: up/down by a row (down lands on the last item when the row below
    /// is shorter), left/right by one item in reading order, a page by `visibleRows` rows (keeping
    /// the column), first/last to either end; stays put at an edge.
    public func moved(_ index: Int, _ move: GridMove, visibleRows: Int = 1) -> Int {
        guard itemCount > 0 else { return 0 }
        let last = itemCount - 1
        let index = min(max(0, index), last)
        let page = columns * max(1, visibleRows)
        switch move {
        case .up: return index >= columns ? index - columns : index
        case .down: return index + columns <= last ? index + columns : (row(of: index) + 1 < rowCount ? last : index)
        case .left: return max(0, index - 1)
        case .right: return min(last, index + 1)
        case .pageUp: return max(column(of: index), index - page)
        case .pageDown: return min(last, index + page)
        case .first: return 0
        case .last: return last
        }
    }
}
