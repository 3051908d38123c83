import Foundation
import Storage
import XCTest

final class CursorTests: XCTestCase {
    private let sample = """
        SELECT 42 AS id, 'Anna' AS name, 4.5 AS rating, 1 AS active, 0 AS hidden, x'00FF' AS photo, NULL AS email
        """

    func testACursorReadsWhatTheRowOfTheSameQueryHolds() throws {
        let database = try SQLiteDatabase.inMemory()
        let row = try XCTUnwrap(database.query(sample).first)
        var read: [SQLiteValue] = [], names: [String] = []
        try database.forEachRow(sample) { cursor in
            XCTAssertEqual(cursor.columnCount, 7)
            for index in 0..<cursor.columnCount {
                read.append(try cursor.value(at: index))
                names.append(try cursor.name(at: index))
            }
            XCTAssertEqual(try cursor.int(at: 0), 42)
            XCTAssertEqual(try cursor.int64(at: 0), 42)
            XCTAssertEqual(try cursor.string(at: 1), "Anna")
            XCTAssertEqual(try cursor.double(at: 2), 4.5)
            XCTAssertEqual(try cursor.double(at: 0), 42.0, "an integer reads as a real")
            XCTAssertEqual(try cursor.bool(at: 3), true)
            XCTAssertEqual(try cursor.bool(at: 4), false)
            XCTAssertEqual(try cursor.data(at: 5), Data([0x00, 0xFF]))
            XCTAssertNil(try cursor.string(at: 6))
            XCTAssertNil(try cursor.int(at: 6))
            XCTAssertNil(try cursor.double(at: 6))
            XCTAssertNil(try cursor.bool(at: 6))
            XCTAssertNil(try cursor.data(at: 6))
        }
        XCTAssertEqual(read, row.values)
        XCTAssertEqual(names, row.columns)
    }

    func testAWrongTypeOrPositionThrowsNamingTheColumn() throws {
        let database = try SQLiteDatabase.inMemory()
        var rows = 0
        try database.forEachRow(sample) { cursor in
            rows += 1
            assertThrows(.typeMismatch(column: "name", expected: "integer", actual: "text")) { try cursor.int(at: 1) }
            assertThrows(.typeMismatch(column: "id", expected: "text", actual: "integer")) { try cursor.string(at: 0) }
            assertThrows(.typeMismatch(column: "photo", expected: "real", actual: "blob")) { try cursor.double(at: 5) }
            assertThrows(.noSuchColumn("#7")) { try cursor.value(at: 7) }
            assertThrows(.noSuchColumn("#-1")) { try cursor.string(at: -1) }
        }
        XCTAssertEqual(rows, 1)
    }

    func testRowsArriveInOrderWithTheirBindings() throws {
        let database = try SQLiteDatabase.inMemory()
        var seen: [Int] = []
        try database.forEachRow("WITH RECURSIVE n(i) AS (SELECT ? UNION ALL SELECT i + 1 FROM n WHERE i < ?) SELECT i FROM n", [3, 7]) {
            seen.append(try XCTUnwrap($0.int(at: 0)))
        }
        XCTAssertEqual(seen, [3, 4, 5, 6, 7])
    }

    func testACursorKeptPastItsRowOrItsCallThrowsInsteadOfReadingAnother() throws {
        let database = try SQLiteDatabase.inMemory()
        var kept: [SQLiteCursor] = []
        try database.forEachRow("SELECT 1 UNION ALL SELECT 2; SELECT 'next statement'") { cursor in
            if let earlier = kept.last {
                XCTAssertThrowsError(try earlier.value(at: 0), "a cursor of the row before") { error in
                    guard case StorageError.misuse = error else { return XCTFail("\(error)") }
                }
            }
            kept.append(cursor)
        }
        XCTAssertEqual(kept.count, 3)
        for cursor in kept {
            XCTAssertThrowsError(try cursor.value(at: 0), "after the call") { error in
                guard case StorageError.misuse = error else { return XCTFail("\(error)") }
            }
        }
    }

    func testWhatTheBodyThrowsEndsTheReadAndFreesTheDatabase() throws {
        let database = try SQLiteDatabase.inMemory()
        var rows = 0
        XCTAssertThrowsError(try database.forEachRow("SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3") { _ in
            rows += 1
            if rows == 2 { throw Abort() }
        }) { XCTAssertEqual($0 as? Abort, Abort()) }
        XCTAssertEqual(rows, 2)
        XCTAssertEqual(try database.scalar("SELECT 5"), .integer(5), "the lock and the statement are released")
    }

    func testCallingTheDatabaseFromTheBodyThrowsInsteadOfDeadlocking() throws {
        let database = try SQLiteDatabase.inMemory()
        try database.forEachRow("SELECT 1") { _ in
            XCTAssertThrowsError(try database.query("SELECT 2")) { error in
                guard case StorageError.misuse = error else { return XCTFail("\(error)") }
            }
        }
    }
}
