import XCTest
import TerminalUI
import TerminalUITesting

final class WidgetSnapshotTests: XCTestCase {
    private func frame(_ columns: Int, _ rows: Int) -> Frame {
        Frame(size: Size(columns: columns, rows: rows))
    }

    func testTabBar() {
        var frame = frame(40, 4)
        let titles = ["Alle", "Verfügbar", "Vorgemerkt"]
        TabBar(titles: titles, selected: 0).draw(into: &frame, rect: Rect(column: 0, row: 0, columns: 40, rows: 1))
        TabBar(titles: titles, selected: 1).draw(into: &frame, rect: Rect(column: 0, row: 1, columns: 40, rows: 1))
        TabBar(titles: titles, selected: 1, isEnabled: false).draw(into: &frame, rect: Rect(column: 0, row: 2, columns: 40, rows: 1))
        TabBar(titles: titles, selected: 2).draw(into: &frame, rect: Rect(column: 0, row: 3, columns: 20, rows: 1))
        assertSnapshot(frame, named: "tab-bar")
        XCTAssertTrue(frame[0, 0].style.reverse && frame[0, 0].style.bold, "the selected tab is highlighted")
        XCTAssertFalse(frame[10, 0].style.reverse)
        XCTAssertTrue(frame[10, 2].style.dim)
        XCTAssertFalse(frame[8, 2].style.reverse, "a disabled bar shows no selection")
        XCTAssertNil(frame[20, 3].grapheme == " " ? nil : frame[20, 3].grapheme, "clipped to its rect")
    }

    func testTabBarHitTesting() {
        let rect = Rect(column: 2, row: 0, columns: 60, rows: 1)
        let bar = TabBar(titles: ["Alle", "Verfügbar", "Vorgemerkt"], selected: 0)
        XCTAssertEqual(bar.width, 8 + 13 + 14)
        XCTAssertEqual(bar.index(at: Point(column: 2, row: 0), in: rect), 0)
        XCTAssertEqual(bar.index(at: Point(column: 9, row: 0), in: rect), 0)
        XCTAssertEqual(bar.index(at: Point(column: 10, row: 0), in: rect), 1)
        XCTAssertEqual(bar.index(at: Point(column: 36, row: 0), in: rect), 2)
        XCTAssertNil(bar.index(at: Point(column: 37, row: 0), in: rect))
        XCTAssertNil(bar.index(at: Point(column: 10, row: 1), in: rect))
        XCTAssertNil(TabBar(titles: ["Alle"], selected: 0, isEnabled: false).index(at: Point(column: 2, row: 0), in: rect))
    }

    func testButton() {
        var frame = frame(30, 3)
        let normal = Button(title: "Neuladen")
        let drawn = normal.draw(into: &frame, at: Point(column: 1, row: 0))
        Button(title: "Neuladen", isFocused: true).draw(into: &frame, at: Point(column: 1, row: 1))
        Button(title: "Vormerken", isEnabled: false).draw(into: &frame, at: Point(column: 1, row: 2))
        assertSnapshot(frame, named: "button")
        XCTAssertEqual(drawn, Rect(column: 1, row: 0, columns: 12, rows: 1))
        XCTAssertEqual(normal.width, 12)
        XCTAssertTrue(frame[1, 1].style.reverse)
        XCTAssertTrue(frame[1, 2].style.dim)
        XCTAssertTrue(normal.contains(Point(column: 12, row: 0), drawnAt: Point(column: 1, row: 0)))
        XCTAssertFalse(normal.contains(Point(column: 13, row: 0), drawnAt: Point(column: 1, row: 0)))
        XCTAssertFalse(Button(title: "x", isEnabled: false).contains(Point(column: 0, row: 0), drawnAt: Point(column: 0, row: 0)))
    }

    func testBox() {
        var frame = frame(24, 9)
        let inside = Box.draw(into: &frame, rect: Rect(column: 0, row: 0, columns: 24, rows: 4), title: "Details")
        Box.draw(into: &frame, rect: Rect(column: 0, row: 4, columns: 10, rows: 3), title: "A very long title")
        Box.draw(into: &frame, rect: Rect(column: 12, row: 4, columns: 2, rows: 2))
        Box.draw(into: &frame, rect: Rect(column: 16, row: 6, columns: 20, rows: 5)) // clipped by the frame
        assertSnapshot(frame, named: "box")
        XCTAssertEqual(inside, Rect(column: 1, row: 1, columns: 22, rows: 2))
    }

    func testTextField() {
        var frame = frame(12, 6)
        var field = TextFieldState(text: "Hello")
        field.draw(into: &frame, rect: Rect(column: 0, row: 0, columns: 12, rows: 1), isFocused: true)
        field.moveHome()
        field.moveRight()
        field.draw(into: &frame, rect: Rect(column: 0, row: 1, columns: 12, rows: 1), isFocused: true)
        field.draw(into: &frame, rect: Rect(column: 0, row: 2, columns: 12, rows: 1), isFocused: false)
        var long = TextFieldState(text: "A rather long text 漢字")
        long.draw(into: &frame, rect: Rect(column: 0, row: 3, columns: 12, rows: 1), isFocused: true)
        long.moveHome()
        long.draw(into: &frame, rect: Rect(column: 0, row: 4, columns: 12, rows: 1), isFocused: true)
        TextFieldState().draw(into: &frame, rect: Rect(column: 0, row: 5, columns: 12, rows: 1), isFocused: false, placeholder: "Name")
        assertSnapshot(frame, named: "text-field")
        XCTAssertTrue(frame[5, 0].style.reverse, "cursor at the end")
        XCTAssertTrue(frame[1, 1].style.reverse, "cursor on the e")
        XCTAssertFalse(frame[0, 1].style.reverse)
        XCTAssertFalse(frame.cells[24..<36].contains { $0.style.reverse }, "no cursor when unfocused")
        XCTAssertTrue(frame[11, 3].style.reverse, "the cursor stays visible at the right edge")
        XCTAssertTrue(frame[5, 5].style.dim || frame[0, 5].style.dim)
    }

    func testTextFieldEditing() {
        var field = TextFieldState()
        field.insert("Grüße")
        XCTAssertEqual(field.cursor, 5)
        field.moveLeft()
        field.moveLeft()
        field.insert("\u{1B}[31mX\nY")
        XCTAssertEqual(field.text, "Grü[31mX Yße")
        XCTAssertEqual(field.cursor, 10)
        field.deleteBackward()
        XCTAssertEqual(field.text, "Grü[31mX ße")
        field.deleteForward()
        XCTAssertEqual(field.text, "Grü[31mX e")
        field.moveEnd()
        field.insert("\u{301}") // combines with the e before the cursor
        XCTAssertEqual(field.text, "Grü[31mX e\u{301}")
        XCTAssertEqual(field.cursor, field.text.count)
        field.deleteBackward()
        XCTAssertEqual(field.text, "Grü[31mX ")
        field.moveHome()
        field.deleteBackward()
        field.moveLeft()
        XCTAssertEqual(field.cursor, 0)
        field.setText("new")
        XCTAssertEqual(field.cursor, 3)
        field.moveRight()
        field.deleteForward()
        XCTAssertEqual(field.text, "new")
    }

    func testImageView() {
        var image = Frame(size: Size(columns: 6, rows: 2))
        image.put("▀▄▀▄▀▄", at: Point(column: 0, row: 0))
        image.put("漢字ab", at: Point(column: 0, row: 1))
        var frame = frame(34, 7)
        frame.fill(frame.bounds, style: .plain)
        for row in 0..<7 { frame.put(String(repeating: ".", count: 34), at: Point(column: 0, row: row)) }
        ImageView.draw(.image(image), into: &frame, rect: Rect(column: 0, row: 0, columns: 10, rows: 4))
        ImageView.draw(.image(image), into: &frame, rect: Rect(column: 11, row: 0, columns: 3, rows: 1)) // cropped to the middle
        ImageView.draw(.placeholder("no image"), into: &frame, rect: Rect(column: 15, row: 0, columns: 14, rows: 5))
        ImageView.draw(.placeholder("image failed"), into: &frame, rect: Rect(column: 15, row: 6, columns: 8, rows: 1))
        ImageView.draw(.placeholder("no image"), into: &frame, rect: Rect(column: 30, row: 0, columns: 4, rows: 3))
        assertSnapshot(frame, named: "image-view")
    }

    func testTextView() {
        var frame = frame(20, 9)
        let rows = TextView.draw("The quick brown fox jumps over the lazy dog", into: &frame, rect: Rect(column: 0, row: 0, columns: 12, rows: 3))
        XCTAssertEqual(rows, 3)
        TextView.draw("centered\ntext", into: &frame, rect: Rect(column: 0, row: 4, columns: 20, rows: 2), alignment: .center)
        TextView.draw("right", into: &frame, rect: Rect(column: 0, row: 6, columns: 20, rows: 1), alignment: .trailing)
        let used = TextView.draw("one line that is too long\nsecond\nthird", into: &frame,
                                 rect: Rect(column: 0, row: 7, columns: 14, rows: 2), wrap: false)
        XCTAssertEqual(used, 2)
        assertSnapshot(frame, named: "text-view")
    }

    func testScrollViewAndSplitView() {
        var content = Frame(size: Size(columns: 9, rows: 12))
        for row in 0..<12 { content.put("line \(row)", at: Point(column: 0, row: row)) }
        var frame = frame(24, 5)
        let split = SplitView.layout(frame.bounds, leadingColumns: 10)
        let used = ScrollView.draw(content, into: &frame, rect: split.leading, offset: 99)
        XCTAssertEqual(used, 7)
        SplitView.drawDivider(into: &frame, rect: split.divider)
        ScrollView.draw(content, into: &frame, rect: split.trailing, offset: 3, showsScrollbar: false)
        assertSnapshot(frame, named: "scroll-split")
    }
}
