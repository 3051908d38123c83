import ImageKit
import Navigation
import NavigationTesting
import TerminalKit
import TerminalUI
import TerminalUITesting
import XCTest
@testable import ProductGrid

/// A 16x16 picture: dark top-left quarter, light elsewhere, so the ascii rendering shows a shape.
private let sampleImage: RGBImage = {
    var pixels: [UInt8] = []
    for y in 0..<16 {
        for x in 0..<16 {
            let value: UInt8 = (x < 8 && y < 8) ? 20 : 230
            pixels += [value, value, value]
        }
    }
    return RGBImage(width: 16, height: 16, pixels: pixels)
}()

private func tiles(_ count: Int) -> [ProductTileViewModel] {
    (1...count).map { number in
        ProductTileViewModel(name: "Product \(number)", price: "\(number),00 €",
                             image: number == 2 ? .unavailable(reason: "image unavailable") : .loaded(sampleImage))
    }
}

@MainActor
final class RecordingListOutput: ProductListViewOutput {
    var events: [String] = []
    func didLoad() { events.append("load") }
    func didRequestReload() { events.append("reload") }
    func didChangeSelection(to index: Int, firstVisibleRow: Int, visibleRows: Range<Int>) { events.append("select \(index) row \(firstVisibleRow)") }
    func didChooseRow(at index: Int) { events.append("choose \(index)") }
    func didTouchRow(at index: Int) { events.append("touch \(index)") }
    func didCancelTouch() { events.append("cancel touch") }
    func didEditSearch(_ search: SearchFieldState) { events.append("search \(search.query) editing \(search.isEditing)") }
}

@MainActor
final class RecordingDetailOutput: ProductDetailViewOutput {
    var events: [String] = []
    func didLoad() { events.append("load") }
    func didRequestReload() { events.append("reload") }
    func didScroll(to offset: Int) { events.append("scroll \(offset)") }
    func didRequestClose() { events.append("close") }
    func didRequestCopy() { events.append("copy") }
}

@MainActor
final class ProductListViewTests: XCTestCase {
    private func context(_ columns: Int, _ rows: Int) -> RenderContext {
        RenderContext(size: Size(columns: columns, rows: rows), colorMode: .none)
    }

    private func loaded(_ count: Int, selected: Int = 0, firstRow: Int = 0) -> ProductListViewModel {
        ProductListViewModel(title: "Products (\(count))", content: .loaded(rows: LazyRows(tiles(count)), selectedIndex: selected, firstVisibleRow: firstRow), notice: nil)
    }

    /// The keys the grid takes are its bindings, and its help says each one.
    func testTheGridTakesTheKeysItsHelpSays() async {
        assertKeysAreTheBindings(ProductListView.bindings, of: "product grid", context: context(100, 30)) {
            ModuleScreen<ProductListView>(output: RecordingListOutput(), viewModel: self.loaded(12, selected: 5))
        }
    }

    /// A notice too long for a narrow header ends in an ellipsis before the page position, never under it.
    func testANoticeIsCutBeforeThePagePosition() async {
        var model = loaded(7)
        model.notice = "Offline — as of 22:50 (r retries)"
        let header = ProductListView().render(model, in: context(45, 14)).text.split(separator: "\n").first.map(String.init)
        XCTAssertEqual(header, "Products (7)  Offline — as of 22:50 (r r… 1/7")
    }

    /// The selected tile's name is the focus (the accessible mode's cursor), and in that mode, which
    /// draws no borders, "> " before the name says which tile is selected.
    func testTheSelectedTilesNameIsTheFocus() async throws {
        let model = loaded(5, selected: 1)
        let frame = ProductListView().render(model, in: context(80, 24))
        let focus = try XCTUnwrap(frame.cursor)
        let line = frame.text.split(separator: "\n", omittingEmptySubsequences: false)[focus.row]
        XCTAssertTrue(line.dropFirst(focus.column).hasPrefix("Product 2"), "\(line) at \(focus)")
        var accessible = context(80, 24)
        accessible.accessible = true
        let marked = ProductListView().render(model, in: accessible)
        let markedLine = marked.text.split(separator: "\n", omittingEmptySubsequences: false)[try XCTUnwrap(marked.cursor).row]
        XCTAssertTrue(markedLine.contains("> Product 2"), String(markedLine))
        XCTAssertFalse(markedLine.contains("> Product 1"))
    }

    func testGridAt80x24() async {
        assertSnapshot(ProductListView().render(loaded(5), in: context(80, 24)), named: "grid-80x24")
    }

    func testGridAt120x40HasThreeColumnsAndSecondRowSelected() async {
        assertSnapshot(ProductListView().render(loaded(7, selected: 4), in: context(120, 40)), named: "grid-120x40-selected-5")
    }

    /// The filter line under the title: the shared placeholder, the query being typed with the count
    /// and the typing keys, and the message when nothing matches; at 80 and 40 columns.
    func testTheFilterLineIdleTypingAndWithoutMatches() async {
        var typing = loaded(2)
        typing.title = "Products (2 of 12)"
        typing.search = SearchFieldState(query: "prod", isEditing: true)
        var none = loaded(0 + 1)
        none.content = .loaded(rows: LazyRows([]), selectedIndex: 0, firstVisibleRow: 0)
        none.title = "Products (0 of 12)"
        none.search = SearchFieldState(query: "zz")
        none.emptyMessage = "No product matches “zz”."
        for columns in [80, 40] {
            assertSnapshot(ProductListView().render(typing, in: context(columns, 16)), named: "grid-filter-typing-\(columns)x16")
            assertSnapshot(ProductListView().render(none, in: context(columns, 16)), named: "grid-filter-no-match-\(columns)x16")
        }
        let idle = ProductListView().render(loaded(2), in: context(40, 16)).text
        XCTAssertTrue(idle.split(separator: "\n")[1].hasSuffix("/ press / to filter"), idle)
    }

    /// `/` starts the filter; while typing, hjkl, q and ? are text, ↑↓ still move, enter keeps it.
    func testSlashFiltersAndWhileTypingEveryLetterIsText() async {
        let output = RecordingListOutput()
        let view = ModuleScreen<ProductListView>(output: output, viewModel: loaded(12))
        let ctx = context(80, 24)
        XCTAssertFalse(view.capturesText)
        XCTAssertTrue(view.handle(.key(.character("/")), in: ctx))
        var typing = loaded(12)
        typing.search = SearchFieldState(query: "", isEditing: true)
        view.display(typing)
        XCTAssertTrue(view.capturesText)
        _ = view.handle(.key(.character("l")), in: ctx)
        _ = view.handle(.key(.down), in: ctx)
        _ = view.handle(.key(.enter), in: ctx)
        XCTAssertEqual(output.events, ["search  editing true", "search l editing true", "select 2 row 1", "search  editing false"])
        XCTAssertTrue(ProductListView.keys.contains(SearchInput.filterBinding(.english).help), "? and --help list the shared / key")
    }

    func testLoadingAndErrorStates() async {
        assertSnapshot(ProductListView().render(ProductListViewModel(title: "Products", content: .loading, notice: nil), in: context(60, 12)),
                       named: "grid-loading")
        assertSnapshot(ProductListView().render(ProductListViewModel(title: "Products", content: .failed(message: "The server answered 500 Internal Server Error."), notice: nil), in: context(60, 12)),
                       named: "grid-error")
    }

    func testLayoutHasAtLeastTwoColumnsAndRoughlySquareTiles() async {
        for (columns, rows) in [(40, 12), (80, 24), (120, 40), (200, 60)] {
            let layout = ProductGridLayout(size: Size(columns: columns, rows: rows), itemCount: 12)
            XCTAssertGreaterThanOrEqual(layout.columns, 2)
            XCTAssertLessThanOrEqual(layout.columns * layout.tileWidth + (layout.columns - 1), columns)
        }
        let layout = ProductGridLayout(size: Size(columns: 120, rows: 40), itemCount: 12)
        XCTAssertEqual(layout.columns, 3)
        XCTAssertEqual(layout.tileHeight, 18)
        XCTAssertEqual(layout.index(after: .down, from: 0), 3, "↓ moves one row down")
        XCTAssertEqual(layout.index(after: .right, from: 0), 1, "→ moves one tile right")
        XCTAssertEqual(layout.index(after: .up, from: 1), 1, "↑ on the first row stays")
        XCTAssertEqual(layout.index(after: .down, from: 10), 10, "↓ on the last row stays")
        XCTAssertEqual(layout.index(after: .last, from: 0), 11)
    }

    func testKeysBecomePresenterCalls() async {
        let output = RecordingListOutput()
        let view = ModuleScreen<ProductListView>(output: output, viewModel: loaded(12))
        let ctx = context(80, 24)
        XCTAssertTrue(view.handle(.key(.down), in: ctx))
        XCTAssertTrue(view.handle(.key(.character("l")), in: ctx))
        XCTAssertTrue(view.handle(.key(.enter), in: ctx))
        XCTAssertTrue(view.handle(.key(.character("r")), in: ctx))
        XCTAssertFalse(view.handle(.key(.character("x")), in: ctx))
        XCTAssertEqual(output.events, ["select 2 row 1", "select 1 row 0", "choose 0", "reload"])
    }

    func testPressTouchesATileReleaseOnItOpensAndWheelMovesTheSelection() async {
        let output = RecordingListOutput()
        let view = ModuleScreen<ProductListView>(output: output, viewModel: loaded(4))
        let ctx = context(80, 24)
        XCTAssertTrue(view.handle(.mouse(MouseEvent(kind: .press(button: 0), column: 60, row: 5)), in: ctx))
        XCTAssertFalse(view.handle(.mouse(MouseEvent(kind: .press(button: 0), column: 40, row: 0)), in: ctx), "the title is not a tile")
        XCTAssertTrue(view.handle(.mouse(MouseEvent(kind: .wheelDown, column: 0, row: 0)), in: ctx))
        XCTAssertEqual(output.events, ["touch 1", "select 2 row 1"])

        var touched = loaded(4)
        touched.touchedIndex = 1
        let touchedView = ModuleScreen<ProductListView>(output: output, viewModel: touched)
        output.events = []
        XCTAssertTrue(touchedView.handle(.mouse(MouseEvent(kind: .release, column: 61, row: 6)), in: ctx))
        XCTAssertTrue(touchedView.handle(.mouse(MouseEvent(kind: .release, column: 10, row: 5)), in: ctx))
        XCTAssertEqual(output.events, ["choose 1", "cancel touch"], "only a release on the touched tile opens it")
        let frame = ProductListView().render(touched, in: RenderContext(size: Size(columns: 80, rows: 24), colorMode: .trueColor))
        XCTAssertTrue(frame.text.contains("► "), frame.text)
        assertStyleSnapshot(frame, named: "grid-80x24-touched")
    }

    /// Pull-to-refresh on the first row of tiles: the wheel up, or a tile pressed and released on a
    /// lower row of tiles; below the first row the wheel moves the selection.
    func testTheWheelUpOrAPullDownAtTheTopReloads() async {
        let output = RecordingListOutput()
        let ctx = context(80, 60) // two rows of tiles on screen
        XCTAssertTrue(ModuleScreen<ProductListView>(output: output, viewModel: loaded(4)).handle(.mouse(MouseEvent(kind: .wheelUp, column: 0, row: 5)), in: ctx))
        var touched = loaded(4)
        touched.touchedIndex = 1
        XCTAssertTrue(ModuleScreen<ProductListView>(output: output, viewModel: touched).handle(.mouse(MouseEvent(kind: .release, column: 10, row: 35)), in: ctx))
        XCTAssertEqual(output.events, ["reload", "cancel touch", "reload"])
    }
}

@MainActor
final class ProductDetailViewTests: XCTestCase {
    private let detail = ProductDetailViewModel(
        name: "Apples", price: "1,20 €", image: .loaded(sampleImage),
        description: .loaded("Crisp red apples from the orchards by the lake. Sweet, a little tart, and good for a week in the fridge."),
        scrollOffset: 0)

    func testPortraitPutsTheImageAboveTheText() async {
        let frame = ProductDetailView().render(detail, in: RenderContext(size: Size(columns: 60, rows: 24), colorMode: .none))
        assertSnapshot(frame, named: "detail-portrait-60x24")
        let rows = frame.text.components(separatedBy: "\n")
        let nameRow = rows.firstIndex { $0.contains("Apples") } ?? -1
        XCTAssertGreaterThan(nameRow, ProductDetailView.layout(for: frame.size).image.maxRow - 1)
    }

    func testLandscapePutsTheImageBesideTheText() async {
        let frame = ProductDetailView().render(detail, in: RenderContext(size: Size(columns: 120, rows: 30), colorMode: .none))
        assertSnapshot(frame, named: "detail-landscape-120x30")
        let layout = ProductDetailView.layout(for: frame.size)
        XCTAssertGreaterThan(layout.text.column, layout.image.maxColumn)
        XCTAssertEqual(layout.text.row, layout.image.row)
    }

    func testLoadingAndFailedDescription() async {
        var loading = detail
        loading.description = .loading
        loading.image = .loading
        assertSnapshot(ProductDetailView().render(loading, in: RenderContext(size: Size(columns: 60, rows: 20), colorMode: .none)), named: "detail-loading")
        var failed = detail
        failed.description = .failed(message: "The server took longer than 15 s to answer.")
        failed.image = .unavailable(reason: "broken image")
        assertSnapshot(ProductDetailView().render(failed, in: RenderContext(size: Size(columns: 60, rows: 20), colorMode: .none)), named: "detail-failed")
    }

    /// The keys the detail takes are its bindings, and its help says each one (space, home and end scroll too).
    func testTheDetailTakesTheKeysItsHelpSays() async {
        var long = detail
        long.description = .loaded(String(repeating: "Many words to fill the lines. ", count: 40))
        assertKeysAreTheBindings(ProductDetailView.bindings, of: "product detail", context: RenderContext(size: Size(columns: 60, rows: 20), colorMode: .none)) {
            ModuleScreen<ProductDetailView>(output: RecordingDetailOutput(), viewModel: long)
        }
    }

    func testScrollingIsClampedAndEscCloses() async {
        var long = detail
        long.description = .loaded(String(repeating: "Many words to fill the lines. ", count: 40))
        let output = RecordingDetailOutput()
        let view = ModuleScreen<ProductDetailView>(output: output, viewModel: long)
        let ctx = RenderContext(size: Size(columns: 60, rows: 20), colorMode: .none)
        XCTAssertTrue(view.handle(.key(.down), in: ctx))
        XCTAssertTrue(view.handle(.key(.end), in: ctx))
        XCTAssertTrue(view.handle(.key(.escape), in: ctx))
        let maximum = ProductDetailView.maxScrollOffset(long, size: ctx.size)
        XCTAssertGreaterThan(maximum, 1)
        XCTAssertEqual(output.events, ["scroll 1", "scroll \(maximum)", "close"])
    }
}
