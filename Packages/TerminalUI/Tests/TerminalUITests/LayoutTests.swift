import XCTest
import TerminalUI

final class GridLayoutTests: XCTestCase {
    private let grid = GridLayout(itemCount: 7, columns: 2, tileSize: Size(columns: 10, rows: 4), spacing: Size(columns: 2, rows: 1))

    func testTileRectsAndRows() {
        XCTAssertEqual(grid.rowCount, 4)
        XCTAssertEqual(grid.row(of: 5), 2)
        XCTAssertEqual(grid.tileRect(for: 0), Rect(column: 0, row: 0, columns: 10, rows: 4))
        XCTAssertEqual(grid.tileRect(for: 3), Rect(column: 12, row: 5, columns: 10, rows: 4))
        XCTAssertEqual(grid.tileRect(for: 3, scrollOffsetRows: 1), Rect(column: 12, row: 0, columns: 10, rows: 4))
        XCTAssertEqual(GridLayout.columns(fitting: 80, tileWidth: 30, spacing: 2), 2)
        XCTAssertEqual(GridLayout.columns(fitting: 10, tileWidth: 30, spacing: 2), 1)
        XCTAssertEqual(GridLayout.columns(fitting: 62, tileWidth: 30, spacing: 2), 2)
    }

    func testHitTesting() {
        XCTAssertEqual(grid.index(at: Point(column: 0, row: 0)), 0)
        XCTAssertEqual(grid.index(at: Point(column: 21, row: 8)), 3)
        XCTAssertNil(grid.index(at: Point(column: 10, row: 0)), "spacing between tiles")
        XCTAssertNil(grid.index(at: Point(column: 0, row: 4)), "spacing between rows")
        XCTAssertNil(grid.index(at: Point(column: 12, row: 15)), "no item 7")
        XCTAssertNil(grid.index(at: Point(column: 30, row: 0)), "right of the grid")
        XCTAssertEqual(grid.index(at: Point(column: 12, row: 0), scrollOffsetRows: 2), 5)
        XCTAssertNil(grid.index(at: Point(column: -1, row: 0)))
        XCTAssertNil(grid.index(at: Point(column: 0, row: 0), scrollOffsetRows: -1))
    }

    func testScrollOffsetKeepsTheSelectionVisible() {
        XCTAssertEqual(grid.visibleRowCount(viewportRows: 10), 2)
        XCTAssertEqual(grid.scrollOffset(keeping: 0, viewportRows: 10), 0)
        XCTAssertEqual(grid.scrollOffset(keeping: 4, viewportRows: 10, previous: 0), 1)
        XCTAssertEqual(grid.scrollOffset(keeping: 6, viewportRows: 10, previous: 0), 2)
        XCTAssertEqual(grid.scrollOffset(keeping: 5, viewportRows: 10, previous: 2), 2)
        XCTAssertEqual(grid.scrollOffset(keeping: 1, viewportRows: 10, previous: 2), 0)
        XCTAssertEqual(grid.visibleRange(scrollOffsetRows: 1, viewportRows: 10), 2..<6)
        XCTAssertEqual(grid.visibleRange(scrollOffsetRows: 3, viewportRows: 10), 6..<7)
    }

    func testNavigation() {
        XCTAssertEqual(grid.moved(0, .down), 2)
        XCTAssertEqual(grid.moved(5, .down), 6, "clamped to the last item")
        XCTAssertEqual(grid.moved(6, .down), 6)
        XCTAssertEqual(grid.moved(1, .up), 1)
        XCTAssertEqual(grid.moved(3, .up), 1)
        XCTAssertEqual(grid.moved(2, .right), 3)
        XCTAssertEqual(grid.moved(3, .right), 4, "reading order: on to the next row")
        XCTAssertEqual(grid.moved(6, .right), 6)
        XCTAssertEqual(grid.moved(2, .left), 1, "reading order: back to the previous row")
        XCTAssertEqual(grid.moved(0, .left), 0)
        XCTAssertEqual(grid.moved(3, .left), 2)
        XCTAssertEqual(grid.moved(1, .pageDown, visibleRows: 2), 5)
        XCTAssertEqual(grid.moved(5, .pageUp, visibleRows: 2), 1)
        XCTAssertEqual(grid.moved(3, .pageUp, visibleRows: 2), 1, "keeps the column at the top")
        XCTAssertEqual(grid.moved(4, .last), 6)
        XCTAssertEqual(GridLayout(itemCount: 0, columns: 3, tileSize: Size(columns: 1, rows: 1)).moved(0, .down), 0)
    }
}

final class SplitAndScrollTests: XCTestCase {
    func testSplitLayout() {
        let split = SplitView.layout(Rect(column: 0, row: 1, columns: 100, rows: 20), leadingColumns: 40)
        XCTAssertEqual(split.leading, Rect(column: 0, row: 1, columns: 40, rows: 20))
        XCTAssertEqual(split.divider, Rect(column: 40, row: 1, columns: 1, rows: 20))
        XCTAssertEqual(split.trailing, Rect(column: 41, row: 1, columns: 59, rows: 20))
        let narrow = SplitView.layout(Rect(column: 0, row: 0, columns: 10, rows: 2), leadingColumns: 40)
        XCTAssertEqual(narrow.leading.columns, 9)
        XCTAssertEqual(narrow.divider.columns, 1)
        XCTAssertEqual(narrow.trailing.columns, 0)
    }

    func testScrollOffsetClamping() {
        XCTAssertEqual(ScrollView.clampedOffset(-3, contentHeight: 50, viewportHeight: 10), 0)
        XCTAssertEqual(ScrollView.clampedOffset(45, contentHeight: 50, viewportHeight: 10), 40)
        XCTAssertEqual(ScrollView.clampedOffset(5, contentHeight: 8, viewportHeight: 10), 0)
        XCTAssertEqual(ScrollView.pageAmount(viewportHeight: 10), 9)
        XCTAssertEqual(ScrollView.pageAmount(viewportHeight: 1), 1)
        XCTAssertEqual(ScrollView.thumb(trackRows: 10, offset: 0, contentHeight: 50), 0..<2)
        XCTAssertEqual(ScrollView.thumb(trackRows: 10, offset: 40, contentHeight: 50), 8..<10)
        XCTAssertEqual(ScrollView.thumb(trackRows: 10, offset: 0, contentHeight: 5), 0..<10)
    }
}

final class SpinnerTests: XCTestCase {
    func testCycles() {
        XCTAssertEqual(Spinner.frame(tick: 0), "↑")
        XCTAssertEqual(Spinner.frame(tick: 4), Spinner.frame(tick: 0))
        XCTAssertEqual(Spinner.frame(tick: -1), "←")
        XCTAssertEqual((0..<4).map { Spinner.frame(tick: $0, ascii: true) }, ["|", "/", "-", "\\"])
        XCTAssertEqual(Set((0..<4).map { Spinner.frame(tick: $0) }).count, 4)
    }
}
