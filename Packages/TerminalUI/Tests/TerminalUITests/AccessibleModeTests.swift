import XCTest
@testable import TerminalUI

/// The accessible mode's parts in TerminalUI: the focus's place in a frame (set by the widget that has
/// the focus, carried through composition), the renderer showing the terminal's cursor there, and
/// frames without box drawing.
final class AccessibleModeTests: XCTestCase {
    private final class Bytes: OutputSink {
        var writes: [[UInt8]] = []
        func write(_ bytes: [UInt8]) { writes.append(bytes) }
        var last: String { writes.last.map { String(decoding: $0, as: UTF8.self) } ?? "" }
    }

    func testTheFocusedWidgetSetsTheCursor() {
        var frame = Frame(size: Size(columns: 40, rows: 4))
        Button(title: "call").draw(into: &frame, at: Point(column: 2, row: 0))
        XCTAssertNil(frame.cursor, "an unfocused button leaves it")
        Button(title: "mail", isFocused: true).draw(into: &frame, at: Point(column: 12, row: 0))
        XCTAssertEqual(frame.cursor, Point(column: 12, row: 0))
        Button(title: "off", isFocused: true, isEnabled: false).draw(into: &frame, at: Point(column: 20, row: 0))
        XCTAssertEqual(frame.cursor, Point(column: 20, row: 0), "a disabled button with the focus has it too")
        XCTAssertTrue(frame[20, 0].style.reverse && frame[20, 0].style.dim, "and shows the focus")
        var field = TextFieldState(text: "abc")
        field.moveEnd()
        field.draw(into: &frame, rect: Rect(column: 5, row: 2, columns: 10, rows: 1), isFocused: true)
        XCTAssertEqual(frame.cursor, Point(column: 8, row: 2), "a text field's caret")
        field.moveHome()
        field.draw(into: &frame, rect: Rect(column: 5, row: 3, columns: 10, rows: 1), isFocused: true)
        XCTAssertEqual(frame.cursor, Point(column: 5, row: 3))
    }

    func testTheCursorTravelsWithTheFrameDrawnIntoAnother() {
        var inner = Frame(size: Size(columns: 10, rows: 3))
        inner.cursor = Point(column: 2, row: 1)
        var outer = Frame(size: Size(columns: 30, rows: 10))
        outer.draw(inner, at: Point(column: 5, row: 4))
        XCTAssertEqual(outer.cursor, Point(column: 7, row: 5))
        var clipped = Frame(size: Size(columns: 30, rows: 10))
        clipped.draw(inner, from: Rect(column: 0, row: 2, columns: 10, rows: 1), at: Point(column: 0, row: 0))
        XCTAssertNil(clipped.cursor, "a focus outside the part drawn stays out")
        XCTAssertEqual(inner.cropped(to: Rect(column: 1, row: 1, columns: 5, rows: 2)).cursor, Point(column: 1, row: 0))
    }

    func testTheRendererShowsTheCursorOnTheFocusOnlyWhenAsked() {
        var frame = Frame(size: Size(columns: 20, rows: 3))
        frame.put("row", at: Point(column: 0, row: 1))
        frame.cursor = Point(column: 0, row: 1)
        let shown = Bytes(), hidden = Bytes()
        let accessible = DiffRenderer(sink: shown, colorMode: .trueColor, showsCursor: true)
        let plain = DiffRenderer(sink: hidden, colorMode: .trueColor)
        accessible.render(frame)
        plain.render(frame)
        XCTAssertTrue(shown.last.hasSuffix("\u{1B}[2;1H\u{1B}[?25h\u{1B}[?2026l"), shown.last.debugDescription)
        XCTAssertFalse(hidden.last.contains("?25h"))
        // The focus moves with no cell changed: the cursor still moves.
        frame.cursor = Point(column: 2, row: 1)
        accessible.render(frame)
        XCTAssertEqual(shown.last, "\u{1B}[?2026h\u{1B}[2;3H\u{1B}[?25h\u{1B}[?2026l")
        // Nothing changed: nothing written.
        let writes = shown.writes.count
        accessible.render(frame)
        XCTAssertEqual(shown.writes.count, writes)
        // No focus: the cursor is hidden.
        frame.cursor = nil
        accessible.render(frame)
        XCTAssertTrue(shown.last.contains("\u{1B}[?25l"), shown.last.debugDescription)
    }

    func testWithoutBoxDrawingEveryBorderAndBlockIsABlankAndTheMarkersAreText() {
        var frame = Frame(size: Size(columns: 12, rows: 4))
        Box.draw(into: &frame, rect: Rect(column: 0, row: 0, columns: 12, rows: 4), style: Theme.rule)
        frame.put("▌ Apples", at: Point(column: 1, row: 1))
        frame.put("► ▀▄█ ◄", at: Point(column: 1, row: 2))
        frame.putLink("x", target: "https://example.com", at: Point(column: 10, row: 2))
        frame.cursor = Point(column: 1, row: 1)
        let accessible = frame.withoutBoxDrawing()
        XCTAssertFalse(accessible.text.unicodeScalars.contains { (0x2500...0x259F).contains($0.value) }, accessible.text)
        XCTAssertEqual(accessible.text, "\n > Apples\n >     <  x\n")
        XCTAssertEqual(accessible.cursor, frame.cursor)
        XCTAssertEqual(accessible.links, frame.links)
        XCTAssertEqual(accessible[0, 0].style, Theme.rule, "styles stay")
    }
}

extension AccessibleModeTests {
    /// Pictures asked for in blocks (`--accessible --images half`) keep their blocks; borders still go.
    func testBlocksStayWhenPicturesAreDrawnWithThem() {
        var frame = Frame(size: Size(columns: 8, rows: 3))
        Box.draw(into: &frame, rect: Rect(column: 0, row: 0, columns: 8, rows: 3), style: Theme.rule)
        frame.put("▀▄▌", at: Point(column: 2, row: 1))
        XCTAssertEqual(frame.withoutBoxDrawing(keepingBlocks: true).text, "\n  ▀▄▌\n")
        XCTAssertTrue(PictureTier.halfBlocks.drawsBlocks && PictureTier.sextants.drawsBlocks && PictureTier.quadrants.drawsBlocks)
        XCTAssertFalse(PictureTier.text.drawsBlocks || PictureTier.kitty.drawsBlocks || PictureTier.ascii.drawsBlocks)
    }
}
