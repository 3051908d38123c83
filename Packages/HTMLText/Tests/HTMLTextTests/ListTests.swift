import XCTest
import HTMLText

final class ListTests: XCTestCase {
    func testMarkers() {
        let table: [(html: String, outline: [String])] = [
            ("<ul><li>a<li>b</ul>", ["li(•,0):a", "li(•,0):b"]),
            ("<ol><li>a</li><li>b</li></ol>", ["li(1.,0):a", "li(2.,0):b"]),
            ("<ol start=9><li>a<li>b</ol>", ["li(9.,0):a", "li(10.,0):b"]),
            ("<ol start=' 0 '><li>a</ol>", ["li(0.,0):a"]),
            ("<ol start=x><li>a</ol>", ["li(1.,0):a"]),
            ("<ol><li>a</li></ol><ol><li>b</li></ol>", ["li(1.,0):a", "¶li(1.,0):b"]),
            ("<ol><li></li><li>skipped number above</li></ol>", ["li(2.,0):skipped number above"]),
            ("<li>outside any list</li>", ["li(•,0):outside any list"]),
            ("<UL><LI>upper</UL>", ["li(•,0):upper"]),
            ("<menu><li>m</li></menu>", ["li(•,0):m"]),
        ]
        for (html, outline) in table {
            XCTAssertEqual(HTMLDocument.parse(html).outline, outline, html)
        }
    }

    func testUnorderedListNestedInOrderedList() {
        let html = "<ol><li>First<ul><li>inner a</li><li>inner b</li></ul></li><li>Second</li></ol>"
        let document = HTMLDocument.parse(html)
        XCTAssertEqual(document.outline, ["li(1.,0):First", "li(•,1)+3:inner a", "li(•,1)+3:inner b", "li(2.,0):Second"])
        XCTAssertEqual(document.layout(width: 40).lines.map(\.text), ["1. First", "   • inner a", "   • inner b", "2. Second"])
    }

    func testThreeLevels() {
        let html = "<ul><li>one<ol><li>two<ul><li>three</ul></ol><li>four</ul>"
        XCTAssertEqual(renderedLines(html), ["• one", "  1. two", "     • three", "• four"])
    }

    func testHangingIndentAlignsContinuationLines() {
        let html = "<ol><li>First item that is long enough to wrap<ul><li>nested bullet that wraps too</li></ul></li>"
            + "<li>Second</li></ol>"
        XCTAssertEqual(renderedLines(html, width: 20), [
            "1. First item that",
            "   is long enough to",
            "   wrap",
            "   • nested bullet",
            "     that wraps too",
            "2. Second",
        ])
        let tenth = "<ol start=10><li>Ten with a long text</li></ol>"
        XCTAssertEqual(renderedLines(tenth, width: 12), ["10. Ten with", "    a long", "    text"])
    }

    func testMarkerRunIsPlainAndTextKeepsItsStyle() {
        let lines = HTMLDocument.parse("<ul><li><b>bold</b> item</li></ul>").layout(width: 20).lines
        XCTAssertEqual(lines, [HTMLLine([HTMLRun("• "), HTMLRun("bold", attributes: .bold), HTMLRun(" item")])])
    }

    func testParagraphsInsideAnItem() {
        XCTAssertEqual(renderedLines("<ul><li><p>a</p><p>b</p></li><li>c</li></ul>"), ["• a", "", "  b", "", "• c"])
    }

    func testTextAfterANestedListContinuesTheItem() {
        let document = HTMLDocument.parse("<ul><li>a<ul><li>b</li></ul>c</li><li>d</li></ul>")
        XCTAssertEqual(document.outline, ["li(•,0):a", "li(•,1)+2:b", "p+2:c", "li(•,0):d"])
        XCTAssertEqual(document.layout(width: 20).lines.map(\.text), ["• a", "  • b", "  c", "• d"])
    }

    func testListAsAWholeIsSeparatedFromItsSurroundings() {
        XCTAssertEqual(renderedLines("<p>Intro</p><ul><li>a</li><li>b</li></ul><p>Outro</p>"), ["Intro", "", "• a", "• b", "", "Outro"])
        XCTAssertEqual(renderedLines("text<ul><li>a</ul>more"), ["text", "", "• a", "", "more"])
        XCTAssertEqual(renderedLines("<div>text</div><ol><li>a<ol><li>b</ol></ol><div>more</div>"), ["text", "", "1. a", "   1. b", "", "more"])
    }

    func testListDirectlyInsideAList() {
        XCTAssertEqual(HTMLDocument.parse("<ul><ul><li>x</ul></ul>").outline, ["li(•,1)+2:x"])
    }

    func testListsInBlockquotesAndDefinitions() {
        XCTAssertEqual(renderedLines("<blockquote><ul><li>quoted item</ul></blockquote>"), ["  • quoted item"])
        XCTAssertEqual(renderedLines("<dl><dt>Term<dd><ol><li>one</ol></dl>"), ["Term", "", "  1. one"])
    }

    func testEmptyFirstLineKeepsTheMarker() {
        XCTAssertEqual(renderedLines("<ul><li><br>x</li></ul>"), ["•", "  x"])
    }

    func testNarrowWidthPutsTheMarkerInTheText() {
        XCTAssertEqual(renderedLines("<ol><li>item</li></ol>", width: 2), ["1.", "it", "em"])
        XCTAssertEqual(renderedLines("<ul><li>abc</li></ul>", width: 4), ["• ab", "  c"])
        XCTAssertEqual(renderedLines("<ul><li>abc</li></ul>", width: 3), ["•", "abc"]) // the text keeps at least 2 columns
    }
}
