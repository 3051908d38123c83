import TestSupport
import TextCells
import XCTest
@testable import TerminalUI

/// Seeded random text into the sanitizer, the width function and a frame through the renderer:
/// no control, C1 or bidi scalar ever comes out, widths add up, and nothing traps.
final class TextFuzzTests: XCTestCase {
    /// Scalars from the ranges that matter (controls, C1, bidi, combining marks, ZWJ, VS16, emoji,
    /// flags, CJK, private use) and anywhere else.
    private func randomText(_ generator: inout SeededGenerator) -> String {
        let ranges: [ClosedRange<UInt32>] = [0x00...0x1F, 0x7F...0x9F, 0x200B...0x200F, 0x202A...0x202E, 0x2066...0x2069,
                                             0x0300...0x036F, 0xFE00...0xFE0F, 0x1F300...0x1F64F, 0x1F1E6...0x1F1FF,
                                             0x4E00...0x4E80, 0xE000...0xE010, 0x20...0x7E, 0x20...0x7E, 0x0...0x10FFFF]
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...24, using: &generator) {
            let range = ranges.randomElement(using: &generator)!
            if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &generator)) { scalars.append(scalar) }
            if Int.random(in: 0..<8, using: &generator) == 0 { scalars.append("\u{200D}") }
        }
        return String(scalars)
    }

    private func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            || value == 0x200E || value == 0x200F || value == 0x061C
    }

    func testSanitizedTextNeverHoldsAControlAndWidthsAddUp() {
        var generator = SeededGenerator(seed: 15)
        for round in 0..<20_000 {
            let text = randomText(&generator)
            let clean = Sanitizer.sanitize(text)
            XCTAssertFalse(clean.unicodeScalars.contains(where: isForbidden), "round \(round): \(text.debugDescription) → \(clean.debugDescription)")
            XCTAssertEqual(Sanitizer.sanitize(clean), clean, "round \(round): sanitizing is idempotent")
            let width = DisplayWidth.of(clean)
            XCTAssertGreaterThanOrEqual(width, 0)
            XCTAssertEqual(width, clean.reduce(0) { $0 + DisplayWidth.of($1) }, "round \(round): \(clean.debugDescription)")
            XCTAssertFalse(Sanitizer.sanitizeInput(text).unicodeScalars.contains { isForbidden($0) && $0 != "\n" }, "round \(round)")
        }
    }

    func testRandomTextInFramesRendersOnlyTheRenderersOwnEscapes() {
        final class Sink: OutputSink {
            var bytes: [UInt8] = []
            func write(_ bytes: [UInt8]) { self.bytes += bytes }
        }
        var generator = SeededGenerator(seed: 2026)
        let sink = Sink()
        let renderer = DiffRenderer(sink: sink, colorMode: .trueColor)
        for _ in 0..<300 {
            var frame = Frame(size: Size(columns: 40, rows: 6))
            for row in 0..<6 {
                frame.put(randomText(&generator), at: Point(column: Int.random(in: 0..<40, using: &generator), row: row),
                          maxColumns: Int.random(in: 1...40, using: &generator))
            }
            renderer.render(frame)
        }
        // Outside the renderer's CSI sequences, only printable text.
        var index = 0
        let bytes = sink.bytes
        while index < bytes.count {
            if bytes[index] == 0x1B {
                XCTAssertEqual(bytes[index + 1], UInt8(ascii: "["), "only CSI at \(index)")
                var end = index + 2
                while (0x30...0x3F).contains(bytes[end]) { end += 1 }
                XCTAssertTrue("HmJKhl".utf8.contains(bytes[end]), "a sequence of the renderer's at \(index)")
                index = end + 1
                continue
            }
            XCTAssertFalse(bytes[index] < 0x20 || bytes[index] == 0x7F, "control byte \(bytes[index]) at \(index)")
            index += 1
        }
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertFalse(text.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value) })
    }
}
