import Foundation
import XCTest

/// The demo as a contributor runs it: the feature on its embedded backend, seeded with the demo
/// contacts in a data folder of its own, its first screen printed with `--plain`.
final class ContactsDemoTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("contacts-demo-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testTheDemoShowsTheDemoContactsFromItsOwnStore() throws {
        let first = try runDemo()
        XCTAssertEqual(first.status, 0, first.errors)
        XCTAssertTrue(first.screen.contains("Contacts (52)"), "the seeded book's title:\n\(first.screen)")
        XCTAssertTrue(first.screen.contains("Ayu Lestari"), first.screen)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("contacts.sqlite").path),
                      "the store is the data folder's: \((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])")
        // Kept between runs: the second run opens the same store, seeded once.
        let second = try runDemo()
        XCTAssertEqual(second.screen, first.screen)
    }

    private func runDemo() throws -> (status: Int32, screen: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("ContactsDemo")
        process.arguments = ["--plain", "--data-dir", folder.path]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read whole before waiting: a full pipe cannot block the demo.
        let screen = out.fileHandleForReading.readDataToEndOfFile(), errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: screen, as: UTF8.self), String(decoding: errors, as: UTF8.self))
    }
}
