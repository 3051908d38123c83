import ImageKit
import Navigation
import NavigationTesting
import TerminalKit
import TerminalUI
import TerminalUITesting
import XCTest
@testable import Numbers

@MainActor
final class RecordingListOutput: NumbersListViewOutput {
    var events: [String] = []
    func didLoad() { events.append("load") }
    func didRequestReload() { events.append("reload") }
    func didChangeSelection(to index: Int, firstVisibleRow: Int, visibleRows: Range<Int>) {
        events.append("select \(index) top \(firstVisibleRow) rows \(visibleRows.lowerBound)..<\(visibleRows.upperBound)")
    }
    func didChooseRow(at index: Int) { events.append("choose \(index)") }
    func didTouchRow(at index: Int) { events.append("touch \(index)") }
    func didCancelTouch() { events.append("cancel touch") }
    func didEditSearch(_ search: SearchFieldState) { events.append("search \(search.query) editing \(search.isEditing)") }
}

@MainActor
final class ListViewTests: XCTestCase {
    private let picture = RGBImage(width: 4, height: 4, filledWith: RGBPixel(red: 40, green: 40, blue: 48))
    private func loaded(selected: Int = 1, touched: Int? = nil, count: Int = 3) -> NumbersListViewModel {
        let rows = (0..<count).map { NumberRowViewModel(name: ["1", "2", "10,000"][$0 % 3], image: $0 == 2 ? .loading : .loaded(picture)) }
        return NumbersListViewModel(title: "Numbers (\(count))", content: .loaded(rows: LazyRows(rows), selectedIndex: selected, firstVisibleRow: 0),
                                    touchedIndex: touched)
    }
    private let context = RenderContext(size: Size(columns: 40, rows: 14), colorMode: .none)

    func testRowsWithPicturesTheSelectionAndTheKeyBar() async {
        assertSnapshot(NumbersListView().render(loaded(), in: context), named: "list-40x14")
    }

    /// Normal, touched and selected differ in truecolor, 256 colors and without colors.
    func testTheThreeCellStatesDifferInEveryColorMode() async {
        for mode in [ColorMode.trueColor, .palette256, .none] {
            let normal = NumbersListView.cellStyle(touched: false, selected: false, mode: mode)
            let touched = NumbersListView.cellStyle(touched: true, selected: false, mode: mode)
            let selected = NumbersListView.cellStyle(touched: false, selected: true, mode: mode)
            XCTAssertEqual(Set([normal, touched, selected]).count, 3, "\(mode)")
            if mode == .none {
                XCTAssertTrue(touched.reverse && !selected.reverse && selected.underline, "without colors: reverse vs underline")
            } else {
                XCTAssertEqual(touched.foreground, .brightWhite)
                XCTAssertEqual(selected.foreground, .brightWhite)
                XCTAssertNotEqual(touched.background, selected.background, "blue vs red")
            }
        }
        let colored = RenderContext(size: Size(columns: 40, rows: 14), colorMode: .trueColor)
        assertStyleSnapshot(NumbersListView().render(loaded(selected: 0, touched: 1), in: colored), named: "list-styles-truecolor")
    }

    func testLoadingErrorAndEmpty() async {
        let failed = NumbersListViewModel(title: "Numbers", content: .failed(message: "No connection to dev.tapptic.com — check the network or the server."))
        assertSnapshot(NumbersListView().render(failed, in: context), named: "list-error-40x14")
        let empty = NumbersListViewModel(title: "Numbers (0)", content: .loaded(rows: LazyRows([]), selectedIndex: 0, firstVisibleRow: 0),
                                         emptyMessage: NumbersTexts.empty)
        XCTAssertTrue(PlainTextEncoder.encode(NumbersListView().render(empty, in: context)).contains("No numbers to show."))
    }

    func testKeysAndTheTouchPatternBecomePresenterCalls() async {
        let output = RecordingListOutput()
        let view = ModuleScreen<NumbersListView>(output: output, viewModel: loaded())
        _ = view.handle(.key(.up), in: context)
        _ = view.handle(.key(.end), in: context)
        _ = view.handle(.key(.enter), in: context)
        // Rows start at line 3 (under the title, the filter and the notice lines) and are 3 lines tall: line 7 is the second row.
        _ = view.handle(.mouse(MouseEvent(kind: .press(button: 0), column: 3, row: 7)), in: context)
        XCTAssertEqual(output.events, ["select 0 top 0 rows 0..<3", "select 2 top 0 rows 0..<3", "choose 1", "touch 1"])
        view.display(loaded(touched: 1))
        _ = view.handle(.mouse(MouseEvent(kind: .release, column: 3, row: 7)), in: context)
        view.display(loaded(touched: 1))
        _ = view.handle(.mouse(MouseEvent(kind: .release, column: 3, row: 12)), in: context)
        XCTAssertEqual(output.events.suffix(2), ["choose 1", "cancel touch"])
    }

    /// The filter line: the shared placeholder, the query being typed with the count and the typing
    /// keys, and the message when nothing matches; at 80 and 40 columns.
    func testTheFilterLineIdleTypingAndWithoutMatches() async {
        var typing = loaded(selected: 0, count: 1)
        typing.content = .loaded(rows: LazyRows([NumberRowViewModel(name: "10,000", image: .loaded(picture))]), selectedIndex: 0, firstVisibleRow: 0)
        typing.title = "Numbers (1 of 3)"
        typing.search = SearchFieldState(query: "10", isEditing: true)
        var none = loaded(selected: 0, count: 0)
        none.title = "Numbers (0 of 3)"
        none.search = SearchFieldState(query: "zz", isEditing: false)
        none.emptyMessage = "No number matches “zz”."
        for columns in [80, 40] {
            let size = RenderContext(size: Size(columns: columns, rows: 10), colorMode: .none)
            assertSnapshot(NumbersListView().render(loaded(), in: size), named: "list-filter-idle-\(columns)x10")
            assertSnapshot(NumbersListView().render(typing, in: size), named: "list-filter-typing-\(columns)x10")
            assertSnapshot(NumbersListView().render(none, in: size), named: "list-filter-no-match-\(columns)x10")
        }
    }

    /// `/` starts the filter; while it is typed, q and ? are text and ↑↓ still move the selection.
    func testSlashFiltersAndWhileTypingEveryLetterIsText() async {
        let output = RecordingListOutput()
        let view = ModuleScreen<NumbersListView>(output: output, viewModel: loaded())
        XCTAssertFalse(view.capturesText)
        XCTAssertTrue(view.handle(.key(.character("/")), in: context))
        var typing = loaded()
        typing.search = SearchFieldState(query: "", isEditing: true)
        view.display(typing)
        XCTAssertTrue(view.capturesText, "q and ? are typed, not the host's")
        _ = view.handle(.key(.character("q")), in: context)
        _ = view.handle(.key(.down), in: context)
        _ = view.handle(.key(.escape), in: context)
        XCTAssertEqual(output.events, ["search  editing true", "search q editing true", "select 2 top 0 rows 0..<3", "search  editing false"])
        XCTAssertTrue(NumbersListView.keys.contains(SearchInput.filterBinding(.english).help), "? and --help list the shared / key")
    }

    /// The keys the list takes are its bindings, and its help says each one (space pages too).
    func testTheListTakesTheKeysItsHelpSays() async {
        assertKeysAreTheBindings(NumbersListView.bindings, of: "numbers list", context: context) {
            ModuleScreen<NumbersListView>(output: RecordingListOutput(), viewModel: self.loaded())
        }
    }

    func testErrorOffersRetryByEnterSpaceOrR() async {
        let output = RecordingListOutput()
        let view = ModuleScreen<NumbersListView>(output: output, viewModel: NumbersListViewModel(title: "Numbers", content: .failed(message: "x")))
        XCTAssertTrue(view.handle(.key(.enter), in: context))
        XCTAssertTrue(view.handle(.key(.character("r")), in: context))
        XCTAssertTrue(view.handle(.key(.character(" ")), in: context))
        XCTAssertEqual(output.events, ["reload", "reload", "reload"])
        XCTAssertEqual(ListInput.retryBinding().unnamedKeys, [], "its help says all three")
    }
}

@MainActor
final class RecordingDetailOutput: NumberDetailViewOutput {
    var events: [String] = []
    func didLoad() { events.append("load") }
    func didRequestReload() { events.append("reload") }
    func didRequestCopy() { events.append("copy") }
}

@MainActor
final class DetailViewTests: XCTestCase {
    private let context = RenderContext(size: Size(columns: 50, rows: 20), colorMode: .none)

    func testNamePictureAndText() async {
        let picture = RGBImage(width: 8, height: 8, filledWith: RGBPixel(red: 40, green: 40, blue: 48))
        let model = NumberDetailViewModel(name: "10,000", text: .loaded("Ichi-man"), image: .loaded(picture))
        assertSnapshot(NumberDetailView().render(model, in: context), named: "detail-50x20")
    }

    /// The keys the detail takes are its bindings, and its help says each one.
    func testTheDetailTakesTheKeysItsHelpSays() async {
        let model = NumberDetailViewModel(name: "10,000", text: .loaded("Ichi-man"), image: .none)
        assertKeysAreTheBindings(NumberDetailView.bindings, of: "number detail", context: context) {
            ModuleScreen<NumberDetailView>(output: RecordingDetailOutput(), viewModel: model)
        }
    }

    func testAFailureOffersRetry() async {
        let output = RecordingDetailOutput()
        let model = NumberDetailViewModel(name: "1", text: .failed(message: "This number could not be loaded."), image: .none)
        let view = ModuleScreen<NumberDetailView>(output: output, viewModel: model)
        XCTAssertTrue(PlainTextEncoder.encode(view.render(in: context)).contains("[ Retry ]"))
        XCTAssertTrue(view.handle(.key(.enter), in: context))
        XCTAssertTrue(view.handle(.key(.character("r")), in: context))
        XCTAssertFalse(view.handle(.key(.escape), in: context), "esc is the split's")
        XCTAssertEqual(output.events, ["reload", "reload"])
    }
}
