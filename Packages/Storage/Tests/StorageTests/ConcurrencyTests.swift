import Foundation
import Storage
import StorageTesting
import XCTest

/// Many tasks on one database (and two connections to one file) leave exact, consistent results.
final class ConcurrencyTests: XCTestCase {
    func testConcurrentTogglesOnOneStoreStayConsistent() async throws {
        let directory = try TemporaryDirectory()
        let favorites = try FavoritesStore(database: directory.openDatabase(), namespace: "check24")
        let tasks = 8, togglesPerTask = 50

        let results = try await withThrowingTaskGroup(of: (turnedOn: Int, own: Bool).self) { group in
            for task in 0..<tasks {
                group.addTask {
                    var turnedOn = 0
                    for _ in 0..<togglesPerTask where try favorites.toggle("shared") { turnedOn += 1 }
                    // Every task also toggles its own id an odd number of times.
                    var own = false
                    for _ in 0..<(2 * task + 1) { own = try favorites.toggle("task-\(task)") }
                    return (turnedOn, own)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }

        // 400 toggles of one id from off: exactly half turned it on, and it ends off.
        XCTAssertEqual(results.map(\.turnedOn).reduce(0, +), tasks * togglesPerTask / 2)
        XCTAssertEqual(results.filter(\.own).count, tasks)
        XCTAssertFalse(try favorites.contains("shared"))
        XCTAssertEqual(try favorites.all(), Set((0..<tasks).map { "task-\($0)" }))
    }

    func testConcurrentReadModifyWriteTransactionsLoseNoUpdate() async throws {
        let directory = try TemporaryDirectory()
        let database = try directory.openDatabase()
        try database.execute("CREATE TABLE counter (value INTEGER NOT NULL); INSERT INTO counter VALUES (0)")

        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<50 {
                        try database.transaction { transaction in
                            let value = try transaction.query("SELECT value FROM counter").first?.int("value") ?? -1
                            try transaction.execute("UPDATE counter SET value = ?", [.integer(Int64(value + 1))])
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        XCTAssertEqual(try database.scalar("SELECT value FROM counter"), .integer(400))
    }

    func testTwoConnectionsToOneFileWaitForEachOther() async throws {
        let directory = try TemporaryDirectory()
        let connections = [try directory.openDatabase(), try directory.openDatabase()]
        let stores = try connections.map { try FavoritesStore(database: $0, namespace: "numbers") }

        let turnedOn = try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<4 {
                let store = stores[task % 2]
                group.addTask {
                    var count = 0
                    for _ in 0..<25 where try store.toggle("shared") { count += 1 }
                    return count
                }
            }
            return try await group.reduce(0, +)
        }
        XCTAssertEqual(turnedOn, 50)
        XCTAssertFalse(try stores[0].contains("shared"))
        XCTAssertFalse(try stores[1].contains("shared"))
    }
}
