import Foundation
#if canImport(Glibc)
import Glibc
#endif
import XCTest

/// Local data against the worst exits: `kill -9` at random moments while the app writes (a contact
/// with its photo, a favorite), many times over. Every time the database passes SQLite's own
/// integrity check and holds either the old state or the whole new record, never half of it.
final class DataSafetyTests: XCTestCase {
    private var dataDirectory: String!

    override func setUp() {
        dataDirectory = NSTemporaryDirectory() + "apps-cli-safety-\(UUID().uuidString)"
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: dataDirectory)
    }

    private var photoPath: String { ContactsInput.photoPath }
    private func typed(_ text: String) -> String { ContactsInput.typed(text) }

    /// Starts `apps-cli arguments`, waits `delay` seconds and kills it with SIGKILL (unless it ended first).
    /// Returns whether it was still running when killed.
    private func runAndKill(_ arguments: [String], after delay: TimeInterval) throws -> Bool {
        let process = Process()
        process.executableURL = AppsCLIProcess.executable
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        usleep(useconds_t(delay * 1_000_000))
        let wasRunning = process.isRunning
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return wasRunning
    }

    /// Runs a short Python program (its standard library's sqlite3) and returns its output lines.
    private func python(_ program: String, _ arguments: [String]) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", program] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// integrity_check, then one line per contact named `first`: its fields and the files in its photo folder.
    private static let inspectContact = """
        import os, sqlite3, sys
        path, first, photos = sys.argv[1], sys.argv[2], sys.argv[3]
        db = sqlite3.connect(path)
        print(db.execute("PRAGMA integrity_check").fetchone()[0])
        for id, last, phone, email, picture in db.execute(
                "SELECT id, last_name, phone_number, email, profile_pic_file_name FROM contacts WHERE first_name = ?", (first,)):
            folder = os.path.join(photos, str(id))
            files = sorted(os.listdir(folder)) if os.path.isdir(folder) else []
            print("|".join([str(id), last or "", phone or "", email or "", picture or "", ",".join(files)]))
        """

    func testKillingTheAppWhileItAddsContactsNeverLeavesHalfARecord() throws {
        XCTAssertEqual(try AppsCLIProcess.run(["contacts", "--plain", "--data-dir", dataDirectory]).status, 0)
        let database = dataDirectory + "/contacts.sqlite", photos = dataDirectory + "/contact-photos"
        func keys(adding first: String, round: Int) -> String {
            ["a", typed(first), "tab", typed("Round"), "tab", typed("+6281234567\(10 + round)"), "tab",
             typed("k\(round)@mail.example"), "tab", typed(photoPath), "ctrl-s"].joined(separator: " ")
        }
        // How long one whole add takes on this machine, so the kills spread over the run itself
        // whether the machine is fast or loaded (a fixed range left most kills after the exit).
        // The shorter of two runs: the first one also warms the caches.
        var wholeRun = TimeInterval.infinity
        for whole in 0..<2 {
            let started = Date()
            XCTAssertEqual(try AppsCLIProcess.run(["contacts", "--data-dir", dataDirectory, "--keys", keys(adding: "Whole\(whole)", round: 90 + whole)]).status, 0)
            wholeRun = min(wholeRun, Date().timeIntervalSince(started))
        }
        var generator = SystemRandomNumberGenerator()
        var killedWhileRunning = 0, added = 0
        for round in 0..<30 {
            let first = "Kill\(round)"
            let keys = keys(adding: first, round: round)
            // From before the form opens to after the save: most kills land in the run, some after it.
            let delay = Double.random(in: 0.02...max(0.05, wholeRun * 1.3), using: &generator)
            if try runAndKill(["contacts", "--data-dir", dataDirectory, "--keys", keys], after: delay) { killedWhileRunning += 1 }
            let lines = try python(Self.inspectContact, [database, first, photos])
            XCTAssertEqual(lines.first, "ok", "round \(round) (killed after \(delay) s): \(lines)")
            let records = lines.dropFirst()
            XCTAssertLessThanOrEqual(records.count, 1, "round \(round): one record or none")
            if let record = records.first {
                added += 1
                let fields = record.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
                XCTAssertEqual(Array(fields[1...4]), ["Round", "+6281234567\(10 + round)", "k\(round)@mail.example", "ayu-lestari.png"],
                               "round \(round): the whole record")
                XCTAssertTrue(fields[5].split(separator: ",").count == 1 && fields[5].hasSuffix("-ayu-lestari.png"),
                              "round \(round): the photo the record names is there: \(record)")
            }
        }
        // The delays spread the kills from before the save to after it.
        XCTAssertGreaterThan(killedWhileRunning, 5, "kills that landed while the app ran (a whole run took \(wholeRun) s)")
        XCTAssertGreaterThan(added, 0, "some adds completed (a whole run took \(wholeRun) s)")
        let listed = try AppsCLIProcess.run(["contacts", "--plain", "--data-dir", dataDirectory, "--size", "80x24"])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertTrue(listed.stdout.contains("Contacts (\(54 + added))"), "every completed add is listed:\n\(listed.stdout)")
    }

    func testFavoritesSurviveKillsAndAKilledToggleIsAllOrNothing() throws {
        let database = dataDirectory + "/favorites.sqlite"
        // One favorite, saved by a run that ended normally.
        XCTAssertEqual(try AppsCLIProcess.run(["check24", "--data-dir", dataDirectory, "--fail-every", "0", "--keys", "enter f"]).status, 0)
        let count = "import sqlite3, sys\ndb = sqlite3.connect(sys.argv[1])\nprint(db.execute('PRAGMA integrity_check').fetchone()[0])\n"
            + "print(db.execute('SELECT count(*) FROM favorites').fetchone()[0])"
        XCTAssertEqual(try python(count, [database]), ["ok", "1"])
        var generator = SystemRandomNumberGenerator()
        for round in 0..<20 {
            // Favors the second product, killed anywhere from start-up to after the write.
            let delay = Double.random(in: 0.02...0.4, using: &generator)
            _ = try runAndKill(["check24", "--data-dir", dataDirectory, "--fail-every", "0", "--keys", "down enter f"], after: delay)
            let lines = try python(count, [database])
            XCTAssertEqual(lines.first, "ok", "round \(round): \(lines)")
            XCTAssertTrue(["1", "2"].contains(lines.last ?? ""), "round \(round): the first favorite stays; the second is whole or absent: \(lines)")
            // Back to one favorite for the next round, by a run that ends normally.
            if lines.last == "2" {
                XCTAssertEqual(try AppsCLIProcess.run(["check24", "--data-dir", dataDirectory, "--fail-every", "0", "--keys", "down enter f"]).status, 0)
            }
        }
        let shown = try AppsCLIProcess.run(["check24", "--data-dir", dataDirectory, "--fail-every", "0", "--keys", "right right", "--size", "80x24"])
        XCTAssertTrue(shown.stdout.contains("Yellow Triangle"), "the favorite saved before all the kills is still shown:\n\(shown.stdout)")
    }

    func testADamagedStoreIsKeptAsideSaidOnStderrAndANewOneStarts() throws {
        try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
        let garbage = Data((0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 17) })
        for file in ["contacts.sqlite", "favorites.sqlite"] {
            try garbage.write(to: URL(fileURLWithPath: dataDirectory + "/" + file))
        }
        // A photo of the damaged store's contact 53: the new store's contact 53 must not find it, nor delete it.
        let oldPhoto = dataDirectory + "/contact-photos/53/1464516610995-old.png"
        try FileManager.default.createDirectory(atPath: dataDirectory + "/contact-photos/53", withIntermediateDirectories: true)
        try Data("old photo".utf8).write(to: URL(fileURLWithPath: oldPhoto))
        let contacts = try AppsCLIProcess.run(["contacts", "--plain", "--data-dir", dataDirectory])
        XCTAssertEqual(contacts.status, 0, contacts.stderr)
        XCTAssertTrue(contacts.stdout.contains("Contacts (52)"), "a new store with the demo contacts:\n\(contacts.stdout)")
        let keptPhotos = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: dataDirectory).first { $0.hasPrefix("contact-photos.damaged-") })
        XCTAssertEqual(try String(contentsOfFile: dataDirectory + "/" + keptPhotos + "/53/1464516610995-old.png", encoding: .utf8), "old photo",
                       "the damaged store's photos are kept beside it")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dataDirectory + "/contact-photos/53"), "the new store starts its own photos")
        let check24 = try AppsCLIProcess.run(["check24", "--plain", "--fail-every", "0", "--data-dir", dataDirectory])
        XCTAssertEqual(check24.status, 0, check24.stderr)
        for (result, file) in [(contacts, "contacts.sqlite"), (check24, "favorites.sqlite")] {
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains("\(file) was damaged; it is kept as"), result.stderr)
            let names = try FileManager.default.contentsOfDirectory(atPath: dataDirectory)
            let kept = try XCTUnwrap(names.first { $0.hasPrefix(file + ".damaged-") }, "\(names)")
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: dataDirectory + "/" + kept)), garbage, "kept byte for byte")
        }
        // The next run finds the new stores healthy: nothing more is moved or said.
        let again = try AppsCLIProcess.run(["contacts", "--plain", "--data-dir", dataDirectory])
        XCTAssertEqual(again.stderr, "")
    }
}
