import Foundation
import Storage
import StorageTesting
import XCTest

final class TransactionTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var database: SQLiteDatabase!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
        database = try directory.openDatabase()
        try database.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)")
    }

    override func tearDown() {
        database = nil
        directory = nil
    }

    private func names() throws -> [String?] {
        try database.query("SELECT name FROM items ORDER BY id").map { try $0.string("name") }
    }

    func testAHandleKeptPastItsBodyCannotWriteOutsideTheTransaction() throws {
        final class Box { var handle: SQLiteTransaction? }
        let box = Box()
        try database.transaction { transaction in
            box.handle = transaction
            try transaction.transaction { nested in box.handle = nested }
            try transaction.execute("INSERT INTO items (name) VALUES ('inside')")
        }
        XCTAssertThrowsError(try box.handle?.execute("INSERT INTO items (name) VALUES ('escaped')")) { error in
            guard case StorageError.misuse = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try names(), ["inside"])
    }

    func testACommittedTransactionWritesEverythingAndReturnsTheBodysValue() throws {
        let ids = try database.transaction { transaction in
            try transaction.execute("INSERT INTO items (name) VALUES (?)", ["a"])
            let first = transaction.lastInsertRowID
            try transaction.execute("INSERT INTO items (name) VALUES (?)", ["b"])
            return [first, transaction.lastInsertRowID]
        }
        XCTAssertEqual(ids, [1, 2])
        XCTAssertEqual(try names(), ["a", "b"])
        // Committed means visible to another connection.
        XCTAssertEqual(try directory.openDatabase().count("items"), 2)
    }

    func testAThrowingBodyRollsEverythingBackAndRethrows() throws {
        try database.execute("INSERT INTO items (name) VALUES ('kept')")
        XCTAssertThrowsError(try database.transaction { transaction in
            try transaction.execute("INSERT INTO items (name) VALUES ('lost 1')")
            try transaction.execute("UPDATE items SET name = 'changed' WHERE name = 'kept'")
            try transaction.execute("INSERT INTO items (name) VALUES ('lost 2')")
            throw Abort()
        }) { error in
            XCTAssertEqual(error as? Abort, Abort())
        }
        XCTAssertEqual(try names(), ["kept"])
        // No transaction is left open: the next one begins and commits normally.
        try database.transaction { try $0.execute("INSERT INTO items (name) VALUES ('next')") }
        XCTAssertEqual(try names(), ["kept", "next"])
    }

    func testAFailingStatementRollsBackTheEarlierOnes() throws {
        let error = storageError {
            try database.transaction { transaction in
                try transaction.execute("INSERT INTO items (name) VALUES ('first')")
                try transaction.execute("INSERT INTO items (name) VALUES ('first')") // UNIQUE
            }
        }
        XCTAssertEqual(error, .constraint(message: "UNIQUE constraint failed: items.name"))
        XCTAssertEqual(try database.count("items"), 0)
    }

    func testChangesCountsTheLastStatementsRows() throws {
        try database.execute("INSERT INTO items (name) VALUES ('a'), ('b'), ('c')")
        XCTAssertEqual(try database.changes, 3)
        let deleted = try database.transaction { transaction in
            try transaction.execute("DELETE FROM items WHERE name <> 'b'")
            return transaction.changes
        }
        XCTAssertEqual(deleted, 2)
    }

    func testANestedTransactionThatThrowsUndoesOnlyItsOwnWrites() throws {
        try database.transaction { outer in
            try outer.execute("INSERT INTO items (name) VALUES ('outer')")
            XCTAssertThrowsError(try outer.transaction { inner in
                try inner.execute("INSERT INTO items (name) VALUES ('inner')")
                throw Abort()
            })
            let kept = try outer.transaction { inner in
                try inner.execute("INSERT INTO items (name) VALUES ('inner kept')")
                return inner.changes
            }
            XCTAssertEqual(kept, 1)
        }
        XCTAssertEqual(try names(), ["outer", "inner kept"])
    }

    func testANestedTransactionIsUndoneWhenTheOuterOneFails() throws {
        XCTAssertThrowsError(try database.transaction { outer in
            try outer.transaction { try $0.execute("INSERT INTO items (name) VALUES ('inner')") }
            throw Abort()
        })
        XCTAssertEqual(try database.count("items"), 0)
    }

    func testCallingTheDatabaseInsideItsOwnTransactionThrowsInsteadOfDeadlocking() throws {
        let expected = StorageError.misuse(
            "The database at \(database.path) was called from inside its own transaction; use the transaction handle the body receives."
        )
        try database.transaction { transaction in
            try transaction.execute("INSERT INTO items (name) VALUES ('via handle')")
            assertThrows(expected) { try database.execute("INSERT INTO items (name) VALUES ('via database')") }
            assertThrows(expected) { try database.transaction { _ in 0 } }
        }
        XCTAssertEqual(try names(), ["via handle"])
    }

    func testAnotherConnectionReadsTheLastCommitWhileAWriteIsOpenAndGetsBusyWhenWriting() throws {
        let other = try directory.openDatabase(busyTimeout: .milliseconds(50))
        try database.execute("INSERT INTO items (name) VALUES ('committed')")
        try database.transaction { transaction in
            try transaction.execute("INSERT INTO items (name) VALUES ('pending')")
            // WAL: a reader is not blocked by the writer and sees the last commit only.
            XCTAssertEqual(try other.count("items"), 1)
            assertThrows(.busy(path: other.path)) { try other.execute("INSERT INTO items (name) VALUES ('other')") }
            assertThrows(.busy(path: other.path)) { try other.transaction { _ in true } }
        }
        XCTAssertEqual(try other.count("items"), 2)
        try other.execute("INSERT INTO items (name) VALUES ('other')")
        XCTAssertEqual(try names(), ["committed", "pending", "other"])
    }
}
