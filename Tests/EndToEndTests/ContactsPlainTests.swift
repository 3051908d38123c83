import ContactsTesting
import Foundation
import Synchronization
import XCTest

/// `apps-cli contacts` as a process through `--plain --keys`: the embedded SQLite backend in a data
/// directory (persistence across runs, several processes at once) and a contacts server on 127.0.0.1
/// (`--base-url`).
final class ContactsPlainTests: XCTestCase {
    private var dataDirectory: String!

    override func setUp() {
        dataDirectory = NSTemporaryDirectory() + "apps-cli-contacts-\(UUID().uuidString)"
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: dataDirectory)
    }

    private var photoPath: String { ContactsInput.photoPath }
    private func typed(_ text: String) -> String { ContactsInput.typed(text) }

    private func addKeys(first: String, last: String, mobile: String, email: String, photo: String) -> String {
        ["a", typed(first), "tab", typed(last), "tab", typed(mobile), "tab", typed(email), "tab", typed(photo), "ctrl-s"]
            .joined(separator: " ")
    }

    private func run(_ arguments: [String]) throws -> AppsCLIProcess.Result {
        try AppsCLIProcess.run(["contacts", "--data-dir", dataDirectory] + arguments)
    }

    func testAddAContactLocallyFindItAndFindItAgainInTheNextRun() throws {
        let keys = addKeys(first: "Zaskia", last: "Mecca", mobile: "+6281234567890", email: "zaskia@mail.example", photo: photoPath)
            + " / " + typed("zask")
        let added = try run(["--keys", keys, "--size", "80x24"])
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertTrue(added.stdout.contains("Contacts (1 of 53)"), added.stdout)
        XCTAssertTrue(added.stdout.contains("▌") && added.stdout.contains("Zaskia Mecca"), added.stdout)
        let again = try run(["--plain", "--keys", "end"])
        XCTAssertTrue(again.stdout.contains("Contacts (53)"), again.stdout)
        let photos = URL(fileURLWithPath: dataDirectory).appendingPathComponent("contact-photos/53")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: photos.path)) ?? []
        XCTAssertTrue(files.count == 1 && files[0].hasSuffix("-ayu-lestari.png"), "the photo is copied into the data directory: \(files)")
    }

    /// `--import` adds a file's contacts in one go and names what it skipped; the list opens on them,
    /// searched through the store; `--export` writes them back; mistakes are one line and an exit status.
    func testImportAndExportTheEmbeddedAddressBook() throws {
        let folder = URL(fileURLWithPath: dataDirectory + "-files")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("book.json")
        let people = (0..<300).map { #"{"first_name":"Person\#($0)","last_name":"Family","favorite":\#($0 == 7)}"# }
            + [#"{"first_name":"\u001b]0;owned\u0007Evil","last_name":"Name"}"#, #"{"first_name":"X","last_name":"Short"}"#]
        try Data(("[" + people.joined(separator: ",") + "]").utf8).write(to: source)
        let imported = try run(["--import", source.path])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(imported.stdout, "Imported 301 contacts from '\(source.path)' into '\(dataDirectory!)'.\nSkipped 1:\n  entry 302: First name is too short (minimum is 2 characters)\n")
        XCTAssertEqual(imported.stderr, "", "no progress line without a terminal")

        let listed = try run(["--keys", "/ p e r s o n 2 9 9", "--size", "60x12"])
        XCTAssertTrue(listed.stdout.contains("Contacts (1 of 301)") && listed.stdout.contains("Person299 Family"), listed.stdout)
        let hostile = try run(["--keys", "/ e v i l", "--size", "60x12"])
        XCTAssertFalse(hostile.stdout.contains("\u{1B}]0;"), "an imported name never drives the terminal")
        XCTAssertTrue(hostile.stdout.contains("Contacts (1 of 301)"), hostile.stdout)

        let exported = folder.appendingPathComponent("book.vcf")
        let export = try run(["--export", exported.path])
        XCTAssertEqual(export.status, 0, export.stderr)
        XCTAssertEqual(export.stdout, "Exported 301 contacts to '\(exported.path)'.\n")
        let cards = try String(contentsOf: exported, encoding: .utf8)
        XCTAssertEqual(cards.components(separatedBy: "BEGIN:VCARD").count - 1, 301)
        XCTAssertTrue(cards.contains("N:Family;Person7;;;\r\nFN:Person7 Family\r\nCATEGORIES:Favorites\r\n"), "a favourite keeps its category")

        let missing = try run(["--import", folder.appendingPathComponent("nope.json").path])
        XCTAssertEqual(missing.status, 66)
        XCTAssertTrue(missing.stderr.hasPrefix("apps-cli: ") && missing.stderr.contains("could not be read"), missing.stderr)
        XCTAssertEqual(missing.stderr.filter { $0 == "\n" }.count, 1, missing.stderr)
        let notAList = folder.appendingPathComponent("object.json")
        try Data(#"{"contacts":[]}"#.utf8).write(to: notAList)
        let malformed = try run(["--import", notAList.path])
        XCTAssertEqual(malformed.status, 65)
        XCTAssertTrue(malformed.stderr.contains("is neither a JSON list of contacts nor a vCard file"), malformed.stderr)
        let wrongFeature = try AppsCLIProcess.run(["numbers", "--import", source.path])
        XCTAssertEqual(wrongFeature.status, 64)
        XCTAssertEqual(wrongFeature.stderr, "apps-cli: --import is for contacts only; see 'apps-cli numbers --help'.\n")
        let remote = try run(["--import", source.path, "--base-url", "http://127.0.0.1:9"])
        XCTAssertEqual(remote.status, 64)
        let still = try run(["--plain"])
        XCTAssertTrue(still.stdout.contains("Contacts (301)"), "a failed import changed nothing\n\(still.stdout)")

        // An export onto the live store is refused (exit 73), and the address book is still there.
        let store = URL(fileURLWithPath: dataDirectory).appendingPathComponent("contacts.sqlite")
        let ontoStore = try run(["--export", store.path])
        XCTAssertEqual(ontoStore.status, 73, ontoStore.stderr)
        XCTAssertTrue(ontoStore.stderr.contains("inside the data directory"), ontoStore.stderr)
        XCTAssertTrue(try run(["--plain"]).stdout.contains("Contacts (301)"), "the store is whole")
        // One contact is one, and a named pipe is said to be one, at once.
        let one = folder.appendingPathComponent("one.json")
        try Data(#"[{"first_name":"Ona","last_name":"Single"}]"#.utf8).write(to: one)
        let single = try run(["--import", one.path])
        XCTAssertEqual(single.stdout, "Imported 1 contact from '\(one.path)' into '\(dataDirectory!)'.\n")
        let pipe = folder.appendingPathComponent("pipe.json")
        XCTAssertEqual(mkfifo(pipe.path, 0o600), 0)
        let fromPipe = try run(["--import", pipe.path])
        XCTAssertEqual(fromPipe.status, 66)
        XCTAssertEqual(fromPipe.stderr, "apps-cli: \(pipe.path) is not a file: it is a named pipe (FIFO).\n")
        // A card's second number and a photo that is a link are named under "Not kept", with no escapes.
        let card = folder.appendingPathComponent("two.vcf")
        try Data(["BEGIN:VCARD", "VERSION:3.0", "N:Numbers;Nia;;;", "TEL;TYPE=CELL:0812345678901", "TEL;TYPE=WORK:0212345678901",
                  "PHOTO;VALUE=uri:http://example.com/\u{1B}[2Jnia.jpg", "END:VCARD"].joined(separator: "\r\n").utf8).write(to: card)
        let kept = try run(["--import", card.path])
        XCTAssertEqual(kept.status, 0, kept.stderr)
        XCTAssertEqual(kept.stdout, "Imported 1 contact from '\(card.path)' into '\(dataDirectory!)'.\nNot kept (2):\n"
                       + "  entry 1: another phone number, 0212345678901 (work), was left out: a contact holds one\n"
                       + "  entry 1: its photo is a link (http://example.com/[2Jnia.jpg), which an import does not download; "
                       + "the contact was imported without a picture\n")
    }

    func testAnInvalidAddNamesEveryFieldAndKeepsTheValues() throws {
        let result = try run(["--keys", "a " + typed("Z") + " tab tab " + typed("12 34") + " ctrl-s", "--size", "80x24"])
        XCTAssertEqual(result.status, 0, result.stderr)
        for text in ["First name is too short", "Last name can't be blank", "Phone number is invalid", "Email can't be blank",
                     "Photo can't be blank", "12 34"] {
            XCTAssertTrue(result.stdout.contains(text), "\(text)\n\(result.stdout)")
        }
    }

    /// Four processes adding at once on one data directory: every contact lands.
    func testConcurrentProcessesOnOneDataDirectoryLoseNothing() throws {
        _ = try run(["--plain"]) // seeds the file first, as a first run would
        let names = ["Anggun", "Bunga", "Cinta", "Dinda"]
        let group = DispatchGroup()
        let failures = Failures()
        let directory: String = dataDirectory
        for name in names {
            let keys = addKeys(first: name, last: "Concurrent", mobile: "+6281234567890", email: "\(name.lowercased())@mail.example",
                               photo: photoPath)
            DispatchQueue.global().async(group: group) {
                do {
                    let result = try AppsCLIProcess.run(["contacts", "--data-dir", directory, "--keys", keys])
                    if result.status != 0 { failures.append("\(name): \(result.status) \(result.stderr)") }
                } catch {
                    failures.append("\(name): \(error)")
                }
            }
        }
        group.wait()
        XCTAssertEqual(failures.values, [])
        let list = try run(["--plain", "--keys", "/ " + typed("concurrent")])
        XCTAssertTrue(list.stdout.contains("Contacts (4 of 56)"), list.stdout)
        for name in names { XCTAssertTrue(list.stdout.contains("\(name) Concurrent"), "\(name)\n\(list.stdout)") }
    }

    func testAddAContactOnARemoteServerAndFindItThere() async throws {
        let server = try LoopbackContactsServer()
        defer { server.stop() }
        let keys = addKeys(first: "Remote", last: "Person", mobile: "+6281234567890", email: "remote@mail.example", photo: photoPath)
        let result = try run(["--base-url", server.baseURL.absoluteString, "--keys", keys, "--size", "80x24"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("Contacts (1)"), result.stdout)
        XCTAssertTrue(result.stdout.contains("Remote Person"), result.stdout)
        let requests = try await server.requests()
        let create = try XCTUnwrap(requests.first { $0.method == "POST" })
        XCTAssertTrue(create.header("Content-Type")?.hasPrefix("multipart/form-data") == true)
        XCTAssertTrue(String(decoding: create.body, as: UTF8.self).contains("name=\"contact[profile_pic]\"; filename=\"ayu-lestari.png\""))
    }

    /// Names from the server with escape sequences (clear screen, OSC title and clipboard, C1 CSI,
    /// bidi override): the output holds none of them, only their visible replacements.
    func testHostileNamesFromTheServerNeverReachTheTerminal() async throws {
        let server = try LoopbackContactsServer(seed: [
            ["first_name": "Evil\u{1B}[2J\u{1B}]0;pwned\u{07}", "last_name": "Name\u{9B}31m\u{202E}", "email": "x@y.example"],
            ["first_name": "Clip\u{1B}]52;c;aGk=\u{07}", "last_name": "Board\u{0}"],
        ])
        defer { server.stop() }
        for keys in ["", "enter"] {
            let result = try run(["--base-url", server.baseURL.absoluteString, "--keys", keys.isEmpty ? "r" : keys, "--size", "80x24"])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stdout.contains(keys.isEmpty ? "Evil" : "Clip�]52"), result.stdout)
            for forbidden in ["\u{1B}", "\u{07}", "\u{9B}", "\u{202E}", "\u{0}"] {
                XCTAssertFalse(result.stdout.contains(forbidden), "\(forbidden.unicodeScalars.first!.value) reached the output:\n\(result.stdout)")
            }
        }
    }

    func testARemoteServerThatIsDownSaysSoWithRetry() throws {
        let result = try run(["--base-url", "http://127.0.0.1:9", "--plain", "--timeout", "2"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("No connection to 127.0.0.1:9"), result.stdout)
        XCTAssertTrue(result.stdout.contains("Retry"), result.stdout)
    }
}

/// The concurrent test's failures, from several threads.
private final class Failures: Sendable {
    private let list = Mutex<[String]>([])
    var values: [String] { list.withLock { $0 } }
    func append(_ failure: String) { list.withLock { $0.append(failure) } }
}
