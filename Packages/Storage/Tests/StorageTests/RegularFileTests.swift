import Foundation
import Storage
import StorageTesting
import XCTest

/// Reading a file a person named: only a regular file is read, and never waited on.
final class RegularFileTests: XCTestCase {
    func testARegularFileIsReadWholeAndAnythingElseIsNamed() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Data("timeout = 20\n".utf8), to: "config")
        XCTAssertEqual(try RegularFile.read(file.path, maximumBytes: 100), Data("timeout = 20\n".utf8))
        XCTAssertEqual(try RegularFile.size(file.path, maximumBytes: 100), 13)
        XCTAssertThrowsError(try RegularFile.read(file.path, maximumBytes: 5)) { XCTAssertEqual($0 as? RegularFile.Problem, .tooLarge(bytes: 13)) }
        XCTAssertThrowsError(try RegularFile.read(directory.file("none").path, maximumBytes: 5)) {
            XCTAssertEqual($0 as? RegularFile.Problem, .missing)
        }
        let pipe = directory.file("pipe")
        XCTAssertEqual(mkfifo(pipe.path, 0o600), 0)
        XCTAssertThrowsError(try RegularFile.read(pipe.path, maximumBytes: 100)) {
            XCTAssertEqual($0 as? RegularFile.Problem, .notRegular(.namedPipe))
        }
        XCTAssertThrowsError(try RegularFile.read(directory.path, maximumBytes: 100)) {
            XCTAssertEqual($0 as? RegularFile.Problem, .notRegular(.folder))
        }
        let loop = directory.file("loop")
        try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: loop.path)
        XCTAssertThrowsError(try RegularFile.read(loop.path, maximumBytes: 100)) {
            XCTAssertEqual($0 as? RegularFile.Problem, .unreadable(reason: "its symbolic links lead in a circle"))
        }
    }
}
