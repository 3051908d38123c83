import Foundation
import Storage
import StorageTesting
import XCTest

/// Data written in one "run" is there in the next: close (or drop) the database and open the file again.
final class PersistenceTests: XCTestCase {
    func testDataSurvivesCloseAndReopen() throws {
        let directory = try TemporaryDirectory()
        let first = try directory.openDatabase()
        try first.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
        try first.transaction { transaction in
            try transaction.execute("INSERT INTO notes (body) VALUES (?)", ["Grüße 😀"])
            try transaction.execute("INSERT INTO notes (body) VALUES (?)", ["漢字"])
        }
        first.close()
        // The last close checkpoints the write-ahead log into the database file and removes it.
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.file("test.sqlite-wal").path))

        let second = try directory.openDatabase()
        let bodies = try second.query("SELECT body FROM notes ORDER BY id").map { try $0.string("body") }
        XCTAssertEqual(bodies, ["Grüße 😀", "漢字"])
    }

    func testDataSurvivesDroppingTheLastReference() throws {
        let directory = try TemporaryDirectory()
        do {
            let database = try directory.openDatabase()
            try database.execute("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (7)")
        }
        let reopened = try directory.openDatabase()
        XCTAssertEqual(try reopened.scalar("SELECT x FROM t"), .integer(7))
        XCTAssertEqual(try reopened.scalar("PRAGMA journal_mode"), .text("wal"))
    }

    func testTheSchemaVersionSurvivesReopening() throws {
        let directory = try TemporaryDirectory()
        let migrations = [Migration(version: 1, sql: "CREATE TABLE t (x INTEGER)"),
                          Migration(version: 2, sql: "ALTER TABLE t ADD COLUMN y TEXT")]
        XCTAssertEqual(try directory.openDatabase().migrate(migrations), 2)

        let reopened = try directory.openDatabase()
        XCTAssertEqual(try reopened.userVersion(), 2)
        XCTAssertEqual(try reopened.migrate(migrations), 2, "nothing runs again (ALTER would fail if it did)")
    }
}
