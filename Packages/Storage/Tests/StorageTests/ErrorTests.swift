import Foundation
import Storage
import XCTest

final class ErrorTests: XCTestCase {
    func testConstraintFailuresBecomeConstraint() throws {
        let database = try SQLiteDatabase.inMemory()
        try database.execute("""
            CREATE TABLE people (
                id INTEGER PRIMARY KEY,
                email TEXT NOT NULL UNIQUE,
                age INTEGER CHECK (age >= 0)
            )
            """)
        try database.execute("INSERT INTO people (id, email, age) VALUES (1, 'a@example.com', 30)")

        assertThrows(.constraint(message: "UNIQUE constraint failed: people.email")) {
            try database.execute("INSERT INTO people (email) VALUES ('a@example.com')")
        }
        assertThrows(.constraint(message: "UNIQUE constraint failed: people.id")) {
            try database.execute("INSERT INTO people (id, email) VALUES (1, 'b@example.com')")
        }
        assertThrows(.constraint(message: "NOT NULL constraint failed: people.email")) {
            try database.execute("INSERT INTO people (email) VALUES (?)", [.null])
        }
        assertThrows(.constraint(message: "CHECK constraint failed: age >= 0")) {
            try database.execute("INSERT INTO people (email, age) VALUES ('c@example.com', -1)")
        }
        XCTAssertEqual(try database.count("people"), 1)
    }

    func testOtherFailuresCarryCodeMessageAndSQL() throws {
        let database = try SQLiteDatabase.inMemory()
        let error = storageError { try database.query("SELEC 1") }
        XCTAssertEqual(error, .sqlite(code: 1, message: "near \"SELEC\": syntax error", sql: "SELEC 1"))
        XCTAssertEqual(error?.message, "The database reported an error (near \"SELEC\": syntax error, code 1) in: SELEC 1.")
    }

    /// A full disk is one line that says so (a capped database fails the way a full disk does),
    /// never a dump of the statement that could not be written.
    func testAFullDiskIsDiskFullInOneLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("full-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try SQLiteDatabase.open(directory: directory, fileName: "full.sqlite")
        try database.execute("CREATE TABLE notes (text TEXT)")
        _ = try database.query("PRAGMA max_page_count = 2")
        let error = storageError {
            try database.execute("INSERT INTO notes (text) VALUES (?)", [.text(String(repeating: "x", count: 100_000))])
        }
        XCTAssertEqual(error, .diskFull(path: directory.appendingPathComponent("full.sqlite").path))
        XCTAssertFalse(error?.message.contains("\n") ?? true)
        XCTAssertTrue(error?.message.contains("is full") == true, error?.message ?? "")
        let multiLine = StorageError.sqlite(code: 1, message: "x", sql: "CREATE TABLE t (\n  a TEXT,\n  b TEXT\n)")
        XCTAssertEqual(multiLine.message, "The database reported an error (x, code 1) in: CREATE TABLE t ( a TEXT, b TEXT ).")
    }

    func testMessagesNameTheProblemAndTheFix() {
        XCTAssertEqual(
            StorageError.corrupt(path: "/data/favorites.sqlite").message,
            "The file at /data/favorites.sqlite is not a database or is damaged. Move it away and start again."
        )
        XCTAssertEqual(
            StorageError.cannotOpen(path: "/data/f.sqlite", message: "unable to open database file").message,
            "Cannot open the database file at /data/f.sqlite (unable to open database file). Check that the folder "
                + "exists and is writable, or choose another data directory with --data-dir."
        )
        XCTAssertEqual(
            StorageError.busy(path: "/data/f.sqlite").message,
            "The database at /data/f.sqlite is busy: another program is writing to it. Close the other apps-cli and try again."
        )
        XCTAssertEqual(
            StorageError.constraint(message: "UNIQUE constraint failed: t.x").message,
            "The change was rejected because it breaks a rule of the data (UNIQUE constraint failed: t.x)."
        )
        let error: Error = StorageError.noSuchColumn("x")
        XCTAssertEqual(error.localizedDescription, "The result has no column named \"x\".")
        XCTAssertEqual("\(StorageError.misuse("Do not."))", "Do not.")
    }
}
