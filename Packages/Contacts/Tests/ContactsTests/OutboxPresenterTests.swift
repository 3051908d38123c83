import ContactsTesting
import Foundation
import ImageKitTesting
import Navigation
import Storage
import StorageTesting
import Synchronization
import SystemActionsTesting
import TerminalUI
import NavigationTesting
import XCTest
@testable import Contacts
import ContactsCore

/// The screens over the outbox (a real `outbox.sqlite` in a temporary directory, the in-memory
/// server behind it): a change made while the server cannot be reached shows "waiting to sync" on
/// its row and page, goes out when the server answers, and a refused one comes back to the form as typed.
@MainActor
final class OutboxPresenterTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private let noConnection = ContactsError.unavailable(.noConnection(endpoint: "contacts.test:80"))

    override func setUp() async throws {
        directory = try TemporaryDirectory()
    }

    private func outboxed(_ service: InMemoryContactsService) throws -> OutboxContactsService {
        OutboxContactsService(server: service, outbox: try Outbox.open(directory: directory.url), baseURL: service.baseURL)
    }

    private func makeList(_ service: OutboxContactsService) -> (ContactListPresenter, RecordingContactsRouters, WorkTracker, RetryGate) {
        let work = WorkTracker(), router = RecordingContactsRouters()
        let presenter = ContactListPresenter(interactor: ContactListInteractor(service: service, directory: FetchedContactDirectory(service: service),
                                                                               images: FakeImageLoader(), sync: service),
                                             router: router, work: work)
        let released = RetryGate()
        // The wait before asking the server again: held until the test lets it pass.
        presenter.kept.wait = { _ in await released.pass() }
        presenter.syncRetry.wait = presenter.kept.wait
        return (presenter, router, work, released)
    }

    private func row(_ presenter: ContactListPresenter, _ name: String) -> ContactListViewModel.ContactRow? {
        guard case .loaded(let rows, _, _) = presenter.viewModel.content else { return nil }
        for index in rows.indices {
            if case .contact(let row) = rows[index], row.name == name { return row }
        }
        return nil
    }

    func testAChangeMadeOfflineIsMarkedWaitingAndGoesOutWhenTheServerAnswers() async throws {
        let server = InMemoryContactsService()
        let service = try outboxed(server)
        let (presenter, _, work, released) = makeList(service)
        presenter.didLoad()
        await work.waitUntilIdle()
        XCTAssertNil(row(presenter, "bayu Nugroho")?.sync)

        // Away for the save and for the try to send it at once that follows.
        server.fail("update", with: noConnection, count: 2)
        let saved = try await service.performUpdate(id: 3, ContactChanges(firstName: "Bayu"))
        presenter.contactForm(didSave: saved)
        await work.waitUntilIdle()
        XCTAssertEqual(row(presenter, "Bayu Nugroho")?.sync, "waiting to sync")
        XCTAssertEqual(presenter.viewModel.notice,
                       "1 change waiting to sync (\(ContactsTexts.message(for: noConnection))) · Saved Bayu Nugroho here; it goes to the server when it answers.",
                       "with why it waits")
        XCTAssertTrue(presenter.syncRetry.isRetryPending, "the server is asked again by itself")

        released.isOpen = true
        await waitUntil("the change reached the server") { server.contacts.first(where: { $0.id == 3 })?.firstName == "Bayu" }
        await work.waitUntilIdle()
        XCTAssertEqual(server.contacts.first { $0.id == 3 }?.firstName, "Bayu", "sent when the server answered")
        XCTAssertNil(row(presenter, "Bayu Nugroho")?.sync, "and no longer marked")
        XCTAssertEqual(presenter.viewModel.notice, "Synced 1 change with the server.")
    }

    func testARefusedChangeIsMarkedAndEnterBringsItBackToTheForm() async throws {
        let server = InMemoryContactsService()
        let service = try outboxed(server)
        server.fail("update", with: noConnection)
        _ = try await service.performUpdate(id: 3, ContactChanges(email: "bayu@x"))
        server.fail("update", with: .invalid(["Email is invalid"]))
        let (presenter, router, work, _) = makeList(service)
        presenter.didLoad()
        await work.waitUntilIdle()
        // The launch sent it; the server refused it.
        XCTAssertEqual(row(presenter, "bayu Nugroho")?.sync, "! not saved")
        XCTAssertEqual(row(presenter, "bayu Nugroho")?.syncIsProblem, true)
        XCTAssertEqual(presenter.viewModel.notice,
                       "1 change not saved (! on its row) · The server refused the change to bayu Nugroho: enter on its row to correct it.")
        presenter.didChooseRow(at: 4)
        await work.waitUntilIdle()
        XCTAssertEqual(router.calls, ["refused form update of bayu Nugroho"])
    }

    /// The refused change's form: as typed, the server's message under its field; saved again, the
    /// refused change leaves the outbox.
    func testTheFormOfARefusedChangeKeepsWhatWasTypedAndReplacesIt() async throws {
        let server = InMemoryContactsService()
        let service = try outboxed(server)
        _ = try await service.obtainContact(id: 3)
        server.fail("update", with: noConnection)
        _ = try await service.performUpdate(id: 3, ContactChanges(lastName: "Nugraha", email: "bayu@x"))
        server.fail("update", with: .invalid(["Email is invalid"]))
        _ = await service.performSync()
        let refusedWrite = await service.obtainRefusedWrite(contactID: 3)
        let refused = try XCTUnwrap(refusedWrite)

        let work = WorkTracker(), router = RecordingContactsRouters(), output = RecordingDetailOutput()
        let base = try XCTUnwrap(refused.write.base)
        let form = ContactFormPresenter(mode: .edit(base), refused: refused,
                                        interactor: ContactFormInteractor(service: service, images: FakeImageLoader(), sync: service),
                                        router: router, work: work)
        form.output = output
        form.didLoad()
        let fields = form.viewModel.form.fields
        XCTAssertEqual(fields.map(\.state.text), ["bayu", "Nugraha", base.phoneNumber ?? "", "bayu@x", ""], "everything typed")
        XCTAssertEqual(fields[3].message, "Email is invalid")
        XCTAssertEqual(form.viewModel.notice, "Not saved: Email is invalid. Correct it and press ctrl-s, or esc to discard the change.")

        form.didPressCancel()
        XCTAssertEqual(router.calls, ["confirm discard"], "a refused change stays until it is saved again or discarded")

        var edited = form.viewModel.form
        edited.fields[3].state.setText("bayu@mail.example")
        form.didEditForm(edited)
        form.didPressDone()
        await work.waitUntilIdle()
        XCTAssertEqual(server.contacts.first { $0.id == 3 }?.email, "bayu@mail.example")
        XCTAssertEqual(server.contacts.first { $0.id == 3 }?.lastName, "Nugraha", "with the rest of what was typed")
        XCTAssertEqual(output.saved.map(\.email), ["bayu@mail.example"])
        let status = await service.obtainStatus()
        XCTAssertEqual(status, ContactOutboxStatus(), "the refused change is gone")
        XCTAssertEqual(router.calls.last, "close form")
    }

    /// A contact added offline: its page comes from the outbox and says it waits; a favourite goes
    /// into the waiting create.
    func testThePageOfAContactWaitingToBeCreatedSaysSo() async throws {
        let server = InMemoryContactsService()
        let service = try outboxed(server)
        server.fail("create", with: noConnection)
        let created = try await service.performCreate(ContactChanges(firstName: "Dewi", lastName: "Kusuma", email: "d@mail.example",
                                                                     phoneNumber: "+6281234567893", favorite: false))
        let work = WorkTracker(), router = RecordingContactsRouters(), output = RecordingDetailOutput()
        let page = ContactDetailPresenter(contact: created.summary,
                                          interactor: ContactDetailInteractor(service: service, images: FakeImageLoader(), opener: RecordingURLOpener()),
                                          router: router, work: work)
        page.output = output
        page.didLoad()
        await work.waitUntilIdle()
        XCTAssertEqual(page.viewModel.notice, "Added here; waiting to sync: it goes to the server when it answers.")
        page.didToggleFavorite()
        await work.waitUntilIdle()
        XCTAssertEqual(output.changed.last?.favorite, true)
        XCTAssertEqual(output.changed.last?.sync, .waiting(.create))
        XCTAssertEqual(server.calls.filter { if case .create = $0 { true } else { false } }.count, 1, "only the failed attempt")
        _ = await service.performSync()
        XCTAssertEqual(server.contacts.last?.fullName, "Dewi Kusuma")
        XCTAssertEqual(server.contacts.last?.favorite, true, "the favourite went with the create")
    }
}

/// The wait before a retry, held until a test opens it.
final class RetryGate: Sendable {
    private let state = Mutex<(isOpen: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    /// Opening lets every wait held so far, and every later one, pass.
    var isOpen: Bool {
        get { state.withLock { $0.isOpen } }
        set {
            let waiting = state.withLock { state in
                state.isOpen = newValue
                defer { if newValue { state.waiting = [] } }
                return newValue ? state.waiting : []
            }
            waiting.forEach { $0.resume() }
        }
    }

    /// Returns once the gate is open: a signal, not a poll.
    func pass() async {
        await withCheckedContinuation { continuation in
            let passes = state.withLock { state in
                if !state.isOpen { state.waiting.append(continuation) }
                return state.isOpen
            }
            if passes { continuation.resume() }
        }
    }
}
