import Navigation
import TerminalKit
import TerminalUI
import XCTest

@MainActor
final class RecordingListOutput: ListViewOutput {
    var events: [String] = []
    func didRequestReload() { events.append("reload") }
    func didChangeSelection(to index: Int, firstVisibleRow: Int, visibleRows: Range<Int>) {
        events.append("select \(index) top \(firstVisibleRow) rows \(visibleRows.lowerBound)..<\(visibleRows.upperBound)")
    }
    func didChooseRow(at index: Int) { events.append("choose \(index)") }
    func didTouchRow(at index: Int) { events.append("touch \(index)") }
    func didCancelTouch() { events.append("cancel touch") }
}

/// A list presenter of four rows whose row 0 is a section header.
@MainActor
private final class SectionedListPresenter: ListPresenting {
    var list = ListState()
    var rowCount = 4
    var published = 0
    func isSelectableRow(_ index: Int) -> Bool { index > 0 && index < rowCount }
    func publish() { published += 1 }
    func didRequestReload() {}
    func didChangeSelection(to index: Int, firstVisibleRow: Int, visibleRows: Range<Int>) {}
    func didChooseRow(at index: Int) {}
}

/// The list screen every feature composes: its layout, its body in each state, and its input.
@MainActor
final class ListScreenTests: XCTestCase {
    private let words = ListBody.Words(loading: "Loading…", empty: "Nothing yet.", retry: "[ Retry ]")
    private let context = RenderContext(size: Size(columns: 24, rows: 8), colorMode: .none)

    private func layout(_ rows: LazyRows<String>, viewport: Int = 5) -> VirtualListLayout {
        VirtualListLayout(count: rows.count, viewportRows: viewport, height: { rows[$0].hasPrefix("#") ? 1 : 2 },
                          isSelectable: { !rows[$0].hasPrefix("#") })
    }

    private func body(_ content: ListContent<String>, touched: Int? = nil, marks: ListBody.Marks = ListBody.Marks()) -> [String] {
        var frame = Frame(size: Size(columns: 24, rows: 5))
        ListBody.draw(content, in: Rect(column: 0, row: 0, columns: 24, rows: 5), into: &frame, layout: { self.layout($0) },
                      touchedIndex: touched, words: words, context: context, marks: marks) { title, cell, body in
            body.put(title, at: Point(column: 2, row: cell.rect.row), style: cell.style)
        }
        return PlainTextEncoder.encode(frame).components(separatedBy: "\n").map { $0.replacingOccurrences(of: " +$", with: "", options: .regularExpression) }
    }

    func testTheLayoutStacksTitleSearchNoticeAndListAboveTheKeyBar() async {
        let size = Size(columns: 40, rows: 20)
        let plain = ListScreenLayout(size: size, hasNotice: false)
        XCTAssertEqual(plain.title, Rect(column: 1, row: 0, columns: 38, rows: 1))
        XCTAssertNil(plain.search)
        XCTAssertEqual(plain.list, Rect(column: 0, row: 1, columns: 40, rows: 18))
        let reserved = ListScreenLayout(size: size, hasNotice: false, noticeLine: .reserved)
        XCTAssertEqual(reserved.list.row, 2, "a reserved notice line keeps the list in place")
        let searched = ListScreenLayout(size: size, hasSearch: true, hasNotice: true)
        XCTAssertEqual(searched.search?.row, 1)
        XCTAssertEqual(searched.notice?.row, 2)
        XCTAssertEqual(searched.list, Rect(column: 0, row: 3, columns: 40, rows: 16))
        XCTAssertEqual(ListScreenLayout(size: Size(columns: 1, rows: 2), hasSearch: true, hasNotice: true).list.rows, 0)
    }

    /// The selected row's marker cell is the frame's focus (the accessible mode's cursor goes there),
    /// and follows the selection; a list without a selection on screen has none.
    func testTheSelectedRowsMarkerIsTheFocus() async {
        func focus(_ content: ListContent<String>) -> Point? {
            var frame = Frame(size: Size(columns: 24, rows: 5))
            ListBody.draw(content, in: Rect(column: 0, row: 0, columns: 24, rows: 5), into: &frame, layout: { self.layout($0) },
                          touchedIndex: nil, words: words, context: context) { title, cell, body in
                body.put(title, at: Point(column: 2, row: cell.rect.row), style: cell.style)
            }
            return frame.cursor
        }
        let rows = LazyRows(["#A", "Anna", "Arne", "#B", "Bo"])
        XCTAssertEqual(focus(.loaded(rows: rows, selectedIndex: 1, firstVisibleRow: 0)), Point(column: 0, row: 1))
        XCTAssertEqual(focus(.loaded(rows: rows, selectedIndex: 2, firstVisibleRow: 0)), Point(column: 0, row: 3))
        XCTAssertNil(focus(.loading))
        // A `/` filter being typed above the list keeps the focus on its caret.
        var search = SearchFieldState(query: "an", isEditing: true)
        search.field.moveEnd()
        var frame = Frame(size: Size(columns: 24, rows: 6))
        search.draw(into: &frame, rect: Rect(column: 0, row: 0, columns: 24, rows: 1), colorMode: .none)
        let caret = frame.cursor
        XCTAssertEqual(caret, Point(column: 4, row: 0), "after “/ an”")
        ListBody.draw(ListContent.loaded(rows: rows, selectedIndex: 1, firstVisibleRow: 0), in: Rect(column: 0, row: 1, columns: 24, rows: 5),
                      into: &frame, layout: { self.layout($0) }, touchedIndex: nil, words: words, context: context) { title, cell, body in
            body.put(title, at: Point(column: 2, row: cell.rect.row), style: cell.style)
        }
        XCTAssertEqual(frame.cursor, caret, "the caret, not the selected row, while typing")
        // A row marked on some of its lines (check24's footer under its message) has the focus on the first of them.
        var footer = Frame(size: Size(columns: 24, rows: 5))
        ListBody.draw(ListContent.loaded(rows: LazyRows(["Anna"]), selectedIndex: 0, firstVisibleRow: 0), in: Rect(column: 0, row: 0, columns: 24, rows: 5),
                      into: &footer, layout: { self.layout($0) }, touchedIndex: nil, words: words, context: context,
                      marks: ListBody.Marks(markerOnEveryLine: true), markedLines: { _, lines in (lines.lowerBound + 1)..<lines.upperBound }) { _, _, _ in }
        XCTAssertEqual(footer.cursor, Point(column: 0, row: 1))
        // The accessible mode's marker is text a reader reads as such.
        var accessible = context
        accessible.accessible = true
        var marked = Frame(size: Size(columns: 24, rows: 5))
        ListBody.draw(ListContent.loaded(rows: LazyRows(["Anna"]), selectedIndex: 0, firstVisibleRow: 0), in: Rect(column: 0, row: 0, columns: 24, rows: 5),
                      into: &marked, layout: { self.layout($0) }, touchedIndex: nil, words: words, context: accessible) { _, _, _ in }
        XCTAssertEqual(marked[0, 0].grapheme, ">")
    }

    func testTheBodyShowsEachStateWithItsWords() async {
        XCTAssertTrue(body(.loading).joined().contains("Loading…"))
        let failed = body(.failed(message: "No connection."))
        XCTAssertTrue(failed.contains { $0.contains("No connection.") })
        XCTAssertTrue(failed.contains { $0.contains("[ Retry ]") })
        XCTAssertFalse(body(.failed(message: "No file.", canRetry: false)).joined().contains("Retry"), "no retry that cannot help")
        XCTAssertTrue(body(.loaded(rows: LazyRows([]), selectedIndex: 0, firstVisibleRow: 0)).joined().contains("Nothing yet."))
    }

    func testRowsCarryTheirMarkersHeadersNoneAndTheMoreHintCountsDrawnRows() async {
        let rows = LazyRows(["#A", "Ann", "Abe", "#B", "Bob"])
        XCTAssertEqual(body(.loaded(rows: rows, selectedIndex: 2, firstVisibleRow: 0), touched: 1),
                       ["  #A", "► Ann", "", "▌ Abe", "                 ↓ more"])
        let end = body(.loaded(rows: rows, selectedIndex: 4, firstVisibleRow: 3))
        XCTAssertEqual(end, ["  Abe", "", "  #B", "▌ Bob", "                    end"], "the last screen is full, and says so")
        let marked = body(.loaded(rows: LazyRows(["One", "Two"]), selectedIndex: 1, firstVisibleRow: 0), marks: ListBody.Marks(markerLine: 1))
        XCTAssertEqual(marked[2...3], ["  Two", "▌"], "the marker on the row's chosen line")
    }

    func testInputRetriesOnlyWhereRetryingHelpsAndAClickOnTheButtonRetries() async throws {
        let output = RecordingListOutput()
        let list = Rect(column: 0, row: 2, columns: 24, rows: 5)
        func send(_ event: InputEvent, _ content: ListContent<String>) -> Bool {
            ListInput.handle(event, content: content, touched: nil, layout: { self.layout($0) }, listRect: list, retry: "[ Retry ]",
                             output: output)
        }
        let failed = ListContent<String>.failed(message: "Down.")
        XCTAssertTrue(send(.key(.enter), failed))
        let button = try XCTUnwrap(ListBody.retryRect(message: "Down.", retry: "[ Retry ]", in: list))
        XCTAssertTrue(send(.mouse(MouseEvent(kind: .press(button: 0), column: button.column + 2, row: button.row)), failed))
        XCTAssertFalse(send(.mouse(MouseEvent(kind: .press(button: 0), column: 0, row: 0)), failed))
        XCTAssertTrue(send(.key(.character("r")), .failed(message: "No file.", canRetry: false)), "spent, not passed on")
        XCTAssertFalse(send(.key(.down), failed))
        XCTAssertTrue(send(.key(.character("r")), .loading))
        XCTAssertEqual(output.events, ["reload", "reload", "reload"])
    }

    func testOnTheRowsAKeyEndsATouchAndTheListKeysReachThePresenter() async {
        let output = RecordingListOutput()
        let rows = LazyRows(["#A", "Ann", "Abe", "#B", "Bob"])
        let content = ListContent.loaded(rows: rows, selectedIndex: 1, firstVisibleRow: 0)
        let list = Rect(column: 0, row: 2, columns: 24, rows: 5)
        XCTAssertTrue(ListInput.handle(.key(.down), content: content, touched: 2, layout: { self.layout($0) }, listRect: list,
                                       retry: "", output: output))
        XCTAssertTrue(ListInput.handle(.key(.enter), content: content, touched: nil, layout: { self.layout($0) }, listRect: list,
                                       retry: "", output: output))
        XCTAssertFalse(ListInput.handle(.key(.character("x")), content: content, touched: nil, layout: { self.layout($0) }, listRect: list,
                                        retry: "", output: output), "the screen's own key")
        XCTAssertEqual(output.events, ["cancel touch", "select 2 top 0 rows 0..<3", "choose 1"])
    }

    func testEveryPresenterTouchesCancelsAndChoosesRowsAlike() async {
        let presenter = SectionedListPresenter()
        presenter.didTouchRow(at: 0)
        XCTAssertNil(presenter.list.touchedIndex, "a header is never touched")
        presenter.didTouchRow(at: 2)
        XCTAssertEqual([presenter.list.touchedIndex, presenter.published], [2, 1])
        presenter.didCancelTouch()
        presenter.didCancelTouch()
        XCTAssertEqual(presenter.published, 2, "nothing to cancel: nothing to redraw")
        presenter.didTouchRow(at: 3)
        XCTAssertNil(presenter.chooseRow(9), "a row that is gone is not chosen…")
        XCTAssertNil(presenter.list.touchedIndex, "…and its touch ends")
        XCTAssertEqual(presenter.chooseRow(3), true)
        XCTAssertEqual(presenter.list.selectedIndex, 3)
        XCTAssertEqual(presenter.selectRow(1, firstVisibleRow: 0, visibleRows: 0..<4), true)
        XCTAssertNil(presenter.selectRow(0, firstVisibleRow: 0, visibleRows: 0..<4), "a stale event for a header")
        XCTAssertEqual(presenter.list.selectedIndex, 1)
        XCTAssertNil(presenter.selectRow(9, firstVisibleRow: 0, visibleRows: 0..<4), "a stale event past the end")
    }

    func testNoticesThatAreThereShareOneLine() {
        XCTAssertEqual(["Offline — as of 21:35", nil, "2 entries skipped"].joinedNotice, "Offline — as of 21:35 · 2 entries skipped")
        XCTAssertNil([String?]([nil, nil]).joinedNotice, "no notice: no notice line")
    }

    func testRowsBeforeThePresentersFirstRowAreSubtracted() async {
        let output = RecordingListOutput()
        _ = ListInput.perform(.select(index: 3, firstVisibleRow: 1, visibleRows: 0..<5), touched: nil, output: output, rowsBefore: 1)
        _ = ListInput.perform(.select(index: 0, firstVisibleRow: 0, visibleRows: 0..<5), touched: nil, output: output, rowsBefore: 1)
        _ = ListInput.perform(.open(1), touched: nil, output: output, rowsBefore: 1)
        _ = ListInput.perform(.reload, touched: 2, output: output, rowsBefore: 1)
        XCTAssertFalse(ListInput.perform(nil, touched: nil, output: output))
        XCTAssertEqual(output.events, ["select 2 top 1 rows 0..<4", "select 0 top 0 rows 0..<4", "choose 0", "cancel touch", "reload"],
                       "the header before the first row selects the first row")
    }
}
