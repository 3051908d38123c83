import XCTest
import TerminalUI

final class StatusViewTests: XCTestCase {
    func testKeyBarFillsTheLastRowInReverseVideo() {
        var frame = Frame(size: Size(columns: 20, rows: 3))
        KeyBar.draw("q quit", into: &frame)
        XCTAssertEqual(frame.text, "\n\n q quit")
        XCTAssertTrue((0..<20).allSatisfy { frame[$0, 2].style.reverse }, "the whole row is reverse video")
        XCTAssertFalse(frame[0, 1].style.reverse)
    }

    func testANarrowKeyBarLeavesOutWholeEntriesAndKeepsTheHostsKeys() {
        let bar = "↑↓ Auswahl  enter öffnen  r neu laden  ? Tasten  q beenden"
        var frame = Frame(size: Size(columns: 40, rows: 1))
        KeyBar.draw(bar, into: &frame)
        XCTAssertEqual(frame.text, " ↑↓ Auswahl  ? Tasten  q beenden", "right-most feature keys go first; no word is cut")
        var wide = Frame(size: Size(columns: 60, rows: 1))
        KeyBar.draw(bar, into: &wide)
        XCTAssertEqual(wide.text, " " + bar, "a bar that fits is drawn whole")
        XCTAssertEqual(KeyBar.fitted(bar, columns: 20), "? Tasten  q beenden")
        XCTAssertEqual(KeyBar.fitted("q quit", columns: 3), "q quit", "nothing left to drop: the frame cuts it")
    }

    func testCenteredTextIsWrappedAndCenteredBothWays() {
        var frame = Frame(size: Size(columns: 14, rows: 5))
        StatusView.centered("one two three", into: &frame, style: .plain)
        XCTAssertEqual(frame.text, "\n   one two\n    three\n\n")
    }

    func testErrorViewShowsTheMessageAndTheRetryLabelInRedOrBoldOnly() {
        var colored = Frame(size: Size(columns: 30, rows: 5))
        StatusView.error("Offline.", retry: "[ Neuladen ]", into: &colored, colorMode: .trueColor)
        XCTAssertEqual(colored.text, "\n           Offline.\n\n         [ Neuladen ]\n")
        XCTAssertEqual(colored[11, 1].style.foreground, .red)
        var plain = Frame(size: Size(columns: 30, rows: 5))
        StatusView.error("Offline.", into: &plain, colorMode: .none)
        XCTAssertEqual(plain[11, 1].style.foreground, .default, "no color without colors")
        XCTAssertTrue(plain[11, 1].style.bold)
        XCTAssertTrue(plain.text.contains("[ Retry ]"))
    }
}

final class NoticeLinesTests: XCTestCase {
    func testANoticeWrapsToAFewLinesAboveTheKeyBarOverWhatWasThere() {
        XCTAssertEqual(NoticeLines.wrap(nil, columns: 40), [])
        let lines = NoticeLines.wrap("Calling: tel:+6281234567890 — the desktop opened it for you just now", columns: 22)
        XCTAssertEqual(lines.count, NoticeLines.maximumLines)
        var frame = Frame(size: Size(columns: 22, rows: 6))
        frame.put(String(repeating: "x", count: 22), at: Point(column: 0, row: 2))
        NoticeLines.draw(lines, into: &frame, isError: false, colorMode: .none)
        let text = PlainTextEncoder.encode(frame).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(text[2], " " + lines[0], "the row was cleared first")
        XCTAssertEqual(text[4], " " + lines[2])
    }

    func testAListRowIsTouchedOverSelectedOverPlain() {
        XCTAssertEqual(Theme.listRow(touched: true, selected: true, mode: .none), Theme.touched(.none))
        XCTAssertEqual(Theme.listRow(touched: false, selected: true, mode: .trueColor), Theme.selectedCell(.trueColor))
        XCTAssertEqual(Theme.listRow(touched: false, selected: false, mode: .trueColor), .plain)
    }
}
