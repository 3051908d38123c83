import TextCells
import XCTest
@testable import TerminalUI

/// A tiny terminal that understands exactly what the renderer emits (cursor moves, SGR, clear,
/// synchronized update) and records, per cell, the text and the SGR sequence in effect.
private final class EmulatedTerminal: OutputSink {
    struct ScreenCell: Equatable {
        var text = " "
        var sgr = "\u{1B}[0m"
    }

    let size: Size
    private(set) var cells: [ScreenCell]
    private var row = 0, column = 0
    private var sgr = "\u{1B}[0m"

    init(size: Size) {
        self.size = size
        cells = Array(repeating: ScreenCell(), count: size.columns * size.rows)
    }

    func write(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "\u{1B}" {
                // ESC [ parameters final-byte
                var end = text.index(index, offsetBy: 2)
                while let scalar = text[end].unicodeScalars.first, !(0x40...0x7E).contains(scalar.value) { end = text.index(after: end) }
                let sequence = String(text[index...end])
                let parameters = String(text[text.index(index, offsetBy: 2)..<end])
                switch text[end] {
                case "m": sgr = sequence
                case "H":
                    let numbers = parameters.split(separator: ";").compactMap { Int($0) }
                    row = numbers[0] - 1
                    column = numbers[1] - 1
                case "J": cells = Array(repeating: ScreenCell(text: " ", sgr: sgr), count: cells.count)
                case "h", "l": break
                default: XCTFail("unexpected sequence \(sequence.debugDescription)")
                }
                index = text.index(after: end)
                continue
            }
            let character = text[index]
            let width = DisplayWidth.of(character)
            if row < size.rows, column < size.columns {
                cells[row * size.columns + column] = ScreenCell(text: String(character), sgr: sgr)
                if width == 2, column + 1 < size.columns { cells[row * size.columns + column + 1] = ScreenCell(text: "", sgr: sgr) }
            }
            column += width
            index = text.index(after: index)
        }
    }

    func check(matches frame: Frame, mode: ColorMode, file: StaticString = #filePath, line: UInt = #line) {
        for row in 0..<size.rows {
            for column in 0..<size.columns {
                let expected = frame[column, row]
                let actual = cells[row * size.columns + column]
                if expected.isContinuation { continue }
                XCTAssertEqual(actual.text, expected.grapheme, "text at \(column),\(row)", file: file, line: line)
                let expectedSGR = String(decoding: SGR.sequence(for: ColorTheme.dark.resolve(expected.style), mode: mode), as: UTF8.self)
                XCTAssertEqual(actual.sgr, expectedSGR, "style at \(column),\(row)", file: file, line: line)
            }
        }
    }
}

/// Deterministic pseudo-random numbers (a linear congruential generator) so failures reproduce.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state
    }
}

final class RendererEmulationTests: XCTestCase {
    /// After any sequence of frames, the emulated screen shows exactly the last frame.
    func testScreenAlwaysMatchesTheLastFrame() {
        let size = Size(columns: 16, rows: 6)
        let samples = ["a", "b", "漢", "字", "😀", "é", "€", " ", "x", "🇩🇪"]
        let styles = [Style.plain, Style(bold: true), Style(foreground: .red), Style(background: .rgb(0xD1, 0xC4, 0xE9, fallback: 189)),
                      Style(reverse: true), Style(foreground: .indexed(200), underline: true)]
        for mode in [ColorMode.trueColor, .palette256, .none] {
            var generator = SeededGenerator(state: 42)
            let terminal = EmulatedTerminal(size: size)
            let renderer = DiffRenderer(sink: terminal, colorMode: mode)
            var frame = Frame(size: size)
            for step in 0..<200 {
                for _ in 0..<Int.random(in: 1...6, using: &generator) {
                    let text = (0..<Int.random(in: 1...5, using: &generator)).map { _ in samples.randomElement(using: &generator)! }.joined()
                    let point = Point(column: Int.random(in: -1..<size.columns, using: &generator), row: Int.random(in: 0..<size.rows, using: &generator))
                    frame.put(text, at: point, style: styles.randomElement(using: &generator)!)
                }
                if step % 50 == 49 { renderer.invalidate() }
                renderer.render(frame)
                terminal.check(matches: frame, mode: mode)
            }
        }
    }
}
