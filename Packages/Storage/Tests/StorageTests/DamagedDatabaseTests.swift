import Foundation
import Storage
import StorageTesting
import XCTest

final class DamagedDatabaseTests: XCTestCase {
    func testADamagedFileIsMovedAsideWithItsCompanionsAndANewOneOpens() throws {
        let directory = try TemporaryDirectory()
        let garbage = Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        let path = try directory.write(garbage, to: "store.sqlite").path
        XCTAssertThrowsError(try SQLiteDatabase(path: path).execute("CREATE TABLE t (x)")) { error in
            XCTAssertEqual(error as? StorageError, .corrupt(path: path))
        }
        _ = try directory.write(Data("wal".utf8), to: "store.sqlite-wal")
        let date = Date(timeIntervalSince1970: 1_795_000_000) // 2026-11-18 11:06:40 UTC
        let kept = try DamagedDatabase.moveAside(path, at: date)
        XCTAssertEqual(kept, path + ".damaged-20261118-110640")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: kept)), garbage, "kept byte for byte")
        XCTAssertEqual(try String(contentsOfFile: kept + "-wal", encoding: .utf8), "wal", "its write-ahead log goes with it")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"))
        try SQLiteDatabase(path: path).execute("CREATE TABLE t (x)")

        // A second damaged file in the same second does not overwrite the first.
        try FileManager.default.removeItem(atPath: path)
        _ = try directory.write(garbage, to: "store.sqlite")
        XCTAssertEqual(try DamagedDatabase.moveAside(path, at: date), path + ".damaged-20261118-110640-2")
        XCTAssertTrue(FileManager.default.fileExists(atPath: kept))
    }

    /// What belongs to the database (a folder of the pictures its rows name) goes aside with it,
    /// under the same suffix; a suffix taken by either is not reused.
    func testWhatBelongsToADamagedFileGoesAsideWithIt() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Data("damaged".utf8), to: "store.sqlite").path
        let photos = directory.url.appendingPathComponent("photos").path
        _ = try directory.write(Data("picture".utf8), to: "photos/7/1-me.png")
        let missing = directory.url.appendingPathComponent("never-made").path
        _ = try directory.write(Data("older".utf8), to: "photos.damaged-20261118-110640/1/x.png")
        let date = Date(timeIntervalSince1970: 1_795_000_000)
        let kept = try DamagedDatabase.moveAside(path, with: [photos, missing], at: date)
        XCTAssertEqual(kept, path + ".damaged-20261118-110640-2", "the photos' first suffix was taken")
        XCTAssertEqual(try String(contentsOfFile: photos + ".damaged-20261118-110640-2/7/1-me.png", encoding: .utf8), "picture")
        XCTAssertFalse(FileManager.default.fileExists(atPath: photos))
        XCTAssertEqual(try String(contentsOfFile: photos + ".damaged-20261118-110640/1/x.png", encoding: .utf8), "older")
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing + ".damaged-20261118-110640-2"))
    }
}
