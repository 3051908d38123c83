import XCTest
import TerminalUI

final class VirtualListLayoutTests: XCTestCase {
    /// Heights 1, 2, 3, 1, 2, 3 … with a counter of how many rows were measured.
    private final class Heights {
        var measured = 0
        func height(_ index: Int) -> Int { measured += 1; return index % 3 + 1 }
    }

    private func layout(count: Int, viewport: Int, heights: Heights, headers: Set<Int> = []) -> VirtualListLayout {
        VirtualListLayout(count: count, viewportRows: viewport, height: heights.height, isSelectable: { !headers.contains($0) })
    }

    func testVisibleRowsFillTheViewportFromTheTop() {
        let list = layout(count: 10, viewport: 7, heights: Heights())
        XCTAssertEqual(list.visibleRows(top: 0).map(\.index), [0, 1, 2, 3])
        XCTAssertEqual(list.visibleRows(top: 0).map(\.line), [0, 1, 3, 6])
        XCTAssertEqual(list.visibleRange(top: 4), 4..<8, "row 7 shows its first line")
        XCTAssertEqual(list.maximumTop, 6, "rows 6–9 (1 + 2 + 3 + 1 lines) fill the last screen")
        XCTAssertEqual(list.clampedTop(9), 6)
    }

    func testTheSelectionIsKeptVisibleWithMinimalScrolling() {
        let list = layout(count: 10, viewport: 7, heights: Heights())
        XCTAssertEqual(list.top(showing: 3, previousTop: 0), 0, "already visible: no scrolling")
        XCTAssertEqual(list.top(showing: 4, previousTop: 0), 2, "rows 2–4 (3 + 1 + 2 lines) end at the bottom")
        XCTAssertEqual(list.top(showing: 1, previousTop: 4), 1, "a row above the screen becomes the top")
        XCTAssertEqual(list.top(showing: 9, previousTop: 0), 6)
    }

    func testARowTallerThanTheViewportIsShownFromItsTop() {
        let list = VirtualListLayout(count: 3, viewportRows: 4, height: { $0 == 1 ? 10 : 1 })
        XCTAssertEqual(list.top(showing: 1, previousTop: 0), 1)
        XCTAssertEqual(list.visibleRows(top: 1).map(\.index), [1])
    }

    /// A page up counts the rows above the selection, so at the end of a list it still moves a screen
    /// (it counted the rows below, two or three there).
    func testAPageUpAtTheEndMovesAWholeScreen() {
        let list = VirtualListLayout(count: 100, viewportRows: 20, height: { $0 % 10 == 0 ? 1 : 2 })
        XCTAssertEqual(list.pageStepUp(from: 99), 10, "the rows above 99 that fill 20 lines: 98…89 (89 … 90 has a 1-line header)")
        XCTAssertEqual(list.pageStepUp(from: 0), 1)
        XCTAssertEqual(list.pageStepUp(from: 3), 3)
        XCTAssertEqual(list.pageStep(from: 0), 11, "downwards: 0…10")
    }

    func testPagingHitTestingAndTheThumb() {
        let list = layout(count: 10, viewport: 7, heights: Heights())
        XCTAssertEqual(list.pageStep(from: 0), 4)
        XCTAssertEqual(list.pageStep(from: 2), 3)
        XCTAssertEqual(list.row(atLine: 0, top: 0), 0)
        XCTAssertEqual(list.row(atLine: 2, top: 0), 1)
        XCTAssertEqual(list.row(atLine: 5, top: 0), 2)
        XCTAssertNil(list.row(atLine: 7, top: 0))
        XCTAssertEqual(list.thumb(trackRows: 10, top: 0), 0..<4)
        XCTAssertEqual(list.thumb(trackRows: 10, top: 6)?.upperBound, 10)
        XCTAssertNil(layout(count: 2, viewport: 7, heights: Heights()).thumb(trackRows: 10, top: 0), "no thumb when all rows show")
    }

    func testSectionHeadersAreSkippedBySelection() {
        let list = layout(count: 8, viewport: 20, heights: Heights(), headers: [0, 3, 4, 7])
        XCTAssertEqual(list.selectableRow(from: 2, step: 1), 5, "both headers are stepped over")
        XCTAssertEqual(list.selectableRow(from: 5, step: -1), 2)
        XCTAssertEqual(list.selectableRow(from: 1, step: -1), 1, "nothing selectable above: stay")
        XCTAssertEqual(list.selectableRow(from: 6, step: 1), 6, "a header at the end is not selected")
    }

    /// The point of the layout: a key press measures the rows near the screen, never the list.
    func testAKeyPressMeasuresOnlyRowsNearTheScreenEvenForAMillionRows() {
        let heights = Heights()
        let list = layout(count: 1_000_000, viewport: 40, heights: heights)
        var top = 0
        var selected = 0
        for _ in 0..<100 {
            selected = list.selectableRow(from: selected, step: 1)
            top = list.top(showing: selected, previousTop: top)
            _ = list.visibleRows(top: top)
        }
        XCTAssertLessThan(heights.measured, 100 * 3 * 40, "down: rows on one screen per key")
        heights.measured = 0
        top = list.top(showing: 999_999, previousTop: top) // end
        _ = list.visibleRows(top: top)
        XCTAssertLessThan(heights.measured, 4 * 40, "end walks up from the last row only")
        heights.measured = 0
        selected = list.selectableRow(from: 500_000, step: list.pageStep(from: 500_000))
        top = list.top(showing: selected, previousTop: 499_990)
        XCTAssertLessThan(heights.measured, 6 * 40, "page down")
    }

    /// What the "more" hint may claim, counted on the rows drawn: a list of headers (1 line) and
    /// contacts (3 lines) that ends on screen continues below nowhere.
    func testContinuesBelowCountsTheRowsDrawn() {
        let mixed = VirtualListLayout(count: 6, viewportRows: 10, height: { $0 % 2 == 0 ? 1 : 3 }) // 12 lines in all
        XCTAssertTrue(mixed.continuesBelow(top: 0))
        XCTAssertFalse(mixed.continuesBelow(top: mixed.maximumTop))
        let fits = VirtualListLayout(count: 4, viewportRows: 10, height: { $0 % 2 == 0 ? 1 : 3 }) // 8 lines: 4 × 3 would be 12
        XCTAssertFalse(fits.continuesBelow(top: 0))
        XCTAssertEqual(fits.maximumTop, 0)
    }

    /// The hint never covers content: over a button it is left out.
    func testTheScrollHintOnlyTakesBlankCells() {
        var frame = Frame(size: Size(columns: 20, rows: 2))
        frame.put("[ call ]", at: Point(column: 10, row: 1))
        ScrollView.drawMoreIndicator(into: &frame, continuesBelow: true, rightEdge: 19, row: 1)
        XCTAssertTrue(frame.text.contains("[ call ]") && !frame.text.contains("more"), frame.text)
        ScrollView.drawMoreIndicator(into: &frame, continuesBelow: true, rightEdge: 19, row: 0)
        XCTAssertTrue(frame.text.contains("↓ more"), frame.text)
    }
}
