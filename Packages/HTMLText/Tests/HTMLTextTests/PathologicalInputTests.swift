import XCTest
import HTMLText

/// Inputs built to make a naive parser quadratic, recurse without bound or loop. Each must simply finish
/// (parsing is one forward pass; nesting is capped) and give a sane result. No wall-clock assertions:
/// a slow machine must not fail them, a quadratic parser would make the suite hang instead.
final class PathologicalInputTests: XCTestCase {
    func testManyUnterminatedTagOpeners() {
        // One start tag named "a<a<a…" that the end of the input cuts off: dropped.
        let document = HTMLDocument.parse(String(repeating: "<a", count: 200_000))
        XCTAssertEqual(document.blocks, [])
        XCTAssertEqual(HTMLDocument.parse("ok " + String(repeating: "<a ", count: 200_000)).singleLineText, "ok")
    }

    func testAMegabyteOfLessThanSigns() {
        let document = HTMLDocument.parse(String(repeating: "<", count: 1_000_000))
        XCTAssertEqual(document.blocks.count, 1)
        XCTAssertEqual(document.blocks[0].lines.map { $0.map(\.text).joined().utf8.count }, [1_000_000])
        let lines = document.layout(width: 80).lines
        XCTAssertEqual(lines.count, 12_500)
        XCTAssertEqual(lines.last?.text, String(repeating: "<", count: 80))
    }

    func testDeeplyNestedBlocks() {
        let divs = String(repeating: "<div>", count: 100_000) + "deep" + String(repeating: "</div>", count: 100_000) + "after"
        XCTAssertEqual(HTMLDocument.parse(divs).outline, ["p:deep", "p:after"])
    }

    func testDeeplyNestedFormatting() {
        let bold = HTMLDocument.parse(String(repeating: "<b><i>", count: 20_000) + "x" + String(repeating: "</i></b>", count: 20_000) + "y")
        XCTAssertEqual(bold.blocks[0].lines, [[HTMLRun("x", attributes: [.bold, .italic]), HTMLRun("y")]])
    }

    func testDeeplyNestedListsAndTables() {
        // Lists stop nesting at the depth cap (a <ul> and an <li> per level); deeper items become siblings.
        let lists = HTMLDocument.parse(String(repeating: "<ul><li>x", count: 5_000))
        let deepest = HTMLDocument.maximumNestingDepth / 2 - 1
        XCTAssertEqual(lists.blocks.count, 5_000)
        XCTAssertEqual(lists.blocks[1].kind, .listItem(marker: "•", depth: 1))
        XCTAssertEqual(lists.blocks[deepest].kind, .listItem(marker: "•", depth: deepest))
        XCTAssertEqual(lists.blocks.last?.kind, .listItem(marker: "•", depth: deepest))
        XCTAssertEqual(lists.layout(width: 40).lines.last?.text, String(repeating: " ", count: 30) + "• x")

        let tables = HTMLDocument.parse(String(repeating: "<table><tr><td>c", count: 5_000))
        XCTAssertEqual(tables.blocks.count, 1)
        XCTAssertEqual(tables.blocks[0].kind, .tableRow)
    }

    func testHugeUnterminatedComment() {
        let document = HTMLDocument.parse("<p>before</p><!--" + String(repeating: "- -> x", count: 200_000))
        XCTAssertEqual(document.outline, ["p:before"])
        XCTAssertEqual(HTMLDocument.parse("a<![CDATA[" + String(repeating: "]] >", count: 200_000)).singleLineText, "a")
        XCTAssertEqual(HTMLDocument.parse("a<script>" + String(repeating: "</scrip", count: 100_000)).singleLineText, "a")
    }

    func testHugeUnterminatedAttribute() {
        XCTAssertEqual(HTMLDocument.parse("text<a href='" + String(repeating: "x", count: 1_000_000)).singleLineText, "text")
        let attributes = HTMLDocument.parse("<b " + String(repeating: "c=d ", count: 100_000) + ">bold</b>")
        XCTAssertEqual(attributes.blocks[0].lines, [[HTMLRun("bold", attributes: .bold)]])
    }

    func testManyReferences() {
        let ampersands = HTMLDocument.parse(String(repeating: "&#", count: 200_000) + String(repeating: "&amp", count: 100_000))
        XCTAssertEqual(ampersands.singleLineText, String(repeating: "&#", count: 200_000) + String(repeating: "&", count: 100_000))
        let longName = HTMLDocument.parse("&" + String(repeating: "a", count: 500_000) + ";")
        XCTAssertEqual(longName.singleLineText.utf8.count, 500_002)
        let longNumber = HTMLDocument.parse("&#" + String(repeating: "9", count: 500_000) + ";x")
        XCTAssertEqual(longNumber.singleLineText, "\u{FFFD}x")
    }

    func testManyLinks() {
        let document = HTMLDocument.parse(String(repeating: "<a href=/x>y</a> ", count: 20_000))
        XCTAssertEqual(document.links.count, 20_000)
        let rendered = document.layout(width: 80)
        XCTAssertEqual(rendered.lines.count, 500) // 40 links of "y " per line
        XCTAssertEqual(rendered.linkLocations.last, [HTMLLinkLocation(line: 499, column: 78, width: 1)])
    }

    func testManyBlocks() {
        let paragraphs = HTMLDocument.parse(String(repeating: "<p>x", count: 20_000))
        XCTAssertEqual(paragraphs.blocks.count, 20_000)
        XCTAssertEqual(paragraphs.layout(width: 10).lines.count, 39_999)
    }
}
