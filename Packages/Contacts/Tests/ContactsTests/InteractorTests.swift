import ContactsTesting
import Foundation
import ImageKitTesting
import NavigationTesting
import SystemActionsTesting
import TestSupport
import XCTest
@testable import Contacts
import ContactsCore

final class ContactListInteractorTests: XCTestCase {
    private let service = InMemoryContactsService()
    private lazy var interactor = ContactListInteractor(service: service, directory: FetchedContactDirectory(service: service), images: FakeImageLoader())

    func testInitialsAndPictureURLs() {
        let summary = ContactSummary(id: 1, firstName: "amitabh", lastName: "Bachchan",
                                     profilePic: "/system/contacts/profile_pics/000/000/001/original/a.png?1")
        XCTAssertEqual(summary.initials, "AB")
        XCTAssertEqual(interactor.obtainPictureURL(for: summary)?.absoluteString,
                       "http://contacts.test/system/contacts/profile_pics/000/000/001/original/a.png?1")
        XCTAssertNil(interactor.obtainPictureURL(for: ContactSummary(id: 2, firstName: "No", lastName: "Pic")), "the default is no picture")
        XCTAssertEqual(ContactSummary(id: 3, firstName: "", lastName: "").initials, "?")
    }

    func testSearchMatchesEveryWordAtTheStartOfAWordOfTheName() async throws {
        let directory = FetchedContactDirectory(service: service)
        _ = try await directory.performRefresh()
        func names(_ query: String) async -> [String] {
            let index = await directory.obtainIndex(matching: query, locating: nil)
            return await directory.obtainContacts(matching: query, at: 0..<index.matchCount).map(\.fullName)
        }
        let zoe = await names("ZOE")
        XCTAssertEqual(zoe, ["Zoë Adams"])
        let z = await names("z")
        XCTAssertEqual(z, ["anna Zed", "Zoë Adams"], "a word is matched from its start, as in iOS Contacts: not Łukasz")
        let lukasz = await names("lukasz")
        XCTAssertEqual(lukasz, ["Łukasz Nowak"])
        let ivan = await names("ИВАН")
        XCTAssertEqual(ivan, ["Дмитрий Иванов"])
        let both = await names("ze an")
        XCTAssertEqual(both, ["anna Zed"], "every word, in any order")
        let inside = await names("nna")
        XCTAssertEqual(inside, [])
        let across = await names("annaz")
        XCTAssertEqual(across, [], "a word never spans the first and the last name")
        let blank = await names("  ")
        XCTAssertEqual(blank.count, 8)
        // A word typed again, or one that starts another word of the query, changes nothing.
        let repeated = await names(Array(repeating: "an", count: 60).joined(separator: " ") + " ze")
        XCTAssertEqual(repeated, both)
        let implied = await names("a an ann anna z ze")
        XCTAssertEqual(implied, both)
    }

    func testTheDirectoryCountsSectionsLocatesAContactAndPages() async throws {
        let directory = FetchedContactDirectory(service: service)
        _ = try await directory.performRefresh()
        let index = await directory.obtainIndex(matching: "", locating: 4)
        XCTAssertEqual(index.sections.map(\.letter), ["A", "B", "E", "L", "Z", "#"])
        XCTAssertEqual(index.sections.map(\.count), [2, 1, 1, 1, 1, 2])
        XCTAssertEqual(index.total, 8)
        let page = await directory.obtainContacts(matching: "", at: 2..<50)
        XCTAssertEqual(page.map(\.fullName), ["bayu Nugroho", "Émilie Rousseau", "Łukasz Nowak", "Zoë Adams", "24Seven Laundry", "Дмитрий Иванов"])
        XCTAssertEqual(index.position, page.map(\.id).firstIndex(of: 4).map { $0 + 2 })
        await directory.performNote(.saved(ContactSummary(id: 3, firstName: "Yusuf", lastName: "Nugroho")))
        await directory.performNote(.deleted(id: 1))
        let after = await directory.obtainIndex(matching: "", locating: 3)
        XCTAssertEqual(after.sections.map(\.letter), ["A", "E", "L", "Y", "Z", "#"])
        XCTAssertEqual(after.position, 3)
        XCTAssertEqual(after.total, 7)
    }

    /// 10,000 contacts: loading sorts once, a keystroke is one pass (checked for correctness here;
    /// the speed is Scripts/bench's).
    func testTenThousandContactsSectionAndSearch() async throws {
        let summaries = (0..<10_000).map { ContactsFixtures.contact($0 + 1, "Name\($0 % 997)", "Family\($0)") }
        let directory = FetchedContactDirectory(service: InMemoryContactsService(contacts: summaries))
        _ = try await directory.performRefresh()
        let all = await directory.obtainIndex(matching: "", locating: nil)
        XCTAssertEqual(all.sections, [ContactSection(letter: "N", count: 10_000)])
        let one = await directory.obtainIndex(matching: "family9999", locating: 10_000)
        XCTAssertEqual(one.matchCount, 1)
        XCTAssertEqual(one.position, 0)
    }
}

/// The server's list paged in memory: two refreshes may wait for the server at once.
final class FetchedContactDirectoryTests: XCTestCase {
    /// A refresh asked before a save and answered after a newer one never replaces the newer list.
    func testAnOlderRefreshAnsweredLastDoesNotReplaceTheNewerList() async throws {
        let held = HeldOpenCalls()
        let service = InMemoryContactsService(heldOpen: held)
        let directory = FetchedContactDirectory(service: service)
        let older = Task { try await directory.performRefresh() }
        await held.waitUntilStarted(1)
        held.release(2)
        _ = try await service.performUpdate(id: 3, ContactChanges(favorite: true))
        held.release(3)
        _ = try await directory.performRefresh()
        held.release(1)
        _ = try await older.value
        let index = await directory.obtainIndex(matching: "", locating: 3)
        let shown = await directory.obtainContacts(matching: "", at: 0..<index.matchCount)
        XCTAssertEqual(shown.first { $0.id == 3 }?.favorite, true, "the list asked after the save")
    }
}

final class ContactFormInteractorTests: XCTestCase {
    /// A list kept from an earlier run (the server cannot be reached) never proves that a contact
    /// which may have been saved is absent: the form must not post it again on its word.
    func testAKeptListNeverProvesAMaybeSavedContactAbsent() async {
        let service = InMemoryContactsService()
        service.answerListsAsKept(since: [Date(timeIntervalSince1970: 1_000)])
        let interactor = ContactFormInteractor(service: service, images: FakeImageLoader())
        let search = await interactor.obtainCreatedContact(ContactFormValues(firstName: "Ayu", lastName: "Lestari", mobile: "0812345678901",
                                                                             email: "ayu@mail.example"))
        XCTAssertEqual(search, .unknown(.unavailable(.other(detail: ContactsTexts.keptListProvesNothing))))
        let fresh = await interactor.obtainCreatedContact(ContactFormValues(firstName: "Ayu", lastName: "Lestari"))
        XCTAssertEqual(fresh, .absent)
    }

    func testAPhotoPathMustBeAJPEGOrPNGFile() throws {
        let interactor = ContactFormInteractor(service: InMemoryContactsService(), images: FakeImageLoader())
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let jpeg = folder.appendingPathComponent("a.jpg"), text = folder.appendingPathComponent("a.png")
        try ImageFixtures.tinyJPEG.write(to: jpeg)
        try ImageFixtures.notAnImage.write(to: text)
        XCTAssertEqual(try interactor.obtainPhoto(atPath: jpeg.path).get().contentType, "image/jpeg", "the type comes from the bytes")
        XCTAssertEqual(interactor.obtainPhoto(atPath: text.path), .failure(.notAnImage), "not from the name")
        XCTAssertEqual(interactor.obtainPhoto(atPath: folder.path), .failure(.folder))
        XCTAssertEqual(interactor.obtainPhoto(atPath: folder.appendingPathComponent("none.png").path), .failure(.notFound))
    }

    /// A file that only starts like a PNG (8 bytes of signature) is refused on Done, not saved and shown as initials.
    func testATruncatedPictureIsRefusedOnDone() async throws {
        let service = InMemoryContactsService()
        let interactor = ContactFormInteractor(service: service, images: FakeImageLoader())
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cut-\(UUID().uuidString).png")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        guard case .failure(.broken) = interactor.obtainPhoto(atPath: file.path) else { return XCTFail("a truncated PNG was taken") }
        let before = try await service.obtainContacts().contacts.count
        let outcome = await interactor.performSave(.add, values: ContactFormValues(firstName: "Ayu", lastName: "Lestari", mobile: "+6281234567890",
                                                                                   email: "ayu@mail.example", photoPath: file.path),
                                                   initial: ContactFormValues())
        guard case .rejected(let fields, _) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(fields[.photo], [.photo(.broken("broken image"))])
        XCTAssertEqual(ContactsTexts.message(for: fields[.photo] ?? [], of: .photo), "Photo: the image is damaged (broken image)")
        let after = try await service.obtainContacts().contacts.count
        XCTAssertEqual(after, before, "nothing was sent")
    }

    /// A PNG with more pixels than the app decodes (PNGs cannot be decoded smaller) would be saved and
    /// then shown as initials: it is refused with its size, and its preview says so too.
    func testAPictureWithMorePixelsThanTheAppShowsIsRefused() async throws {
        let interactor = ContactFormInteractor(service: InMemoryContactsService(), images: FakeImageLoader())
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("huge-\(UUID().uuidString).png")
        // A valid PNG header (IHDR) of 20000 × 20000 pixels: the decoder refuses it before reading pixels.
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
        png += Data([0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20, 8, 2, 0, 0, 0])
        png += Data([0x6C, 0x12, 0xD1, 0x6E]) // the chunk's CRC
        png += Data([0, 0, 0, 2, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x62, 0xA4, 0x91, 0x2B]) // IDAT: where the pixels would start
        png += Data([0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]) // IEND
        try png.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        guard case .failure(let problem) = interactor.obtainPhoto(atPath: file.path) else { return XCTFail("a 400-megapixel PNG was taken") }
        XCTAssertEqual(problem, .tooManyPixels(width: 20_000, height: 20_000))
        XCTAssertEqual(ContactsTexts.message(for: problem),
                       "Photo: 20000×20000 pixels is more than the app can show (at most 4 million; a JPEG of any size works)")
        guard case .failure(.tooManyPixels) = await interactor.obtainPreview(atPath: file.path) else { return XCTFail("the preview") }
    }

    func testEditChangesAreOnlyWhatDiffers() {
        let initial = ContactFormValues(firstName: "Ab", lastName: "Cd", mobile: "+6281234567890")
        XCTAssertTrue(ContactFormInteractor.changes(from: initial, to: initial, photo: nil).isEmpty)
        var values = initial
        values.email = "ab@cd.example"
        XCTAssertEqual(ContactFormInteractor.changes(from: initial, to: values, photo: nil), ContactChanges(email: "ab@cd.example"))
    }

    func testLocalRulesForAnEditAreTheServersOnWhatChanged() {
        let interactor = ContactFormInteractor(service: InMemoryContactsService(), images: FakeImageLoader())
        let contact = ContactsFixtures.contact(1, "Ab", "Cd")
        let minimal = ContactFormValues(firstName: "Ab", lastName: "Cd")
        XCTAssertEqual(interactor.localProblems(.edit(contact), values: minimal, initial: minimal), [:],
                       "an edit may leave mobile, email and photo empty, as the server allows")
        // A stored value the server took (an email with a final line break, shown as a space) blocks nothing while untouched…
        let stored = ContactFormValues(firstName: "Ab", lastName: "Cd", email: "x@y.com ")
        var renamed = stored
        renamed.firstName = "Abe"
        XCTAssertEqual(interactor.localProblems(.edit(contact), values: renamed, initial: stored), [:])
        // …but a changed field is checked.
        renamed.email = "x@y"
        XCTAssertEqual(interactor.localProblems(.edit(contact), values: renamed, initial: stored), [.email: [.rule(.invalid)]])
        XCTAssertEqual(ContactsTexts.message(for: [.rule(.invalid)], of: .email), "Email is invalid", "the server's own words")
        XCTAssertEqual(interactor.localProblems(.add, values: ContactFormValues(firstName: "Ab", lastName: "Cd", mobile: "+6281234567890",
                                                                                email: "a@b.co"), initial: ContactFormValues()),
                       [.photo: [.required]])
        XCTAssertEqual(ContactsTexts.message(for: [.required], of: .photo), "Photo can't be blank: type the path of a JPEG or PNG file")
    }
}

final class ContactDetailInteractorTests: XCTestCase {
    func testLinksAreValidatedBeforeTheOpener() async {
        let opener = RecordingURLOpener()
        let interactor = ContactDetailInteractor(service: InMemoryContactsService(), images: FakeImageLoader(), opener: opener)
        let hostile = ContactsFixtures.contact(1, "Ab", "Cd", email: "a@b.co\n-x", phone: "-x 1234567890")
        for action in ContactAction.allCases {
            guard case .notOpened = await interactor.performOpening(action, for: hostile) else { return XCTFail("\(action) opened") }
        }
        XCTAssertEqual(opener.actions, [])
        let outcome = await interactor.performOpening(.message, for: ContactsFixtures.contact(2, "Ab", "Cd", phone: "(021) 5550-1234-5"))
        XCTAssertEqual(outcome, .opened(link: "sms:021555012345"))
    }
}
