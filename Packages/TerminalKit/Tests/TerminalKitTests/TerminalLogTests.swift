import Foundation
import TerminalKit
import XCTest

final class TerminalLogTests: XCTestCase {
    func testLinesAreAppendedWholeToAFileOnlyTheOwnerReads() throws {
        let path = NSTemporaryDirectory() + "terminal-log-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "earlier run\n".write(toFile: path, atomically: false, encoding: .utf8)
        let log = try XCTUnwrap(TerminalLog(path: path))
        log.note("entered the terminal: 80x24")
        log.note("left the terminal")
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 3, "appended after what was there")
        XCTAssertEqual(lines[0], "earlier run")
        let fields = lines[1].split(separator: " ", maxSplits: 2)
        XCTAssertEqual(fields.first.map(String.init), String(getpid()))
        XCTAssertNotNil(Int(fields[1]), "milliseconds")
        XCTAssertEqual(fields.last, "entered the terminal: 80x24")
        XCTAssertTrue(lines[2].hasSuffix(" left the terminal"))

        let fresh = NSTemporaryDirectory() + "terminal-log-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: fresh) }
        TerminalLog(path: fresh)?.note("x")
        let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: fresh)[.posixPermissions] as? Int)
        XCTAssertEqual(mode & 0o077, 0, "the owner's only")
    }

    func testAFileThatCannotBeOpenedGivesNoLog() {
        XCTAssertNil(TerminalLog(path: "/nonexistent-folder/log"))
        XCTAssertNil(TerminalLog(path: NSTemporaryDirectory()), "a folder")
    }
}
