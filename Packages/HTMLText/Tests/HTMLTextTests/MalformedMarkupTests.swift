import TestSupport
import XCTest
import HTMLText

/// Broken markup from real pages: the parser tolerates it the way browsers do, and never fails.
final class MalformedMarkupTests: XCTestCase {
    func testTextThatLooksLikeMarkup() {
        let table: [(html: String, text: String)] = [
            ("1 < 2 and 3 > 2", "1 < 2 and 3 > 2"),
            ("x <= y", "x <= y"),
            ("a<3 b", "a<3 b"),
            ("<>", "<>"),
            ("< p>", "< p>"),
            ("a</", "a</"),
            ("a<", "a<"),
            ("<<p>>x", "< >x"),
            ("a</>b", "ab"),          // "</>" is ignored
            ("a</ b>c", "ac"),        // "</" without a name starts a bogus comment up to ">"
            ("a<!b", "a"),            // an unterminated declaration is dropped
        ]
        for (html, text) in table {
            XCTAssertEqual(HTMLDocument.parse(html).singleLineText, text, html)
        }
    }

    func testUnterminatedMarkupAtTheEnd() {
        let table: [(html: String, text: String)] = [
            ("text<b", "text"),
            ("text<a href='x>never closed", "text"),
            ("text<a href=\"x", "text"),
            ("text</p", "text"),
            ("text<!-- never closed <p>x</p>", "text"),
            ("text<![CDATA[ never closed", "text"),
            ("text<?php echo 1", "text"),
            ("text<!DOCTYPE", "text"),
            ("<p>unclosed <b>bold", "unclosed bold"),
        ]
        for (html, text) in table {
            XCTAssertEqual(HTMLDocument.parse(html).singleLineText, text, html)
        }
    }

    func testStrayAndMisnestedTags() {
        let table: [(html: String, outline: [String])] = [
            ("</p>stray</div></b></li></td></table></ul>", ["p:stray"]),
            ("<p>a</p></p></p><p>b", ["p:a", "¶p:b"]),
            ("<div/>x<br/>y<br />z", ["p:x⏎y⏎z"]),
            ("<div\tclass=x\n>t</div\n>", ["p:t"]),
            ("<a<b>c", ["p:c"]), // a tag named "a<b", which nobody knows
            ("<ul><li>a<p>b</ul>c", ["li(•,0):a", "¶p+2:b", "¶p:c"]),
            ("<table><tr><td>a</div>b</td></tr></table>", ["tr:ab"]), // </div> cannot close across the cell
        ]
        for (html, outline) in table {
            XCTAssertEqual(HTMLDocument.parse(html).outline, outline, html)
        }
        let misnested = HTMLDocument.parse("<b><i>x</b>y</i>z")
        XCTAssertEqual(misnested.blocks[0].lines, [[
            HTMLRun("x", attributes: [.bold, .italic]), HTMLRun("y", attributes: .italic), HTMLRun("z"),
        ]])
    }

    func testAttributeSyntax() {
        let table: [(html: String, href: String)] = [
            ("<a href=unquoted>x</a>", "unquoted"),
            ("<a href='single'>x</a>", "single"),
            ("<a href=\"dou>ble\">x</a>", "dou>ble"),
            ("<a href = \"spaced\" >x</a>", "spaced"),
            ("<A HREF=\"UPPER\">x</A>", "UPPER"),
            ("<a title=\"a > b\" href=second>x</a>", "second"),
            ("<a href=first href=second>x</a>", "first"),
            ("<a download href=/file.pdf>x</a>", "/file.pdf"),
            ("<a href=\"q\"class=\"c\">x</a>", "q"),
            ("<a href='it&apos;s'>x</a>", "it's"),
            ("<a/href=/slash>x</a>", "/slash"),
            ("<a href=a/>x</a>", "a/"),
        ]
        for (html, href) in table {
            let document = HTMLDocument.parse(html)
            XCTAssertEqual(document.links.map(\.href), [href], html)
            XCTAssertEqual(document.singleLineText, "x", html)
        }
    }

    func testUppercaseAndMixedCaseTags() {
        let document = HTMLDocument.parse("<P>A<BR>B</P><H1>T</h1><Ul><Li>i</lI></uL>")
        XCTAssertEqual(document.outline, ["p:A⏎B", "¶h1:T", "¶li(•,0):i"])
    }

    func testEndTagsWithAttributesAndQuotes() {
        XCTAssertEqual(HTMLDocument.parse("<p>a</p class=\"x>y\">b").outline, ["p:a", "¶p:b"])
    }

    func testWhatAnUnclosedElementLeavesOpen() {
        // An unclosed <pre> keeps whitespace to the end; an unclosed list keeps its items.
        XCTAssertEqual(HTMLDocument.parse("<pre>a  b").outline, ["pre:a  b"])
        XCTAssertEqual(HTMLDocument.parse("<ul><li>a<li>b").outline, ["li(•,0):a", "li(•,0):b"])
        XCTAssertEqual(HTMLDocument.parse("<table><tr><td>a<td>b").outline, ["tr:a │ b"])
    }

    func testRandomMarkupKeepsTheInvariants() {
        let pieces = [
            "<p>", "</p>", "<div>", "</div>", "<b>", "</b>", "<i>", "</i>", "<a href='/x'>", "</a>", "<br>", "<hr>",
            "<ul>", "</ul>", "<ol start=3>", "</ol>", "<li>", "</li>", "<table>", "</table>", "<tr>", "</tr>", "<td>",
            "</td>", "<th>", "<pre>", "</pre>", "<h1>", "</h1>", "<h2>", "<blockquote>", "</blockquote>", "<dl>",
            "<dt>", "<dd>", "<script>", "</script>", "<style>", "<title>", "</title>", "<head>", "<!--", "-->", "<!",
            "<", ">", "&", "&amp", "&#", "&#x1F600;", "&nbsp;", "&shy;", "&#27;", "&#x202E;", "\u{1B}", "\u{0}",
            "\t", "\n", " ", "  ", "word", "wörd", "漢字", "😀", "e\u{301}", "'", "\"", "=", "/", "<img alt='x'>",
        ]
        var random = SeededGenerator(seed: 0x5EED)
        for _ in 0..<400 {
            let count = Int(random.next() % 60)
            let html = (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            let document = HTMLDocument.parse(html)
            for width in [1, 3, 9, 40] {
                let rendered = document.layout(width: width)
                XCTAssertEqual(rendered.linkLocations.count, document.links.count, html)
                for line in rendered.lines {
                    XCTAssertLessThanOrEqual(line.width, width == 1 ? 2 : width, html.debugDescription)
                    XCTAssertFalse(line.text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
                                   html.debugDescription)
                }
                for (index, locations) in rendered.linkLocations.enumerated() {
                    for location in locations {
                        XCTAssertEqual(rendered.linkIndex(atLine: location.line, column: location.column), index, html.debugDescription)
                        XCTAssertEqual(rendered.linkIndex(atLine: location.line, column: location.column + location.width - 1), index,
                                       html.debugDescription)
                    }
                }
            }
        }
    }
}
