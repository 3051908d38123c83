import XCTest
import TerminalUI
import TerminalUITesting

final class TextAreaStateTests: XCTestCase {
    func testLinesSplitJoinAndTheCursorCrossesThem() {
        var area = TextAreaState(text: "Hello\nWorld")
        XCTAssertEqual(area.line, 1)
        XCTAssertEqual(area.column, 5)
        area.moveLineStart()
        area.deleteBackward()
        XCTAssertEqual(area.text, "HelloWorld", "backspace at a line's start joins it to the line above")
        area.insertNewline()
        XCTAssertEqual(area.lines, ["Hello", "World"])
        area.moveUp()
        area.moveLineEnd()
        area.deleteForward()
        XCTAssertEqual(area.text, "HelloWorld")
        area.insert("\n1\n2\n")
        XCTAssertEqual(area.lines, ["Hello", "1", "2", "World"])
        XCTAssertEqual(area.line, 3)
        XCTAssertEqual(area.column, 0)
        area.moveLeft()
        XCTAssertEqual(area.line, 2)
        XCTAssertEqual(area.column, 1)
    }

    func testPastedTextIsCleanedAndCapped() {
        var area = TextAreaState()
        area.paste("a\u{1B}[31mb\r\nc\u{07}" + String(repeating: "x", count: 200_000))
        XCTAssertEqual(area.lines[0], "a[31mb")
        XCTAssertTrue(area.lines[1].hasPrefix("cx"))
        XCTAssertLessThanOrEqual(area.text.count, TextAreaState.maximumPasteLength + 1)
    }

    func testLongLinesWrapAndTheCursorRowStaysVisible() {
        var area = TextAreaState(text: "one two three four five six seven eight nine ten\nlast")
        var frame = Frame(size: Size(columns: 12, rows: 3))
        area.draw(into: &frame, rect: frame.bounds, isFocused: true)
        assertSnapshot(frame, named: "text-area-12x3-end")
        area.moveUp()
        area.moveLineStart()
        frame = Frame(size: Size(columns: 12, rows: 3))
        area.draw(into: &frame, rect: frame.bounds, isFocused: true)
        XCTAssertTrue(frame.text.hasPrefix("one two thre"), frame.text)
        XCTAssertTrue(frame[0, 0].style.reverse, "the cursor cell")
    }
}
