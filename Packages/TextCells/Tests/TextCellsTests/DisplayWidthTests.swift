import XCTest
@testable import TextCells

final class DisplayWidthTests: XCTestCase {
    func testASCIIIsOneColumnAndControlsAreZero() {
        XCTAssertEqual(DisplayWidth.of("a" as Character), 1)
        XCTAssertEqual(DisplayWidth.of("Hello, world!"), 13)
        XCTAssertEqual(DisplayWidth.of("\u{1B}" as Character), 0)
        XCTAssertEqual(DisplayWidth.of("\r\n" as Character), 0)
        XCTAssertEqual(DisplayWidth.of("\u{7F}" as Character), 0)
        XCTAssertEqual(DisplayWidth.of("\u{85}" as Character), 0)
    }

    func testEastAsianWideAndFullwidthAreTwoColumns() {
        XCTAssertEqual(DisplayWidth.of("漢" as Character), 2)
        XCTAssertEqual(DisplayWidth.of("漢字"), 4)
        XCTAssertEqual(DisplayWidth.of("Ａ" as Character), 2) // U+FF21 fullwidth
        XCTAssertEqual(DisplayWidth.of("한" as Character), 2) // Hangul syllable
        XCTAssertEqual(DisplayWidth.of("カ" as Character), 2)
        XCTAssertEqual(DisplayWidth.of("ｶ" as Character), 1) // halfwidth katakana
        XCTAssertEqual(DisplayWidth.of("\u{20000}" as Character), 2) // CJK extension B
    }

    func testNarrowNonASCIIIsOneColumn() {
        XCTAssertEqual(DisplayWidth.of("ü" as Character), 1)
        XCTAssertEqual(DisplayWidth.of("€" as Character), 1)
        XCTAssertEqual(DisplayWidth.of("Ж" as Character), 1)
        XCTAssertEqual(DisplayWidth.of("│" as Character), 1)
        XCTAssertEqual(DisplayWidth.of("…" as Character), 1)
        XCTAssertEqual(DisplayWidth.of("�" as Character), 1)
    }

    func testEmoji() {
        XCTAssertEqual(DisplayWidth.of("😀" as Character), 2)
        XCTAssertEqual(DisplayWidth.of("❤" as Character), 1) // text presentation by default
        XCTAssertEqual(DisplayWidth.of("❤️" as Character), 2) // with VS16
        XCTAssertEqual(DisplayWidth.of("1️⃣" as Character), 2) // keycap
        XCTAssertEqual(DisplayWidth.of("👍🏽" as Character), 2) // skin tone modifier
        XCTAssertEqual(DisplayWidth.of("👨‍👩‍👧‍👦" as Character), 2) // ZWJ family
        XCTAssertEqual(DisplayWidth.of("👨‍👩‍👧‍👦"), 2)
    }

    func testFlagsAreTwoColumnsAndLoneRegionalIndicatorsOne() {
        XCTAssertEqual(DisplayWidth.of("🇩🇪" as Character), 2)
        XCTAssertEqual(DisplayWidth.of("🇩🇪🇫🇷"), 4)
        XCTAssertEqual(DisplayWidth.of("\u{1F1E9}" as Character), 1)
    }

    func testCombiningMarksAndZeroWidth() {
        XCTAssertEqual(DisplayWidth.of("e\u{301}" as Character), 1)
        XCTAssertEqual(DisplayWidth.of("e\u{301}te\u{301}"), 3)
        XCTAssertEqual(DisplayWidth.of("\u{301}" as Character), 0) // lone combining mark
        XCTAssertEqual(DisplayWidth.of("\u{20DD}" as Character), 0) // enclosing mark
        XCTAssertEqual(DisplayWidth.of("\u{200B}" as Character), 0) // zero width space
        XCTAssertEqual(DisplayWidth.of("\u{200D}" as Character), 0) // ZWJ alone
        XCTAssertEqual(DisplayWidth.of("\u{FEFF}" as Character), 0)
        XCTAssertEqual(DisplayWidth.of("\u{1100}\u{1161}\u{11A8}" as Character), 2) // conjoining jamo syllable
    }

    func testWideTableIsSortedAndDisjoint() {
        for (previous, next) in zip(eastAsianWideRanges, eastAsianWideRanges.dropFirst()) {
            XCTAssertLessThan(previous.upperBound + 1, next.lowerBound, "\(previous) and \(next) overlap or touch")
        }
        XCTAssertTrue(DisplayWidth.isWide(0x1100))
        XCTAssertTrue(DisplayWidth.isWide(0x3FFFD))
        XCTAssertFalse(DisplayWidth.isWide(0x10FF))
        XCTAssertFalse(DisplayWidth.isWide(0x40000))
        XCTAssertFalse(DisplayWidth.isWide(0x41))
    }
}
