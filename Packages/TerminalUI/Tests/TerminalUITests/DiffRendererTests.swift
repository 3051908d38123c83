import Foundation
import TextCells
import XCTest
@testable import TerminalUI

/// Keeps every write so tests can inspect the exact bytes.
private final class RecordingSink: OutputSink {
    var writes: [[UInt8]] = []
    func write(_ bytes: [UInt8]) { writes.append(bytes) }
    var lastText: String { writes.last.map { String(decoding: $0, as: UTF8.self) } ?? "" }
}

private func occurrences(of pattern: String, in text: String) -> Int {
    guard let regex = try? NSRegularExpression(pattern: pattern) else { return -1 }
    return regex.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text))
}

/// Counts cursor-position sequences `ESC[row;colH`.
private func cursorMoves(in text: String) -> Int {
    occurrences(of: "\u{1B}\\[[0-9]+;[0-9]+H", in: text)
}

final class DiffRendererTests: XCTestCase {
    private func listFrame(selected: Int, size: Size = Size(columns: 80, rows: 24)) -> Frame {
        var frame = Frame(size: size)
        frame.put("Products", at: Point(column: 0, row: 0), style: Style(bold: true))
        for index in 0..<(size.rows - 1) {
            let row = index + 1
            let style = index == selected ? Style(reverse: true) : .plain
            frame.fill(Rect(column: 0, row: row, columns: size.columns, rows: 1), style: style)
            frame.put("Item number \(index) — a product with a reasonably long name", at: Point(column: 2, row: row), style: style)
        }
        return frame
    }

    func testFirstFrameClearsAndWritesEverything() {
        let sink = RecordingSink()
        let renderer = DiffRenderer(sink: sink, colorMode: .trueColor)
        var frame = Frame(size: Size(columns: 10, rows: 2))
        frame.put("hello", at: Point(column: 0, row: 0))
        frame.put("world", at: Point(column: 3, row: 1))
        renderer.render(frame)
        XCTAssertEqual(sink.writes.count, 1)
        XCTAssertEqual(sink.lastText, "\u{1B}[?2026h\u{1B}[0m\u{1B}[2J\u{1B}[1;1H\u{1B}[0mhello\u{1B}[2;4Hworld\u{1B}[?2026l")
    }

    func testAnIdenticalFrameWritesNothing() {
        let sink = RecordingSink()
        let renderer = DiffRenderer(sink: sink, colorMode: .trueColor)
        renderer.render(listFrame(selected: 3))
        renderer.render(listFrame(selected: 3))
        XCTAssertEqual(sink.writes.count, 1)
    }

    func testAnEmptyFirstFrameStillClears() {
        let sink = RecordingSink()
        DiffRenderer(sink: sink, colorMode: .palette256).render(Frame(size: Size(columns: 3, rows: 1)))
        XCTAssertEqual(sink.lastText, "\u{1B}[?2026h\u{1B}[0m\u{1B}[2J\u{1B}[?2026l")
    }

    func testOnlyChangedCellsAreWrittenInOneRunWithOneCursorMove() {
        let sink = RecordingSink()
        let renderer = DiffRenderer(sink: sink, colorMode: .trueColor)
        var frame = Frame(size: Size(columns: 20, rows: 3))
        frame.put("Count: 100 items", at: Point(column: 0, row: 1))
        renderer.render(frame)
        frame.put("205", at: Point(column: 7, row: 1))
        renderer.render(frame)
        // Only "2" and "5" changed: the unchanged "0" between them is written again, shorter than a cursor move.
        XCTAssertEqual(sink.lastText, "\u{1B}[?2026h\u{1B}[2;8H\u{1B}[0m205\u{1B}[?2026l")
        frame.put("3", at: Point(column: 7, row: 1))
        frame.put("9", at: Point(column: 15, row: 1))
        renderer.render(frame)
        // Further apart, a cursor move is shorter than the cells between.
        XCTAssertEqual(sink.lastText, "\u{1B}[?2026h\u{1B}[2;8H\u{1B}[0m3\u{1B}[2;16H9\u{1B}[?2026l")
    }

    func testARowEndingInBlanksIsErasedToItsEndInThePlainStyle() {
        let sink = RecordingSink()
        let renderer = DiffRenderer(sink: sink, colorMode: .trueColor)
        var frame = Frame(size: Size(columns: 40, rows: 2))
        frame.put("A long line of text that will be shortened", at: Point(column: 0, row: 0), style: Style(bold: true))
        renderer.render(frame)
        frame = Frame(size: Size(columns: 40, rows: 2))
        frame.put("A long", at: Point(column: 0, row: 0), style: Style(bold: true))
        renderer.render(frame)
        XCTAssertEqual(sink.lastText, "\u{1B}[?2026h\u{1B}[1;7H\u{1B}[0m\u{1B}[K\u{1B}[?2026l")
    }

    /// Replays the renderer's bytes on a model of a terminal screen (cursor moves, SGR, printing by
    /// display width, ESC[2J, ESC[K) and checks that every frame of a random sequence is on screen
    /// exactly, text and style: whatever the renderer leaves out must already be there.
    func testReplayingTheOutputAlwaysShowsTheFrame() {
        for startSeed: UInt64 in [1, 2026, 0xDEAD_BEEF] { replay(seed: startSeed) }
    }

    private func replay(seed startSeed: UInt64) {
        var seed = startSeed
        func next(_ range: Range<Int>) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return range.lowerBound + Int((seed >> 33) % UInt64(range.count))
        }
        let size = Size(columns: 30, rows: 6)
        let styles = [Style.plain, Style(bold: true), Style(reverse: true), Style(foreground: .rgb(200, 10, 10))]
        let words = ["Item", "a", "Zoë", "日本", "—", "price 12,99 €", "★★★☆☆", "x", "   ", "longer text here"]
        let sink = RecordingSink()
        let renderer = DiffRenderer(sink: sink, colorMode: .trueColor)
        var screen = ReplayedScreen(size: size)
        var frame = Frame(size: size)
        for step in 0..<400 {
            if next(0..<4) == 0 { frame = Frame(size: size) }
            for _ in 0..<next(1..<6) {
                let row = next(0..<size.rows)
                if next(0..<3) == 0 {
                    frame.fill(Rect(column: 0, row: row, columns: size.columns, rows: 1), style: styles[next(0..<styles.count)])
                }
                frame.put(words[next(0..<words.count)], at: Point(column: next(0..<size.columns), row: row),
                          style: styles[next(0..<styles.count)])
            }
            sink.writes.removeAll()
            renderer.render(frame)
            sink.writes.forEach { screen.apply($0) }
            for row in 0..<size.rows {
                for column in 0..<size.columns where !frame[column, row].isContinuation {
                    let expected = frame[column, row]
                    let shown = screen.cells[row][column]
                    guard shown.text == expected.grapheme, shown.sgr == SGR.sequence(for: expected.style, mode: .trueColor) else {
                        return XCTFail("seed \(startSeed), step \(step), cell \(column),\(row): shown \(shown), expected \(expected)")
                    }
                }
            }
        }
    }

    func testMovingTheSelectionRewritesAboutTwoRows() {
        let sink = RecordingSink()
        let renderer = DiffRenderer(sink: sink, colorMode: .palette256)
        renderer.render(listFrame(selected: 4))
        let fullRepaint = sink.writes[0].count
        renderer.render(listFrame(selected: 5))
        let update = sink.lastText
        XCTAssertEqual(cursorMoves(in: update), 2, "one run per changed row")
        XCTAssertTrue(update.contains("\u{1B}[6;1H"), "the old selection's row (row 6) is rewritten")
        XCTAssertTrue(update.contains("\u{1B}[7;1H"), "the new selection's row (row 7) is rewritten")
        XCTAssertLessThan(sink.writes[1].count, 2 * 80 * 4, "about two 80-column rows of bytes")
        XCTAssertLessThan(sink.writes[1].count * 4, fullRepaint, "far below a full repaint")
        XCTAssertEqual(occurrences(of: "\u{1B}\\[\\?2026h", in: update), 1)
        XCTAssertTrue(update.hasSuffix("\u{1B}[?2026l"))
        XCTAssertFalse(update.contains("\u{1B}[2J"))
    }

    func testInvalidateAndResizeRepaintEverything() {
        let sink = RecordingSink()
        let renderer = DiffRenderer(sink: sink, colorMode: .none)
        renderer.render(listFrame(selected: 1))
        renderer.invalidate()
        renderer.render(listFrame(selected: 1))
        XCTAssertEqual(sink.writes.count, 2)
        XCTAssertEqual(sink.writes[0], sink.writes[1])
        renderer.render(listFrame(selected: 1, size: Size(columns: 60, rows: 20)))
        XCTAssertEqual(sink.writes.count, 3)
        XCTAssertTrue(sink.lastText.contains("\u{1B}[2J"))
    }

    func testWideCellsAreFollowedByAnExplicitCursorMove() {
        let sink = RecordingSink()
        let renderer = DiffRenderer(sink: sink, colorMode: .trueColor)
        var frame = Frame(size: Size(columns: 10, rows: 1))
        frame.put("a漢b😀c", at: Point(column: 0, row: 0))
        renderer.render(frame)
        // A CJK ideograph is two columns everywhere: one explicit move after it. An emoji's width is
        // uncertain: its trailing cell is written first, and the rest of the row after it.
        XCTAssertTrue(sink.lastText.contains("\u{1B}[1;1H\u{1B}[0ma漢\u{1B}[1;4Hb\u{1B}[1;6H \u{1B}[1;5H😀\u{1B}[1;7Hc   "), sink.lastText)
    }

    func testStyleChangesEmitSGROnlyWhenNeeded() {
        let sink = RecordingSink()
        let renderer = DiffRenderer(sink: sink, colorMode: .palette256)
        var frame = Frame(size: Size(columns: 10, rows: 1))
        frame.put("ab", at: Point(column: 0, row: 0), style: Style(bold: true))
        frame.put("cd", at: Point(column: 2, row: 0), style: Style(foreground: .red))
        renderer.render(frame)
        XCTAssertTrue(sink.lastText.contains("\u{1B}[0;1mab\u{1B}[0;38;5;203mcd\u{1B}[0m\u{1B}[?2026l"), sink.lastText)
    }

    func testControlCharactersInHandBuiltCellsAreSanitized() {
        let sink = RecordingSink()
        let renderer = DiffRenderer(sink: sink, colorMode: .none)
        var frame = Frame(size: Size(columns: 4, rows: 1))
        frame.setCell(Cell(grapheme: "\u{1B}"), column: 0, row: 0)
        frame.setCell(Cell(grapheme: ""), column: 1, row: 0)
        renderer.render(frame)
        XCTAssertEqual(sink.lastText, "\u{1B}[?2026h\u{1B}[0m\u{1B}[2J\u{1B}[1;1H\u{1B}[0m� \u{1B}[?2026l")
    }

    /// Glyphs are remembered per scalar: a later frame writes the same sanitized bytes and still treats
    /// an uncertain glyph as uncertain.
    func testRememberedGlyphsAreWrittenAsTheFirstTime() {
        let sink = RecordingSink()
        let renderer = DiffRenderer(sink: sink, colorMode: .none)
        for round in 0..<2 {
            var frame = Frame(size: Size(columns: 6, rows: 1))
            frame.setCell(Cell(grapheme: "\u{1B}"), column: 0, row: 0)
            frame.put("😀★", at: Point(column: 1, row: 0))
            renderer.render(frame)
            XCTAssertTrue(sink.lastText.contains("\u{1B}[1;1H\u{1B}[0m�\u{1B}[1;3H \u{1B}[1;2H😀\u{1B}[1;4H★"), "round \(round): \(sink.lastText)")
            renderer.invalidate()
        }
    }

    /// Cells compare by their bytes: a canonically equivalent but differently encoded grapheme is
    /// written again (the terminal would receive different bytes).
    func testCellsCompareByTheirBytes() {
        XCTAssertNotEqual(Cell(grapheme: "\u{E9}"), Cell(grapheme: "e\u{301}"))
        XCTAssertEqual(Cell(grapheme: "\u{E9}"), Cell(grapheme: "\u{E9}"))
        XCTAssertEqual(Set([Cell(grapheme: "a"), Cell(grapheme: "a"), Cell(grapheme: "b")]).count, 2)
    }

    func testBackgroundColorPerMode() {
        let favorite = Style(background: .rgb(0xD1, 0xC4, 0xE9, fallback: 189))
        var frame = Frame(size: Size(columns: 2, rows: 1))
        frame.put("x", at: Point(column: 0, row: 0), style: favorite)
        let expectations: [(ColorMode, String)] = [
            (.trueColor, "\u{1B}[0;48;2;209;196;233mx"),
            (.palette256, "\u{1B}[0;48;5;189mx"),
            (.none, "\u{1B}[0mx"),
        ]
        for (mode, expected) in expectations {
            let sink = RecordingSink()
            DiffRenderer(sink: sink, colorMode: mode).render(frame)
            XCTAssertTrue(sink.lastText.contains(expected), "\(mode): \(sink.lastText)")
        }
    }
}

final class SGRTests: XCTestCase {
    private func sgr(_ style: Style, _ mode: ColorMode) -> String {
        String(decoding: SGR.sequence(for: style, mode: mode), as: UTF8.self)
    }

    func testAttributes() {
        XCTAssertEqual(sgr(.plain, .trueColor), "\u{1B}[0m")
        XCTAssertEqual(sgr(Style(bold: true, dim: true, italic: true, underline: true, reverse: true), .trueColor), "\u{1B}[0;1;2;3;4;7m")
    }

    func testNoneModeDropsColorsButKeepsAttributes() {
        let style = Style(foreground: .rgb(1, 2, 3), background: .indexed(200), bold: true, underline: true, reverse: true)
        XCTAssertEqual(sgr(style, .none), "\u{1B}[0;1;4;7m")
    }

    func testIndexedColors() {
        XCTAssertEqual(sgr(Style(foreground: .indexed(1), background: .indexed(4)), .palette256), "\u{1B}[0;31;44m")
        XCTAssertEqual(sgr(Style(foreground: .indexed(9), background: .indexed(15)), .palette256), "\u{1B}[0;91;107m")
        XCTAssertEqual(sgr(Style(foreground: .indexed(208)), .trueColor), "\u{1B}[0;38;5;208m")
    }

    func testRGBColors() {
        let purple = Color.rgb(0xD1, 0xC4, 0xE9, fallback: 189)
        XCTAssertEqual(sgr(Style(foreground: purple), .trueColor), "\u{1B}[0;38;2;209;196;233m")
        XCTAssertEqual(sgr(Style(background: purple), .palette256), "\u{1B}[0;48;5;189m")
        XCTAssertEqual(sgr(Style(background: .rgb(255, 0, 0)), .palette256), "\u{1B}[0;48;5;196m")
    }

    func testNearestPaletteIndex() {
        XCTAssertEqual(ColorEncoding.nearestPaletteIndex(red: 0, green: 0, blue: 0), 16)
        XCTAssertEqual(ColorEncoding.nearestPaletteIndex(red: 255, green: 255, blue: 255), 231)
        XCTAssertEqual(ColorEncoding.nearestPaletteIndex(red: 0, green: 0, blue: 255), 21)
        XCTAssertEqual(ColorEncoding.nearestPaletteIndex(red: 128, green: 128, blue: 128), 244) // grey ramp
        XCTAssertEqual(ColorEncoding.nearestPaletteIndex(red: 0xD1, green: 0xC4, blue: 0xE9), 188) // why #D1C4E9 needs its fallback
    }
}

/// A terminal screen as far as the renderer drives it.
private struct ReplayedScreen {
    struct Cell: CustomStringConvertible {
        var text = " "
        var sgr: [UInt8]
        var description: String { "\(text.debugDescription) \(String(decoding: sgr, as: UTF8.self).debugDescription)" }
    }

    let size: Size
    var cells: [[Cell]]
    var row = 0
    var column = 0
    var sgr: [UInt8]
    let plain = SGR.sequence(for: .plain, mode: .trueColor)

    init(size: Size) {
        self.size = size
        sgr = SGR.sequence(for: .plain, mode: .trueColor)
        cells = Array(repeating: Array(repeating: Cell(sgr: sgr), count: size.columns), count: size.rows)
    }

    mutating func apply(_ bytes: [UInt8]) {
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") {
                var end = index + 2
                while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
                switch bytes[end] {
                case UInt8(ascii: "H"):
                    let numbers = parameters.split(separator: ";").compactMap { Int($0) }
                    row = numbers[0] - 1
                    column = numbers[1] - 1
                case UInt8(ascii: "m"):
                    let sequence = Array(bytes[index...end])
                    sgr = sequence == Array("\u{1B}[0m".utf8) ? plain : sequence
                case UInt8(ascii: "J"):
                    cells = Array(repeating: Array(repeating: Cell(sgr: sgr), count: size.columns), count: size.rows)
                case UInt8(ascii: "K"):
                    for erased in column..<size.columns { cells[row][erased] = Cell(sgr: sgr) }
                default:
                    break // ?2026h/l
                }
                index = end + 1
                continue
            }
            // One grapheme: the bytes up to the next escape, split into characters.
            var end = index
            while end < bytes.count, bytes[end] != 0x1B { end += 1 }
            for character in String(decoding: bytes[index..<end], as: UTF8.self) {
                let width = max(1, DisplayWidth.of(character))
                if row < size.rows, column < size.columns { cells[row][column] = Cell(text: String(character), sgr: sgr) }
                column += width
            }
            index = end
        }
    }
}
