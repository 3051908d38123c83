import TextCells
import XCTest
import TerminalUI

final class TextWrapTests: XCTestCase {
    func testWrapsBetweenWords() {
        XCTAssertEqual(TextWrap.wrap("the quick brown fox jumps", width: 10), ["the quick", "brown fox", "jumps"])
        XCTAssertEqual(TextWrap.wrap("exactly ten", width: 11), ["exactly ten"])
    }

    func testNeverCutsAWordThatFitsOnALine() {
        let text = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt"
        let words = Set(text.split(separator: " ").map(String.init))
        for width in 11...40 {
            let lines = TextWrap.wrap(text, width: width)
            for line in lines {
                XCTAssertLessThanOrEqual(DisplayWidth.of(line), width)
                for word in line.split(separator: " ") { XCTAssertTrue(words.contains(String(word)), "\(word) was cut at width \(width)") }
            }
            XCTAssertEqual(lines.joined(separator: " "), text)
        }
    }

    func testCollapsesSpacesAtBreaksAndKeepsThemInside() {
        XCTAssertEqual(TextWrap.wrap("aaa   bbb     ccc", width: 9), ["aaa   bbb", "ccc"])
        XCTAssertEqual(TextWrap.wrap("word   ", width: 10), ["word"])
    }

    func testKeepsExplicitLineBreaks() {
        XCTAssertEqual(TextWrap.wrap("one\ntwo\r\n\nthree", width: 20), ["one", "two", "", "three"])
        XCTAssertEqual(TextWrap.wrap("", width: 5), [""])
    }

    func testHardBreaksAWordLongerThanTheLine() {
        XCTAssertEqual(TextWrap.wrap("abcdefghij klm", width: 4), ["abcd", "efgh", "ij", "klm"])
        XCTAssertEqual(TextWrap.wrap("hi abcdefghij", width: 4), ["hi", "abcd", "efgh", "ij"])
    }

    func testCJKFillsLinesWithoutSplittingWideCharacters() {
        XCTAssertEqual(TextWrap.wrap("漢字漢字漢", width: 5), ["漢字", "漢字", "漢"])
        XCTAssertEqual(TextWrap.wrap("a漢字", width: 4), ["a漢", "字"])
        for line in TextWrap.wrap("日本語のテキストは空白がありません", width: 7) {
            XCTAssertLessThanOrEqual(DisplayWidth.of(line), 7)
        }
    }

    func testSanitizesEachLine() {
        XCTAssertEqual(TextWrap.wrap("a\u{1B}[31mb\nc\td", width: 20), ["a�[31mb", "c d"])
    }

    func testDegenerateWidths() {
        XCTAssertEqual(TextWrap.wrap("abc", width: 0), [])
        XCTAssertEqual(TextWrap.wrap("ab", width: 1), ["a", "b"])
    }

    func testHugeInputWrapsCompletely() {
        let text = String(repeating: "word ", count: 20_000) + String(repeating: "x", count: 50_000)
        let lines = TextWrap.wrap(text, width: 80)
        XCTAssertTrue(lines.allSatisfy { DisplayWidth.of($0) <= 80 })
        XCTAssertEqual(lines.joined().filter { $0 == "x" }.count, 50_000)
    }
}

final class TruncationTests: XCTestCase {
    func testTruncation() {
        XCTAssertEqual(Truncation.truncate("short", width: 10), "short")
        XCTAssertEqual(Truncation.truncate("exactly", width: 7), "exactly")
        XCTAssertEqual(Truncation.truncate("too long text", width: 7), "too lo…")
        XCTAssertEqual(Truncation.truncate("漢字漢字", width: 6), "漢字…")
        XCTAssertEqual(Truncation.truncate("漢字漢字", width: 5), "漢字…")
        XCTAssertEqual(Truncation.truncate("漢字漢字", width: 4), "漢…")
        XCTAssertEqual(Truncation.truncate("abc", width: 1), "…")
        XCTAssertEqual(Truncation.truncate("abc", width: 0), "")
        XCTAssertEqual(Truncation.truncate("a\nb", width: 5), "a�b")
    }
}
