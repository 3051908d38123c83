import Foundation
import Storage
import StorageTesting
import XCTest

final class FavoritesStoreTests: XCTestCase {
    func testSetContainsAllAndToggle() throws {
        let directory = try TemporaryDirectory()
        let favorites = try FavoritesStore(database: directory.openDatabase(), namespace: "check24")
        XCTAssertEqual(favorites.namespace, "check24")
        XCTAssertEqual(try favorites.all(), [])
        XCTAssertFalse(try favorites.contains("1"))

        try favorites.set("1", favorite: true)
        try favorites.set("2", favorite: true)
        try favorites.set("1", favorite: true) // again: still one entry
        XCTAssertTrue(try favorites.contains("1"))
        XCTAssertEqual(try favorites.all(), ["1", "2"])

        try favorites.set("2", favorite: false)
        try favorites.set("never", favorite: false)
        XCTAssertEqual(try favorites.all(), ["1"])

        XCTAssertEqual(try favorites.toggle("1"), false)
        XCTAssertEqual(try favorites.toggle("3"), true)
        XCTAssertEqual(try favorites.toggle("3"), false)
        XCTAssertEqual(try favorites.toggle("Käse 😀 漢字"), true)
        XCTAssertEqual(try favorites.all(), ["Käse 😀 漢字"])
        XCTAssertTrue(try favorites.contains("Käse 😀 漢字"))
        XCTAssertFalse(try favorites.contains("Kase 😀 漢字"))
    }

    func testMarkingAgainKeepsTheOriginalDate() throws {
        let database = try SQLiteDatabase.inMemory()
        let favorites = try FavoritesStore(database: database, namespace: "numbers")
        let before = Date().timeIntervalSince1970
        try favorites.set("a", favorite: true)
        let created = try XCTUnwrap(database.query("SELECT created_at FROM favorites").first?.double("created_at"))
        XCTAssertGreaterThanOrEqual(created, before - 1)
        XCTAssertLessThanOrEqual(created, Date().timeIntervalSince1970 + 1)

        try database.execute("UPDATE favorites SET created_at = 1")
        try favorites.set("a", favorite: true)
        XCTAssertEqual(try database.scalar("SELECT created_at FROM favorites"), .real(1))
    }

    func testNamespacesAreIsolatedInOneFile() throws {
        let directory = try TemporaryDirectory()
        let database = try directory.openDatabase("favorites.sqlite")
        let check24 = try FavoritesStore(database: database, namespace: "check24")
        let contacts = try FavoritesStore(database: database, namespace: "contacts")

        try check24.set("7", favorite: true)
        try contacts.set("7", favorite: true)
        try contacts.set("8", favorite: true)
        XCTAssertEqual(try check24.toggle("7"), false)

        XCTAssertEqual(try check24.all(), [])
        XCTAssertEqual(try contacts.all(), ["7", "8"])
        XCTAssertFalse(try check24.contains("8"))
        XCTAssertEqual(try database.count("favorites"), 2)
    }

    func testFavoritesPersistAfterReopening() throws {
        let directory = try TemporaryDirectory()
        do {
            let database = try directory.openDatabase("favorites.sqlite")
            let favorites = try FavoritesStore(database: database, namespace: "check24")
            try favorites.set("1", favorite: true)
            try favorites.toggle("2")
            try favorites.toggle("3")
            try favorites.toggle("3")
            database.close()
        }
        let reopened = try FavoritesStore(database: directory.openDatabase("favorites.sqlite"), namespace: "check24")
        XCTAssertEqual(try reopened.all(), ["1", "2"])
        let other = try FavoritesStore(database: directory.openDatabase("favorites.sqlite"), namespace: "numbers")
        XCTAssertEqual(try other.all(), [])
    }

    func testTheStoreLeavesUserVersionToTheFilesOwner() throws {
        let database = try SQLiteDatabase.inMemory()
        _ = try FavoritesStore(database: database, namespace: "a")
        _ = try FavoritesStore(database: database, namespace: "b") // the table exists already
        XCTAssertEqual(try database.userVersion(), 0)
        XCTAssertEqual(try database.migrate([Migration(version: 1, sql: "CREATE TABLE other (x)")]), 1)
    }

    func testAGarbageFavoritesFileGivesCorrupt() throws {
        let directory = try TemporaryDirectory()
        let url = try directory.write(Data(repeating: 0x41, count: 4096), to: "favorites.sqlite")
        assertThrows(.corrupt(path: url.path)) {
            try FavoritesStore(database: directory.openDatabase("favorites.sqlite"), namespace: "check24")
        }
    }
}
