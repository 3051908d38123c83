import XCTest
@testable import TerminalUI

final class FrameTests: XCTestCase {
    private func frame(_ columns: Int, _ rows: Int = 1) -> Frame {
        Frame(size: Size(columns: columns, rows: rows))
    }

    func testPutSanitizesData() {
        var frame = frame(10)
        frame.put("a\u{1B}[2Jb", at: Point(column: 0, row: 0))
        XCTAssertEqual(frame.text, "a�[2Jb")
    }

    func testWideCharacterOccupiesTwoCells() {
        var frame = frame(6)
        let written = frame.put("漢a", at: Point(column: 1, row: 0))
        XCTAssertEqual(written, 3)
        XCTAssertEqual(frame[1, 0].width, 2)
        XCTAssertTrue(frame[2, 0].isContinuation)
        XCTAssertEqual(frame[3, 0].grapheme, "a")
        XCTAssertEqual(frame.text, " 漢a")
    }

    func testWideCharacterAtTheRightEdgeBecomesABlank() {
        var frame = frame(4)
        frame.put("abc漢", at: Point(column: 0, row: 0))
        XCTAssertEqual(frame[3, 0], .blank())
        XCTAssertEqual(frame.text, "abc")
        var clipped = self.frame(6)
        clipped.put("a漢b", at: Point(column: 0, row: 0), maxColumns: 2)
        XCTAssertEqual(clipped.text, "a")
        XCTAssertFalse(clipped.cells.contains { $0.isContinuation })
    }

    func testWideCharacterCutByTheLeftEdgeLeavesABlank() {
        var frame = frame(4)
        frame.put("xxxx", at: Point(column: 0, row: 0))
        frame.put("漢ab", at: Point(column: -1, row: 0))
        XCTAssertEqual(frame.text, " abx")
    }

    func testTextStartingLeftOfTheFrameStillFillsIt() {
        var frame = frame(5)
        frame.put("abcdefgh", at: Point(column: -2, row: 0))
        XCTAssertEqual(frame.text, "cdefg")
    }

    func testOverwritingHalfOfAWideCellRepairsTheOtherHalf() {
        var frame = frame(4)
        frame.put("漢字", at: Point(column: 0, row: 0))
        frame.put("x", at: Point(column: 1, row: 0)) // the continuation of 漢
        XCTAssertEqual(frame.text, " x字")
        XCTAssertEqual(frame[0, 0], .blank())
        frame.put("y", at: Point(column: 2, row: 0)) // the leading half of 字
        XCTAssertEqual(frame.text, " xy")
        XCTAssertFalse(frame.cells.contains { $0.isContinuation })
    }

    func testWideOverNarrowAndNarrowOverWide() {
        var frame = frame(5)
        frame.put("漢字", at: Point(column: 1, row: 0))
        frame.put("字", at: Point(column: 0, row: 0)) // covers col 0 and the leading half of 漢
        XCTAssertEqual(frame.text, "字 字")
        XCTAssertEqual(frame[2, 0], .blank())
    }

    func testSetCellKeepsTheInvariant() {
        var frame = frame(3)
        frame.setCell(Cell(grapheme: "", width: 0), column: 1, row: 0) // orphan continuation
        XCTAssertEqual(frame[1, 0], .blank())
        frame.setCell(Cell(grapheme: "漢", width: 2), column: 2, row: 0) // no room for its second half
        XCTAssertEqual(frame[2, 0], .blank())
        frame.setCell(Cell(grapheme: "漢", width: 2), column: 0, row: 0)
        XCTAssertTrue(frame[1, 0].isContinuation)
    }

    func testSubscriptOutsideTheFrameIsABlank() {
        let frame = frame(2)
        XCTAssertEqual(frame[5, 0], .blank())
        XCTAssertEqual(frame[-1, 3], .blank())
    }

    func testDrawNeverSplitsAWideCharacter() {
        var image = Frame(size: Size(columns: 4, rows: 1))
        image.put("漢字", at: Point(column: 0, row: 0))
        var frame = frame(3)
        frame.draw(image, at: Point(column: 0, row: 0))
        XCTAssertEqual(frame.text, "漢")
        var shifted = self.frame(3)
        shifted.draw(image, at: Point(column: -1, row: 0))
        XCTAssertEqual(shifted.text, " 字")
    }

    func testDrawFromRegionClipsToTheClipRect() {
        var image = Frame(size: Size(columns: 6, rows: 2))
        image.put("ab漢cd", at: Point(column: 0, row: 0))
        image.put("012345", at: Point(column: 0, row: 1))
        var frame = frame(8, 3)
        frame.draw(image, from: Rect(column: 1, row: 0, columns: 4, rows: 2), at: Point(column: 2, row: 1),
                   clippedTo: Rect(column: 0, row: 0, columns: 5, rows: 3))
        XCTAssertEqual(frame.text, "\n  b漢\n  123")
        var cut = self.frame(8, 1)
        cut.draw(image, from: Rect(column: 3, row: 0, columns: 3, rows: 1), at: Point(column: 0, row: 0))
        XCTAssertEqual(cut.text, " cd") // the source region starts on the second half of 漢
        XCTAssertEqual(image.cropped(to: Rect(column: 0, row: 1, columns: 3, rows: 1)).text, "012")
    }

    func testFillAndRestyle() {
        var frame = frame(3, 2)
        frame.put("abc", at: Point(column: 0, row: 0))
        frame.restyle(Rect(column: 0, row: 0, columns: 2, rows: 1)) { $0.reverse = true }
        XCTAssertTrue(frame[0, 0].style.reverse)
        XCTAssertFalse(frame[2, 0].style.reverse)
        frame.fill(Rect(column: 1, row: 0, columns: 5, rows: 5), style: Style(bold: true))
        XCTAssertEqual(frame.text, "a\n")
        XCTAssertTrue(frame[2, 1].style.bold)
    }

    /// A fill whose edges cut wide characters in half leaves no half behind outside it, and replaces
    /// the wide ones inside whole.
    func testAFillThatCutsWideCharactersLeavesNoHalf() {
        var frame = frame(10, 1)
        frame.put("漢字a漢字", at: Point(column: 0, row: 0))
        XCTAssertEqual(frame.text, "漢字a漢字")
        // Columns 1…7: from the second half of 漢 to the first half of the second 字.
        frame.fill(Rect(column: 1, row: 0, columns: 7, rows: 1), style: .plain)
        XCTAssertEqual(frame.text, "")
        XCTAssertTrue((0..<10).allSatisfy { frame[$0, 0] == .blank() }, "\((0..<10).map { frame[$0, 0] })")
        var inside = self.frame(10, 1)
        inside.put("ab漢字cd", at: Point(column: 0, row: 0))
        inside.fill(Rect(column: 1, row: 0, columns: 6, rows: 1), style: .plain)
        XCTAssertEqual(inside.text, "a      d")
    }
}
