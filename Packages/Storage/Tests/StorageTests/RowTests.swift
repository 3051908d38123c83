import Foundation
import Storage
import XCTest

final class RowTests: XCTestCase {
    private func sampleRow() throws -> SQLiteRow {
        let database = try SQLiteDatabase.inMemory()
        return try XCTUnwrap(database.query("""
            SELECT 42 AS id, 'Anna' AS name, 4.5 AS rating, 1 AS active, 0 AS hidden,
                   x'00FF' AS photo, NULL AS email
            """).first)
    }

    func testTypedAccessorsReadTheirTypes() throws {
        let row = try sampleRow()
        XCTAssertEqual(row.columns, ["id", "name", "rating", "active", "hidden", "photo", "email"])
        XCTAssertEqual(try row.int("id"), 42)
        XCTAssertEqual(try row.int64("id"), 42)
        XCTAssertEqual(try row.string("name"), "Anna")
        XCTAssertEqual(try row.double("rating"), 4.5)
        XCTAssertEqual(try row.double("id"), 42.0, "an integer reads as a real")
        XCTAssertEqual(try row.bool("active"), true)
        XCTAssertEqual(try row.bool("hidden"), false)
        XCTAssertEqual(try row.data("photo"), Data([0x00, 0xFF]))
        XCTAssertEqual(row["name"], .text("Anna"))
        XCTAssertEqual(row[0], .integer(42))
        XCTAssertNil(row["missing"])
    }

    func testNullReadsAsNilWithEveryAccessor() throws {
        let row = try sampleRow()
        XCTAssertNil(try row.string("email"))
        XCTAssertNil(try row.int("email"))
        XCTAssertNil(try row.int64("email"))
        XCTAssertNil(try row.double("email"))
        XCTAssertNil(try row.bool("email"))
        XCTAssertNil(try row.data("email"))
        XCTAssertEqual(try row.value("email"), .null)
    }

    func testAWrongTypeThrowsTypeMismatch() throws {
        let row = try sampleRow()
        assertThrows(.typeMismatch(column: "name", expected: "integer", actual: "text")) { try row.int("name") }
        assertThrows(.typeMismatch(column: "id", expected: "text", actual: "integer")) { try row.string("id") }
        assertThrows(.typeMismatch(column: "rating", expected: "integer", actual: "real")) { try row.int64("rating") }
        assertThrows(.typeMismatch(column: "photo", expected: "real", actual: "blob")) { try row.double("photo") }
        assertThrows(.typeMismatch(column: "name", expected: "integer", actual: "text")) { try row.bool("name") }
        assertThrows(.typeMismatch(column: "name", expected: "blob", actual: "text")) { try row.data("name") }
        XCTAssertEqual(
            StorageError.typeMismatch(column: "name", expected: "integer", actual: "text").message,
            "The column \"name\" holds text, not integer."
        )
    }

    func testAnUnknownColumnThrowsNoSuchColumn() throws {
        let row = try sampleRow()
        assertThrows(.noSuchColumn("Name")) { try row.string("Name") }
        assertThrows(.noSuchColumn("nope")) { try row.value("nope") }
    }

    func testAQueryWithoutRowsReturnsNoRows() throws {
        let database = try SQLiteDatabase.inMemory()
        try database.execute("CREATE TABLE t (x INTEGER)")
        XCTAssertEqual(try database.query("SELECT x FROM t"), [])
    }

    func testRowsKeepTheirOrder() throws {
        let database = try SQLiteDatabase.inMemory()
        let rows = try database.query("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5) SELECT i FROM n")
        XCTAssertEqual(try rows.map { try $0.int("i") }, [1, 2, 3, 4, 5])
    }
}
