import XCTest
import HTMLText

/// No string that comes out of HTMLText can control a terminal.
final class SanitizingTests: XCTestCase {
    /// C0 and C1 controls, DEL, bidi embeddings/overrides/isolates and marks, line and paragraph separators.
    private func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C, 0x2028, 0x2029: true
        default: false
        }
    }

    private static let dangerousScalars: [UInt32] = Array(0x00...0x9F) + Array(0x202A...0x202E) + Array(0x2066...0x2069)
        + [0x200E, 0x200F, 0x061C, 0x2028, 0x2029]

    /// Every string a document and its layouts hand out (but `plainText`, whose lines are joined with "\n").
    private func outputStrings(of html: String) -> [String] {
        let document = HTMLDocument.parse(html)
        var strings = [document.title ?? "", document.singleLineText]
        strings += document.blocks.flatMap { $0.lines.flatMap { $0.map(\.text) } }
        for block in document.blocks {
            if case .listItem(let marker, _) = block.kind { strings.append(marker) }
        }
        strings += document.links.flatMap { [$0.href, $0.text] }
        for width in [1, 5, 80] {
            strings += document.layout(width: width).lines.flatMap { $0.runs.map(\.text) }
        }
        return strings
    }

    func testNoControlOrBidiCharacterSurvives() {
        for value in Self.dangerousScalars {
            let raw = String(Unicode.Scalar(value).map(Character.init) ?? "?")
            let inputs = [
                "a\(raw)b",
                "a&#\(value);b",
                "a&#x\(String(value, radix: 16));b",
                "<title>t\(raw)&#\(value);</title>",
                "<a href='x\(raw)&#\(value);y'>l\(raw)&#\(value);</a>",
                "<img alt='i\(raw)&#\(value);'>",
                "<pre>p\(raw)&#\(value);q</pre>",
                "<ol><li>a\(raw)</li></ol><table><tr><td>&#\(value);</td><td>c</td></tr></table><h1>h&#\(value);</h1>",
            ]
            for html in inputs {
                for string in outputStrings(of: html) {
                    let forbidden = string.unicodeScalars.filter(isForbidden)
                    XCTAssertTrue(forbidden.isEmpty, "U+\(String(value, radix: 16)) in \(html.debugDescription) gave \(string.debugDescription)")
                }
            }
        }
    }

    func testControlsBecomeVisibleAndWhitespaceCollapses() {
        let table: [(html: String, text: String)] = [
            ("a\u{1B}[2Jb", "a�[2Jb"),
            ("\u{1B}]0;title\u{07}", "�]0;title�"),
            ("a\u{0}b\u{7F}c\u{9B}d", "a�b�c\u{FFFD}d"),
            ("a\u{202E}b\u{2066}c", "a\u{FFFD}b\u{FFFD}c"),
            ("a\u{2028}b", "a�b"),
            ("a\tb\nc\rd\u{0C}e", "a b c d e"),
            ("a\u{0B}b", "a�b"), // vertical tab is not HTML whitespace
        ]
        for (html, text) in table {
            XCTAssertEqual(HTMLDocument.parse(html).singleLineText, text, html.debugDescription)
        }
    }

    func testTitleAndHrefAreSanitized() {
        let document = HTMLDocument.parse("<title>T\u{1B}[31m</title><a href='/x\u{1B}y&#x85;'>x</a>")
        XCTAssertEqual(document.title, "T�[31m")
        XCTAssertEqual(document.links.map(\.href), ["/x�y…"]) // &#x85; is "…" in Windows-1252, as browsers read it
    }
}
