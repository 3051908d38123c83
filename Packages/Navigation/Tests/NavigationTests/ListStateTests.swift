import Navigation
import TerminalUI
import XCTest

/// The list state every list presenter keeps: selection, top row, touch and rows on screen, checked
/// against the list's length.
final class ListStateTests: XCTestCase {
    func testSelectTouchChooseAndClamp() {
        var state = ListState(visibleRows: 0..<5)
        XCTAssertFalse(state.select(0, firstVisibleRow: 0, count: 3), "already selected")
        XCTAssertTrue(state.select(2, firstVisibleRow: 1, visibleRows: 1..<3, count: 3))
        XCTAssertEqual([state.selectedIndex, state.firstVisibleRow], [2, 1])
        XCTAssertEqual(state.visibleRows, 1..<3)
        XCTAssertFalse(state.select(7, firstVisibleRow: 0, count: 3), "a row that is gone is never selected")
        XCTAssertEqual(state.selectedIndex, 2)
        XCTAssertTrue(state.touch(1, count: 3))
        XCTAssertEqual(state.touchedIndex, 1)
        XCTAssertTrue(state.choose(1, count: 3))
        XCTAssertNil(state.touchedIndex, "choosing ends the touch")
        XCTAssertFalse(state.cancelTouch(), "nothing to cancel: nothing to redraw")
        _ = state.touch(2, count: 3)
        state.clamp(count: 1)
        XCTAssertEqual(state.selectedIndex, 0)
        XCTAssertNil(state.touchedIndex)
    }

    func testReselectKeepsAShownRowElseGoesToTheFirstSelectableRowAtTheTop() {
        var state = ListState()
        state.select(6, firstVisibleRow: 4, count: 10)
        _ = state.touch(5, count: 10)
        state.reselect(3, count: 10)
        XCTAssertEqual([state.selectedIndex, state.firstVisibleRow], [3, 4], "a row still shown keeps the screen where it was")
        XCTAssertNil(state.touchedIndex)
        state.reselect(nil, otherwise: 1, count: 10)
        XCTAssertEqual([state.selectedIndex, state.firstVisibleRow], [1, 0], "below a section header, at the top")
        state.reselect(12, otherwise: 1, count: 1)
        XCTAssertEqual(state.selectedIndex, 0, "never past the end")
    }

    func testPictureRowsAreTheScreenFirstThenAMargin() {
        var state = ListState()
        state.select(10, firstVisibleRow: 10, visibleRows: 10..<13, count: 100)
        XCTAssertEqual(state.pictureRows(count: 100, margin: 2), [10, 11, 12, 8, 9, 13, 14])
        XCTAssertEqual(state.pictureRows(count: 11, margin: 2), [8, 9, 10, 6, 7], "the list ends at row 10: the screen shows its last three")
        // A filter typed at the end of a long list leaves three rows: the screen shows them, and their pictures load.
        XCTAssertEqual(state.pictureRows(count: 3, margin: 2), [0, 1, 2])
    }

    func testLoadableKeepsWhatIsShownWhileReloading() {
        struct Failure: Error {}
        var content = Loadable<[Int], Failure>.loading
        XCTAssertNil(content.value)
        content = .loaded([1, 2])
        content = content.reloaded
        XCTAssertEqual(content.value, [1, 2])
        content = .failed(Failure())
        XCTAssertNil(content.reloaded.value)
    }

    func testATouchOfAControlIsMarkedOnlyForOneThatExistsAndEndsOnce() {
        var touch = TouchState()
        XCTAssertFalse(touch.touch(3, count: 3), "no such control")
        XCTAssertNil(touch.touched)
        XCTAssertTrue(touch.touch(0, count: 1))
        XCTAssertEqual(touch.touched, 0)
        XCTAssertTrue(touch.cancel())
        XCTAssertFalse(touch.cancel(), "nothing to end, nothing to redraw")
    }
}
