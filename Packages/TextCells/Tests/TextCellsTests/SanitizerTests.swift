import XCTest
@testable import TextCells

final class SanitizerTests: XCTestCase {
    func testEscapeSequencesBecomeVisible() {
        XCTAssertEqual(Sanitizer.sanitize("\u{1B}]0;pwned\u{07}title"), "�]0;pwned�title")
        XCTAssertEqual(Sanitizer.sanitize("\u{1B}[2J"), "�[2J")
    }

    func testControlCharacters() {
        XCTAssertEqual(Sanitizer.sanitize("a\u{0}b"), "a�b")
        XCTAssertEqual(Sanitizer.sanitize("line\nnext\r"), "line�next�")
        XCTAssertEqual(Sanitizer.sanitize("a\tb"), "a b")
        XCTAssertEqual(Sanitizer.sanitize("del\u{7F}"), "del�")
        XCTAssertEqual(Sanitizer.sanitize("c1\u{9B}31m"), "c1\u{FFFD}31m") // CSI as a C1 control
        XCTAssertEqual(Sanitizer.sanitize("\u{85}"), "\u{FFFD}")
    }

    func testBidiControlsAreReplaced() {
        XCTAssertEqual(Sanitizer.sanitize("abc\u{202E}fed"), "abc\u{FFFD}fed")
        for value: UInt32 in [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069] {
            let scalar = Unicode.Scalar(value)!
            XCTAssertEqual(Sanitizer.sanitize("x" + String(Character(scalar)) + "y"), "x\u{FFFD}y", "U+\(String(value, radix: 16))")
        }
    }

    func testHarmlessTextIsUnchanged() {
        for text in ["", "plain", "Grüße €5 – 漢字 😀 🇩🇪 e\u{301}", "“quotes” ‘single’ … ‰"] {
            XCTAssertEqual(Sanitizer.sanitize(text), text)
        }
    }

    /// No scalar below U+0100, and no bidi control, survives sanitizing as a control character.
    func testNoControlCharacterSurvives() {
        let bidi: [UInt32] = [0x061C, 0x200E, 0x200F] + Array(0x202A...0x202E) + Array(0x2066...0x2069)
        for value in Array(0..<0x100) + bidi {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let output = Sanitizer.sanitize("a" + String(Character(scalar)) + "b")
            for outputScalar in output.unicodeScalars {
                let category = outputScalar.properties.generalCategory
                XCTAssertNotEqual(category, .control, "U+\(String(value, radix: 16)) survived")
                XCTAssertFalse(bidi.contains(outputScalar.value), "U+\(String(value, radix: 16)) survived")
            }
            XCTAssertEqual(output.unicodeScalars.count, 3, "one scalar maps to one scalar")
        }
    }

    func testInputSanitizingDropsControlsAndFlattensLineBreaks() {
        XCTAssertEqual(Sanitizer.sanitizeInput("a\r\nb\nc\td"), "a b c d")
        XCTAssertEqual(Sanitizer.sanitizeInput("x\u{1B}[31my\u{202E}z\u{7F}"), "x[31myz")
        XCTAssertEqual(Sanitizer.sanitizeInput("Grüße"), "Grüße")
    }
}
