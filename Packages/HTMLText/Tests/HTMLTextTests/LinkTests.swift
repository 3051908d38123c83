import XCTest
import HTMLText

final class LinkTests: XCTestCase {
    func testLinksAreIndexedInReadingOrder() {
        let html = #"<p><a href='/a'>First</a> and <a href="/b">Second <b>bold</b></a> and <A HREF=/c>Third</A></p>"#
        let document = HTMLDocument.parse(html)
        XCTAssertEqual(document.links, [
            HTMLLink(href: "/a", text: "First"), HTMLLink(href: "/b", text: "Second bold"), HTMLLink(href: "/c", text: "Third"),
        ])
        XCTAssertEqual(document.blocks[0].lines, [[
            HTMLRun("First", linkIndex: 0),
            HTMLRun(" and "),
            HTMLRun("Second ", linkIndex: 1),
            HTMLRun("bold", attributes: .bold, linkIndex: 1),
            HTMLRun(" and "),
            HTMLRun("Third", linkIndex: 2),
        ]])
    }

    func testOnlyLinksWithVisibleTextCount() {
        let html = "<a href=/empty></a><a href=/space> </a><a href=/image><img src=x.png></a><a href=/alt><img alt=Logo></a>"
            + "<a name=anchor>not a link</a><a>no href</a>"
        let document = HTMLDocument.parse(html)
        XCTAssertEqual(document.links, [HTMLLink(href: "/alt", text: "[Logo]")])
        XCTAssertEqual(document.singleLineText, "[Logo]not a linkno href")
    }

    func testLinksDoNotNest() {
        let document = HTMLDocument.parse("<a href=/1>one <a href=/2>two</a> three</a>")
        XCTAssertEqual(document.links, [HTMLLink(href: "/1", text: "one"), HTMLLink(href: "/2", text: "two")])
        // The space between two different links belongs to neither.
        XCTAssertEqual(document.blocks[0].lines, [[HTMLRun("one", linkIndex: 0), HTMLRun(" "), HTMLRun("two", linkIndex: 1), HTMLRun(" three")]])
    }

    func testHrefIsCleanedAndSanitized() {
        let table: [(html: String, href: String)] = [
            ("<a href=\" \n https://example.com/\tpa\nth \">x</a>", "https://example.com/path"),
            ("<a href='/a?x=1&amp;y=&#x32;'>x</a>", "/a?x=1&y=2"),
            ("<a href='java&#27;script'>x</a>", "java�script"),
            ("<a href>x</a>", ""),
        ]
        for (html, href) in table {
            XCTAssertEqual(HTMLDocument.parse(html).links.map(\.href), [href], html)
        }
    }

    func testLinkTextCollapsesAndJoinsBlocks() {
        let document = HTMLDocument.parse("<a href=/x><p>one</p><p>two&nbsp;three</p></a>")
        XCTAssertEqual(document.links, [HTMLLink(href: "/x", text: "one two three")])
        let rendered = document.layout(width: 20)
        XCTAssertEqual(rendered.lines.map(\.text), ["one", "", "two three"])
        XCTAssertEqual(rendered.linkLocations, [[
            HTMLLinkLocation(line: 0, column: 0, width: 3), HTMLLinkLocation(line: 2, column: 0, width: 9),
        ]])
    }

    func testLocationAfterWrappingAndALinkSpanningTwoLines() {
        let document = HTMLDocument.parse("<p>Visit <a href='https://example.com/a'>our great website</a> today, <a href=/b>here</a></p>")
        let rendered = document.layout(width: 20)
        XCTAssertEqual(rendered.lines.map(\.text), ["Visit our great", "website today, here"])
        XCTAssertEqual(rendered.linkLocations, [
            [HTMLLinkLocation(line: 0, column: 6, width: 9), HTMLLinkLocation(line: 1, column: 0, width: 7)],
            [HTMLLinkLocation(line: 1, column: 15, width: 4)],
        ])
        XCTAssertEqual(rendered.links, document.links)
        XCTAssertEqual(rendered.firstLine(ofLink: 0), 0)
        XCTAssertEqual(rendered.firstLine(ofLink: 1), 1)
        XCTAssertNil(rendered.firstLine(ofLink: 2))
        XCTAssertNil(rendered.firstLine(ofLink: -1))
        // Each line's runs carry the link index, so a view can style exactly the link's text.
        XCTAssertEqual(rendered.lines[0].runs, [HTMLRun("Visit "), HTMLRun("our great", linkIndex: 0)])
        XCTAssertEqual(rendered.lines[1].runs, [HTMLRun("website", linkIndex: 0), HTMLRun(" today, "), HTMLRun("here", linkIndex: 1)])
    }

    func testLinkAtAColumn() {
        let rendered = HTMLDocument.parse("<p>Visit <a href=/a>our great website</a> today</p>").layout(width: 20)
        let table: [(line: Int, column: Int, link: Int?)] = [
            (0, 5, nil), (0, 6, 0), (0, 14, 0), (0, 15, nil), (1, 0, 0), (1, 6, 0), (1, 7, nil), (1, 100, nil),
            (2, 0, nil), (-1, 0, nil), (0, -1, nil),
        ]
        for (line, column, link) in table {
            XCTAssertEqual(rendered.linkIndex(atLine: line, column: column), link, "\(line):\(column)")
        }
    }

    func testLocationsCountDisplayColumnsAndPrefixes() {
        let rendered = HTMLDocument.parse("<ul><li>漢字 <a href=/j>日本</a></li></ul><blockquote><a href=/q>q</a></blockquote>").layout(width: 20)
        XCTAssertEqual(rendered.lines.map(\.text), ["• 漢字 日本", "", "  q"])
        XCTAssertEqual(rendered.linkLocations, [
            [HTMLLinkLocation(line: 0, column: 7, width: 4)],
            [HTMLLinkLocation(line: 2, column: 2, width: 1)],
        ])
    }

    func testLinkInAHeadingAndAHardBrokenLink() {
        let rendered = HTMLDocument.parse("<h1><a href=/h>Head</a></h1><p><a href=/long>abcdefghij</a></p>").layout(width: 4)
        XCTAssertEqual(rendered.lines.map(\.text), ["Head", "════", "", "abcd", "efgh", "ij"])
        XCTAssertEqual(rendered.lines[0].runs, [HTMLRun("Head", attributes: [.heading, .bold], linkIndex: 0)])
        XCTAssertEqual(rendered.linkLocations[1], [
            HTMLLinkLocation(line: 3, column: 0, width: 4), HTMLLinkLocation(line: 4, column: 0, width: 4),
            HTMLLinkLocation(line: 5, column: 0, width: 2),
        ])
    }

    func testNoLinesMeansNoLocations() {
        let rendered = HTMLDocument.parse("<a href=/a>a</a>").layout(width: 0)
        XCTAssertEqual(rendered.lines, [])
        XCTAssertEqual(rendered.links.count, 1)
        XCTAssertEqual(rendered.linkLocations, [[]])
        XCTAssertNil(rendered.firstLine(ofLink: 0))
    }
}
