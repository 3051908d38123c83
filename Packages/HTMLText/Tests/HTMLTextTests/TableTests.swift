import XCTest
import HTMLText

final class TableTests: XCTestCase {
    func testRowsAreLinesAndCellsAreSeparated() {
        let html = "<table><tr><th>Name</th><th>Preis</th></tr><tr><td>Apfel</td><td>1,20&nbsp;€</td></tr></table>"
        let document = HTMLDocument.parse(html)
        // The rows of one table are padded into columns: the separators line up.
        XCTAssertEqual(document.outline, ["tr:Name  │ Preis", "tr:Apfel │ 1,20\u{A0}€"])
        XCTAssertEqual(document.blocks[0].lines, [[
            HTMLRun("Name", attributes: .bold), HTMLRun("  │ "), HTMLRun("Preis", attributes: .bold),
        ]])
        XCTAssertEqual(document.layout(width: 40).lines.map(\.text), ["Name  │ Preis", "Apfel │ 1,20 €"])
    }

    /// check24's legal page: "Stand   │ November 2026" over "Version │ 1.0"; a row with a line break
    /// or a table wider than 100 columns keeps its cells as written.
    func testTheColumnsOfATableLineUp() {
        let legal = HTMLDocument.parse("<table><tr><th>Stand</th><td>November 2026</td></tr><tr><th>Version</th><td>1.0</td></tr></table>")
        XCTAssertEqual(legal.layout(width: 60).lines.map(\.text), ["Stand   │ November 2026", "Version │ 1.0"])
        let three = HTMLDocument.parse("<table><tr><td>a</td><td>bbbb</td><td>c</td></tr><tr><td>dddd</td><td>e</td></tr></table>")
        XCTAssertEqual(three.outline, ["tr:a    │ bbbb │ c", "tr:dddd │ e"])
        let wide = String(repeating: "w", count: 120)
        XCTAssertEqual(HTMLDocument.parse("<table><tr><td>\(wide)</td><td>x</td></tr><tr><td>y</td><td>z</td></tr></table>").outline.last, "tr:y │ z")
    }

    func testRowStructure() {
        let table: [(html: String, outline: [String])] = [
            ("<table><tbody><tr><td>a<td>b<tr><td>c</table>", ["tr:a │ b", "tr:c"]),
            ("<table><td>x</td><td>y</td></table>", ["tr:x │ y"]),
            ("<table><thead><tr><th>h</th></tr></thead><tfoot><tr><td>f</td></tr></tfoot></table>", ["tr:h", "tr:f"]),
            ("<table><tr><td>  padded  </td><td>\n cell \n</td></tr></table>", ["tr:padded │ cell"]),
            ("<table><tr><td>1</td><td></td><td>3</td></tr><tr><td></td><td> </td></tr></table>", ["tr:1 │  │ 3"]),
            ("<table><caption>Caption</caption><tr><td>a</td></tr></table>", ["p:Caption", "tr:a"]),
            ("<TABLE><TR><TD>upper</TD></TR></TABLE>", ["tr:upper"]),
        ]
        for (html, outline) in table {
            XCTAssertEqual(HTMLDocument.parse(html).outline, outline, html)
        }
    }

    func testBlocksInsideCellsFlowAsWords() {
        let html = "<table><tr><td><p>a</p><p>b</p><br>c<ul><li>d</li></ul><hr>e</td><td><h3>f</h3></td></tr></table>"
        XCTAssertEqual(HTMLDocument.parse(html).outline, ["tr:a b c d e │ f"])
    }

    func testNestedTablesAreFlattened() {
        let html = "<table><tr><td><table><tr><td>n1</td><td>n2</td></tr><tr><td>n3</td></tr></table></td><td>z</td></tr>"
            + "<tr><td>next</td></tr></table>"
        XCTAssertEqual(HTMLDocument.parse(html).outline, ["tr:n1 n2 n3 │ z", "tr:next"])
    }

    func testTableAsAWholeIsSeparatedFromItsSurroundings() {
        let html = "<p>before</p><table><tr><td>a</td></tr><tr><td>b</td></tr></table>after"
        XCTAssertEqual(renderedLines(html), ["before", "", "a", "b", "", "after"])
        XCTAssertEqual(renderedLines("text<table><tr><td>a</td></tr></table><div>text</div>"), ["text", "", "a", "", "text"])
    }

    func testLongRowsWrap() {
        let html = "<table><tr><td>Lorem ipsum dolor</td><td>sit amet consectetur</td></tr></table>"
        XCTAssertEqual(renderedLines(html, width: 20), ["Lorem ipsum dolor │", "sit amet consectetur"])
    }

    func testCellsOutsideATableAreIgnored() {
        XCTAssertEqual(HTMLDocument.parse("<tr><td>a</td><td>b</td></tr>").outline, ["p:ab"])
    }

    func testLinksInCells() {
        let html = "<table><tr><td><a href=/a>A</a></td><td><a href=/b>Bee</a></td></tr></table>"
        let rendered = HTMLDocument.parse(html).layout(width: 40)
        XCTAssertEqual(rendered.lines.map(\.text), ["A │ Bee"])
        XCTAssertEqual(rendered.linkLocations, [
            [HTMLLinkLocation(line: 0, column: 0, width: 1)],
            [HTMLLinkLocation(line: 0, column: 4, width: 3)],
        ])
    }
}
