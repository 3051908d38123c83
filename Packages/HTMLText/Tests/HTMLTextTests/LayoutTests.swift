import XCTest
import HTMLText

/// Wrapping by display width, styles across line breaks, headings, rules, indentation and degenerate widths.
final class LayoutTests: XCTestCase {
    func testWrapsBetweenWords() {
        let table: [(html: String, width: Int, lines: [String])] = [
            ("the quick brown fox jumps", 10, ["the quick", "brown fox", "jumps"]),
            ("exactly ten", 11, ["exactly ten"]),
            ("abcdefghij klm", 4, ["abcd", "efgh", "ij", "klm"]),
            ("hi abcdefghij", 4, ["hi", "abcd", "efgh", "ij"]),
            ("a b&nbsp;c", 4, ["a", "b c"]), // &nbsp; does not break, and is drawn as a space
            ("10&nbsp;000 Euro", 6, ["10 000", "Euro"]),
        ]
        for (html, width, lines) in table {
            XCTAssertEqual(renderedLines(html, width: width), lines, "\(html) at \(width)")
        }
    }

    func testWrapsByDisplayWidth() {
        let table: [(html: String, width: Int, lines: [String])] = [
            ("漢字漢字漢", 5, ["漢字", "漢字", "漢"]),
            ("a漢字", 4, ["a漢", "字"]),
            ("Hello 日本語", 8, ["Hello 日", "本語"]), // a line may break before and after an ideograph
            ("漢字。漢字", 4, ["漢", "字。", "漢字"]), // but not before punctuation
            ("😀😀😀", 5, ["😀😀", "😀"]),
            ("ok 👍🏽👍🏽", 5, ["ok 👍🏽", "👍🏽"]),
            ("cafe\u{301} cafe\u{301}", 4, ["café", "café"]), // a combining mark takes no column
            ("ＡＢＣ", 4, ["ＡＢ", "Ｃ"]),
        ]
        for (html, width, lines) in table {
            XCTAssertEqual(renderedLines(html, width: width), lines, "\(html) at \(width)")
        }
    }

    func testNoLineIsWiderThanTheWidthAndNoFittingWordIsCut() {
        let html = "<p>Lorem ipsum <b>dolor</b> sit amet, <a href=/x>consectetur adipiscing</a> elit, sed do 漢字仮名交じり文 "
            + "eiusmod tempor 😀 incididunt ut labore et dolore magna aliqua.</p><ul><li>Ut enim 漢字 ad minim veniam</li></ul>"
            + "<blockquote><ol start=100><li>漢字 quis nostrud</li></ol></blockquote><pre>漢字 漢字漢字</pre>"
        let document = HTMLDocument.parse(html)
        let markers: Set = ["•", "100."]
        let words = Set(document.singleLineText.split(separator: " ").map(String.init).filter { $0.allSatisfy(\.isASCII) })
            .union(markers)
        for width in 1...60 {
            let rendered = document.layout(width: width)
            for line in rendered.lines {
                XCTAssertLessThanOrEqual(line.width, width == 1 ? 2 : width, "\(line.text) at \(width)")
                XCTAssertEqual(line.text, line.runs.map(\.text).joined())
                if width >= 20 { // every word fits after the deepest indentation
                    for word in line.text.split(separator: " ") where word.allSatisfy(\.isASCII) {
                        XCTAssertTrue(words.contains(String(word)), "\(word) was cut at width \(width)")
                    }
                }
            }
        }
    }

    func testABoldWordWrapsLikeAnyOther() {
        let lines = HTMLDocument.parse("<p>Das ist ein <b>fettes</b> Wort</p>").layout(width: 12).lines
        XCTAssertEqual(lines, [
            HTMLLine([HTMLRun("Das ist ein")]),
            HTMLLine([HTMLRun("fettes", attributes: .bold), HTMLRun(" Wort")]),
        ])
        // A word made of two runs is still one word.
        let joined = HTMLDocument.parse("<p>Ein <b>fett</b>er Tag</p>").layout(width: 8).lines
        XCTAssertEqual(joined, [
            HTMLLine([HTMLRun("Ein")]),
            HTMLLine([HTMLRun("fett", attributes: .bold), HTMLRun("er")]),
            HTMLLine([HTMLRun("Tag")]),
        ])
    }

    func testHardBreakKeepsStylesAndNeverSplitsAWideCharacter() {
        let lines = HTMLDocument.parse("<p>abc<i>defg</i>hij</p>").layout(width: 4).lines
        XCTAssertEqual(lines, [
            HTMLLine([HTMLRun("abc"), HTMLRun("d", attributes: .italic)]),
            HTMLLine([HTMLRun("efg", attributes: .italic), HTMLRun("h")]),
            HTMLLine([HTMLRun("ij")]),
        ])
        XCTAssertEqual(renderedLines("ab漢字", width: 3), ["ab", "漢", "字"])
    }

    func testHeadings() {
        XCTAssertEqual(renderedLines("<h1>Title</h1><h2>Sub</h2><h3>Small</h3><p>x</p>", width: 20),
                       ["Title", "═════", "", "Sub", "───", "", "Small", "", "x"])
        XCTAssertEqual(renderedLines("<h1>A long heading title</h1>", width: 10), ["A long", "heading", "title", "═══════"])
        let underline = HTMLDocument.parse("<h2>日本</h2>").layout(width: 20).lines[1]
        XCTAssertEqual(underline, HTMLLine([HTMLRun("────", attributes: .heading)]))
    }

    func testHorizontalRule() {
        XCTAssertEqual(renderedLines("<hr>", width: 10), ["──────────"])
        XCTAssertEqual(renderedLines("<blockquote><hr></blockquote>", width: 14), ["  ────────────"])
        XCTAssertEqual(HTMLDocument.parse("<hr>").layout(width: .max).lines.first?.width, 500)
    }

    func testIndentationGivesWayOnNarrowWidths() {
        let deep = String(repeating: "<blockquote>", count: 10) + "text"
        XCTAssertEqual(HTMLDocument.parse(deep).blocks.first?.indent, 20)
        XCTAssertEqual(renderedLines(deep, width: 30), [String(repeating: " ", count: 20) + "text"])
        XCTAssertEqual(renderedLines(deep, width: 15), ["     text"])
        XCTAssertEqual(renderedLines(deep, width: 4), ["text"])
    }

    func testPreformattedBreaksByWidthOnly() {
        let html = "<pre>  a  b  c  d\nx</pre>"
        XCTAssertEqual(renderedLines(html, width: 6), ["  a  b", "  c  d", "x"])
        XCTAssertEqual(renderedLines("<blockquote><pre>0123456789AB</pre></blockquote>", width: 12), ["  0123456789", "  AB"])
        XCTAssertEqual(renderedLines("<pre>漢字漢</pre>", width: 3), ["漢", "字", "漢"])
    }

    func testLineBreaksInsideBlocks() {
        XCTAssertEqual(renderedLines("<p>one<br>two<br><br>four</p>"), ["one", "two", "", "four"])
        XCTAssertEqual(renderedLines("<blockquote>one<br>two</blockquote>"), ["  one", "  two"])
    }

    func testDegenerateWidths() {
        let document = HTMLDocument.parse("<h1>T</h1><p>ab 漢</p><ul><li>x</li></ul><hr>")
        XCTAssertEqual(document.layout(width: 0).lines, [])
        XCTAssertEqual(document.layout(width: -5).lines, [])
        XCTAssertEqual(document.plainText(width: 0), "")
        XCTAssertEqual(document.layout(width: 1).lines.map(\.text), ["T", "═", "", "a", "b", "漢", "", "•", "x", "", "─"])
        XCTAssertEqual(document.layout(width: .max).lines.map(\.text), ["T", "═", "", "ab 漢", "", "• x", "", String(repeating: "─", count: 500)])
    }

    func testPlainText() {
        let document = HTMLDocument.parse("<h2>Kontakt</h2><p>CHECK24 Vergleichsportal GmbH<br>Erika-Mann-Str. 62-66</p>")
        XCTAssertEqual(document.plainText(width: 20), "Kontakt\n───────\n\nCHECK24\nVergleichsportal\nGmbH\nErika-Mann-Str.\n62-66")
        XCTAssertEqual(document.layout(width: 20).width, 20)
    }

    func testALegalNoticePage() {
        let html = """
        <html><head><title>Rechtliche Hinweise</title></head><body>
        <h1>Rechtliche Hinweise</h1>
        <p>Die Inhalte dieser Seiten wurden mit gr&ouml;&szlig;ter Sorgfalt erstellt. F&uuml;r die Richtigkeit
        &amp; Vollst&auml;ndigkeit &uuml;bernehmen wir <strong>keine Gew&auml;hr</strong>.</p>
        <h2>Kontakt</h2>
        <ul><li>E-Mail: <a href="mailto:info@check24.de">info@check24.de</a></li><li>Telefon: 089&nbsp;-&nbsp;24&nbsp;24&nbsp;11&nbsp;66</li></ul>
        <p>&copy; 2016 Check24</p>
        </body></html>
        """
        let document = HTMLDocument.parse(html)
        XCTAssertEqual(document.title, "Rechtliche Hinweise")
        let rendered = document.layout(width: 40)
        XCTAssertEqual(rendered.lines.map(\.text), [
            "Rechtliche Hinweise",
            "═══════════════════",
            "",
            "Die Inhalte dieser Seiten wurden mit",
            "größter Sorgfalt erstellt. Für die",
            "Richtigkeit & Vollständigkeit übernehmen",
            "wir keine Gewähr.",
            "",
            "Kontakt",
            "───────",
            "",
            "• E-Mail: info@check24.de",
            "• Telefon: 089 - 24 24 11 66",
            "",
            "© 2016 Check24",
        ])
        XCTAssertEqual(rendered.links, [HTMLLink(href: "mailto:info@check24.de", text: "info@check24.de")])
        XCTAssertEqual(rendered.linkLocations, [[HTMLLinkLocation(line: 11, column: 10, width: 15)]])
        XCTAssertEqual(rendered.lines[6].runs, [HTMLRun("wir "), HTMLRun("keine Gewähr", attributes: .bold), HTMLRun(".")])
    }
}
