@testable import Contacts
@testable import ContactsBackend
import ContactsCore
import ContactsTesting
import Foundation
import HTTPClient
import ImageKit
import ImageKitTesting
import JSONKit
import Storage
import StorageTesting
import Synchronization
import TestSupport
import XCTest

/// The embedded backend answers the REST contract like the server: through its route table, with
/// the client the app uses, and raw requests where the client would never send them.
final class LocalContactsBackendTests: XCTestCase {
    private let base = ContactsModule.originalBaseURL
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "contacts-backend")
    }

    private func backend(seed: ContactsSeed? = nil, now: @escaping @Sendable () -> Date = { Date(timeIntervalSince1970: 1_464_516_610.9959) })
        throws -> (LocalContactsBackend, RouteTable, HTTPContactsService) {
        let backend = try LocalContactsBackend(directory: directory.url, seed: seed, missingPicture: ImageFixtures.tinyPNG, now: now)
        let table = backend.routeTable(baseURL: base)
        return (backend, table, HTTPContactsService(client: HTTPClient(transport: table), baseURL: base))
    }

    private func send(_ table: RouteTable, _ method: HTTPRequest.Method, _ path: String, json: String? = nil,
                      headers: [String: String] = [:]) async throws -> HTTPResponse {
        var request = HTTPRequest(method: method, url: URL(string: base.absoluteString + path)!, headers: headers)
        if let json {
            request.body = Data(json.utf8)
            request.headers["Content-Type"] = "application/json"
        }
        return try await table.send(request)
    }

    private func text(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    func testCreateShowListUpdateDeleteAsTheContractSays() async throws {
        let (_, table, service) = try backend()
        let created = try await send(table, .post, "/contacts.json",
                                     json: #"{"contact":{"first_name":"Amitabh","last_name":"Bachchan","email":"ab@bachchan.com","phone_number":"+919980123412"}}"#)
        XCTAssertEqual(created.statusCode, 201)
        XCTAssertEqual(created.header("Location"), "http://gojek-contacts-app.herokuapp.com/contacts/1")
        XCTAssertEqual(text(created), #"{"id":1,"first_name":"Amitabh","last_name":"Bachchan","email":"ab@bachchan.com","phone_number":"+919980123412","profile_pic":"/images/missing.png","favorite":false,"created_at":"2016-05-29T10:10:10.995Z","updated_at":"2016-05-29T10:10:10.995Z"}"#,
                       "the detail's keys in the server's order, the relative default picture, milliseconds truncated")

        let list = try await send(table, .get, "/contacts.json")
        XCTAssertEqual(text(list), #"[{"id":1,"first_name":"Amitabh","last_name":"Bachchan","profile_pic":"/images/missing.png","favorite":false,"url":"http://gojek-contacts-app.herokuapp.com/contacts/1.json"}]"#)

        // A partial update: only the favorite changes; every validation runs on the merged record.
        let favorite = try await service.performUpdate(id: 1, ContactChanges(favorite: true))
        XCTAssertEqual(favorite.favorite, true)
        XCTAssertEqual(favorite.email, "ab@bachchan.com")

        let deleted = try await send(table, .delete, "/contacts/1.json")
        XCTAssertEqual(deleted.statusCode, 204)
        XCTAssertTrue(deleted.body.isEmpty)
        let gone = try await send(table, .get, "/contacts/1.json")
        XCTAssertEqual(gone.statusCode, 404)
        XCTAssertEqual(text(gone), #"{"status":"404","error":"Not Found"}"#)
        do {
            _ = try await service.obtainContact(id: 1)
            XCTFail("a deleted contact was found")
        } catch {
            XCTAssertEqual(error, .notFound)
        }
    }

    /// A full disk (here: the file capped at the pages it has, which SQLite reports as it reports a
    /// full disk) is said as such, not as "500 Internal Server Error"; nothing is half written.
    func testAFullDiskIsSaidAsSuch() async throws {
        let (backend, _, service) = try backend()
        let pages = try backend.database.query("PRAGMA page_count").first?.int("page_count") ?? 0
        _ = try backend.database.query("PRAGMA max_page_count = \(pages)")
        let before = try await service.obtainContacts().contacts.count
        do {
            _ = try await service.performCreate(ContactChanges(firstName: "Ayu", lastName: String(repeating: "Lestari", count: 2_000),
                                                               email: "ayu@mail.example", phoneNumber: "+6281234567890"))
            XCTFail("saved on a full disk")
        } catch {
            XCTAssertEqual(error, .unavailable(.status(code: 507)))
        }
        let after = try await service.obtainContacts().contacts.count
        XCTAssertEqual(after, before)
    }

    func testValidationErrorsAre422WithTheServersMessages() async throws {
        let (_, table, service) = try backend()
        let refused = try await send(table, .post, "/contacts.json", json: #"{"contact":{"first_name":"A","email":"x"}}"#)
        XCTAssertEqual(refused.statusCode, 422)
        XCTAssertEqual(text(refused), #"{"errors":["First name is too short (minimum is 2 characters)","Last name can't be blank","Email is invalid"]}"#)
        do {
            _ = try await service.performCreate(ContactChanges(firstName: "Ab", lastName: "Cd", phoneNumber: "123"))
            XCTFail("an invalid phone was saved")
        } catch {
            XCTAssertEqual(error, .invalid(["Phone number is invalid"]))
        }
        let count = try await service.obtainContacts().contacts.count
        XCTAssertEqual(count, 0, "nothing was stored")
    }

    /// Favorites first, then first and last name ignoring case (and accents), as the live Postgres did.
    func testTheListIsFavoritesFirstThenByNameCaseInsensitively() async throws {
        let (_, _, service) = try backend()
        for (first, last, favorite) in [("dfdf", "Xy", false), ("Amitabh", "Bb", false), ("aaaaa", "Zz", false), ("Nadine", "Cc", true),
                                        ("12345", "Dd", false), ("Émile", "Ee", false), ("Managam", "Silalahi", false), ("Managam", "Sil", false)] {
            _ = try await service.performCreate(ContactChanges(firstName: first, lastName: last, favorite: favorite))
        }
        let names = try await service.obtainContacts().contacts.map(\.fullName)
        XCTAssertEqual(names, ["Nadine Cc", "12345 Dd", "aaaaa Zz", "Amitabh Bb", "dfdf Xy", "Émile Ee", "Managam Sil", "Managam Silalahi"])
    }

    /// The list is written byte by byte for speed: every item says what the contact's detail says
    /// (names that need escaping, pictures, favorites, a NULL favorite and NULL names written by
    /// another program), in the list's order, each under its own id.
    func testEveryListItemAgreesWithItsContactsDetail() async throws {
        let (backend, table, service) = try backend()
        let names = [("Quote \"Q\"", "Back\\slash"), ("<b>Tag</b> & co", "Line\u{2028}Sep\u{2029}"), ("Tab\tNew\nline", "Ctl\u{1}\u{1F}\u{7F}"),
                     ("Émile", "Łukasz"), ("Zoë", "€uro ✓ 👍🏽"), ("Plain", "Name")]
        for (index, (first, last)) in names.enumerated() {
            let photo = index.isMultiple(of: 2) ? PhotoUpload(filename: "p\(index).png", contentType: "image/png", data: ImageFixtures.tinyPNG) : nil
            _ = try await service.performCreate(ContactChanges(firstName: first, lastName: last, favorite: index == 3, photo: photo))
        }
        try backend.database.execute("""
            INSERT INTO contacts (first_name, last_name, favorite, created_at, updated_at)
            VALUES (NULL, 'Nameless', NULL, '2017-01-01T00:00:00.000Z', '2017-01-01T00:00:00.000Z'),
                   ('Only', NULL, 1, '2017-01-01T00:00:00.000Z', '2017-01-01T00:00:00.000Z')
            """)
        let list = try await send(table, .get, "/contacts.json")
        let items = try XCTUnwrap(JSONSerialization.jsonObject(with: list.body) as? [[String: Any]])
        XCTAssertEqual(items.count, names.count + 2)
        for item in items {
            let id = try XCTUnwrap(item["id"] as? Int)
            let shown = try await send(table, .get, "/contacts/\(id).json")
            let detail = try XCTUnwrap(JSONSerialization.jsonObject(with: shown.body) as? [String: Any])
            for key in ["first_name", "last_name", "profile_pic"] {
                XCTAssertNotNil(item[key] as? String, "\(key) of \(id)")
                XCTAssertEqual(item[key] as? String, detail[key] as? String, "\(key) of \(id)")
            }
            XCTAssertEqual(item["favorite"] as? Bool, detail["favorite"] as? Bool, "favorite of \(id)")
            XCTAssertEqual(item["url"] as? String, "http://gojek-contacts-app.herokuapp.com/contacts/\(id).json")
        }
        let summaries = try list.decode([ContactSummary].self)
        XCTAssertEqual(summaries.map(\.fullName), ["Émile Łukasz", "Only", "Nameless", "<b>Tag</b> & co Line\u{2028}Sep\u{2029}", "Plain Name",
                                                   "Quote \"Q\" Back\\slash", "Tab\tNew\nline Ctl\u{1}\u{1F}\u{7F}", "Zoë €uro ✓ 👍🏽"],
                       "favorites first, then by first name folded (the empty one first), each under its own id")
        XCTAssertFalse(text(list).contains("<") || text(list).contains(">") || text(list).contains("&") || text(list).contains("\u{2028}"),
                       "written as Rails escapes them")
    }

    /// JSON strings as Rails' encoder writes them, read back as written, for seeded random texts.
    func testJSONTextEscapesAsRailsAndReadsBackAsWritten() throws {
        XCTAssertEqual(JSONText.string("a\"b\\c\n\r\t<>&\u{2028}\u{2029}\u{1}\u{1F}\u{7F}é€"),
                       #""a\"b\\c\n\r\t\u003c\u003e\u0026\u2028\u2029\u0001\u001f"# + "\u{7F}é€\"")
        var numbers: [UInt8] = []
        for number in [0, 7, 10, -42, Int.max, Int.min] {
            numbers.removeAll()
            JSONText.append(number, to: &numbers)
            XCTAssertEqual(String(decoding: numbers, as: UTF8.self), String(number))
        }
        var generator = SeededGenerator(seed: 0x15_0A7E)
        let alphabet: [Unicode.Scalar] = ["a", "Z", " ", "\"", "\\", "/", "<", ">", "&", "\n", "\r", "\t", "\u{0}", "\u{1B}", "\u{7F}",
                                          "é", "€", "\u{2027}", "\u{2028}", "\u{2029}", "\u{202A}", "太", "👍", "\u{301}"]
        for _ in 0..<2_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...16, using: &generator) { scalars.append(alphabet.randomElement(using: &generator)!) }
            let text = String(scalars)
            let written = JSONText.string(text)
            let read = try JSONSerialization.jsonObject(with: Data("[\(written)]".utf8)) as? [String]
            XCTAssertEqual(read, [text], written)
            XCTAssertFalse(written.unicodeScalars.contains { $0.value < 0x20 || "<>&\u{2028}\u{2029}".unicodeScalars.contains($0) }, written)
        }
    }

    func testAMultipartPictureIsCopiedIntoTheDataDirectoryAndServedBack() async throws {
        let (backend, table, service) = try backend()
        let saved = try await service.performCreate(ContactChanges(
            firstName: "Ayu", lastName: "Lestari", email: "ayu@mail.example", phoneNumber: "+6281234567890",
            photo: PhotoUpload(filename: "my photo.png", contentType: "image/png", data: ImageFixtures.tinyPNG)))
        XCTAssertEqual(saved.profilePic, "http://gojek-contacts-app.herokuapp.com/system/contacts/profile_pics/000/000/001/original/my_photo.png?1464516610")
        let reread = try await service.obtainContact(id: saved.id)
        XCTAssertEqual(reread.profilePic, saved.profilePic, "the picture is stored with the row, not only in the answer")
        let stored = backend.photosDirectory.appendingPathComponent("1/1464516610995-my_photo.png")
        XCTAssertEqual(try Data(contentsOf: stored), ImageFixtures.tinyPNG)
        let picture = try await HTTPClient(transport: table).picture(at: try XCTUnwrap(service.pictureURL(for: saved.profilePic)))
        XCTAssertEqual(picture, ImageFixtures.tinyPNG)
        // The picture goes with its contact.
        try await service.performDelete(id: 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: stored.path))
    }

    /// A new picture gets its own file; the one it replaced goes only after the row is committed.
    func testReplacingAPictureKeepsOneFileTheRowNames() async throws {
        let clock = Clock()
        let (backend, table, service) = try backend(now: { clock.now })
        let first = try await service.performCreate(ContactChanges(firstName: "Ab", lastName: "Cd",
                                                                   photo: PhotoUpload(filename: "me.png", contentType: "image/png", data: ImageFixtures.tinyPNG)))
        clock.advance(1)
        let second = try await service.performUpdate(id: first.id, ContactChanges(
            photo: PhotoUpload(filename: "me.jpg", contentType: "image/jpeg", data: ImageFixtures.tinyJPEG)))
        let folder = backend.photosDirectory.appendingPathComponent("\(first.id)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["1464516611995-me.jpg"])
        let served = try await HTTPClient(transport: table).picture(at: try XCTUnwrap(service.pictureURL(for: second.profilePic)))
        XCTAssertEqual(served, ImageFixtures.tinyJPEG)
        // A refused update leaves the picture as it was.
        _ = try? await service.performUpdate(id: first.id, ContactChanges(firstName: "A",
                                                                          photo: PhotoUpload(filename: "x.png", contentType: "image/png", data: ImageFixtures.tinyPNG)))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).count, 1)
        let reread = try await service.obtainContact(id: first.id)
        XCTAssertEqual(reread.profilePic, second.profilePic)
    }

    /// A process killed while storing a picture leaves a temporary file, or a picture whose row was
    /// rolled back; SQLite hands the same id out again. The next write for that id clears them.
    func testWhatAnInterruptedWriteLeftIsClearedByTheNextWriteForThatId() async throws {
        let (backend, _, service) = try backend()
        let manager = FileManager.default
        func leaveBehind(_ names: [String], forContact id: Int) throws {
            let folder = backend.photosDirectory.appendingPathComponent("\(id)")
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            for name in names { try Data("half".utf8).write(to: folder.appendingPathComponent(name)) }
        }
        func files(ofContact id: Int) -> [String] {
            ((try? manager.contentsOfDirectory(atPath: backend.photosDirectory.appendingPathComponent("\(id)").path)) ?? []).sorted()
        }
        let photo = PhotoUpload(filename: "me.png", contentType: "image/png", data: ImageFixtures.tinyPNG)
        try leaveBehind([".dat.nosync6B1C.IkLQjW", "1464516600000-rolled-back.png"], forContact: 1)
        let first = try await service.performCreate(ContactChanges(firstName: "Ab", lastName: "Cd", photo: photo))
        XCTAssertEqual(first.id, 1)
        XCTAssertEqual(files(ofContact: 1), ["1464516610995-me.png"])

        try leaveBehind([".dat.nosyncAAAA.BbBbBb"], forContact: 2)
        _ = try await service.performCreate(ContactChanges(firstName: "Ef", lastName: "Gh"))
        XCTAssertEqual(files(ofContact: 2), [], "a new contact without a picture starts with no folder")

        try leaveBehind([".dat.nosyncCCCC.DdDdDd", "1464516600000-rolled-back.png"], forContact: 1)
        _ = try await service.performUpdate(id: 1, ContactChanges(photo: PhotoUpload(filename: "me.jpg", contentType: "image/jpeg",
                                                                                       data: ImageFixtures.tinyJPEG)))
        XCTAssertEqual(files(ofContact: 1), ["1464516610995-me.jpg"])
        let reread = try await service.obtainContact(id: 1)
        XCTAssertTrue(reread.profilePic.contains("/me.jpg?"), reread.profilePic)
    }

    /// The file the committed row names stays, whatever else the folder holds; without one the
    /// folder goes.
    func testClearingLeftoversKeepsTheCommittedPicture() throws {
        let photos = directory.url.appendingPathComponent("photos")
        let folder = photos.appendingPathComponent("4")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["1464516610995-me.png", ".dat.nosync1.abc", "1464516600000-rolled-back.png"] {
            try Data(name.utf8).write(to: folder.appendingPathComponent(name))
        }
        LocalContactsBackend.removeLeftovers(ofContact: 4, in: photos, keeping: folder.appendingPathComponent("1464516610995-me.png"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["1464516610995-me.png"])
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("1464516610995-me.png")), Data("1464516610995-me.png".utf8))
        LocalContactsBackend.removeLeftovers(ofContact: 4, in: photos, keeping: nil)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path))
        LocalContactsBackend.removeLeftovers(ofContact: 5, in: photos, keeping: nil)  // nothing there: nothing happens
    }

    func testABadPictureIsRefusedWithTheServersMessages() async throws {
        let (_, _, service) = try backend()
        do {
            _ = try await service.performCreate(ContactChanges(firstName: "Ab", lastName: "Cd",
                                                               photo: PhotoUpload(filename: "x.html", contentType: "text/html", data: Data("<p>".utf8))))
            XCTFail("an HTML picture was saved")
        } catch {
            XCTAssertEqual(error, .invalid(["Profile pic content type is invalid", "Profile pic is invalid"]))
        }
        do {
            _ = try await service.performCreate(ContactChanges(firstName: "Ab", lastName: "Cd",
                                                               photo: PhotoUpload(filename: "x.png", contentType: "image/png", data: Data("<p>".utf8))))
            XCTFail("text labelled as a PNG was saved")
        } catch {
            XCTAssertEqual(error, .invalid([LocalContactsBackend.spoofMessage]))
        }
    }

    /// The contract's body shapes: flat JSON is wrapped but drops `profile_pic`; no `contact` is 400;
    /// form fields need brackets; booleans are cast the Rails way.
    func testBodyShapesAndCasting() async throws {
        let (_, table, _) = try backend()
        let flat = try await send(table, .post, "/contacts.json",
                                  json: #"{"first_name":"Flat","last_name":"Body","profile_pic":"data:image/png;base64,AAAA","favorite":"on"}"#)
        XCTAssertEqual(flat.statusCode, 201)
        let flatContact = try flat.decode(Contact.self)
        XCTAssertEqual(flatContact.profilePic, Contact.missingPicture, "a flat profile_pic is silently dropped")
        XCTAssertTrue(flatContact.favorite, "\"on\" is true")

        for body in [#"{}"#, #"{"profile_pic":"x"}"#, #"{"contact":{}}"#, #"not json"#] {
            let response = try await send(table, .post, "/contacts.json", json: body)
            XCTAssertEqual(response.statusCode, 400, body)
            XCTAssertEqual(text(response), #"{"status":"400","error":"Bad Request"}"#)
        }
        let form = try await table.send(.form(url: base.appendingPathComponent("contacts.json"),
                                              fields: [("contact[first_name]", "Form"), ("contact[last_name]", "Post"), ("contact[favorite]", "yes")]))
        XCTAssertEqual(form.statusCode, 201)
        XCTAssertFalse(try form.decode(Contact.self).favorite, "anything else is false")
        let flatForm = try await table.send(.form(url: base.appendingPathComponent("contacts.json"), fields: [("first_name", "No")]))
        XCTAssertEqual(flatForm.statusCode, 400)

        let numbers = try await send(table, .post, "/contacts.json", json: #"{"contact":{"first_name":12,"last_name":"Ok","phone_number":1234567890}}"#)
        let coerced = try numbers.decode(Contact.self)
        XCTAssertEqual([coerced.firstName, coerced.phoneNumber], ["12", "1234567890"])
        let boolean = try await send(table, .post, "/contacts.json", json: #"{"contact":{"first_name":"Ok","last_name":true}}"#)
        XCTAssertEqual(text(boolean), #"{"errors":["Last name is too short (minimum is 2 characters)"]}"#, "true is stored as \"t\"")
        let unknownPicture = try await send(table, .put, "/contacts/1.json", json: #"{"contact":{"profile_pic":"/images/missing.png"}}"#)
        XCTAssertEqual(unknownPicture.statusCode, 500, "Paperclip has no handler for that string")
    }

    func testIdsAreReadAsRailsReadsThem() async throws {
        let (_, table, service) = try backend()
        _ = try await service.performCreate(ContactChanges(firstName: "Twelve", lastName: "Abc"))
        let trailing = try await send(table, .get, "/contacts/1abc.json")
        XCTAssertEqual(trailing.statusCode, 200, "12abc is 12")
        let letters = try await send(table, .get, "/contacts/abc.json")
        XCTAssertEqual(letters.statusCode, 404)
        let huge = try await send(table, .get, "/contacts/99999999999.json")
        XCTAssertEqual(huge.statusCode, 500)
        let wrongMethod = try await send(table, .post, "/contacts/1.json")
        XCTAssertEqual(wrongMethod.statusCode, 404, "POST /contacts/1.json is unrouted: 404, as §7.2")
    }

    func testAnUpdateWithoutChangesKeepsUpdatedAt() async throws {
        let clock = Clock()
        let (_, _, service) = try backend(now: { clock.now })
        let created = try await service.performCreate(ContactChanges(firstName: "Same", lastName: "Name"))
        clock.advance(60)
        let unchanged = try await service.performUpdate(id: created.id, ContactChanges(firstName: "Same"))
        XCTAssertEqual(unchanged.updatedAt, created.updatedAt)
        let changed = try await service.performUpdate(id: created.id, ContactChanges(lastName: "Other"))
        XCTAssertNotEqual(changed.updatedAt, created.updatedAt)
        XCTAssertEqual(changed.createdAt, created.createdAt)
    }

    func testContactsPersistAcrossRunsAndTheSeedIsWrittenOnce() async throws {
        let seed = ContactsSeed(contacts: [
            .init(firstName: "Seed", lastName: "One", email: nil, phoneNumber: nil, favorite: true, photo: nil, createdAt: nil),
        ], photosDirectory: nil)
        do {
            let (_, _, service) = try backend(seed: seed)
            _ = try await service.performCreate(ContactChanges(firstName: "Added", lastName: "Later"))
        }
        let (_, _, again) = try backend(seed: seed)
        let names = try await again.obtainContacts().contacts.map(\.fullName)
        XCTAssertEqual(names, ["Seed One", "Added Later"], "the second run neither reseeds nor loses the added contact")
        // A launch on an existing file does not even read the seed (a broken one would throw here).
        XCTAssertNoThrow(try LocalContactsBackend(directory: directory.url, seed: try Self.unreadableSeed()))
    }

    private struct UnreadableSeed: Error {}
    private static func unreadableSeed() throws -> ContactsSeed? { throw UnreadableSeed() }

    /// The bundled demo seeds at least 40 contacts, some favorites, some without a photo, names under `#`.
    func testTheBundledDemoSeed() async throws {
        let demo = try XCTUnwrap(EmbeddedContacts.demoDataDirectory)
        let (_, table, service) = try backend(seed: try ContactsSeed.load(from: demo))
        let contacts = try await service.obtainContacts().contacts
        XCTAssertGreaterThanOrEqual(contacts.count, 40)
        XCTAssertTrue(contacts.prefix { $0.favorite }.count >= 3, "favorites come first")
        XCTAssertTrue(contacts.contains { !Contact.hasPicture($0.profilePic) })
        let withPicture = try XCTUnwrap(contacts.first { Contact.hasPicture($0.profilePic) })
        let data = try await HTTPClient(transport: table).picture(at: try XCTUnwrap(service.pictureURL(for: withPicture.profilePic)))
        XCTAssertNoThrow(try ImageDecoder.decode(data))
        let missing = try await send(table, .get, "/images/missing.png")
        XCTAssertEqual(missing.header("Content-Type"), "image/png")
    }

    /// Two backends on one file (as two processes would be): every write lands, none is lost.
    func testTwoWritersOnOneFileLoseNothing() async throws {
        let (_, _, first) = try backend()
        let (_, _, second) = try backend()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                let service = index.isMultiple(of: 2) ? first : second
                group.addTask { _ = try await service.performCreate(ContactChanges(firstName: "Writer\(index)", lastName: "Test")) }
            }
            try await group.waitForAll()
        }
        let count = try await first.obtainContacts().contacts.count
        XCTAssertEqual(count, 40)
    }

    /// Two writers changing different fields of one contact at once: each update merges into the row
    /// as it is inside its transaction, so neither undoes the other.
    func testTwoWritersOnOneContactKeepBothChanges() async throws {
        let (_, _, first) = try backend()
        let (_, _, second) = try backend()
        let contact = try await first.performCreate(ContactChanges(firstName: "Shared", lastName: "Row"))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for round in 0..<20 {
                group.addTask { _ = try await first.performUpdate(id: contact.id, ContactChanges(favorite: round.isMultiple(of: 2))) }
                group.addTask { _ = try await second.performUpdate(id: contact.id, ContactChanges(email: "round\(round)@mail.example")) }
            }
            try await group.waitForAll()
        }
        _ = try await first.performUpdate(id: contact.id, ContactChanges(favorite: true))
        _ = try await second.performUpdate(id: contact.id, ContactChanges(email: "last@mail.example"))
        let final = try await first.obtainContact(id: contact.id)
        XCTAssertEqual(final.favorite, true)
        XCTAssertEqual(final.email, "last@mail.example")
        XCTAssertEqual(final.firstName, "Shared")
    }
}

/// A settable clock for timestamps.
private final class Clock: Sendable {
    private let time = Mutex(Date(timeIntervalSince1970: 1_464_516_610.9959))
    var now: Date { time.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { time.withLock { $0 += seconds } }
}
