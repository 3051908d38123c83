import ContactsTesting
import Foundation
import HTTPClient
import ImageKitTesting
import Navigation
import NavigationTesting
import StorageTesting
import SystemActionsTesting
import TerminalKit
import TerminalUI
import XCTest
@testable import Contacts
@testable import ContactsBackend

/// The whole feature through the host as the app runs it (`--plain --keys`): on the in-memory fake,
/// and on the embedded SQLite backend through its route table (the app's real stack without a terminal).
@MainActor
final class FeatureTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUp() async throws {
        directory = try TemporaryDirectory(prefix: "contacts-feature")
    }

    private func run(_ keys: String, service: any ContactsService, opener: RecordingURLOpener = RecordingURLOpener(),
                     size: Size = Size(columns: 80, rows: 24)) async throws -> (String, HeadlessHost) {
        let host = HeadlessHost(size: size)
        let dependencies = ContactsModule.Dependencies(service: service, images: FakeImageLoader(), opener: opener)
        let frame = await host.run(root: ContactsModule.make(dependencies: dependencies, host: host.controller), keys: try KeySpec.parse(keys))
        return (PlainTextEncoder.encode(frame), host)
    }

    private func embedded() throws -> HTTPContactsService {
        let backend = try LocalContactsBackend(directory: directory.url, seed: ContactsSeed(contacts: [
            .init(firstName: "Amitabh", lastName: "Bachchan", email: "ab@bachchan.example", phoneNumber: "+919980123412", favorite: true,
                  photo: nil, createdAt: nil),
            .init(firstName: "bayu", lastName: "Nugroho", email: nil, phoneNumber: nil, favorite: false, photo: nil, createdAt: nil),
        ], photosDirectory: nil))
        let base = ContactsModule.originalBaseURL
        return HTTPContactsService(client: HTTPClient(transport: backend.routeTable(baseURL: base)), baseURL: base)
    }

    /// Typing a value key by key, as `--keys` spells it.
    private func typed(_ text: String) -> String {
        text.map { $0 == " " ? "space" : String($0) }.joined(separator: " ")
    }

    func testAddAContactOnTheEmbeddedBackendAndFindItInTheList() async throws {
        let photo = try directory.write(ImageFixtures.tinyPNG, to: "me.png")
        let keys = ["a", typed("Citra"), "tab", typed("Kirana"), "tab", typed("+6281234567890"), "tab", typed("citra@mail.example"), "tab",
                    typed(photo.path), "ctrl-s", "/", typed("kir")].joined(separator: " ")
        let (screen, _) = try await run(keys, service: try embedded())
        XCTAssertTrue(screen.contains("Contacts (1 of 3)"), screen)
        XCTAssertTrue(screen.contains("▌ ") && screen.contains("Citra Kirana"), screen)
        // And it is stored: a new stack on the same file finds it, with its photo.
        let stored = try await embedded().obtainContacts().contacts
        let citra = try XCTUnwrap(stored.first { $0.firstName == "Citra" })
        XCTAssertTrue(citra.profilePic.contains("/system/contacts/profile_pics/000/000/003/original/me.png?"), citra.profilePic)
    }

    func testAnInvalidAddKeepsTheFormAndNamesEachField() async throws {
        let keys = ["a", typed("A"), "tab", "tab", typed("123"), "ctrl-s"].joined(separator: " ")
        let (screen, host) = try await run(keys, service: try embedded())
        XCTAssertTrue(host.controller.topScreen is ModuleScreen<ContactFormView>)
        for message in ["First name is too short (minimum is 2 characters)", "Last name can't be blank", "Phone number is invalid",
                        "Email can't be blank", "Photo can't be blank"] {
            XCTAssertTrue(screen.contains(message), "\(message)\n\(screen)")
        }
    }

    func testFavoriteOnTheDetailIsSavedAndShownInTheList() async throws {
        let service = try embedded()
        // bayu is the second contact row (after the A header and Amitabh, then the B header).
        let (list, _) = try await run("down enter f esc", service: service)
        XCTAssertTrue(list.contains("▌") && list.contains("bayu Nugroho ★"), "the list shows the saved favourite at once\n\(list)")
        let stored = try await service.obtainContact(id: 2)
        XCTAssertTrue(stored.favorite)
    }

    func testEditThenDeleteThroughTheConfirmDialog() async throws {
        let service = try embedded()
        let keys = ["enter", "e", "end", typed("ji"), "ctrl-s", "esc"].joined(separator: " ")
        let (list, _) = try await run(keys, service: service)
        XCTAssertTrue(list.contains("Amitabhji Bachchan ★"), list)
        let (afterDelete, _) = try await run("enter d y", service: service)
        XCTAssertFalse(afterDelete.contains("Amitabhji Bachchan ★"), afterDelete)
        XCTAssertTrue(afterDelete.contains("Deleted Amitabhji Bachchan."), afterDelete)
        let remaining = try await service.obtainContacts().contacts.map(\.fullName)
        XCTAssertEqual(remaining, ["bayu Nugroho"])
    }

    func testCallAndEmailGoToTheOpener() async throws {
        let opener = RecordingURLOpener()
        _ = try await run("enter c w", service: try embedded(), opener: opener)
        XCTAssertEqual(opener.actions.map(\.description), ["tel:+919980123412", "mailto:ab@bachchan.example"])
    }

    /// A failing backend: the error view with retry, and a retry that works.
    func testAnErrorViewAndRetry() async throws {
        let service = InMemoryContactsService()
        service.fail("list", with: .unavailable(.noConnection(endpoint: "127.0.0.1:9")))
        let (failed, _) = try await run("", service: service)
        XCTAssertTrue(failed.contains("No connection to 127.0.0.1:9"), failed)
        XCTAssertTrue(failed.contains("Retry"), failed)
        service.fail("list", with: .unavailable(.other(detail: "down")))
        let (retried, _) = try await run("r", service: service)
        XCTAssertTrue(retried.contains("Contacts (8)"), retried)
    }
}
