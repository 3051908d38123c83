import TextCells
import XCTest
@testable import TerminalUI

/// A terminal that disagrees with ``DisplayWidth`` on emoji widths, as real ones do: text-default
/// symbols with VS16 (☺️ ❤️) are one column, a ZWJ sequence is the sum of its parts (🏳️‍🌈 is 1 + 2).
/// It understands exactly what the renderer writes: cursor moves, SGR, clears, synchronized updates.
private struct DisagreeingTerminal {
    /// One string per column: a glyph, "" for the columns a wide glyph covers.
    var rows: [[String]]

    init(size: Size) {
        rows = Array(repeating: Array(repeating: " ", count: size.columns), count: size.rows)
    }

    static func width(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        if scalars.contains("\u{200D}") {
            return scalars.filter { $0.properties.isEmoji && $0.value > 0xFF }.reduce(0) { $0 + ($1.properties.isEmojiPresentation ? 2 : 1) }
        }
        if let first = scalars.first, !first.properties.isEmojiPresentation, first.properties.isEmoji, first.value > 0xFF { return 1 }
        return max(1, DisplayWidth.of(character))
    }

    mutating func feed(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        var row = 0, column = 0
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "\u{1B}" {
                // ESC [ params final
                var end = text.index(index, offsetBy: 2)
                while end < text.endIndex, !(text[end].isLetter) { end = text.index(after: end) }
                let parameters = text[text.index(index, offsetBy: 2)..<end]
                switch text[end] {
                case "H":
                    let parts = parameters.split(separator: ";").compactMap { Int($0) }
                    row = parts[0] - 1
                    column = parts[1] - 1
                case "J":
                    rows = rows.map { $0.map { _ in " " } }
                default: break // SGR, synchronized update
                }
                index = text.index(after: end)
                continue
            }
            let width = Self.width(character)
            write(String(character), width: width, row: row, column: column)
            column += width
            index = text.index(after: index)
        }
    }

    private mutating func write(_ glyph: String, width: Int, row: Int, column: Int) {
        guard column < rows[row].count else { return }
        for covered in column..<min(rows[row].count, column + width) {
            // Writing into any part of an older wide glyph breaks that glyph.
            if rows[row][covered].isEmpty {
                var start = covered
                while start > 0, rows[row][start].isEmpty { start -= 1 }
                if start < column { rows[row][start] = " " }
            }
            rows[row][covered] = ""
        }
        var after = column + width
        while after < rows[row].count, rows[row][after].isEmpty { rows[row][after] = " "; after += 1 }
        rows[row][column] = glyph
    }

    /// Column by column; a glyph wider than the app thought shows where it pushed others out.
    var text: [String] { rows.map { $0.joined() } }
}

final class UncertainWidthTests: XCTestCase {
    private final class Sink: OutputSink {
        var bytes: [UInt8] = []
        func write(_ bytes: [UInt8]) { self.bytes += bytes }
    }

    private func frame(_ lines: [String], size: Size) -> Frame {
        var frame = Frame(size: size)
        for (row, line) in lines.enumerated() { frame.put(line, at: Point(column: 0, row: row)) }
        return frame
    }

    /// Draws each frame in turn on a terminal that disagrees, and checks that after every frame
    /// the terminal's columns hold exactly what the app's frame holds wherever both agree on widths.
    private func assertNoDebris(_ frames: [[String]], file: StaticString = #filePath, line: UInt = #line) {
        let size = Size(columns: 12, rows: frames[0].count)
        let sink = Sink()
        let renderer = DiffRenderer(sink: sink, colorMode: .none)
        var terminal = DisagreeingTerminal(size: size)
        for lines in frames {
            sink.bytes = []
            renderer.render(frame(lines, size: size))
            terminal.feed(sink.bytes)
        }
        for (row, expected) in frames.last!.enumerated() {
            let shown = terminal.rows[row]
            // The border at the last column never moves, and no letter of an earlier frame survives.
            XCTAssertEqual(shown.last, "|", "row \(row): \(terminal.text[row])", file: file, line: line)
            let letters = Set(expected.filter(\.isLetter))
            for glyph in shown where glyph.count == 1 && glyph.first!.isLetter {
                XCTAssertTrue(letters.contains(glyph.first!), "stale '\(glyph)' in row \(row): \(terminal.text[row])", file: file, line: line)
            }
        }
    }

    func testANarrowerEmojiLeavesNoStaleGlyphBehind() {
        assertNoDebris([["QRSTUVWXYZa|"], ["☺️STUVWXYZa|"]])
        assertNoDebris([["QRSTUVWXYZa|"], ["❤️ STUVWXYZ|"]])
    }

    func testAWiderZWJSequenceDoesNotShiftTheBorder() {
        assertNoDebris([["QRSTUVWXYZa|"], ["🏳️‍🌈STUVWXYZa|"]])
        assertNoDebris([["🏳️‍🌈STUVWXYZa|"], ["QRSTUVWXYZa|"]])
    }

    func testARunOfTwoThousandJoinersIsCappedInTheCell() {
        var frame = Frame(size: Size(columns: 10, rows: 1))
        frame.put("a" + String(repeating: "\u{200D}", count: 2000) + "bc", at: Point(column: 0, row: 0))
        XCTAssertLessThanOrEqual(frame[0, 0].grapheme.unicodeScalars.count, Frame.maximumScalarsPerCell)
        XCTAssertEqual(frame[1, 0].grapheme, "b")
    }
}
