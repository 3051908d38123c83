import Foundation
import XCTest
import TerminalUI

/// Compares a frame's text with a snapshot file beside the test file
/// (`__Snapshots__/<name>.txt`); `RECORD_SNAPSHOTS=1` (re)records instead of comparing.
public func assertSnapshot(_ frame: Frame, named name: String, filePath: StaticString = #filePath, line: UInt = #line) {
    assertTextSnapshot(frame.text, named: name, filePath: filePath, line: line)
}

/// Compares text with a snapshot file beside the test file; see ``assertSnapshot(_:named:filePath:line:)``.
public func assertTextSnapshot(_ text: String, named name: String, filePath: StaticString = #filePath, line: UInt = #line) {
    let testFile = URL(fileURLWithPath: "\(filePath)")
    let directory = testFile.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
    let file = directory.appendingPathComponent("\(name).txt")
    let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    let existing = try? String(contentsOf: file, encoding: .utf8)
    if recording || existing == nil {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        do { try (text + "\n").write(to: file, atomically: true, encoding: .utf8) } catch {
            XCTFail("could not write snapshot \(file.path): \(error)", file: filePath, line: line)
        }
        if !recording { XCTFail("recorded new snapshot \(name); run again to compare", file: filePath, line: line) }
        return
    }
    let expected = existing!.hasSuffix("\n") ? String(existing!.dropLast()) : existing!
    if expected != text {
        XCTFail("snapshot \(name) differs (RECORD_SNAPSHOTS=1 to re-record)\n--- expected\n\(expected)\n--- actual\n\(text)", file: filePath, line: line)
    }
}
