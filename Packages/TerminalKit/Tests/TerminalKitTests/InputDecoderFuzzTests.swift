import TestSupport
import XCTest
@testable import TerminalKit

final class InputDecoderFuzzTests: XCTestCase {
    /// Fragments that steer random input into every decoder state, plus raw bytes of every kind.
    private static let fragments: [[UInt8]] = [
        [0x1B], Array("[".utf8), Array("O".utf8), Array("<".utf8), Array("?".utf8), Array(";".utf8),
        Array("~".utf8), Array("M".utf8), Array("m".utf8), Array("$y".utf8), Array("1".utf8), Array("64".utf8),
        Array("\u{1b}[200~".utf8), Array("\u{1b}[201~".utf8), Array("\u{1b}[<0;5;5M".utf8), Array("\u{1b}[M".utf8),
        Array("ä".utf8), Array("😀".utf8), [0xC2, 0x85], [0xC3], [0xF0, 0x9F], [0xFF], [0x80],
        [0x00], [0x03], [0x0D], [0x7F], [0x9B],
    ]

    private static func randomChunk(using generator: inout SeededGenerator) -> [UInt8] {
        var chunk: [UInt8] = []
        let pieces = Int.random(in: 0...12, using: &generator)
        for _ in 0..<pieces {
            if Bool.random(using: &generator) {
                chunk += fragments.randomElement(using: &generator) ?? []
            } else {
                chunk.append(UInt8.random(in: 0...255, using: &generator))
            }
        }
        return chunk
    }

    private static func assertClean(_ events: [InputEvent], file: StaticString = #filePath, line: UInt = #line) {
        for event in events {
            switch event {
            case .key(.character(let character)), .key(.ctrl(let character)):
                XCTAssertFalse(
                    character.unicodeScalars.contains { $0.properties.generalCategory == .control },
                    "control character in \(event)", file: file, line: line
                )
            case .paste(let text):
                XCTAssertFalse(
                    text.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t" },
                    "control character in a paste", file: file, line: line
                )
                XCTAssertLessThanOrEqual(text.utf8.count, InputDecoder.maximumPasteBytes * 3, file: file, line: line)
            case .mouse(let mouse):
                XCTAssertGreaterThanOrEqual(mouse.column, 0, file: file, line: line)
                XCTAssertGreaterThanOrEqual(mouse.row, 0, file: file, line: line)
            case .key(.function(let number)):
                XCTAssertTrue((1...12).contains(number), file: file, line: line)
            case .key:
                break
            }
        }
    }

    func testRandomChunksWithTimeoutsNeverProduceControlCharacters() {
        var generator = SeededGenerator(seed: 0x7E41_C0DE)
        var decoder = InputDecoder()
        var eventCount = 0
        for _ in 0..<20_000 {
            let events = decoder.feed(Self.randomChunk(using: &generator))
            Self.assertClean(events)
            eventCount += events.count
            if decoder.hasPendingEscape && Int.random(in: 0..<4, using: &generator) == 0 {
                Self.assertClean(decoder.resolveTimeout())
            }
        }
        // Close any paste the noise left open, then resolve whatever is pending.
        Self.assertClean(decoder.feed(Array("\u{1b}[201~".utf8)))
        Self.assertClean(decoder.resolveTimeout())
        XCTAssertFalse(decoder.hasPendingEscape)
        XCTAssertGreaterThan(eventCount, 1000, "the noise should decode to plenty of events")
    }

    func testRandomSplitsDecodeLikeOnePiece() {
        var generator = SeededGenerator(seed: 42)
        for round in 0..<300 {
            var bytes: [UInt8] = []
            for _ in 0..<40 {
                bytes += Self.randomChunk(using: &generator)
            }
            var whole = InputDecoder()
            let expected = whole.feed(bytes) + whole.resolveTimeout()

            var split = InputDecoder()
            var events: [InputEvent] = []
            var index = 0
            while index < bytes.count {
                let length = Int.random(in: 1...8, using: &generator)
                let end = min(bytes.count, index + length)
                events += split.feed(bytes[index..<end])
                index = end
            }
            events += split.resolveTimeout()
            XCTAssertEqual(events, expected, "round \(round)")
            Self.assertClean(events)
        }
    }
}
