@testable import ContactsBackend
import Foundation
import ImageKitTesting
import StorageTesting
import XCTest

/// vCards as the programs people export from write them (iOS, Google Contacts, Android's 2.1,
/// Thunderbird, Evolution), read as RFC 2426 (3.0), RFC 6350 (4.0) and the versit 2.1 spec define them:
/// quoted-printable with soft breaks and charsets, PHOTO in every encoding, several numbers with PREF.
final class VCardCorpusTests: XCTestCase {
    private var folder: TemporaryDirectory!

    override func setUpWithError() throws {
        folder = try TemporaryDirectory(prefix: "vcard-corpus")
    }

    private func read(_ lines: [String], separator: String = "\r\n") throws -> [TransferredContact] {
        try VCard.read(Data(lines.joined(separator: separator).utf8)).map { try $0.get() }
    }

    /// `text` in lines of `width` characters, each after `indent` (as Android indents a photo's base64).
    private func base64Lines(_ text: String, indent: String, width: Int = 72) -> [String] {
        stride(from: 0, to: text.count, by: width).map { start in
            indent + text.dropFirst(start).prefix(width)
        }
    }

    // MARK: - What each exporter writes

    /// iOS Contacts (3.0): grouped properties (`item1.TEL`), `type=` in lower case with `pref`, a
    /// base64 PHOTO folded at 75 octets with one space.
    func testAnIOSCardKeepsThePreferredNumberAndThePhoto() throws {
        let photo = "PHOTO;ENCODING=b;TYPE=JPEG:" + ImageFixtures.tinyJPEG.base64EncodedString()
        let cards = try read(["BEGIN:VCARD", "VERSION:3.0", "PRODID:-//Apple Inc.//iPhone OS 17.2//EN", "N:Appleseed;John;;;",
                              "FN:John Appleseed", "ORG:Apple Inc.;", "EMAIL;type=INTERNET;type=WORK:john@work.example",
                              "EMAIL;type=INTERNET;type=HOME;type=pref:john@home.example",
                              "TEL;type=CELL;type=VOICE:+14085550100", "item1.TEL;type=pref:+1 4085550199",
                              "item1.X-ABLabel:iPhone", VCard.wrappedAt75Octets(photo), "END:VCARD"])
        let john = try XCTUnwrap(cards.first)
        XCTAssertEqual([john.firstName, john.lastName], ["John", "Appleseed"])
        XCTAssertEqual(john.email, "john@home.example", "type=pref first")
        XCTAssertEqual(john.phoneNumber, "+1 4085550199", "type=pref before a cell number")
        XCTAssertEqual(john.photo, ImageFixtures.tinyJPEG)
        XCTAssertEqual(john.notes, ["another phone number, +14085550100 (cell), was left out: a contact holds one",
                                    "another email address, john@work.example (work), was left out: a contact holds one"])
    }

    /// Google Contacts (3.0): `TYPE=CELL` numbers, a photo as a link to its servers.
    func testAGoogleCardSaysItsPhotoLinkWasNotDownloaded() throws {
        let cards = try read(["BEGIN:VCARD", "VERSION:3.0", "FN:Ana Souza", "N:Souza;Ana;;;", "TEL;TYPE=CELL:+5511912345678",
                              "EMAIL;TYPE=INTERNET:ana@example.com", "PHOTO:https://lh3.googleusercontent.com/contacts/AAA",
                              "CATEGORIES:myContacts,starred", "END:VCARD"])
        let ana = try XCTUnwrap(cards.first)
        XCTAssertNil(ana.photo)
        XCTAssertTrue(ana.favorite, "Google's starred group")
        XCTAssertEqual(ana.notes, ["its photo is a link (https://lh3.googleusercontent.com/contacts/AAA), which an import does not "
                                   + "download; the contact was imported without a picture"])
    }

    /// Android (2.1): UTF-8 quoted-printable names, a soft line break in the middle of a character's
    /// bytes, bare types (`TEL;CELL;PREF`), and a BASE64 photo whose lines are indented and end in a blank line.
    func testAnAndroidCardDecodesQuotedPrintableSoftBreaksAndItsPhoto() throws {
        let cards = try read(["BEGIN:VCARD", "VERSION:2.1",
                              "N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller-L=C3=BCdenscheid;J=C3=BC=",
                              "rgen;;;",
                              "FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:J=C3=BCrgen M=C3=BCller-L=C3=BCdenscheid",
                              "TEL;HOME:030 1234", "TEL;CELL;PREF:015123456789", "TEL;WORK:0301234567890",
                              "PHOTO;ENCODING=BASE64;PNG:" + ImageFixtures.tinyPNG.base64EncodedString().prefix(40)]
                             + base64Lines(String(ImageFixtures.tinyPNG.base64EncodedString().dropFirst(40)), indent: "  ") + ["", "END:VCARD"])
        let jurgen = try XCTUnwrap(cards.first)
        XCTAssertEqual([jurgen.firstName, jurgen.lastName], ["Jürgen", "Müller-Lüdenscheid"], "a soft break inside ü")
        XCTAssertEqual(jurgen.phoneNumber, "015123456789", "the preferred number")
        XCTAssertEqual(jurgen.photo, ImageFixtures.tinyPNG)
        XCTAssertEqual(jurgen.notes, ["the phone number 030 1234 (home) was left out: it is invalid",
                                      "another phone number, 0301234567890 (work), was left out: a contact holds one"])
    }

    /// An old phone's 2.1 card: Latin-1 quoted-printable, base64 lines without any indent (only a
    /// blank line ends them), and an AGENT's card inside the card.
    func testAnOldPhoneCardInLatin1WithUnindentedBase64AndAnAgent() throws {
        let photo = ImageFixtures.tinyJPEG.base64EncodedString()
        let halves = [String(photo.prefix(photo.count / 2)), String(photo.dropFirst(photo.count / 2))]
        let cards = try read(["BEGIN:VCARD", "VERSION:2.1", "N;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:Gar=E7on;Fran=E7ois",
                              "TEL;VOICE;CELL:+33612345678", "PHOTO;TYPE=JPEG;ENCODING=BASE64:" + halves[0], halves[1], "",
                              "AGENT:", "BEGIN:VCARD", "VERSION:2.1", "N:Assistant;Anne", "END:VCARD", "END:VCARD"], separator: "\n")
        XCTAssertEqual(cards.count, 1, "the agent is no contact of its own")
        XCTAssertEqual([cards.first?.firstName, cards.first?.lastName], ["François", "Garçon"])
        XCTAssertEqual(cards.first?.photo, ImageFixtures.tinyJPEG)
    }

    /// Thunderbird (4.0): `PREF=` numbers, a `tel:` URI with an extension, a `data:` URI photo.
    func testAThunderbirdCardTakesTheValidNumberAfterAnInvalidPreferredOne() throws {
        let cards = try read(["BEGIN:VCARD", "VERSION:4.0", "FN:Kim Lee", "N:Lee;Kim;;;",
                              "TEL;TYPE=work;PREF=1;VALUE=uri:tel:555-0100", "TEL;TYPE=cell;PREF=2;VALUE=uri:tel:+12025550147;ext=12",
                              "EMAIL;PREF=1:kim@example.org", VCard.wrappedAt75Octets("PHOTO:" + ContactPhoto.dataURI(ImageFixtures.tinyPNG)),
                              "END:VCARD"])
        let kim = try XCTUnwrap(cards.first)
        XCTAssertEqual(kim.phoneNumber, "+12025550147 ext. 12", "the preferred number is invalid, the second is kept")
        XCTAssertEqual(kim.photo, ImageFixtures.tinyPNG)
        XCTAssertEqual(kim.notes, ["the phone number 555-0100 (work) was left out: it is invalid"])
    }

    /// Evolution (3.0): `TYPE="…"` quoted, a photo with `VALUE=uri` to a local file, folded with tabs.
    func testAnEvolutionCardUnfoldsTabsAndSaysAFilePhotoIsALink() throws {
        let cards = try read(["BEGIN:VCARD", "VERSION:3.0", "N:Nakamura;Haruki;;;", "FN:Haruki Nakamura",
                              "EMAIL;TYPE=\"WORK\";X-EVOLUTION-UI-SLOT=1:haruki@exa", "\tmple.jp",
                              "PHOTO;VALUE=uri:file:///home/haruki/.local/share/evolution/addressbook/photo.jpg", "END:VCARD"])
        XCTAssertEqual(cards.first?.email, "haruki@example.jp")
        XCTAssertNil(cards.first?.photo)
        XCTAssertEqual(cards.first?.notes.count, 1)
    }

    /// Values of 3.0 text hold `, ; \` and line breaks escaped: they come back as written.
    func testEscapedValuesComeBack() throws {
        let written = VCard.write(TransferredContact(firstName: "Jo; \"Jr\"", lastName: "O'Brien, Smith\\Jones\nII",
                                                     phoneNumber: "+44 20 7946 0958", photo: ImageFixtures.tinyPNG))
        let read = try XCTUnwrap(try VCard.read(Data(written.utf8)).first?.get())
        XCTAssertEqual([read.firstName, read.lastName], ["Jo; \"Jr\"", "O'Brien, Smith\\Jones\nII"])
        XCTAssertEqual(read.photo, ImageFixtures.tinyPNG)
        XCTAssertTrue(written.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 75 })
        XCTAssertTrue(written.contains("PHOTO;ENCODING=b;TYPE=PNG:"), written)
    }

    // MARK: - Through the import

    /// The import keeps photos as pictures, leaves a picture that is no image out (the contact stays),
    /// and says in its notes what each card held that its contact cannot.
    func testTheImportStoresPhotosAndReportsWhatItLeftOut() async throws {
        let backend = try LocalContactsBackend(directory: folder.url.appendingPathComponent("store"))
        let file = folder.url.appendingPathComponent("book.vcf")
        try Data([
            "BEGIN:VCARD", "VERSION:3.0", "N:Photo;Pia;;;", VCard.wrappedAt75Octets("PHOTO;ENCODING=b;TYPE=PNG:" + ImageFixtures.tinyPNG.base64EncodedString()),
            "END:VCARD",
            "BEGIN:VCARD", "VERSION:3.0", "N:Text;Tom;;;", "PHOTO;ENCODING=b;TYPE=JPEG:" + ImageFixtures.notAnImage.base64EncodedString(),
            "TEL:0812345678901", "TEL:0812345678902", "END:VCARD",
        ].joined(separator: "\r\n").utf8).write(to: file)
        let report = try backend.performImport(from: file)
        XCTAssertEqual(report.imported, 2)
        XCTAssertEqual(report.notes, [
            .init(entry: 2, text: "another phone number, 0812345678902, was left out: a contact holds one"),
            .init(entry: 2, text: "its photo is not a JPEG, PNG or GIF image; the contact was imported without a picture"),
        ])
        let photos = try storedPhotos(backend)
        XCTAssertEqual(photos["Pia Photo"], ImageFixtures.tinyPNG)
        XCTAssertEqual(photos.count, 1)
    }

    /// The demo address book (52 contacts, 42 photos) goes out and back in both formats and is the same
    /// book: every field, every favourite and every photo's bytes.
    func testTheDemoBookRoundTripsWithItsPhotosInBothFormats() async throws {
        let demo = try XCTUnwrap(EmbeddedContacts.demoDataDirectory)
        let backend = try LocalContactsBackend(directory: folder.url.appendingPathComponent("store"), seed: try ContactsSeed.load(from: demo))
        let original = try storedContacts(backend)
        XCTAssertEqual(original.count, 52)
        let originalPhotos = try storedPhotos(backend)
        XCTAssertEqual(originalPhotos.count, 42)
        for name in ["demo.vcf", "demo.json"] {
            let exported = folder.url.appendingPathComponent(name)
            XCTAssertEqual(try backend.performExport(to: exported), 52)
            let text = try String(contentsOf: exported, encoding: .utf8)
            if name.hasSuffix(".vcf") {
                XCTAssertEqual(text.components(separatedBy: "\r\nPHOTO;").count - 1, 42, "one PHOTO per picture")
            } else {
                XCTAssertEqual(text.components(separatedBy: "\"profile_pic\":\"data:image/").count - 1, 42)
            }
            let copy = try LocalContactsBackend(directory: folder.url.appendingPathComponent("copy-\(name)"))
            let report = try copy.performImport(from: exported)
            XCTAssertEqual(report, ContactsImportReport(imported: 52, skipped: [], notes: []), name)
            XCTAssertEqual(try storedContacts(copy), original, name)
            XCTAssertEqual(try storedPhotos(copy), originalPhotos, name)
        }
    }

    /// Every contact's fields in list order, as rows of text.
    private func storedContacts(_ backend: LocalContactsBackend) throws -> [String] {
        try backend.database.query("SELECT first_name, last_name, email, phone_number, favorite FROM contacts ORDER BY list_position").map {
            [try $0.string("first_name"), try $0.string("last_name"), try $0.string("email"), try $0.string("phone_number"),
             try $0.bool("favorite").map(String.init)].map { $0 ?? "∅" }.joined(separator: " | ")
        }
    }

    /// Each contact's picture bytes by its full name, read from the data directory as the routes serve them.
    private func storedPhotos(_ backend: LocalContactsBackend) throws -> [String: Data] {
        var photos: [String: Data] = [:]
        for row in try backend.database.query("SELECT id, first_name, last_name, profile_pic_file_name, profile_pic_updated_at FROM contacts") {
            var stored = StoredContact(id: try row.int("id") ?? 0, createdAt: "", updatedAt: "")
            stored.pictureFileName = try row.string("profile_pic_file_name")
            stored.pictureUpdatedAt = try row.int("profile_pic_updated_at")
            if let file = backend.pictureFile(stored) {
                photos["\(try row.string("first_name") ?? "") \(try row.string("last_name") ?? "")"] = try Data(contentsOf: file)
            }
        }
        return photos
    }
}
