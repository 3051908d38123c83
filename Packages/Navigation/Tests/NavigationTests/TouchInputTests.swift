import Navigation
import TerminalKit
import TerminalUI
import XCTest

final class TouchInputTests: XCTestCase {
    private func mouse(_ kind: MouseEvent.Kind) -> InputEvent { .mouse(MouseEvent(kind: kind, column: 3, row: 4)) }

    func testPressTouchesReleaseOnTheSameRowActivatesElsewhereCancels() {
        XCTAssertEqual(TouchInput.action(for: mouse(.press(button: 0)), rowAtPoint: 2, touched: nil), .touch(2))
        XCTAssertEqual(TouchInput.action(for: mouse(.release), rowAtPoint: 2, touched: 2), .activate(2))
        XCTAssertEqual(TouchInput.action(for: mouse(.release), rowAtPoint: 3, touched: 2), .cancel)
        XCTAssertEqual(TouchInput.action(for: mouse(.release), rowAtPoint: nil, touched: 2), .cancel)
        XCTAssertNil(TouchInput.action(for: mouse(.release), rowAtPoint: 2, touched: nil), "a release without a press does nothing")
    }

    func testDragOffTheRowOrAKeyCancelsAndOtherEventsAreNotTouches() {
        XCTAssertEqual(TouchInput.action(for: mouse(.drag(button: 0)), rowAtPoint: 5, touched: 2), .cancel)
        XCTAssertNil(TouchInput.action(for: mouse(.drag(button: 0)), rowAtPoint: 2, touched: 2))
        XCTAssertEqual(TouchInput.action(for: .key(.down), rowAtPoint: nil, touched: 2), .cancel)
        XCTAssertNil(TouchInput.action(for: .key(.down), rowAtPoint: nil, touched: nil))
        XCTAssertNil(TouchInput.action(for: mouse(.wheelDown), rowAtPoint: 2, touched: nil))
        XCTAssertNil(TouchInput.action(for: mouse(.press(button: 0)), rowAtPoint: nil, touched: nil), "a press beside the rows")
    }
}

/// Pull-to-refresh, as the iOS gesture: on a list at its top, the wheel turned up, or a press
/// released further down, reloads; anywhere else they scroll or cancel as before.
final class PullToRefreshTests: XCTestCase {
    private let layout = VirtualListLayout(count: 20, viewportRows: 10, height: { _ in 1 })
    private let rect = Rect(column: 0, row: 2, columns: 40, rows: 10)
    private func mouse(_ kind: MouseEvent.Kind, row: Int) -> InputEvent { .mouse(MouseEvent(kind: kind, column: 3, row: row)) }

    func testAReleaseFurtherDownOnAListAtItsTopPulls() {
        XCTAssertEqual(TouchInput.action(for: .mouse(MouseEvent(kind: .release, column: 0, row: 0)), rowAtPoint: 4, touched: 1, atTop: true), .pull)
        XCTAssertEqual(TouchInput.action(for: .mouse(MouseEvent(kind: .release, column: 0, row: 0)), rowAtPoint: 0, touched: 1, atTop: true), .cancel,
                       "released above: no pull")
        XCTAssertEqual(TouchInput.action(for: .mouse(MouseEvent(kind: .release, column: 0, row: 0)), rowAtPoint: 4, touched: 1, atTop: false), .cancel,
                       "not at the top: no pull")
    }

    func testTheWheelUpAtTheTopReloadsAndScrollsElsewhere() {
        XCTAssertEqual(ListInput.action(for: mouse(.wheelUp, row: 3), selected: 0, firstVisibleRow: 0, touched: nil, layout: layout, listRect: rect), .reload)
        XCTAssertEqual(ListInput.action(for: mouse(.wheelUp, row: 3), selected: 1, firstVisibleRow: 0, touched: nil, layout: layout, listRect: rect),
                       .select(index: 0, firstVisibleRow: 0, visibleRows: 0..<10))
        XCTAssertEqual(ListInput.action(for: mouse(.press(button: 0), row: 3), selected: 0, firstVisibleRow: 0, touched: nil, layout: layout, listRect: rect),
                       .touch(1))
        XCTAssertEqual(ListInput.action(for: mouse(.release, row: 8), selected: 0, firstVisibleRow: 0, touched: 1, layout: layout, listRect: rect), .reload)
        XCTAssertEqual(ListInput.action(for: mouse(.release, row: 8), selected: 12, firstVisibleRow: 5, touched: 6, layout: layout, listRect: rect),
                       .cancelTouch, "scrolled down, the same drag only cancels")
        let sectioned = VirtualListLayout(count: 5, viewportRows: 10, height: { _ in 1 }, isSelectable: { $0 != 0 })
        XCTAssertEqual(ListInput.action(for: mouse(.wheelUp, row: 3), selected: 1, firstVisibleRow: 0, touched: nil, layout: sectioned, listRect: rect),
                       .reload, "the first row under a section header is the top")
    }
}

final class LazyRowsTests: XCTestCase {
    func testRowsAreBuiltOnlyWhenRead() {
        nonisolated(unsafe) var built: [Int] = []
        let rows = LazyRows<String>(count: 100_000) { index in
            built.append(index)
            return "row \(index)"
        }
        XCTAssertEqual(rows.count, 100_000)
        XCTAssertEqual(rows[41_999], "row 41999")
        XCTAssertEqual(built, [41_999], "one row read, one row built")
        XCTAssertEqual(LazyRows(["a", "b"]), LazyRows(count: 2) { ["a", "b"][$0] })
    }
}
