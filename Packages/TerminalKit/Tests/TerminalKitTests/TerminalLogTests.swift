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

    /// A named pipe nobody reads is refused at once (opening it for writing would wait for a reader for
    /// ever, before the first frame), and so are a device and anything but a regular file.
    func testAFIFOOrADeviceIsRefusedWithoutAWait() throws {
        let fifo = NSTemporaryDirectory() + "terminal-log-fifo-\(UUID().uuidString)"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        defer { unlink(fifo) }
        // Run off the test's thread so a regression fails the test rather than hanging the suite.
        let opened = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var log: TerminalLog?
        Thread {
            log = TerminalLog(path: fifo)
            opened.signal()
        }.start()
        XCTAssertEqual(opened.wait(timeout: .now() + 10), .success, "opening a FIFO nobody reads waited")
        XCTAssertNil(log)
        XCTAssertNil(TerminalLog(path: "/dev/null"), "a device")
    }

    /// A link is followed only when it is the user's own: one that another user made (in a shared
    /// folder such as /tmp) is refused, whatever it points at; and the file it names must be the user's.
    func testALinkOfAnotherOwnerIsNeverFollowed() throws {
        let folder = NSTemporaryDirectory() + "terminal-log-links-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let target = folder + "/target"
        try "mine\n".write(toFile: target, atomically: false, encoding: .utf8)
        let own = folder + "/own-link"
        XCTAssertEqual(symlink(target, own), 0)
        XCTAssertNotNil(TerminalLog(path: own), "the user's own link to the user's own file")

        guard getuid() == 0 else { throw XCTSkip("making a link of another owner needs root") }
        let foreign = folder + "/foreign-link"
        XCTAssertEqual(symlink(target, foreign), 0)
        XCTAssertEqual(lchown(foreign, 65534, 65534), 0)
        XCTAssertNil(TerminalLog(path: foreign), "a link another user made")
        let foreignFile = folder + "/foreign-file"
        try "theirs\n".write(toFile: foreignFile, atomically: false, encoding: .utf8)
        XCTAssertEqual(chown(foreignFile, 65534, 65534), 0)
        XCTAssertNil(TerminalLog(path: foreignFile), "a file another user owns")
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "mine\n")
    }
}
