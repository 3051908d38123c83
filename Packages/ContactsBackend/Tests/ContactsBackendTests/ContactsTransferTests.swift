@testable import Contacts
@testable import ContactsBackend
import ContactsCore
import Foundation
import HTTPClient
import StorageTesting
import XCTest

/// `--import` / `--export` of the embedded address book: the server's validations, vCard 3.0/4.0,
/// one transaction, files written whole or not at all.
final class ContactsTransferTests: XCTestCase {
    private var folder: TemporaryDirectory!

    override func setUpWithError() throws {
        folder = try TemporaryDirectory(prefix: "contacts-transfer")
    }

    private func file(_ name: String, _ text: String) throws -> URL {
        let url = folder.url.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// The contact named `fullName`, read through the routes as the app reads it.
    private func contact(_ fullName: String, in backend: LocalContactsBackend) async throws -> Contact? {
        let directory = backend.directory(baseURL: ContactsModule.originalBaseURL)
        let index = try await directory.obtainIndex(matching: "", locating: nil)
        guard let id = try await directory.obtainContacts(matching: "", at: 0..<index.matchCount).first(where: { $0.fullName == fullName })?.id
        else { return nil }
        let service = HTTPContactsService(client: HTTPClient(transport: backend.routeTable(baseURL: ContactsModule.originalBaseURL)),
                                          baseURL: ContactsModule.originalBaseURL)
        return try await service.obtainContact(id: id)
    }

    private func names(_ backend: LocalContactsBackend) async throws -> [String] {
        let directory = backend.directory(baseURL: ContactsModule.originalBaseURL)
        let index = try await directory.obtainIndex(matching: "", locating: nil)
        return try await directory.obtainContacts(matching: "", at: 0..<index.matchCount).map(\.fullName)
    }

    func testAJSONListImportsWhatTheServerWouldTakeAndNamesTheRest() async throws {
        let backend = try LocalContactsBackend(directory: folder.url.appendingPathComponent("store"))
        let source = try file("contacts.json", """
            [{"first_name":"Zoë","last_name":"Adams","email":"z@a.example","phone_number":"0812345678901","favorite":true},
             {"first_name":"Łukasz","last_name":"Nowak"},
             {"first_name":"X","last_name":"Short"},
             {"first_name":7,"last_name":"Typed"},
             {"first_name":"Bad","last_name":"Mail","email":"nope"},
             {"first_name":"anna","last_name":"Zed","phone_number":null,"favorite":null}]
            """)
        var seen: [(Int, Int)] = []
        let report = try backend.performImport(from: source) { seen.append(($0, $1)) }
        XCTAssertEqual(report.imported, 3)
        XCTAssertEqual(report.skipped, [
            .init(entry: 3, reason: "First name is too short (minimum is 2 characters)"),
            .init(entry: 4, reason: "first_name has the wrong type"),
            .init(entry: 5, reason: "Email is invalid"),
        ])
        XCTAssertEqual(seen.last.map { [$0.0, $0.1] }, [3, 3])
        let listed = try await names(backend)
        XCTAssertEqual(listed, ["anna Zed", "Łukasz Nowak", "Zoë Adams"])
        let favorite = try await contact("Zoë Adams", in: backend)
        XCTAssertEqual(favorite?.favorite, true)
        XCTAssertEqual(favorite?.email, "z@a.example")
    }

    func testVCardsOfVersionThreeAndFourAreRead() async throws {
        let backend = try LocalContactsBackend(directory: folder.url.appendingPathComponent("store"))
        let source = try file("book.vcf", [
            "BEGIN:VCARD", "VERSION:3.0", "N:Rousseau;Émilie;;;", "FN:Émilie Rousseau", "TEL;TYPE=HOME:0211111111111",
            "TEL;TYPE=CELL,VOICE:0812345678901", "EMAIL;TYPE=INTERNET:emilie@example.com", "CATEGORIES:Work,Favorites", "END:VCARD",
            "BEGIN:VCARD", "VERSION:4.0", "FN:Bayu Nugroho", "TEL;VALUE=uri;TYPE=cell:tel:+62-8123456789012", "END:VCARD",
            "BEGIN:VCARD", "VERSION:3.0", "N:O\\;Brien;Se", " an;;;", "END:VCARD",
            "BEGIN:VCARD", "VERSION:3.0", "EMAIL:nobody@example.com", "END:VCARD",
            "BEGIN:VCARD", "VERSION:3.0", "N:Lost;Card;;;",
        ].joined(separator: "\r\n"))
        let report = try backend.performImport(from: source)
        XCTAssertEqual(report.imported, 3)
        XCTAssertEqual(report.skipped.map(\.reason), ["the card has no name (N or FN)", "the card has no END:VCARD"])
        let listed = try await names(backend)
        XCTAssertEqual(listed, ["Bayu Nugroho", "Émilie Rousseau", "Sean O;Brien"], "a folded line and an escaped ; are read back")
        let emilie = try await contact("Émilie Rousseau", in: backend)
        XCTAssertEqual(emilie?.phoneNumber, "0812345678901", "the cell number first")
        XCTAssertEqual(emilie?.favorite, true)
        let bayu = try await contact("Bayu Nugroho", in: backend)
        XCTAssertEqual(bayu?.phoneNumber, "+62-8123456789012", "a vCard 4.0 tel: URI")
    }

    func testAnExportReadsBackAsTheSameAddressBookInBothFormats() async throws {
        let backend = try LocalContactsBackend(directory: folder.url.appendingPathComponent("store"))
        let source = try file("contacts.json", """
            [{"first_name":"Zoë","last_name":"Adams, Jr.; the \\\\ second","email":"z@a.example","phone_number":"0812345678901","favorite":true},
             {"first_name":"Łukasz","last_name":"Nowak-Wiśniewski von einem sehr langen Namen, der über die Zeile hinaus geht"},
             {"first_name":"Дмитрий","last_name":"Иванов","email":null}]
            """)
        _ = try backend.performImport(from: source)
        for name in ["back.json", "back.vcf"] {
            let exported = folder.url.appendingPathComponent(name)
            XCTAssertEqual(try backend.performExport(to: exported), 3)
            let copy = try LocalContactsBackend(directory: folder.url.appendingPathComponent("copy-\(name)"))
            let report = try copy.performImport(from: exported)
            XCTAssertEqual(report, ContactsImportReport(imported: 3, skipped: []), name)
            let original = try await names(backend), copied = try await names(copy)
            XCTAssertEqual(copied, original, name)
            let zoe = try await contact("Zoë Adams, Jr.; the \\ second", in: copy)
            XCTAssertEqual([zoe?.lastName, zoe?.email, zoe?.phoneNumber], ["Adams, Jr.; the \\ second", "z@a.example", "0812345678901"], name)
            XCTAssertEqual(zoe?.favorite, true, name)
        }
        let card = try String(contentsOf: folder.url.appendingPathComponent("back.vcf"), encoding: .utf8)
        XCTAssertTrue(card.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 75 }, "lines folded at 75 octets")
    }

    func testAFileThatIsNoListChangesNothingAndSaysWhy() async throws {
        let backend = try LocalContactsBackend(directory: folder.url.appendingPathComponent("store"))
        for (name, text, kind) in [("a.json", #"{"contacts":[]}"#, ContactsTransferError.Kind.malformed),
                                   ("b.json", "[{\"first_name\":\"Ab\"", .malformed)] {
            XCTAssertThrowsError(try backend.performImport(from: try file(name, text))) { error in
                XCTAssertEqual((error as? ContactsTransferError)?.kind, kind, name)
                if name == "b.json" {
                    XCTAssertTrue((error as? ContactsTransferError)?.message.hasSuffix("The data ends before the JSON does.") == true, "\(error)")
                }
            }
        }
        XCTAssertThrowsError(try backend.performImport(from: folder.url.appendingPathComponent("missing.json"))) { error in
            XCTAssertEqual((error as? ContactsTransferError)?.kind, .unreadable)
        }
        let listed = try await names(backend)
        XCTAssertEqual(listed, [])
        // An export into a folder that does not exist leaves nothing behind.
        XCTAssertThrowsError(try backend.performExport(to: folder.url.appendingPathComponent("no/such/out.json"))) { error in
            XCTAssertEqual((error as? ContactsTransferError)?.kind, .unwritable)
        }
    }

    /// An export replaces a regular file in one rename, and refuses anything else: a folder, a link
    /// or a device is never touched (an export once deleted what stood at its path).
    func testAnExportReplacesOnlyAFileAndNothingElseIsTouched() async throws {
        let backend = try LocalContactsBackend(directory: folder.url.appendingPathComponent("store"))
        let book = try file("book.json", #"[{"first_name":"Zoë","last_name":"Adams"}]"#)
        _ = try backend.performImport(from: book)
        // The same path as the import: the file becomes the export.
        XCTAssertEqual(try backend.performExport(to: book), 1)
        XCTAssertTrue(try String(contentsOf: book, encoding: .utf8).contains(#""first_name":"Zoë""#))
        let existing = try file("old.json", "important")
        XCTAssertEqual(try backend.performExport(to: existing), 1)
        XCTAssertTrue(try String(contentsOf: existing, encoding: .utf8).hasPrefix("["), "a regular file is replaced")

        let victim = folder.url.appendingPathComponent("victim")
        try FileManager.default.createDirectory(at: victim, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: victim.appendingPathComponent("a.txt"))
        let target = try file("target.txt", "target")
        let link = folder.url.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        for path in [victim, link, URL(fileURLWithPath: "/dev/null")] {
            XCTAssertThrowsError(try backend.performExport(to: path)) { error in
                XCTAssertEqual((error as? ContactsTransferError)?.kind, .unwritable, path.path)
                XCTAssertTrue((error as? ContactsTransferError)?.message.contains("not a regular file") == true, "\(error)")
            }
        }
        XCTAssertEqual(try String(contentsOf: victim.appendingPathComponent("a.txt"), encoding: .utf8), "keep")
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), "target")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), target.path)
        var status = stat()
        XCTAssertEqual(lstat("/dev/null", &status), 0)
        XCTAssertEqual(status.st_mode & S_IFMT, S_IFCHR, "/dev/null is still the device")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasSuffix(".tmp") }
        XCTAssertEqual(leftovers, [], "no temporary file stays")
    }

    /// A byte order mark (as Windows editors write) is no part of the list; an empty file, a folder
    /// and fields longer than a contact's page can show are said, not taken.
    func testAByteOrderMarkIsSkippedAndOddFilesAreSaid() async throws {
        let backend = try LocalContactsBackend(directory: folder.url.appendingPathComponent("store"))
        let bom = Data([0xEF, 0xBB, 0xBF])
        let card = folder.url.appendingPathComponent("bom.vcf")
        try (bom + Data("BEGIN:VCARD\nN:Bom;Bea\nEND:VCARD\n".utf8)).write(to: card)
        XCTAssertEqual(try backend.performImport(from: card).imported, 1)
        let list = folder.url.appendingPathComponent("bom.json")
        let long = String(repeating: "x", count: LocalContactsBackend.maximumFieldLength + 1)
        try (bom + Data(#"[{"first_name":"Jo","last_name":"Bom"},{"first_name":"\#(long)","last_name":"Long"}]"#.utf8)).write(to: list)
        let report = try backend.performImport(from: list)
        XCTAssertEqual(report.imported, 1)
        XCTAssertEqual(report.skipped, [.init(entry: 2, reason: "First name is longer than 1000 characters")])
        let listed = try await names(backend)
        XCTAssertEqual(listed, ["Bea Bom", "Jo Bom"])
        XCTAssertThrowsError(try backend.performImport(from: try file("empty.json", ""))) { error in
            XCTAssertEqual((error as? ContactsTransferError)?.kind, .malformed)
        }
        XCTAssertThrowsError(try backend.performImport(from: folder.url)) { error in
            XCTAssertEqual((error as? ContactsTransferError)?.message, "\(folder.url.path) is not a file: it is a folder.")
        }
    }

    /// A named pipe is not read (that would wait for a writer forever) and is named for what it is.
    func testANamedPipeIsRefusedAtOnceAndNamed() throws {
        let backend = try LocalContactsBackend(directory: folder.url.appendingPathComponent("store"))
        let pipe = folder.url.appendingPathComponent("book.json")
        XCTAssertEqual(mkfifo(pipe.path, 0o600), 0)
        XCTAssertThrowsError(try backend.performImport(from: pipe)) { error in
            XCTAssertEqual((error as? ContactsTransferError)?.kind, .unreadable)
            XCTAssertEqual((error as? ContactsTransferError)?.message, "\(pipe.path) is not a file: it is a named pipe (FIFO).")
        }
    }

    /// An export onto the store itself (by its name or a hard link to it), or onto another store the
    /// caller names, is refused, and the address book stays whole.
    func testAnExportOntoAStoreIsRefusedAndTheStoreStaysWhole() async throws {
        let store = folder.url.appendingPathComponent("store")
        let backend = try LocalContactsBackend(directory: store)
        _ = try backend.performImport(from: try file("book.json", #"[{"first_name":"Zoë","last_name":"Adams"}]"#))
        let database = store.appendingPathComponent(LocalContactsBackend.fileName)
        let hardLink = folder.url.appendingPathComponent("linked.json")
        XCTAssertEqual(link(database.path, hardLink.path), 0)
        let other = store.appendingPathComponent("responses.sqlite")
        try Data("other store".utf8).write(to: other)
        let outside = folder.url.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let otherHardLink = outside.appendingPathComponent("other.json")
        XCTAssertEqual(link(other.path, otherHardLink.path), 0)
        for target in [hardLink, otherHardLink] {
            XCTAssertThrowsError(try backend.performExport(to: target, stores: [other])) { error in
                XCTAssertEqual((error as? ContactsTransferError)?.kind, .unwritable, target.path)
                XCTAssertTrue((error as? ContactsTransferError)?.message.contains("a store of apps-cli's own data") == true, "\(error)")
            }
        }
        // Anything in the data directory, however it is reached: the stores, a photo, a new file.
        let throughLink = folder.url.appendingPathComponent("data-link")
        try FileManager.default.createSymbolicLink(at: throughLink, withDestinationURL: store)
        try FileManager.default.createDirectory(at: store.appendingPathComponent("contact-photos/1"), withIntermediateDirectories: true)
        for target in [database, other, store.appendingPathComponent("contact-photos/1/photo.png"), store.appendingPathComponent("new.json"),
                       throughLink.appendingPathComponent("contacts.sqlite"), store.appendingPathComponent("contact-photos/../book.json")] {
            XCTAssertThrowsError(try backend.performExport(to: target)) { error in
                XCTAssertEqual((error as? ContactsTransferError)?.kind, .unwritable, target.path)
                XCTAssertTrue((error as? ContactsTransferError)?.message.contains("inside the data directory") == true, "\(error)")
            }
        }
        XCTAssertEqual(try String(contentsOf: other, encoding: .utf8), "other store")
        let reopened = try LocalContactsBackend(directory: store)
        let listed = try await names(reopened)
        XCTAssertEqual(listed, ["Zoë Adams"], "the address book is still a database with its contact")
    }

    /// Control characters in a contact (ESC, an OSC 52 clipboard write, C1 CSI, DEL) never reach a
    /// vCard file, where `cat` would run them; line breaks are written as `\\n`, tabs stay.
    func testAVCardExportHoldsNoControlCharacters() throws {
        let hostile = TransferredContact(firstName: "Ev\u{1B}]52;c;cm0gLXJmIH4=\u{07}il", lastName: "Ma\u{9B}2Jl\u{7F}ory\tX",
                                         email: "a\u{1B}[2Jb@example.com", phoneNumber: "+1\n555\r\n6\u{0}")
        let text = VCard.write(hostile)
        let controls = text.unicodeScalars.filter { ($0.value < 0x20 && !["\r", "\n", "\t"].contains($0)) || (0x7F...0x9F).contains($0.value) }
        XCTAssertEqual(controls.map(\.value), [], text)
        XCTAssertTrue(text.contains("FN:Ev]52\\;c\\;cm0gLXJmIH4=il Ma2Jlory\tX"), text)
        XCTAssertTrue(text.contains("EMAIL;TYPE=INTERNET:a[2Jb@example.com"), text)
        XCTAssertTrue(text.contains("TEL;TYPE=CELL:+1\\n555\\n6\r\n"), text)
        let read = try XCTUnwrap(try VCard.read(Data(text.utf8)).first?.get())
        XCTAssertEqual(read.firstName, "Ev]52;c;cm0gLXJmIH4=il")
    }
}
