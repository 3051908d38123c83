import XCTest
import TerminalUI
import TerminalUITesting

final class SnapshotSupportTests: XCTestCase {
    func testALineDiffNumbersOnlyTheLinesThatDiffer() {
        XCTAssertEqual(lineDiff(expected: "a\nb\nc", actual: "a\nB\nc\nd"), "  2 + B\n  2 - b\n  4 + d")
        // One inserted line is one "+", not every later line changed.
        XCTAssertEqual(lineDiff(expected: "a\nb\nc\nd", actual: "a\nnew\nb\nc\nd"), "  2 + new")
        XCTAssertEqual(lineDiff(expected: "same", actual: "same"), "")
    }

    func testStyleRunsNameEachRunOfOneStyle() {
        var frame = Frame(size: Size(columns: 10, rows: 3))
        frame.put("Hi", at: Point(column: 0, row: 0))
        frame.fill(Rect(column: 2, row: 1, columns: 5, rows: 1), style: Style(background: .rgb(209, 196, 233)))
        frame.put("ok", at: Point(column: 7, row: 1), style: Style(foreground: .blue, bold: true, reverse: true))
        XCTAssertEqual(styleRuns(of: frame), "1: 2-6 bg=rgb(209,196,233), 7-8 fg=blue bold reverse")
    }
}
