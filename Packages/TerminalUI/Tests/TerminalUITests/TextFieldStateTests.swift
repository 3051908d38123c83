import TestSupport
import TerminalUI
import TextCells
import XCTest

/// The text field keeps its character count as it changes, and draws only what is near the cursor:
/// typing at the end must cost what the key adds (2,000 characters typed into a search took 2.4 s).
/// These tests hold the incremental version to the whole-text rules it replaced.
final class TextFieldStateTests: XCTestCase {
    /// The field as the old code drew it: every character measured, scrolled so the cursor is visible.
    private func referenceDraw(_ text: String, cursor: Int, columns: Int) -> Frame {
        var frame = Frame(size: Size(columns: columns, rows: 1))
        let characters = Array(text)
        let widths = characters.map(DisplayWidth.of)
        let cursorColumn = widths.prefix(cursor).reduce(0, +)
        let cursorWidth = cursor < characters.count ? max(1, widths[cursor]) : 1
        let scroll = max(0, cursorColumn + cursorWidth - columns)
        var column = 0
        for (index, character) in characters.enumerated() {
            defer { column += widths[index] }
            guard column >= scroll else {
                if column + widths[index] > scroll { frame.put(" ", at: Point(column: 0, row: 0), maxColumns: 1) }
                continue
            }
            let x = column - scroll
            guard x < columns else { break }
            var style = Style.plain
            if index == cursor { style.reverse = true }
            frame.put(String(character), at: Point(column: x, row: 0), style: style, maxColumns: columns - x)
        }
        if cursor == characters.count {
            frame.put(" ", at: Point(column: cursorColumn - scroll, row: 0), style: Style(reverse: true), maxColumns: 1)
        }
        return frame
    }

    func testTypingAtTheEndCountsLikeTheWholeText() {
        var field = TextFieldState()
        var typed = ""
        for piece in ["a", "e", "\u{301}", "漢", "👍", "\u{1F3FD}", "x", " ", "\u{200D}", "y"] {
            field.insert(piece)
            typed += piece
            XCTAssertEqual(field.text, typed)
            XCTAssertEqual(field.cursor, typed.count, "after \(piece.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        field.deleteBackward()
        XCTAssertEqual(field.cursor, field.text.count)
        field.moveEnd()
        XCTAssertEqual(field.cursor, field.text.count)
    }

    /// Random text, random edits and random cursor positions: the same text, cursor and cells as the reference.
    func testEditsAndDrawingMatchTheWholeTextRules() {
        var random = SeededGenerator(seed: 23)
        let pieces = ["a", "b", " ", "é", "e\u{301}", "\u{301}", "漢", "字", "👍", "\u{1F3FD}", "😀", "ß"]
        for round in 0..<300 {
            var field = TextFieldState()
            for _ in 0..<Int.random(in: 0...40, using: &random) {
                switch Int.random(in: 0..<10, using: &random) {
                case 0: field.moveLeft()
                case 1: field.moveRight()
                case 2: field.deleteBackward()
                case 3: field.moveHome()
                case 4: field.deleteForward()
                default: field.insert(pieces.randomElement(using: &random)!)
                }
                XCTAssertLessThanOrEqual(field.cursor, field.text.count, "round \(round)")
            }
            var copy = TextFieldState(text: field.text)
            XCTAssertEqual(copy.cursor, field.text.count)
            copy.moveEnd()
            for columns in [2, 3, 5, 8, 13] { // (1 column cannot show a wide character: the two differ only in the cursor's reverse blank)
                var frame = Frame(size: Size(columns: columns, rows: 1))
                field.draw(into: &frame, rect: Rect(column: 0, row: 0, columns: columns, rows: 1), isFocused: true)
                XCTAssertNotNil(frame.cursor, "the caret is the focus")
                frame.cursor = nil // the reference draws cells only
                XCTAssertEqual(frame, referenceDraw(field.text, cursor: field.cursor, columns: columns),
                               "round \(round), \(columns) columns, \(field.text.debugDescription) cursor \(field.cursor)")
            }
        }
    }

    /// A search query stops at its maximum length, typed or pasted.
    func testASearchQueryStopsAtItsMaximumLength() {
        var search = SearchFieldState(isEditing: true)
        for _ in 0..<(SearchFieldState.maximumLength + 50) { search.field.insert("x") }
        XCTAssertEqual(search.query.count, SearchFieldState.maximumLength)
        search.field.setText("")
        search.field.paste(String(repeating: "é", count: 5_000))
        XCTAssertEqual(search.query.count, SearchFieldState.maximumLength)
        XCTAssertEqual(search.field.cursor, SearchFieldState.maximumLength)
        XCTAssertEqual(TextFieldState(text: "abcdef", maximumLength: 3).text, "abc")
    }
}
