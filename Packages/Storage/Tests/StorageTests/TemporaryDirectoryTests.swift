import Foundation
import Storage
import StorageTesting
import XCTest

final class TemporaryDirectoryTests: XCTestCase {
    func testDirectoriesAreUniqueAndRemovedWithTheirContents() throws {
        var first: TemporaryDirectory? = try TemporaryDirectory(prefix: "storage-tmp")
        let second = try TemporaryDirectory(prefix: "storage-tmp")
        let path = try XCTUnwrap(first?.path)
        XCTAssertNotEqual(path, second.path)
        XCTAssertTrue(path.hasPrefix(NSTemporaryDirectory()))
        XCTAssertTrue((path as NSString).lastPathComponent.hasPrefix("storage-tmp-"))

        try first?.write(Data("x".utf8), to: "nested/file.txt")
        let database = try first?.openDatabase("nested/db.sqlite")
        try database?.execute("CREATE TABLE t (x)")
        database?.close()
        XCTAssertTrue(FileManager.default.fileExists(atPath: path + "/nested/file.txt"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: path + "/nested/db.sqlite"))

        first = nil
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: second.path))
    }
}
