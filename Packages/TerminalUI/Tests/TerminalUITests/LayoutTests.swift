import XCTest
import TerminalUI

final class ListLayoutTests: XCTestCase {
    func testSelectionStaysVisibleWithMinimalScrolling() {
        var layout = ListLayout(count: 100, viewportRows: 10, selected: 0)
        XCTAssertEqual(layout.offset, 0)
        XCTAssertEqual(layout.visibleRange, 0..<10)
        layout = ListLayout(count: 100, viewportRows: 10, selected: 9, previousOffset: layout.offset)
        XCTAssertEqual(layout.offset, 0)
        layout = ListLayout(count: 100, viewportRows: 10, selected: 10, previousOffset: layout.offset)
        XCTAssertEqual(layout.offset, 1, "scrolls by one row, not a page")
        layout = ListLayout(count: 100, viewportRows: 10, selected: 5, previousOffset: layout.offset)
        XCTAssertEqual(layout.offset, 1, "still visible: no scroll")
        layout = ListLayout(count: 100, viewportRows: 10, selected: 0, previousOffset: layout.offset)
        XCTAssertEqual(layout.offset, 0)
        layout = ListLayout(count: 100, viewportRows: 10, selected: 99, previousOffset: 0)
        XCTAssertEqual(layout.visibleRange, 90..<100)
    }

    func testRowHeightAndClamping() {
        let layout = ListLayout(count: 10, rowHeight: 3, viewportRows: 10, selected: 5, previousOffset: 0)
        XCTAssertEqual(layout.visibleCapacity, 3)
        XCTAssertEqual(layout.offset, 3)
        XCTAssertEqual(layout.visibleRange, 3..<6)
        XCTAssertEqual(ListLayout(count: 5, viewportRows: 10, selected: nil, previousOffset: 4).offset, 0, "no empty rows that items could fill")
        XCTAssertEqual(ListLayout(count: 5, viewportRows: 3, selected: 99).selected, 4)
        XCTAssertEqual(ListLayout(count: 0, viewportRows: 3, selected: 2).visibleRange, 0..<0)
        XCTAssertNil(ListLayout(count: 0, viewportRows: 3, selected: 2).selected)
        XCTAssertTrue(ListLayout(count: 9, viewportRows: 0, selected: 2).visibleRange.isEmpty)
    }

    func testHitTesting() {
        let rect = Rect(column: 2, row: 5, columns: 20, rows: 10)
        let layout = ListLayout(count: 30, rowHeight: 2, viewportRows: rect.rows, selected: 12, previousOffset: 0)
        XCTAssertEqual(layout.offset, 8)
        XCTAssertEqual(layout.index(at: Point(column: 2, row: 5), in: rect), 8)
        XCTAssertEqual(layout.index(at: Point(column: 21, row: 6), in: rect), 8)
        XCTAssertEqual(layout.index(at: Point(column: 3, row: 14), in: rect), 12)
        XCTAssertNil(layout.index(at: Point(column: 1, row: 6), in: rect))
        XCTAssertNil(layout.index(at: Point(column: 3, row: 15), in: rect))
        XCTAssertEqual(layout.rowRect(for: 9, in: rect), Rect(column: 2, row: 7, columns: 20, rows: 2))
        XCTAssertNil(layout.rowRect(for: 13, in: rect))
        let short = ListLayout(count: 2, viewportRows: 10, selected: 0)
        XCTAssertNil(short.index(at: Point(column: 0, row: 5), in: Rect(column: 0, row: 0, columns: 5, rows: 10)))
    }

    func testListViewDrawsOnlyVisibleRows() {
        var frame = Frame(size: Size(columns: 12, rows: 4))
        var drawn: [Int] = []
        let layout = ListView.draw(into: &frame, rect: Rect(column: 0, row: 1, columns: 12, rows: 3), count: 10_000,
                                   selected: 5, offset: 0) { index, rowRect, isSelected, frame in
            drawn.append(index)
            frame.put((isSelected ? "> " : "  ") + "row \(index)", at: rowRect.origin)
        }
        XCTAssertEqual(drawn, [3, 4, 5])
        XCTAssertEqual(layout.offset, 3)
        XCTAssertEqual(frame.text, "\n  row 3\n  row 4\n> row 5")
        XCTAssertEqual(ListView.index(at: Point(column: 4, row: 2), rect: Rect(column: 0, row: 1, columns: 12, rows: 3),
                                      count: 10_000, offset: layout.offset), 4)
    }
}

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
        XCTAssertEqual(grid.moved(3, .right), 3, "stays on its row")
        XCTAssertEqual(grid.moved(6, .right), 6)
        XCTAssertEqual(grid.moved(2, .left), 2)
        XCTAssertEqual(grid.moved(3, .left), 2)
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
        XCTAssertEqual(Spinner.frame(tick: 0), "⠋")
        XCTAssertEqual(Spinner.frame(tick: 10), Spinner.frame(tick: 0))
        XCTAssertEqual(Spinner.frame(tick: -1), "⠏")
        XCTAssertEqual((0..<4).map { Spinner.frame(tick: $0, ascii: true) }, ["|", "/", "-", "\\"])
        XCTAssertEqual(Set((0..<10).map { Spinner.frame(tick: $0) }).count, 10)
    }
}
