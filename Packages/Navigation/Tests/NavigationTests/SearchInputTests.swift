import Navigation
import TerminalKit
import TerminalUI
import XCTest

final class SearchInputTests: XCTestCase {
    private func type(_ text: String, into search: inout SearchFieldState) -> [SearchInput.Outcome] {
        text.map { SearchInput.handle(.key(.character($0)), &search) }
    }

    func testSlashStartsTypingAndEveryCharacterEditsTheQuery() {
        var search = SearchFieldState()
        XCTAssertEqual(SearchInput.handle(.key(.character("x")), &search), .ignored, "keys are the list's until /")
        XCTAssertEqual(SearchInput.handle(.key(.character("/")), &search), .began)
        XCTAssertEqual(type("pi/z", into: &search), [.edited, .edited, .edited, .edited], "a / while typing is text")
        XCTAssertEqual(search.query, "pi/z")
        XCTAssertTrue(search.isActive)
    }

    func testEnterKeepsTheQueryAndEscClearsIt() {
        var search = SearchFieldState()
        _ = SearchInput.handle(.key(.character("/")), &search)
        _ = type("bar", into: &search)
        XCTAssertEqual(SearchInput.handle(.key(.enter), &search), .finished)
        XCTAssertEqual(search, SearchFieldState(query: "bar"), "still filtering, keys back to the list")
        XCTAssertTrue(search.isActive)
        XCTAssertEqual(SearchInput.handle(.key(.character("q")), &search), .ignored, "q is the host's again")
        XCTAssertEqual(SearchInput.handle(.key(.character("/")), &search), .began, "/ edits the kept query")
        XCTAssertEqual(search.field.cursor, 3)
        XCTAssertEqual(SearchInput.handle(.key(.escape), &search), .cleared)
        XCTAssertEqual(search, SearchFieldState())
        XCTAssertEqual(SearchInput.handle(.key(.escape), &search), .ignored, "esc without a search is the host's back")
    }

    func testEscAfterEnterClearsAKeptQuery() {
        var search = SearchFieldState(query: "bar")
        XCTAssertEqual(SearchInput.handle(.key(.escape), &search), .cleared)
        XCTAssertFalse(search.isActive)
    }

    func testBackspaceOnAnEmptyQueryClosesTheSearch() {
        var search = SearchFieldState()
        _ = SearchInput.handle(.key(.character("/")), &search)
        _ = type("a", into: &search)
        XCTAssertEqual(SearchInput.handle(.key(.backspace), &search), .edited)
        XCTAssertTrue(search.isEditing)
        XCTAssertEqual(SearchInput.handle(.key(.backspace), &search), .cleared)
        XCTAssertFalse(search.isEditing)
    }

    func testMovingKeysStayWithTheListWhileTyping() {
        var search = SearchFieldState(query: "a", isEditing: true)
        for key: Key in [.up, .down, .pageUp, .pageDown] {
            XCTAssertEqual(SearchInput.handle(.key(key), &search), .ignored)
        }
        XCTAssertEqual(SearchInput.handle(.paste("b\u{1B}[2Jc"), &search), .edited)
        XCTAssertFalse(search.query.contains("\u{1B}"), "pasted escapes are cleaned")
    }

    func testTheSearchLineShowsThePromptTheQueryAndTheCursorWhileTyping() {
        var frame = Frame(size: Size(columns: 20, rows: 1))
        SearchFieldState(query: "piz", isEditing: true).draw(into: &frame, rect: Rect(column: 0, row: 0, columns: 20, rows: 1), colorMode: .none)
        XCTAssertEqual(frame.text, "/ piz")
        XCTAssertTrue(frame[5, 0].style.reverse, "the cursor after the query")
        var idle = Frame(size: Size(columns: 20, rows: 1))
        SearchFieldState().draw(into: &idle, rect: Rect(column: 0, row: 0, columns: 20, rows: 1), placeholder: "search titles",
                                colorMode: .none)
        XCTAssertEqual(idle.text, "/ search titles")
        XCTAssertTrue(idle[2, 0].style.dim)
    }

    /// A list screen's filter first: `/` and typing reach `didEdit`; other keys do not; on the error
    /// view only a filter already being typed takes keys.
    @MainActor
    func testHandleFilterSendsTheEditedSearchOnlyForTheFiltersKeys() async {
        var sent: [SearchFieldState] = []
        XCTAssertTrue(SearchInput.handleFilter(.key(.character("/")), SearchFieldState()) { sent.append($0) })
        XCTAssertEqual(sent.last?.isEditing, true)
        XCTAssertTrue(SearchInput.handleFilter(.key(.character("q")), SearchFieldState(isEditing: true)) { sent.append($0) })
        XCTAssertEqual(sent.last?.query, "q", "q is text while typing")
        XCTAssertFalse(SearchInput.handleFilter(.key(.down), SearchFieldState(isEditing: true)) { sent.append($0) }, "the list's")
        XCTAssertFalse(SearchInput.handleFilter(.key(.character("/")), SearchFieldState(), listFailed: true) { sent.append($0) },
                       "nothing to filter on the error view")
        XCTAssertTrue(SearchInput.handleFilter(.key(.escape), SearchFieldState(query: "a", isEditing: true), listFailed: true) { sent.append($0) })
        XCTAssertEqual(sent.count, 3)
    }
}
