import Navigation
import TerminalKit
import TerminalUI
import XCTest

/// A grid's keys and touch: moves in two directions, enter, press and release on a tile, the wheel
/// and pull-to-refresh on the first row of tiles, each as one of the list's actions.
final class GridInputTests: XCTestCase {
    /// Ten tiles of 10×5 cells in rows of three, two rows on screen from line 0.
    private struct Grid: TileGrid {
        var itemCount = 10
        let layout = GridLayout(itemCount: 10, columns: 3, tileSize: Size(columns: 10, rows: 5))
        var columns: Int { layout.columns }
        func firstVisibleRow(showing index: Int, previous: Int) -> Int { layout.scrollOffset(keeping: index, viewportRows: 10, previous: previous) }
        func visibleTiles(firstVisibleRow: Int) -> Range<Int> { layout.visibleRange(scrollOffsetRows: firstVisibleRow, viewportRows: 10) }
        func index(at point: Point, firstVisibleRow: Int) -> Int? { layout.index(at: point, scrollOffsetRows: firstVisibleRow) }
        func index(after move: GridMove, from index: Int) -> Int { layout.moved(index, move, visibleRows: 2) }
    }

    private let moves: [(keys: [Key], move: GridMove)] = [([.down], .down), ([.right], .right), ([.up], .up)]

    private func action(_ event: InputEvent, selected: Int = 0, touched: Int? = nil, grid: Grid = Grid()) -> ListInput.Action? {
        GridInput.action(for: event, selected: selected, firstVisibleRow: 0, touched: touched, grid: grid, moves: moves)
    }

    private func mouse(_ kind: MouseEvent.Kind, column: Int, row: Int) -> InputEvent {
        .mouse(MouseEvent(kind: kind, column: column, row: row))
    }

    func testKeysMoveByTilesAndRowsAndEnterOpens() {
        guard case .select(let below, _, _)? = action(.key(.down), selected: 1) else { return XCTFail("↓ selects") }
        XCTAssertEqual(below, 4, "one row of three down")
        guard case .select(let next, _, _)? = action(.key(.right), selected: 1) else { return XCTFail("→ selects") }
        XCTAssertEqual(next, 2)
        XCTAssertEqual(action(.key(.enter), selected: 5), .open(5))
        XCTAssertNil(action(.key(.character("x"))), "not a grid key")
        XCTAssertNil(action(.key(.down), grid: Grid(itemCount: 0)), "nothing to move over")
    }

    /// The grid's whole input in each state: the error view's retry, then on the tiles a key ends a
    /// touch first, `r` reloads, and moves reach the presenter.
    @MainActor
    func testTheGridsInputInEveryState() async {
        let output = RecordingListOutput()
        func handle(_ event: InputEvent, _ content: ListContent<Int>, touched: Int? = nil) -> Bool {
            GridInput.handle(event, content: content, touched: touched, grid: { Grid(itemCount: $0) }, moves: moves,
                             statusRect: Rect(column: 0, row: 0, columns: 30, rows: 10), retry: "[ Retry ]", output: output)
        }
        XCTAssertTrue(handle(.key(.character("r")), .failed(message: "x")))
        XCTAssertFalse(handle(.key(.down), .loading))
        let tiles = ListContent.loaded(rows: LazyRows(Array(0..<10)), selectedIndex: 1, firstVisibleRow: 0)
        XCTAssertTrue(handle(.key(.down), tiles, touched: 2))
        XCTAssertTrue(handle(.key(.character("r")), tiles))
        XCTAssertFalse(handle(.key(.character("x")), tiles), "the screen's own key")
        XCTAssertEqual(output.events, ["reload", "cancel touch", "select 4 top 0 rows 0..<6", "reload"])
    }

    func testAPressTouchesAndAReleaseOnTheSameTileOpensIt() {
        XCTAssertEqual(action(mouse(.press(button: 0), column: 12, row: 1)), .touch(1))
        XCTAssertEqual(action(mouse(.release, column: 12, row: 1), touched: 1), .open(1))
        XCTAssertEqual(action(mouse(.release, column: 2, row: 1), touched: 1), .cancelTouch, "another tile of the same row cancels")
    }

    func testTheWheelMovesAndPullsToRefreshAtTheTop() {
        guard case .select(let below, _, _)? = action(mouse(.wheelDown, column: 0, row: 0), selected: 0) else { return XCTFail("wheel down selects") }
        XCTAssertEqual(below, 3)
        XCTAssertEqual(action(mouse(.wheelUp, column: 0, row: 0), selected: 1), .reload, "at the top: pull to refresh")
        guard case .select(let above, _, _)? = action(mouse(.wheelUp, column: 0, row: 0), selected: 4) else { return XCTFail("wheel up selects") }
        XCTAssertEqual(above, 1)
        XCTAssertEqual(action(mouse(.release, column: 2, row: 6), touched: 0), .reload, "pressed on the first row, released further down")
    }
}
