/// A size in terminal cells.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var columns: Int
    public var rows: Int
    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
    }
    public var description: String { "\(columns)x\(rows)" }
}

/// A cell position; column and row are 0-based.
public struct Point: Hashable, Sendable {
    public var column: Int
    public var row: Int
    public init(column: Int, row: Int) {
        self.column = column
        self.row = row
    }
}

/// A rectangle of cells.
public struct Rect: Hashable, Sendable {
    public var origin: Point
    public var size: Size
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }
    public init(column: Int, row: Int, columns: Int, rows: Int) {
        self.init(origin: Point(column: column, row: row), size: Size(columns: columns, rows: rows))
    }
    public var column: Int { origin.column }
    public var row: Int { origin.row }
    public var columns: Int { size.columns }
    public var rows: Int { size.rows }
    public var maxColumn: Int { origin.column + size.columns }
    public var maxRow: Int { origin.row + size.rows }
    public var isEmpty: Bool { size.columns == 0 || size.rows == 0 }

    public func contains(_ point: Point) -> Bool {
        point.column >= column && point.column < maxColumn && point.row >= row && point.row < maxRow
    }

    /// Whether `other` lies wholly inside this rectangle (an empty one never does).
    public func contains(_ other: Rect) -> Bool {
        !other.isEmpty && other.column >= column && other.row >= row && other.maxColumn <= maxColumn && other.maxRow <= maxRow
    }

    /// The rectangle shrunk by `amount` cells on every side.
    public func inset(by amount: Int) -> Rect {
        inset(horizontal: amount, vertical: amount)
    }

    public func inset(horizontal: Int, vertical: Int) -> Rect {
        Rect(column: column + horizontal, row: row + vertical,
             columns: columns - 2 * horizontal, rows: rows - 2 * vertical)
    }

    /// The overlap of two rectangles (empty when they do not overlap).
    public func intersection(_ other: Rect) -> Rect {
        let left = max(column, other.column), top = max(row, other.row)
        let right = min(maxColumn, other.maxColumn), bottom = min(maxRow, other.maxRow)
        return Rect(column: left, row: top, columns: max(0, right - left), rows: max(0, bottom - top))
    }
}
