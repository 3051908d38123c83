/// The rows of a long list as a view model field, made when read: a presenter hands the view
/// a count and a way to build row `i`, and a key press builds the rows the view draws, never the
/// whole list (100,000 formatted prices per key press cost seconds).
public struct LazyRows<Row: Equatable & Sendable>: RandomAccessCollection, Equatable, Sendable {
    public let count: Int
    private let row: @Sendable (Int) -> Row

    /// Rows given one by one (tests, short lists).
    public init(_ rows: [Row]) {
        count = rows.count
        row = { rows[$0] }
    }

    /// `count` rows, row `i` built by `row(i)` when it is read.
    public init(count: Int, row: @escaping @Sendable (Int) -> Row) {
        self.count = Swift.max(0, count)
        self.row = row
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    public subscript(index: Int) -> Row { row(index) }

    /// Element by element, for tests; an app never compares view models.
    public static func == (lhs: LazyRows, rhs: LazyRows) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }
}
