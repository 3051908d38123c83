import XCTest
import TerminalUI
import TerminalUITesting

final class ListRowTests: XCTestCase {
    private func draw(_ side: ListRow.PictureSide) -> Frame {
        var frame = Frame(size: Size(columns: 40, rows: 4))
        let row = ListRow(title: "A rather long product name", trailing: "19,99 €", lines: ["first line", "second line"],
                          footer: "★★★☆☆", pictureSide: side, pictureSize: Size(columns: 6, rows: 3))
        XCTAssertEqual(row.height, 4)
        row.draw(into: &frame, rect: frame.bounds) { frame, rect in
            frame.fill(rect, style: .plain)
            for line in rect.row..<rect.maxRow { frame.put(String(repeating: "#", count: rect.columns), at: Point(column: rect.column, row: line)) }
        }
        return frame
    }

    func testPictureLeadingTrailingOrNoneWithATruncatedTitleBeforeThePrice() {
        assertSnapshot(draw(.leading), named: "list-row-leading")
        assertSnapshot(draw(.trailing), named: "list-row-trailing")
        assertSnapshot(draw(.none), named: "list-row-none")
        XCTAssertEqual(ListRow.textColumns(width: 40, pictureSide: .leading, pictureColumns: 6), 31)
        XCTAssertEqual(ListRow.textColumns(width: 40, pictureSide: .none, pictureColumns: 6), 39)
    }
}
