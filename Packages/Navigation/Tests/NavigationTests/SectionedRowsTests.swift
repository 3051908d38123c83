import Navigation
import XCTest

/// A sectioned list's rows from its sections alone: headers, then items by position.
final class SectionedRowsTests: XCTestCase {
    private let rows = SectionedRows([.init(title: "A", count: 2), .init(title: "B", count: 1), .init(title: "#", count: 3)])

    func testEachSectionIsItsHeaderThenItsItemsInOrder() {
        XCTAssertEqual(rows.rowCount, 9)
        XCTAssertEqual((0..<9).compactMap(rows.row(at:)), [
            .header("A"), .item(position: 0), .item(position: 1),
            .header("B"), .item(position: 2),
            .header("#"), .item(position: 3), .item(position: 4), .item(position: 5),
        ])
        XCTAssertNil(rows.row(at: 9))
        XCTAssertNil(rows.row(at: -1))
        XCTAssertNil(rows.position(atRow: 3), "a header shows no item")
    }

    func testAnItemsRowIsFoundFromItsPosition() {
        for row in 0..<rows.rowCount {
            guard let position = rows.position(atRow: row) else { continue }
            XCTAssertEqual(rows.row(ofPosition: position), row)
        }
        XCTAssertNil(rows.row(ofPosition: 6))
        XCTAssertEqual(SectionedRows.empty.rowCount, 0)
        XCTAssertNil(SectionedRows.empty.row(at: 0))
    }
}
