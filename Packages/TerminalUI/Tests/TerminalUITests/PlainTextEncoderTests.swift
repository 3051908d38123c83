import XCTest
import TerminalUI

final class PlainTextEncoderTests: XCTestCase {
    func testOneTrimmedLinePerRowWithoutEscapes() {
        var frame = Frame(size: Size(columns: 10, rows: 4))
        frame.put("bold  ", at: Point(column: 1, row: 0), style: Style(foreground: .red, bold: true))
        frame.put("漢字", at: Point(column: 0, row: 2))
        XCTAssertEqual(PlainTextEncoder.encode(frame), " bold\n\n漢字\n")
    }

    func testHandBuiltCellsCannotInjectControls() {
        var frame = Frame(size: Size(columns: 3, rows: 1))
        frame.setCell(Cell(grapheme: "\u{1B}"), column: 0, row: 0)
        frame.setCell(Cell(grapheme: "\n"), column: 1, row: 0)
        frame.setCell(Cell(grapheme: ""), column: 2, row: 0)
        XCTAssertEqual(PlainTextEncoder.encode(frame), "��")
    }
}
