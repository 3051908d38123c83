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
        // Wrapped at words: "three" moves to the next row whole, and no row starts with a space.
        let rows = frame.text.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(rows.first.map { $0.trimmingCharacters(in: .whitespaces) }, "one two", frame.text)
        XCTAssertTrue(rows.allSatisfy { !$0.hasPrefix(" ") }, frame.text)
        XCTAssertTrue(frame[0, 0].style.reverse, "the cursor cell")
    }

    /// A space typed where the row is full hangs at its end: the cursor goes to the next row, which
    /// starts with the next word, not with a space.
    func testASpaceAtTheWrapHangsAndTheNextRowStartsWithTheWord() {
        var area = TextAreaState()
        for character in "hello world" { area.insert(String(character)) }
        var frame = Frame(size: Size(columns: 5, rows: 3))
        area.draw(into: &frame, rect: frame.bounds, isFocused: true)
        XCTAssertEqual(frame.text.split(separator: "\n").map(String.init), ["hello", "world"])
    }
}
