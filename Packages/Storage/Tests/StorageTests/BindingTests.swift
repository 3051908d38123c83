import Foundation
import Storage
import StorageTesting
import XCTest

final class BindingTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var database: SQLiteDatabase!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
        database = try directory.openDatabase()
        // No declared types: no affinity, so every value comes back exactly as bound.
        try database.execute("CREATE TABLE v (id INTEGER PRIMARY KEY, value)")
    }

    override func tearDown() {
        database = nil
        directory = nil
    }

    private func roundTrip(_ value: SQLiteValue, file: StaticString = #filePath, line: UInt = #line) throws -> SQLiteValue {
        try database.execute("INSERT INTO v (value) VALUES (?)", [value])
        let id = try database.lastInsertRowID
        let rows = try database.query("SELECT value, typeof(value) AS type FROM v WHERE id = ?", [.integer(id)])
        XCTAssertEqual(rows.count, 1, file: file, line: line)
        XCTAssertEqual(try rows.first?.string("type"), value.typeName, file: file, line: line)
        return rows.first?["value"] ?? .null
    }

    func testEveryValueTypeRoundTrips() throws {
        let values: [SQLiteValue] = [
            .null, .integer(0), .integer(-1), .integer(.max), .integer(.min),
            .real(3.141592653589793), .real(-0.5), .real(1e300),
            .text("plain"), .text(""), .text("a\0b"),
            .blob(Data([0, 1, 2, 254, 255])), .blob(Data()),
        ]
        for value in values {
            XCTAssertEqual(try roundTrip(value), value, "\(value)")
        }
        XCTAssertEqual(try database.count("v"), Int64(values.count))
    }

    func testUTF8TextRoundTripsAndReachesSQLiteAsUTF8() throws {
        for text in ["ä", "Grüße aus Köln", "😀", "👩‍👩‍👧‍👦", "漢字", "mixed ä😀漢"] {
            XCTAssertEqual(try roundTrip(.text(text)), .text(text), text)
        }
        // SQLite counts characters and bytes itself: proof that it received UTF-8, not something else.
        let row = try XCTUnwrap(database.query("SELECT length(?) AS characters, hex(?) AS bytes", ["ä😀漢字", "ä😀漢字"]).first)
        XCTAssertEqual(try row.int("characters"), 4)
        XCTAssertEqual(try row.string("bytes"), "C3A4F09F9880E6BCA2E5AD97")
    }

    func testLiteralsAndConvenienceInitializers() throws {
        let row = try XCTUnwrap(database.query(
            "SELECT ? AS s, ? AS i, ? AS r, ? AS t, ? AS f, ? AS n, ? AS b",
            ["text", 42, 2.5, true, false, SQLiteValue(7), SQLiteValue(true)]
        ).first)
        XCTAssertEqual(row.values, [.text("text"), .integer(42), .real(2.5), .integer(1), .integer(0), .integer(7), .integer(1)])
        XCTAssertEqual(row.columns, ["s", "i", "r", "t", "f", "n", "b"])
    }

    func testBindingsAreConsumedInOrderAcrossStatements() throws {
        try database.execute(
            "INSERT INTO v (id, value) VALUES (?, ?); INSERT INTO v (id, value) VALUES (?, ?)",
            [10, "ten", 20, "twenty"]
        )
        let values = try database.query("SELECT id, value FROM v ORDER BY id").map(\.values)
        XCTAssertEqual(values, [[.integer(10), .text("ten")], [.integer(20), .text("twenty")]])
    }

    func testTooFewOrTooManyBindingsAreMisuse() throws {
        let sql = "INSERT INTO v (value) VALUES (?)"
        assertThrows(.misuse("The statement needs more than the 0 values bound to it: \(sql)")) {
            try database.execute(sql)
        }
        assertThrows(.misuse("2 values were bound to 1 parameters: \(sql)")) {
            try database.execute(sql, [1, 2])
        }
    }

    func testTextIsBoundAsACopy() throws {
        // SQLITE_TRANSIENT: the bound bytes must outlive the Swift string they came from.
        var ids: [String] = []
        for index in 0..<50 {
            let text = String(repeating: "x\(index)-ü", count: 20)
            try database.execute("INSERT INTO v (id, value) VALUES (?, ?)", [.integer(Int64(index)), .text(text)])
            ids.append(text)
        }
        let stored = try database.query("SELECT value FROM v ORDER BY id").map { try $0.string("value") }
        XCTAssertEqual(stored, ids)
    }
}
