import Foundation
import Synchronization
import Storage
import StorageTesting
import XCTest

final class MigrationTests: XCTestCase {
    private let schema = [
        Migration(version: 1, sql: "CREATE TABLE contacts (id INTEGER PRIMARY KEY, name TEXT NOT NULL)"),
        Migration(version: 2, sql: """
            ALTER TABLE contacts ADD COLUMN favorite INTEGER NOT NULL DEFAULT 0;
            CREATE INDEX contacts_by_name ON contacts (name)
            """),
        Migration(version: 3) { transaction in
            try transaction.execute("INSERT INTO contacts (name, favorite) VALUES (?, ?)", ["Seed", true])
        },
    ]

    func testMigrationsRunOnceInOrder() throws {
        let directory = try TemporaryDirectory()
        let database = try directory.openDatabase()
        XCTAssertEqual(try database.userVersion(), 0)

        XCTAssertEqual(try database.migrate(schema), 3)
        XCTAssertEqual(try database.migrate(schema), 3)

        XCTAssertEqual(try database.userVersion(), 3)
        let rows = try database.query("SELECT name, favorite FROM contacts")
        XCTAssertEqual(rows.map(\.values), [[.text("Seed"), .integer(1)]], "the seed ran exactly once")
        XCTAssertEqual(try database.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'contacts_by_name'"), .integer(1))
    }

    /// A launch on a file that is up to date only reads it: it does not wait for (or fail on) another
    /// process holding the write lock.
    func testAnUpToDateFileMigratesWhileAnotherConnectionWrites() throws {
        let directory = try TemporaryDirectory()
        XCTAssertEqual(try directory.openDatabase().migrate(schema), 3)
        let writer = try directory.openDatabase()
        let launch = try directory.openDatabase(busyTimeout: .zero)
        try writer.transaction { transaction in
            try transaction.execute("INSERT INTO contacts (name) VALUES ('Writing')")
            XCTAssertEqual(try launch.migrate(schema), 3)
        }
        // A migration still to run does need the lock: with the writer holding it, that is `busy`.
        try writer.transaction { _ in
            XCTAssertThrowsError(try launch.migrate(schema + [Migration(version: 4, sql: "SELECT 1")])) { error in
                XCTAssertEqual(error as? StorageError, .busy(path: launch.path))
            }
        }
    }

    func testOnlyNewMigrationsRunOnAnOlderFile() throws {
        let directory = try TemporaryDirectory()
        let order = Order()
        let recording = (1...4).map { version in
            Migration(version: version) { _ in order.append(version) }
        }
        XCTAssertEqual(try directory.openDatabase().migrate(Array(recording.prefix(2))), 2)
        XCTAssertEqual(try directory.openDatabase().migrate(recording), 4)
        XCTAssertEqual(order.values, [1, 2, 3, 4])
    }

    func testAFailingMigrationRollsBackAndKeepsTheVersion() throws {
        let directory = try TemporaryDirectory()
        let database = try directory.openDatabase()
        let failing = Migration(version: 2) { transaction in
            try transaction.execute("CREATE TABLE half (x INTEGER)")
            try transaction.execute("INSERT INTO half VALUES (1)")
            try transaction.execute("INSERT INTO no_such_table VALUES (1)")
        }
        let later = Migration(version: 3, sql: "CREATE TABLE later (x INTEGER)")

        let error = storageError { try database.migrate([schema[0], failing, later]) }

        XCTAssertEqual(error, .sqlite(code: 1, message: "no such table: no_such_table", sql: "INSERT INTO no_such_table VALUES (1)"))
        XCTAssertEqual(try database.userVersion(), 1, "migration 1 committed, 2 rolled back, 3 never ran")
        let tables = try database.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").map { try $0.string("name") }
        XCTAssertEqual(tables, ["contacts"])

        // Fixed, the same list goes on from version 1.
        let fixed = Migration(version: 2, sql: "CREATE TABLE half (x INTEGER)")
        XCTAssertEqual(try database.migrate([schema[0], fixed, later]), 3)
    }

    func testMigrationsMustBeAscendingAndPositive() throws {
        let database = try SQLiteDatabase.inMemory()
        let one = Migration(version: 1, sql: "CREATE TABLE a (x)"), two = Migration(version: 2, sql: "CREATE TABLE b (x)")
        assertThrows(.misuse("Migration versions must be above 0 and strictly ascending; got [2, 1].")) {
            try database.migrate([two, one])
        }
        assertThrows(.misuse("Migration versions must be above 0 and strictly ascending; got [1, 1].")) {
            try database.migrate([one, one])
        }
        assertThrows(.misuse("Migration versions must be above 0 and strictly ascending; got [0].")) {
            try database.migrate([Migration(version: 0, sql: "")])
        }
        XCTAssertEqual(try database.userVersion(), 0)
        XCTAssertEqual(try database.count("sqlite_master"), 0, "nothing ran")
    }

    func testAFileFromANewerProgramIsLeftAlone() throws {
        let database = try SQLiteDatabase.inMemory()
        try database.execute("PRAGMA user_version = 9")
        XCTAssertEqual(try database.migrate(schema), 9)
        XCTAssertEqual(try database.count("sqlite_master"), 0)
    }
}

/// Records the order migrations ran in (migrations are @Sendable, so behind a lock).
private final class Order: Sendable {
    private let storage = Mutex<[Int]>([])
    func append(_ value: Int) { storage.withLock { $0.append(value) } }
    var values: [Int] { storage.withLock { $0 } }
}
