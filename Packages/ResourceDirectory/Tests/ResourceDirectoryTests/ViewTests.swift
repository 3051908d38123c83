import ImageKit
import Navigation
import NavigationTesting
import TerminalKit
import TerminalUI
import TerminalUITesting
import XCTest
@testable import ResourceDirectory

@MainActor
final class RecordingViewOutputs: CategoriesViewOutput, ResourceListViewOutput, ResourceDetailViewOutput, ComposeEmailViewOutput {
    var events: [String] = []
    func didLoad() { events.append("load") }
    func didRequestReload() { events.append("reload") }
    func didCancelTouch() { events.append("cancel touch") }
    func didChangeSelection(to index: Int, firstVisibleRow: Int, visibleRows: Range<Int>) {
        events.append("select \(index) top \(firstVisibleRow) rows \(visibleRows.lowerBound)..<\(visibleRows.upperBound)")
    }
    func didChooseRow(at index: Int) { events.append("choose \(index)") }
    func didTouchRow(at index: Int) { events.append("touch \(index)") }
    func didPressSort() { events.append("sort") }
    func didTouchSort() { events.append("touch sort") }
    func didEditSearch(_ search: SearchFieldState) { events.append("search \(search.query) editing \(search.isEditing)") }
    func didFocusAction(_ index: Int?, scrollOffset: Int) { events.append("focus \(index.map(String.init) ?? "none") offset \(scrollOffset)") }
    func didScroll(to offset: Int) { events.append("scroll \(offset)") }
    func didTouchAction(_ index: Int) { events.append("touch action \(index)") }
    func didActivateAction(_ index: Int) { events.append("activate \(index)") }
    func didRequestOpeningOutside() { events.append("outside") }
    func didRequestCopy() { events.append("copy") }
    func didMoveFocus(to focus: ComposeEmailViewModel.Focus) { events.append("focus \(focus)") }
    func didEditFields(_ fields: FormState) { events.append("fields \(fields["to"]?.text ?? "")|\(fields["subject"]?.text ?? "")") }
    func didEditBody(_ body: TextAreaState) { events.append("body \(body.text)") }
    func didRequestSend() { events.append("send") }
    func didRequestCancel() { events.append("cancel") }
}

@MainActor
final class ViewTests: XCTestCase {
    private let photo = RGBImage(width: 8, height: 6, filledWith: RGBPixel(red: 200, green: 120, blue: 40))

    private func context(_ columns: Int, _ rows: Int, _ mode: ColorMode = .none) -> RenderContext {
        RenderContext(size: Size(columns: columns, rows: rows), colorMode: mode)
    }

    private var categories: CategoriesViewModel {
        CategoriesViewModel(title: ResourceDirectoryTexts.appTitle, content: .loaded(rows: LazyRows([.init(title: "Restaurants", description: "Find local restaurants"),
                                                             .init(title: "Vacation Spots", description: "")]), selectedIndex: 1, firstVisibleRow: 0))
    }

    private func resources(search: SearchFieldState = SearchFieldState(), order: String = "order: A–Z", selected: Int = 1) -> ResourceListViewModel {
        let titles = ["bagel corner", "Éclair & Co.", "élan bistro", "Pizza Spanos", "Zócalo Taquería", "Ångström Sushi"]
        let rows = titles.enumerated().map { index, title in
            ResourceListViewModel.Row(title: title, summary: "Summary of \(title) – with <b>no</b> tags & one line.",
                                      photo: index == 2 ? .none : index == 3 ? .loading : .loaded(photo))
        }
        return ResourceListViewModel(title: "Restaurants (6)", content: .loaded(rows: LazyRows(rows), selectedIndex: selected, firstVisibleRow: 0),
                                     orderLabel: order, search: search, emptyMessage: "")
    }

    private var detail: ResourceDetailViewModel {
        let entry = ResourceListInteractor.entry(ResourceDetailPresenterTests.full)
        let (sections, actions) = ResourceDetailPresenter.sections(of: entry.resource)
        return ResourceDetailViewModel(title: entry.resource.title, photo: .loaded(photo), description: entry.descriptionText,
                                       sections: sections, actionCount: actions.count, focusedAction: 1, touchedAction: nil,
                                       scrollOffset: 0, notice: .init(text: "Opened tel:+15147028287 in the phone app.", isProblem: false))
    }

    private var compose: ComposeEmailViewModel {
        var fields = FormState(fields: [.init(id: "to", label: "To", text: "nobody"), .init(id: "subject", label: "Subject", text: "Table for 2")],
                               focus: 0)
        fields.setMessages(["to": "Enter one email address, such as name@example.com."])
        return ComposeEmailViewModel(fields: fields, body: TextAreaState(text: "Hi,\nsee you at 8."), bodyMessage: nil, focus: .to,
                                     notice: nil, isSending: false)
    }

    // MARK: Snapshots at 80 and 120 columns

    func testCategories() async {
        assertSnapshot(CategoriesView().render(categories, in: context(80, 12)), named: "categories-80x12")
        assertSnapshot(CategoriesView().render(categories, in: context(120, 12)), named: "categories-120x12")
        let failed = CategoriesViewModel(title: ResourceDirectoryTexts.appTitle, content: .failed(message: "The categories could not be loaded. The server answered 500 Internal Server Error."))
        assertSnapshot(CategoriesView().render(failed, in: context(80, 12)), named: "categories-error-80x12")
    }

    /// The categories' filter line: the shared placeholder, the query being typed with its count and
    /// typing keys, and the message when nothing matches; at 80 and 40 columns.
    func testCategoriesFilterLine() async {
        var typing = categories
        typing.search = SearchFieldState(query: "vac", isEditing: true)
        typing.title = "Resource Directory (1 of 2)"
        typing.content = .loaded(rows: LazyRows([.init(title: "Vacation Spots", description: "")]), selectedIndex: 0, firstVisibleRow: 0)
        var none = typing
        none.search = SearchFieldState(query: "zz", isEditing: false)
        none.title = "Resource Directory (0 of 2)"
        none.content = .loaded(rows: LazyRows([]), selectedIndex: 0, firstVisibleRow: 0)
        none.emptyMessage = "No category matches “zz”."
        for columns in [80, 40] {
            assertSnapshot(CategoriesView().render(typing, in: context(columns, 10)), named: "categories-filter-typing-\(columns)x10")
            assertSnapshot(CategoriesView().render(none, in: context(columns, 10)), named: "categories-filter-no-match-\(columns)x10")
        }
        let idle = PlainTextEncoder.encode(CategoriesView().render(categories, in: context(40, 10)))
        XCTAssertTrue(idle.contains("/ press / to filter"), idle)
        let wide = PlainTextEncoder.encode(CategoriesView().render(categories, in: context(80, 10)))
        XCTAssertTrue(wide.contains("/ filter"), "the key bar names the filter: \(wide)")
    }

    func testCategoriesFilterKeys() async {
        let output = RecordingViewOutputs()
        let view = ModuleScreen<CategoriesView>(output: output, viewModel: categories)
        XCTAssertFalse(view.capturesText)
        XCTAssertTrue(view.handle(.key(.character("/")), in: context(80, 12)))
        var typing = categories
        typing.search = SearchFieldState(query: "", isEditing: true)
        view.display(typing)
        XCTAssertTrue(view.capturesText, "q and ? are typed, not the host's")
        _ = view.handle(.key(.character("q")), in: context(80, 12))
        _ = view.handle(.key(.down), in: context(80, 12))
        _ = view.handle(.key(.enter), in: context(80, 12))
        XCTAssertEqual(output.events, ["search  editing true", "search q editing true", "select 1 top 0 rows 0..<2", "search  editing false"])
        XCTAssertTrue(CategoriesView.keys(for: categories).contains(SearchInput.filterBinding(.english).help), "? and --help list the shared / key")
    }

    /// The keys the lists take are their bindings, and their help says each one (space pages too).
    func testTheListsTakeTheKeysTheirHelpSays() async {
        assertKeysAreTheBindings(CategoriesView.bindings, of: "categories", context: context(80, 12)) {
            ModuleScreen<CategoriesView>(output: RecordingViewOutputs(), viewModel: self.categories)
        }
        assertKeysAreTheBindings(ResourceListView.bindings, of: "resources", context: context(80, 12)) {
            ModuleScreen<ResourceListView>(output: RecordingViewOutputs(), viewModel: self.resources())
        }
        XCTAssertEqual(ResourceListView.keys.map(\.keys).last, "esc", "the host's esc, said in the screen's words, is help only")
    }

    func testResourcesWithPhotosWhereThereIsRoom() async {
        assertSnapshot(ResourceListView().render(resources(), in: context(80, 16)), named: "resources-80x16")
        assertSnapshot(ResourceListView().render(resources(), in: context(120, 16)), named: "resources-120x16")
        let narrow = PlainTextEncoder.encode(ResourceListView().render(resources(), in: context(50, 16)))
        XCTAssertTrue(narrow.contains("▌ Éclair & Co."), "no photos below 60 columns: the title comes first")
    }

    func testFilteringShowsTheQueryTheCountAndWhatToDoWhenNothingMatches() async {
        var filtering = resources(search: SearchFieldState(query: "zz", isEditing: true))
        filtering.title = "Restaurants (0 of 6)"
        filtering.content = .loaded(rows: LazyRows([]), selectedIndex: 0, firstVisibleRow: 0)
        filtering.emptyMessage = "No title matches “zz”."
        assertSnapshot(ResourceListView().render(filtering, in: context(80, 12)), named: "resources-no-match-80x12")
    }

    func testDetailsFollowTheMockup() async {
        assertSnapshot(ResourceDetailView().render(detail, in: context(80, 50)), named: "detail-80x50")
        assertSnapshot(ResourceDetailView().render(detail, in: context(120, 30)), named: "detail-120x30")
    }

    func testCompose() async {
        assertSnapshot(ComposeEmailView().render(compose, in: context(80, 24)), named: "compose-80x24")
        var unavailable = compose
        unavailable.fields.setMessages([:])
        unavailable.notice = .init(text: "No desktop opener (no DISPLAY or WAYLAND_DISPLAY); the link is: mailto:hello@pizza.example", isProblem: true)
        assertSnapshot(ComposeEmailView().render(unavailable, in: context(120, 24)), named: "compose-unavailable-120x24")
    }

    func testSelectedAndTouchedRowsDifferWithoutColors() async {
        let selected = ListRowStyle.cell(touched: false, selected: true, mode: .none)
        let touched = ListRowStyle.cell(touched: true, selected: false, mode: .none)
        XCTAssertNotEqual(selected, touched)
        XCTAssertNotEqual(selected, .plain)
    }

    // MARK: Keys and mouse

    func testListKeys() async {
        let output = RecordingViewOutputs()
        let view = ModuleScreen<ResourceListView>(output: output, viewModel: resources())
        let size = context(80, 16)
        for event: InputEvent in [.key(.character("s")), .key(.down), .key(.enter), .key(.character("r")), .key(.character("/"))] {
            XCTAssertTrue(view.handle(event, in: size))
        }
        XCTAssertEqual(output.events, ["sort", "select 2 top 0 rows 0..<5", "choose 1", "reload", "search  editing true"])
        XCTAssertFalse(view.capturesText)
        XCTAssertFalse(view.handle(.key(.escape), in: size), "esc without a filter goes back")
    }

    func testWhileFilteringEveryLetterIsText() async {
        let output = RecordingViewOutputs()
        let view = ModuleScreen<ResourceListView>(output: output, viewModel: resources(search: SearchFieldState(query: "p", isEditing: true)))
        XCTAssertTrue(view.capturesText, "q and ? are typed, not the host's")
        _ = view.handle(.key(.character("s")), in: context(80, 16))
        _ = view.handle(.key(.down), in: context(80, 16))
        _ = view.handle(.key(.escape), in: context(80, 16))
        XCTAssertEqual(output.events, ["search ps editing true", "select 2 top 0 rows 0..<5", "search  editing false"])
    }

    func testTheSortButtonIsPressedByAClick() async {
        let output = RecordingViewOutputs()
        var model = resources()
        let view = ModuleScreen<ResourceListView>(output: output, viewModel: model)
        let (button, origin) = ResourceListView.sortButton(Size(columns: 80, rows: 16))
        XCTAssertEqual(origin.column + button.width, 79)
        _ = view.handle(.mouse(MouseEvent(kind: .press(button: 0), column: origin.column + 2, row: 0)), in: context(80, 16))
        model.sortTouched = true
        view.display(model)
        _ = view.handle(.mouse(MouseEvent(kind: .release, column: origin.column + 2, row: 0)), in: context(80, 16))
        XCTAssertEqual(output.events, ["touch sort", "sort"])
    }

    func testAClickOnARowTouchesItAndTheReleaseOpensIt() async {
        let output = RecordingViewOutputs()
        var model = resources()
        let view = ModuleScreen<ResourceListView>(output: output, viewModel: model)
        // The list starts at row 2; each resource takes 3 rows: row 5 is the second resource.
        _ = view.handle(.mouse(MouseEvent(kind: .press(button: 0), column: 10, row: 5)), in: context(80, 16))
        model.touchedIndex = 1
        view.display(model)
        _ = view.handle(.mouse(MouseEvent(kind: .release, column: 10, row: 5)), in: context(80, 16))
        XCTAssertEqual(output.events, ["touch 1", "choose 1"])
    }

    /// The keys the details take are their bindings, and their help says each one (j/k move the focus
    /// and space scrolls too).
    func testTheDetailsTakeTheKeysTheirHelpSays() async {
        assertKeysAreTheBindings(ResourceDetailView.bindings, of: "resource details", context: context(80, 20)) {
            ModuleScreen<ResourceDetailView>(output: RecordingViewOutputs(), viewModel: self.detail)
        }
    }

    /// The compose screen's keys are its bindings where the focus is: in a field, enter and ↑↓ move on
    /// (its help said only tab, ctrl-s and esc); in the message they write. A key that writes nothing
    /// (f5, ctrl-x) is not taken.
    func testTheComposeScreenTakesTheKeysItsHelpSays() async {
        var inMessage = compose
        inMessage.focus = .body
        for viewModel in [compose, inMessage] {
            assertKeysAreTheBindings(ComposeEmailView.bindings(for: viewModel), of: "compose (\(viewModel.focus))", context: context(80, 20)) {
                ModuleScreen<ComposeEmailView>(output: RecordingViewOutputs(), viewModel: viewModel)
            }
        }
    }

    func testDetailTabMovesTheFocusAndScrollsItIntoView() async {
        let output = RecordingViewOutputs()
        var model = detail
        model.focusedAction = nil
        model.notice = nil
        let view = ModuleScreen<ResourceDetailView>(output: output, viewModel: model)
        let small = context(80, 20)
        _ = view.handle(.key(.tab), in: small)
        model.focusedAction = 7   // the second address, far below the first screen
        view.display(model)
        _ = view.handle(.key(.tab), in: small)
        _ = view.handle(.key(.backtab), in: small)
        _ = view.handle(.key(.enter), in: small)
        _ = view.handle(.key(.character("o")), in: small)
        _ = view.handle(.key(.pageDown), in: small)
        let page = ResourceDetailView.page(model, width: 79, colorMode: .none, tick: 0)
        let eighth = page.buttons[8]!, sixth = page.buttons[6]!
        XCTAssertEqual(output.events, ["focus 0 offset 0", "focus 8 offset \(eighth.row - 19 + 2)", "focus 6 offset \(sixth.row - 19 + 2)",
                                       "activate 7", "outside", "scroll 18"])
    }

    func testAClickOnAButtonActivatesItOnRelease() async {
        let output = RecordingViewOutputs()
        var model = detail
        model.notice = nil
        let view = ModuleScreen<ResourceDetailView>(output: output, viewModel: model)
        let page = ResourceDetailView.page(model, width: 119, colorMode: .none, tick: 0)
        let call = page.buttons[1]!
        _ = view.handle(.mouse(MouseEvent(kind: .press(button: 0), column: call.column + 1, row: call.row)), in: context(120, 60))
        model.touchedAction = 1
        view.display(model)
        _ = view.handle(.mouse(MouseEvent(kind: .release, column: call.column + 1, row: call.row)), in: context(120, 60))
        XCTAssertEqual(output.events, ["touch action 1", "activate 1"])
    }

    func testComposeKeys() async {
        let output = RecordingViewOutputs()
        let view = ModuleScreen<ComposeEmailView>(output: output, viewModel: compose)
        XCTAssertTrue(view.capturesText)
        for event: InputEvent in [.key(.character("q")), .key(.tab), .key(.enter), .key(.ctrl("s")), .key(.escape)] {
            XCTAssertTrue(view.handle(event, in: context(80, 24)))
        }
        XCTAssertEqual(output.events, ["fields nobodyq|Table for 2", "focus subject", "focus subject", "send", "cancel"])
        var body = compose
        body.focus = .body
        view.display(body)
        _ = view.handle(.key(.enter), in: context(80, 24))
        XCTAssertEqual(output.events.last, "body Hi,\nsee you at 8.\n", "enter is a new line in the message")
    }

    /// A failure that loading again cannot fix shows no retry button, and its key bar offers none.
    func testACategoryWithoutAFileOffersNoRetry() async {
        let model = ResourceListViewModel(title: "Museums", content: .failed(message: "The directory has no resource file for “Museums”.", canRetry: false),
                                          orderLabel: "A–Z", search: SearchFieldState(), emptyMessage: "")
        let text = ResourceListView().render(model, in: RenderContext(size: Size(columns: 80, rows: 12), colorMode: .none)).text
        XCTAssertFalse(text.contains("Retry") || text.contains("r retry") || text.contains("↑↓"), text)
        XCTAssertTrue(text.contains("esc back"), text)
    }
}
