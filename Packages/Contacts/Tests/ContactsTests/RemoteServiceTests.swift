import ContactsTesting
import Foundation
import HTTPClient
import HTTPClientLive
import ImageKitTesting
import JSONKit
import Navigation
import NavigationTesting
import TestSupport
import XCTest
@testable import Contacts
import ContactsCore

/// The REST client against a real contacts server on 127.0.0.1 (ContactsTesting's Python
/// implementation of the contract), over URLSession as the app sends it.
final class RemoteServiceTests: XCTestCase {
    private var server: LoopbackContactsServer!

    override func setUpWithError() throws {
        server = try LoopbackContactsServer()
    }

    override func tearDown() {
        server.stop()
    }

    private func service(timeout: TimeInterval = 5) -> HTTPContactsService {
        HTTPContactsService(client: HTTPClient(transport: CurlTransport(timeout: timeout)), baseURL: server.baseURL)
    }

    func testCreateWithAPhotoIsMultipartWithBracketedNamesAndThePhotoIsServedBack() async throws {
        let saved = try await service().performCreate(ContactChanges(
            firstName: "Ayu", lastName: "Lestari", email: "ayu@mail.example", phoneNumber: "+6281234567890", favorite: false,
            photo: PhotoUpload(filename: "ayu.png", contentType: "image/png", data: ImageFixtures.tinyPNG)))
        XCTAssertEqual(saved.id, 1)
        XCTAssertTrue(saved.profilePic.hasPrefix("\(server.baseURL.absoluteString)/system/contacts/profile_pics/000/000/001/original/ayu.png?"),
                      saved.profilePic)
        let requests = try await server.requests()
        let request = try XCTUnwrap(requests.last)
        XCTAssertEqual(request.method, "POST")
        XCTAssertEqual(request.path, "/contacts.json")
        let contentType = try XCTUnwrap(request.header("Content-Type"))
        XCTAssertTrue(contentType.hasPrefix("multipart/form-data; boundary="), contentType)
        let parts = try RequestBody.multipartParts(request.body, boundary: String(contentType.split(separator: "=", maxSplits: 1)[1]))
        XCTAssertEqual(parts.map(\.name), ["contact[first_name]", "contact[last_name]", "contact[email]", "contact[phone_number]",
                                           "contact[favorite]", "contact[profile_pic]"])
        XCTAssertEqual(parts.last?.content, ImageFixtures.tinyPNG)
        XCTAssertEqual(parts.last?.contentType, "image/png")
        let picture = try await HTTPClient(transport: CurlTransport(timeout: 5))
            .picture(at: try XCTUnwrap(service().pictureURL(for: saved.profilePic)))
        XCTAssertEqual(picture, ImageFixtures.tinyPNG)
    }

    func testAPartialUpdateSendsOnlyItsFieldsUnderTheRootKey() async throws {
        let created = try await service().performCreate(ContactChanges(firstName: "Budi", lastName: "Santoso", email: "budi@mail.example"))
        let updated = try await service().performUpdate(id: created.id, ContactChanges(favorite: true))
        XCTAssertTrue(updated.favorite)
        XCTAssertEqual(updated.email, "budi@mail.example", "the rest is kept")
        let requests = try await server.requests()
        let request = try XCTUnwrap(requests.last)
        XCTAssertEqual(request.method, "PUT")
        XCTAssertEqual(request.path, "/contacts/\(created.id).json")
        XCTAssertEqual(String(decoding: request.body, as: UTF8.self), #"{"contact":{"favorite":true}}"#)
        let list = try await service().obtainContacts().contacts
        XCTAssertEqual(list.map(\.favorite), [true])
        XCTAssertEqual(list.first?.profilePic, Contact.missingPicture, "the default picture is relative")
        XCTAssertNil(service().pictureURL(for: Contact.missingPicture), "and shown as initials, never fetched")
    }

    func testDeleteIs204AndThen404() async throws {
        let created = try await service().performCreate(ContactChanges(firstName: "Citra", lastName: "Kirana"))
        try await service().performDelete(id: created.id)
        do {
            _ = try await service().obtainContact(id: created.id)
            XCTFail("found after delete")
        } catch {
            XCTAssertEqual(error, .notFound)
        }
        do {
            try await service().performDelete(id: created.id)
            XCTFail("deleted twice")
        } catch {
            XCTAssertEqual(error, .notFound)
        }
    }

    func testValidationErrorsAreTheServersMessages() async throws {
        do {
            _ = try await service().performCreate(ContactChanges(firstName: "A", email: "x"))
            XCTFail("saved")
        } catch {
            XCTAssertEqual(error, .invalid(["First name is too short (minimum is 2 characters)", "Last name can't be blank", "Email is invalid"]))
        }
    }

    func testServerErrorsAndTimeoutsAreWordedAndARetryWorks() async throws {
        try await server.failNext(status: 500, method: "POST")
        do {
            _ = try await service().performCreate(ContactChanges(firstName: "Dewi", lastName: "Anggraini"))
            XCTFail("saved through a 500")
        } catch {
            XCTAssertEqual(error, .unavailable(.status(code: 500)))
        }
        try await server.hangNext(seconds: 5, method: "POST")
        do {
            _ = try await service(timeout: 0.5).performCreate(ContactChanges(firstName: "Dewi", lastName: "Anggraini"))
            XCTFail("saved through a timeout")
        } catch {
            XCTAssertEqual(error, .noAnswer(.timeout(seconds: 0.5)), "a create without an answer may have been saved")
        }
        let saved = try await service().performCreate(ContactChanges(firstName: "Dewi", lastName: "Anggraini"))
        XCTAssertEqual(saved.fullName, "Dewi Anggraini")
    }

    /// The server killed while the save is in flight: an error that says so, never a hang.
    func testAServerKilledMidRequestIsAnError() async throws {
        try await server.hangNext(seconds: 10, method: "POST")
        let service = service()
        let save = Task { try await service.performCreate(ContactChanges(firstName: "Eko", lastName: "Prasetyo")) }
        let server: LoopbackContactsServer = self.server
        await waitUntil("the server holds the save", asking: { try await server.requests().contains { $0.method == "POST" } })
        server.kill()
        do {
            _ = try await save.value
            XCTFail("saved by a dead server")
        } catch let error as ContactsError {
            guard case .noAnswer(let failure) = error else { return XCTFail("\(error)") } // sent: it may have been saved
            XCTAssertNotNil(failure, "a lost connection, not an unreadable answer")
        }
        do {
            _ = try await service.obtainContacts()
            XCTFail("a dead server answered")
        } catch {
            XCTAssertEqual(error, .unavailable(.noConnection(endpoint: "127.0.0.1:\(server.port)")))
        }
    }

    /// The real server's payloads (../shared/fixtures) decode.
    func testTheRealPayloadsDecode() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../../../shared/fixtures/contacts").standardizedFileURL
        guard FileManager.default.fileExists(atPath: folder.path) else { throw XCTSkip("../shared/fixtures is absent: \(folder.path)") }
        let list = try LazyJSONDecoder().decode([ContactSummary].self, from: Data(contentsOf: folder.appendingPathComponent("contacts.json")))
        XCTAssertEqual(list.map(\.fullName), ["Amitabh Bachchan", "Shahrukh Khan"])
        let detail = try LazyJSONDecoder().decode(Contact.self, from: Data(contentsOf: folder.appendingPathComponent("contacts-1.json")))
        XCTAssertEqual(detail.phoneNumber, "+919980123412")
        XCTAssertEqual(detail.createdAt, "2016-05-29T10:10:10.995Z")
        // A 2016 list without `favorite`, and a legacy detail with null email and phone.
        let old = try LazyJSONDecoder().decode([ContactSummary].self, from: Data(#"[{"id":3,"first_name":"Old","last_name":"List","profile_pic":"/images/missing.png","url":"x"}]"#.utf8))
        XCTAssertEqual(old.first?.favorite, false)
        let nulls = try LazyJSONDecoder().decode(Contact.self, from: Data(#"{"id":4,"first_name":"No","last_name":"Mail","email":null,"phone_number":null,"profile_pic":"/images/missing.png","favorite":false,"created_at":"x","updated_at":"x"}"#.utf8))
        XCTAssertNil(nulls.email)
    }
}

/// Answers every request with one list body, as a server would.
private struct ListTransport: Transport {
    let body: String
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8), url: request.url)
    }
}

/// One damaged contact in the server's list hides only itself, and the list says which and why.
final class DamagedListTests: XCTestCase {
    func testDamagedEntriesAreSkippedAndNamed() async throws {
        let body = #"""
        [{"id":1,"first_name":"Ayu","last_name":"Lestari","profile_pic":"/images/missing.png","favorite":false},
         {"id":"2","first_name":"String","last_name":"Id"},
         {"id":3.5,"first_name":"Float","last_name":"Id"},
         {"id":4,"first_name":"\ud800","last_name":"Lone surrogate"},
         {"id":5,"first_name":7,"last_name":"Number name"},
         {"id":6,"first_name":"Budi","last_name":"Santoso","favorite":true}]
        """#
        let service = HTTPContactsService(client: HTTPClient(transport: ListTransport(body: body)), baseURL: URL(string: "http://contacts.test")!)
        let list = try await service.obtainContacts()
        XCTAssertEqual(list.contacts.map(\.fullName), ["Ayu Lestari", "Budi Santoso"])
        XCTAssertEqual(list.skipped.map(\.position), [2, 3, 4, 5])
        XCTAssertEqual(list.skipped[1].reason, "id is not a whole number", "3.5 is no id, not a number out of range")
        XCTAssertTrue(list.skipped[0].reason.hasPrefix("id "), list.skipped[0].reason)
        XCTAssertTrue(list.skipped[3].reason.hasPrefix("first_name "), list.skipped[3].reason)
    }
}

/// The form against a real server that fails: nothing typed is lost, whatever the failure, and ctrl-s again saves.
@MainActor
final class RemoteFormTests: XCTestCase {
    private let typed = ["Ayu", "Lestari", "+6281234567890", "ayu@mail.example", ""]

    private func makeForm(_ server: LoopbackContactsServer, timeout: TimeInterval = 5)
        -> (ContactFormPresenter, RecordingContactsRouters, WorkTracker) {
        let service = HTTPContactsService(client: HTTPClient(transport: CurlTransport(timeout: timeout)), baseURL: server.baseURL)
        let work = WorkTracker(), router = RecordingContactsRouters()
        let contact = Contact(id: 1, firstName: "Old", lastName: "Name")
        let presenter = ContactFormPresenter(mode: .edit(contact), interactor: ContactFormInteractor(service: service, images: FakeImageLoader()),
                                             router: router, work: work)
        presenter.didLoad()
        var form = presenter.viewModel.form
        for (index, value) in typed.enumerated() { form.fields[index].state.setText(value) }
        presenter.didEditForm(form)
        return (presenter, router, work)
    }

    private func assertKept(_ presenter: ContactFormPresenter, _ router: RecordingContactsRouters, file: StaticString = #filePath,
                            line: UInt = #line) {
        XCTAssertEqual(presenter.viewModel.form.fields.map(\.text), typed, file: file, line: line)
        XCTAssertFalse(presenter.viewModel.form.isSaving, file: file, line: line)
        XCTAssertTrue(presenter.viewModel.noticeIsError, "\(String(describing: presenter.viewModel.notice))", file: file, line: line)
        XCTAssertEqual(router.calls, [], file: file, line: line)
    }

    func testEveryKindOfFailureKeepsTheFormAndARetrySaves() async throws {
        let server = try LoopbackContactsServer(seed: [["first_name": "Old", "last_name": "Name"]])
        defer { server.stop() }
        let (presenter, router, work) = makeForm(server, timeout: 1)
        try await server.failNext(status: 500, method: "PUT")
        presenter.didPressDone()
        await work.waitUntilIdle()
        assertKept(presenter, router)
        XCTAssertEqual(presenter.viewModel.notice, "Not saved: The server answered 500 Internal Server Error. Your values are kept; ctrl-s tries again.")
        try await server.hangNext(seconds: 4, method: "PUT")
        presenter.didPressDone()
        await work.waitUntilIdle()
        assertKept(presenter, router)
        XCTAssertEqual(presenter.viewModel.notice, "Not saved: The server took longer than 1 s to answer. Your values are kept; ctrl-s tries again.")
        presenter.didPressDone()
        await work.waitUntilIdle()
        XCTAssertEqual(router.calls, ["close form"])
    }

    func testAServerKilledMidSaveKeepsTheForm() async throws {
        let server = try LoopbackContactsServer(seed: [["first_name": "Old", "last_name": "Name"]])
        let (presenter, router, work) = makeForm(server)
        try await server.hangNext(seconds: 10, method: "PUT")
        presenter.didPressDone()
        await waitUntil("the server holds the save", asking: { try await server.requests().contains { $0.method == "PUT" } })
        XCTAssertTrue(presenter.viewModel.form.isSaving)
        server.kill()
        await work.waitUntilIdle()
        assertKept(presenter, router)
    }

    /// Adding: every field and a real photo file.
    private func makeAddForm(_ server: LoopbackContactsServer, timeout: TimeInterval)
        -> (ContactFormPresenter, RecordingContactsRouters, WorkTracker) {
        let service = HTTPContactsService(client: HTTPClient(transport: CurlTransport(timeout: timeout)), baseURL: server.baseURL)
        let work = WorkTracker(), router = RecordingContactsRouters()
        let presenter = ContactFormPresenter(mode: .add, interactor: ContactFormInteractor(service: service, images: FakeImageLoader()),
                                             router: router, work: work)
        presenter.didLoad()
        let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../ContactsBackend/Sources/ContactsBackend/Resources/Demo/photos/ayu-lestari.png").standardizedFileURL.path
        var form = presenter.viewModel.form
        for (index, value) in ["Ayu", "Lestari", "+6281234567890", "ayu@mail.example", photo].enumerated() { form.fields[index].state.setText(value) }
        presenter.didEditForm(form)
        return (presenter, router, work)
    }

    private func posts(_ server: LoopbackContactsServer) async throws -> Int {
        try await server.requests().filter { $0.method == "POST" }.count
    }

    /// A save whose answer never came may have been saved: the form says so, and ctrl-s looks for the
    /// contact before it posts again, so the server ends up with one, not two.
    func testARetriedAddAfterATimeoutNeverCreatesTheContactTwice() async throws {
        let server = try LoopbackContactsServer()
        defer { server.stop() }
        let (presenter, router, work) = makeAddForm(server, timeout: 0.5)
        try await server.hangNext(seconds: 2, method: "POST")
        presenter.didPressDone()
        await work.waitUntilIdle()
        XCTAssertTrue(presenter.viewModel.notice?.hasPrefix("Maybe saved: The server took longer than 0.5 s to answer.") == true,
                      String(describing: presenter.viewModel.notice))
        XCTAssertEqual(router.calls, [])
        let service = HTTPContactsService(client: HTTPClient(transport: CurlTransport(timeout: 5)), baseURL: server.baseURL)
        await waitUntil("the server has carried out the first POST", asking: {
            try await service.obtainContacts().contacts.contains { $0.firstName == "Ayu" }
        })
        presenter.didPressDone()
        await work.waitUntilIdle()
        XCTAssertEqual(router.calls, ["close form"], String(describing: presenter.viewModel.notice))
        let postCount = try await posts(server)
        XCTAssertEqual(postCount, 1, "found, not posted again")
        let ayus = try await service.obtainContacts().contacts.filter { $0.firstName == "Ayu" }
        XCTAssertEqual(ayus.count, 1)
    }

    /// The same when the connection broke before any answer: not found on the server, so it is posted once more.
    func testAfterALostConnectionARetryThatFindsNothingPostsAgainOnce() async throws {
        let server = try LoopbackContactsServer()
        defer { server.stop() }
        let (presenter, router, work) = makeAddForm(server, timeout: 5)
        try await server.failNext(status: 0, method: "POST")
        presenter.didPressDone()
        await work.waitUntilIdle()
        XCTAssertTrue(presenter.viewModel.notice?.hasPrefix("Maybe saved:") == true, String(describing: presenter.viewModel.notice))
        presenter.didPressDone()
        await work.waitUntilIdle()
        XCTAssertEqual(router.calls, ["close form"], String(describing: presenter.viewModel.notice))
        let postCount = try await posts(server)
        XCTAssertEqual(postCount, 2)
        let service = HTTPContactsService(client: HTTPClient(transport: CurlTransport(timeout: 5)), baseURL: server.baseURL)
        let ayus = try await service.obtainContacts().contacts.filter { $0.firstName == "Ayu" }
        XCTAssertEqual(ayus.count, 1)
    }

    /// A 2xx is a success even when its body cannot be read: the form closes on the contact the server has.
    func testACreatedAnswerWithAnEmptyBodyIsASave() async throws {
        let server = try LoopbackContactsServer()
        defer { server.stop() }
        let (presenter, router, work) = makeAddForm(server, timeout: 5)
        try await server.blankNext(method: "POST")
        presenter.didPressDone()
        await work.waitUntilIdle()
        XCTAssertEqual(router.calls, ["close form"], String(describing: presenter.viewModel.notice))
        let postCount = try await posts(server)
        XCTAssertEqual(postCount, 1)
    }
}
