import ContactsTesting
import Foundation
import ImageKitTesting
import Navigation
import NavigationTesting
import SystemActions
import SystemActionsTesting
import TerminalUI
import Synchronization
import XCTest
@testable import Contacts
import ContactsCore

// On Linux, XCTest calls a @MainActor test class's synchronous test methods off the main actor and
// crashes; every test method of a @MainActor class is therefore `async`.

@MainActor
final class RecordingContactsRouters: ContactListRouting, ContactDetailRouting, ContactFormRouting {
    var calls: [String] = []
    var detailOutputs: [any ContactDetailModuleOutput] = []
    var formOutputs: [any ContactFormModuleOutput] = []
    func openDetail(of contact: ContactSummary, output: any ContactDetailModuleOutput) {
        calls.append("detail \(contact.id)")
        detailOutputs.append(output)
    }
    func openAddForm(output: any ContactFormModuleOutput) {
        calls.append("add")
        formOutputs.append(output)
    }
    func openRefusedForm(_ refused: RefusedContactWrite, mode: ContactFormMode, output: any ContactFormModuleOutput) {
        calls.append("refused form \(refused.write.kind.rawValue) of \(refused.write.shown.fullName)")
        formOutputs.append(output)
    }
    func openEditForm(of contact: Contact, output: any ContactFormModuleOutput) {
        calls.append("edit \(contact.id)")
        formOutputs.append(output)
    }
    func openDeleteConfirmation(name: String, output: any ConfirmDialogOutput) { calls.append("confirm delete \(name)") }
    func closeDetail() { calls.append("close detail") }
    var copied: [String] = []
    var hasClipboard = true
    func openClipboard(with text: String) -> Bool {
        guard hasClipboard else { return false }
        copied.append(text)
        return true
    }
    func openDiscardConfirmation(output: any ConfirmDialogOutput) { calls.append("confirm discard") }
    func closeForm() { calls.append("close form") }
}

@MainActor
final class RecordingDetailOutput: ContactDetailModuleOutput, ContactFormModuleOutput {
    var changed: [Contact] = []
    var deleted: [Int] = []
    var saved: [Contact] = []
    func contactDetail(didChange contact: Contact) { changed.append(contact) }
    func contactDetail(didDelete id: Int) { deleted.append(id) }
    func contactForm(didSave contact: Contact) { saved.append(contact) }
}

extension ContactListViewModel {
    /// The rows as text: "A" for a header, "Name" or "Name ★" for a contact, "> " before the selected one.
    var lines: [String] {
        guard case .loaded(let rows, let selected, _) = content else { return [] }
        return rows.indices.map { index in
            switch rows[index] {
            case .header(let letter): return letter
            case .contact(let row): return (index == selected ? "> " : "") + row.name + (row.favorite ? " ★" : "")
            case .pending: return (index == selected ? "> " : "") + "…"
            }
        }
    }
}

/// A kept list's retries held at a gate until the test opens it, each wait recorded.
final class HeldRetries: Sendable {
    let gate = RetryGate()
    private let recorded = Mutex<[Duration]>([])
    var waits: [Duration] { recorded.withLock { $0 } }

    @MainActor
    func attach(to kept: KeptContent) {
        kept.wait = { [self] duration in
            recorded.withLock { $0.append(duration) }
            await gate.pass()
        }
    }
}

/// Keeps every view model the list presenter displayed, so a test reads the whole sequence the user saw.
@MainActor
final class RecordingContactListView: ModuleViewInput {
    var displayed: [ContactListViewModel] = []
    func display(_ viewModel: ContactListViewModel) { displayed.append(viewModel) }

    /// Each displayed state in a word or two ("loading", "failed: …", "14 rows, > Amitabh Bachchan ★, notice: …"),
    /// repeats collapsed: what the screen went through, not how often it was redrawn.
    var sequence: [String] {
        displayed.map { model -> String in
            switch model.content {
            case .loading: return "loading"
            case .failed(let message, _): return "failed: \(message)"
            case .loaded(let rows, _, _):
                let selected = model.lines.first { $0.hasPrefix("> ") } ?? "none"
                return "\(rows.count) rows, \(selected)" + (model.notice.map { ", notice: \($0)" } ?? "")
            }
        }.reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }
    }
}

@MainActor
final class ContactListPresenterTests: XCTestCase {
    private var view = RecordingContactListView()

    private func makePresenter(_ service: InMemoryContactsService = InMemoryContactsService())
        -> (ContactListPresenter, RecordingContactsRouters, WorkTracker) {
        let work = WorkTracker(), router = RecordingContactsRouters()
        let presenter = ContactListPresenter(interactor: ContactListInteractor(service: service, directory: FetchedContactDirectory(service: service), images: FakeImageLoader()), router: router, work: work)
        view = RecordingContactListView()
        presenter.view = view
        return (presenter, router, work)
    }

    func testContactsComeInAToZSectionsWithDigitsAndOtherScriptsUnderHashLast() async {
        let (presenter, _, work) = makePresenter()
        presenter.didLoad()
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.lines, [
            "A", "> Amitabh Bachchan ★", "anna Zed", "B", "bayu Nugroho", "E", "Émilie Rousseau", "L", "Łukasz Nowak",
            "Z", "Zoë Adams ★", "#", "24Seven Laundry", "Дмитрий Иванов",
        ])
        XCTAssertEqual(presenter.viewModel.title, "Contacts (8)")
    }

    func testSearchIgnoresCaseAndAccentsAndKeepsSections() async {
        let (presenter, _, work) = makePresenter()
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didEditSearch(SearchFieldState(query: "EMI", isEditing: true))
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.lines, ["E", "> Émilie Rousseau"])
        XCTAssertEqual(presenter.viewModel.title, "Contacts (1 of 8)")
        presenter.didEditSearch(SearchFieldState(query: "luk no", isEditing: true))
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.lines, ["L", "> Łukasz Nowak"], "every word matches first or last name")
        presenter.didEditSearch(SearchFieldState(query: "zzz", isEditing: true))
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.lines, [])
        XCTAssertEqual(presenter.viewModel.emptyMessage, "No contact matches “zzz”.")
        presenter.didEditSearch(SearchFieldState())
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.lines.count, 14)
    }

    /// Two changes saved before the list's next load starts (a detail's change, then a form's save in
    /// the same turn) are both handed to the directory: neither waits for a reload to show.
    func testTwoChangesBeforeALoadStartsAreBothApplied() async {
        let service = InMemoryContactsService()
        let (presenter, _, work) = makePresenter(service)
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.contactDetail(didChange: ContactsFixtures.contact(3, "Bayu", "Nugroho", favorite: true))
        presenter.contactForm(didSave: ContactsFixtures.contact(42, "Citra", "Kirana"))
        await work.waitUntilIdle()
        XCTAssertTrue(presenter.viewModel.lines.contains("Bayu Nugroho ★"), "\(presenter.viewModel.lines)")
        XCTAssertTrue(presenter.viewModel.lines.contains("> Citra Kirana"), "\(presenter.viewModel.lines)")
        XCTAssertEqual(service.calls, [.list], "no reload for either")
    }

    func testChangesFromOtherScreensAreAppliedWithoutAReload() async {
        let service = InMemoryContactsService()
        let (presenter, router, work) = makePresenter(service)
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didChooseRow(at: 4) // bayu
        XCTAssertEqual(router.calls, ["detail 3"])
        presenter.contactDetail(didChange: ContactsFixtures.contact(3, "Bayu", "Nugroho", favorite: true))
        await work.waitUntilIdle()
        XCTAssertTrue(presenter.viewModel.lines.contains("> Bayu Nugroho ★"))
        // A new name moves the contact to its new section, still selected.
        presenter.contactDetail(didChange: ContactsFixtures.contact(3, "Yusuf", "Nugroho"))
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.lines, ["A", "Amitabh Bachchan ★", "anna Zed", "E", "Émilie Rousseau", "L", "Łukasz Nowak",
                                                   "Y", "> Yusuf Nugroho", "Z", "Zoë Adams ★", "#", "24Seven Laundry", "Дмитрий Иванов"])
        presenter.contactDetail(didDelete: 3)
        await work.waitUntilIdle()
        XCTAssertFalse(presenter.viewModel.lines.contains { $0.contains("Yusuf") })
        XCTAssertEqual(presenter.viewModel.notice, "Deleted Yusuf Nugroho.")
        presenter.didPressAdd()
        presenter.contactForm(didSave: ContactsFixtures.contact(42, "Citra", "Kirana"))
        await work.waitUntilIdle()
        XCTAssertTrue(presenter.viewModel.lines.contains("> Citra Kirana"), "the new contact is selected")
        XCTAssertEqual(router.calls, ["detail 3", "add"])
        XCTAssertEqual(service.calls, [.list], "no reload for any of it")
        XCTAssertEqual(view.sequence, [
            "loading", "14 rows, > Amitabh Bachchan ★", "14 rows, > bayu Nugroho", "14 rows, > Bayu Nugroho ★", "14 rows, > Yusuf Nugroho",
            "12 rows, > Zoë Adams ★, notice: Deleted Yusuf Nugroho.", "14 rows, > Citra Kirana, notice: Saved Citra Kirana.",
        ], "every state the screen went through, each change applied in place")
    }

    func testAFailedLoadShowsTheReasonAndARetryLoads() async {
        let service = InMemoryContactsService()
        service.fail("list", with: .unavailable(.noConnection(endpoint: "127.0.0.1:9")))
        let (presenter, _, work) = makePresenter(service)
        presenter.didLoad()
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.content, .failed(message: "No connection to 127.0.0.1:9 — is the server running?"))
        presenter.didRequestReload()
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.lines.count, 14)
        // A failed reload keeps the list and says so.
        service.fail("list", with: .unavailable(.status(code: 500)))
        presenter.didRequestReload()
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.lines.count, 14)
        XCTAssertEqual(presenter.viewModel.notice, "Not reloaded: The server answered 500 Internal Server Error.")
        XCTAssertEqual(view.sequence, [
            "loading", "failed: No connection to 127.0.0.1:9 — is the server running?", "loading", "14 rows, > Amitabh Bachchan ★",
            "14 rows, > Amitabh Bachchan ★, notice: Not reloaded: The server answered 500 Internal Server Error.",
        ], "a retry shows the spinner; a reload keeps the list on screen while it loads")
    }

    func testAnEmptyAddressBookSaysHowToAddOne() async {
        let (presenter, _, work) = makePresenter(InMemoryContactsService(contacts: []))
        presenter.didLoad()
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.lines, [])
        XCTAssertEqual(presenter.viewModel.emptyMessage, "No contacts yet. Press a to add one.")
        XCTAssertEqual(presenter.viewModel.title, "Contacts (0)")
    }

    /// The list holds a page around the screen, not the address book: a jump far down shows its rows
    /// waiting for a moment, then the page around them; a search keeps the selected contact.
    func testAJumpFarDownFetchesThePageAroundTheScreen() async {
        let people = (1...1_000).map { ContactsFixtures.contact($0, "Name" + String(format: "%04d", $0), "Family") }
        let (presenter, router, work) = makePresenter(InMemoryContactsService(contacts: people))
        presenter.didLoad()
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.title, "Contacts (1000)")
        XCTAssertEqual(presenter.rowCount, 1_001)
        XCTAssertEqual(presenter.viewModel.lines.filter { $0.hasSuffix("…") }.count, 1_000 - ContactListPresenter.pageSize)
        presenter.didChangeSelection(to: 1_000, firstVisibleRow: 990, visibleRows: 990..<1_001)
        XCTAssertEqual(presenter.viewModel.lines.last, "> …", "the row waits for its page")
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.lines.last, "> Name1000 Family")
        presenter.didChooseRow(at: 1_000)
        XCTAssertEqual(router.calls, ["detail 1000"])
        presenter.didEditSearch(SearchFieldState(query: "fam", isEditing: true))
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.title, "Contacts (1000 of 1000)")
        XCTAssertEqual(presenter.viewModel.lines.first { $0.hasPrefix("> ") }, "> Name1000 Family", "the search keeps the selected contact")
        presenter.didEditSearch(SearchFieldState(query: "name05", isEditing: true))
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.title, "Contacts (100 of 1000)")
        XCTAssertEqual(presenter.viewModel.lines.prefix(2), ["N", "> Name0500 Family"], "the first match when the selected one is gone")
    }

    /// A server that cannot be reached: the list kept from the last good answer stands in with
    /// "Offline — as of", the list asks again by itself after 2, 4… s, and a fresh answer ends it.
    func testAKeptListStandsInWithTheOfflineNoticeAndAsksAgain() async {
        let service = InMemoryContactsService()
        let storedAt = Date(timeIntervalSince1970: 1_764_100_000)
        service.answerListsAsKept(since: [storedAt, storedAt, nil])
        let (presenter, _, work) = makePresenter(service)
        // Held until the test has read the first answer's screen.
        let retries = HeldRetries()
        retries.attach(to: presenter.kept)
        presenter.kept.timeZone = TimeZone(identifier: "UTC")!
        presenter.kept.now = { storedAt }
        presenter.didLoad()
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.lines.count, 14)
        XCTAssertEqual(presenter.viewModel.notice, "Offline — as of 19:46 (r retries)")
        retries.gate.isOpen = true
        // The retries run by themselves: the second answer is kept too, the third fresh.
        await waitUntil("the retries asked twice more") { service.calls.count >= 3 }
        await work.waitUntilIdle()
        XCTAssertEqual(service.calls, [.list, .list, .list])
        XCTAssertEqual(retries.waits, [.seconds(2), .seconds(4)])
        XCTAssertNil(presenter.viewModel.notice, "a fresh answer ends the notice")
    }

    /// The loader's source is the directory: a search in a kept list asks the server nothing and
    /// leaves the retry's waits as they are (it says nothing new of the server); the retry, when it
    /// comes, reads the contacts again for the search typed.
    func testASearchInAKeptListAsksNothingAndTheRetryKeepsTheSearch() async {
        let service = InMemoryContactsService()
        let storedAt = Date(timeIntervalSince1970: 1_764_100_000)
        service.answerListsAsKept(since: [storedAt, nil])
        let (presenter, _, work) = makePresenter(service)
        // Held until the test has read the first answer's screen.
        let retries = HeldRetries()
        retries.attach(to: presenter.kept)
        presenter.didLoad()
        await work.waitUntilIdle()
        XCTAssertNotNil(presenter.kept.storedAt)
        presenter.didEditSearch(SearchFieldState(query: "bayu", isEditing: true))
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.lines, ["B", "> bayu Nugroho"])
        XCTAssertEqual(service.calls, [.list], "the search is the directory's: nothing asked of the server")
        XCTAssertEqual(retries.waits, [.seconds(2)], "one wait, not restarted by the search")
        XCTAssertEqual(presenter.kept.storedAt, storedAt, "still the kept list")
        retries.gate.isOpen = true
        await waitUntil("the retry asked again") { service.calls.count >= 2 }
        await work.waitUntilIdle()
        XCTAssertEqual(service.calls, [.list, .list])
        XCTAssertNil(presenter.kept.storedAt, "the fresh answer ends the notice")
        XCTAssertEqual(presenter.viewModel.lines, ["B", "> bayu Nugroho"], "the retry answers the search typed")
    }

    /// `r` under a filter reads the contacts again and shows the filter's rows, the selection on its contact.
    func testAReloadUnderAFilterKeepsTheFilterAndTheSelection() async throws {
        let service = InMemoryContactsService()
        let (presenter, _, work) = makePresenter(service)
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didEditSearch(SearchFieldState(query: "a", isEditing: false))
        await work.waitUntilIdle()
        let rows = presenter.viewModel.lines
        let target = try XCTUnwrap(rows.lastIndex { !$0.hasPrefix("> ") && $0.count > 1 })
        presenter.didChangeSelection(to: target, firstVisibleRow: 0, visibleRows: 0..<rows.count)
        let selected = presenter.viewModel.lines[target]
        presenter.didRequestReload()
        await work.waitUntilIdle()
        XCTAssertEqual(service.calls, [.list, .list], "the reload read the contacts again")
        XCTAssertEqual(presenter.viewModel.search.query, "a")
        XCTAssertEqual(presenter.viewModel.lines.map { $0.replacingOccurrences(of: "> ", with: "") }, rows.map { $0.replacingOccurrences(of: "> ", with: "") })
        XCTAssertEqual(presenter.viewModel.lines[target], selected, "the selection stays on its contact")
    }

    func testHeadersCannotBeChosenOrTouched() async {
        let (presenter, router, work) = makePresenter()
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didTouchRow(at: 0)
        presenter.didChooseRow(at: 3)
        XCTAssertNil(presenter.viewModel.touchedIndex)
        XCTAssertEqual(router.calls, [])
    }
}

@MainActor
final class ContactDetailPresenterTests: XCTestCase {
    private func makePresenter(_ service: InMemoryContactsService = InMemoryContactsService(), id: Int = 1,
                               opener: RecordingURLOpener = RecordingURLOpener())
        -> (ContactDetailPresenter, RecordingContactsRouters, RecordingDetailOutput, WorkTracker) {
        let work = WorkTracker(), router = RecordingContactsRouters(), output = RecordingDetailOutput()
        let summary = service.contacts.first { $0.id == id }?.summary ?? ContactSummary(id: id, firstName: "?", lastName: "?")
        let presenter = ContactDetailPresenter(contact: summary, interactor: ContactDetailInteractor(service: service, images: FakeImageLoader(),
                                                                                                   opener: opener),
                                               router: router, work: work)
        presenter.output = output
        return (presenter, router, output, work)
    }

    /// `y` copies what the focused button is about: the mobile, the email, else the name.
    func testCopyTakesTheFocusedValue() async {
        let (presenter, router, _, work) = makePresenter()
        presenter.didLoad()
        await work.waitUntilIdle()
        let contact = ContactsFixtures.people[0]
        presenter.didPressButton(at: 0) // message: focus on it (the opener is a recorder)
        await work.waitUntilIdle()
        presenter.didRequestCopy()
        presenter.didMoveFocus(by: 2) // email
        presenter.didRequestCopy()
        presenter.didMoveFocus(by: 2) // edit
        presenter.didRequestCopy()
        XCTAssertEqual(router.copied, [contact.phoneNumber ?? "", contact.email ?? "", contact.fullName])
        XCTAssertEqual(presenter.viewModel.notice, "Copied “\(contact.fullName)”")
        router.hasClipboard = false
        presenter.didRequestCopy()
        XCTAssertEqual(presenter.viewModel.notice, NavigationTexts.english.noClipboard)
        XCTAssertTrue(presenter.viewModel.noticeIsError)
    }

    private func page(_ presenter: ContactDetailPresenter) -> ContactDetailViewModel.Page? {
        if case .loaded(let page) = presenter.viewModel.content { return page }
        return nil
    }

    func testTheFavoriteIsSavedAtOnceAndReportedToTheList() async throws {
        let service = InMemoryContactsService()
        let (presenter, _, output, work) = makePresenter(service, id: 3)
        presenter.didLoad()
        await work.waitUntilIdle()
        XCTAssertEqual(page(presenter)?.favorite, false)
        presenter.didToggleFavorite()
        XCTAssertEqual(page(presenter)?.isBusy, true)
        await work.waitUntilIdle()
        XCTAssertEqual(page(presenter)?.favorite, true)
        XCTAssertEqual(presenter.viewModel.notice, "Added to favourites.")
        XCTAssertEqual(service.calls.last, .update(3, ContactChanges(favorite: true)))
        XCTAssertEqual(output.changed.map(\.favorite), [true])
    }

    func testAFailedFavoriteSaysWhyAndChangesNothing() async throws {
        let service = InMemoryContactsService()
        service.fail("update", with: .unavailable(.timeout(seconds: 2)))
        let (presenter, _, output, work) = makePresenter(service, id: 3)
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didToggleFavorite()
        await work.waitUntilIdle()
        XCTAssertEqual(page(presenter)?.favorite, false)
        XCTAssertEqual(presenter.viewModel.notice, "The favourite was not saved: The server took longer than 2 s to answer.")
        XCTAssertTrue(presenter.viewModel.noticeIsError)
        XCTAssertEqual(output.changed, [])
    }

    func testActionsOpenValidatedLinksAndSayWhatHappened() async throws {
        let opener = RecordingURLOpener()
        let service = InMemoryContactsService(contacts: [
            ContactsFixtures.contact(1, "Amitabh", "Bachchan", email: "ab@bachchan.example", phone: "+91 99801 23412"),
            ContactsFixtures.contact(2, "No", "Phone", email: "$(reboot)@evil.example", phone: nil),
            ContactsFixtures.contact(3, "Hostile", "Phone", email: nil, phone: "123;$(reboot)"),
        ])
        let (presenter, _, _, work) = makePresenter(service, id: 1, opener: opener)
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didPressAction(.call)
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.notice, "Calling: tel:+919980123412")
        presenter.didPressButton(at: 0) // message
        await work.waitUntilIdle()
        presenter.didPressAction(.email)
        await work.waitUntilIdle()
        XCTAssertEqual(opener.actions.map(\.description), ["tel:+919980123412", "sms:+919980123412", "mailto:ab@bachchan.example"])

        for id in [2, 3] {
            let (other, _, _, otherWork) = makePresenter(service, id: id, opener: opener)
            other.didLoad()
            await otherWork.waitUntilIdle()
            other.didPressAction(.call)
            await otherWork.waitUntilIdle()
            XCTAssertTrue(other.viewModel.noticeIsError)
            other.didPressAction(.email)
            await otherWork.waitUntilIdle()
            XCTAssertTrue(other.viewModel.noticeIsError, "\(String(describing: other.viewModel.notice))")
        }
        XCTAssertEqual(opener.actions.count, 3, "nothing hostile or missing reached the opener")
    }

    func testWithoutADesktopTheLinkIsShown() async {
        let opener = RecordingURLOpener(answer: .unavailable(message: "No desktop opener; the link is: tel:+6281234567890"))
        let (presenter, _, _, work) = makePresenter(opener: opener)
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didPressAction(.call)
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.notice, "No desktop opener; the link is: tel:+6281234567890")
    }

    func testDeleteAsksThenDeletesAndCloses() async {
        let service = InMemoryContactsService()
        let (presenter, router, output, work) = makePresenter(service, id: 2)
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didRequestDelete()
        XCTAssertEqual(router.calls, ["confirm delete Émilie Rousseau"])
        presenter.confirmDialog(ContactDetailRouter.deleteDialogID, didFinish: false)
        XCTAssertEqual(service.contacts.count, 8, "cancel deletes nothing")
        presenter.confirmDialog(ContactDetailRouter.deleteDialogID, didFinish: true)
        await work.waitUntilIdle()
        XCTAssertEqual(service.contacts.count, 7)
        XCTAssertEqual(output.deleted, [2])
        XCTAssertEqual(router.calls.last, "close detail")
    }

    func testAFailedDeleteStaysOnThePage() async {
        let service = InMemoryContactsService()
        service.fail("delete", with: .unavailable(.status(code: 500)))
        let (presenter, router, output, work) = makePresenter(service, id: 2)
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.confirmDialog(ContactDetailRouter.deleteDialogID, didFinish: true)
        await work.waitUntilIdle()
        XCTAssertEqual(output.deleted, [])
        XCTAssertFalse(router.calls.contains("close detail"))
        XCTAssertEqual(presenter.viewModel.notice, "The contact was not deleted: The server answered 500 Internal Server Error.")
    }

    func testAnEditSavedInTheFormShowsAndReachesTheList() async {
        let (presenter, router, output, work) = makePresenter()
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didRequestEdit()
        XCTAssertEqual(router.calls, ["edit 1"])
        let edited = ContactsFixtures.contact(1, "Amit", "Bachchan", favorite: true)
        presenter.contactForm(didSave: edited)
        XCTAssertEqual(page(presenter)?.name, "Amit Bachchan")
        XCTAssertEqual(output.changed, [edited])
    }

    func testAContactDeletedElsewhereSaysSo() async {
        let (presenter, _, _, work) = makePresenter(id: 99)
        presenter.didLoad()
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.content, .failed(message: "This contact no longer exists."))
    }
}

@MainActor
final class ContactFormPresenterTests: XCTestCase {
    private var photoPath: String!
    private var directory: URL!

    override func setUp() async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("contact-form-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        photoPath = directory.appendingPathComponent("me.png").path
        try ImageFixtures.tinyPNG.write(to: URL(fileURLWithPath: photoPath))
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func makePresenter(_ mode: ContactFormMode, service: InMemoryContactsService = InMemoryContactsService())
        -> (ContactFormPresenter, RecordingContactsRouters, RecordingDetailOutput, WorkTracker) {
        let work = WorkTracker(), router = RecordingContactsRouters(), output = RecordingDetailOutput()
        let presenter = ContactFormPresenter(mode: mode, interactor: ContactFormInteractor(service: service, images: FakeImageLoader()),
                                             router: router, work: work)
        presenter.output = output
        return (presenter, router, output, work)
    }

    private func type(_ values: [String], into presenter: ContactFormPresenter) {
        var form = presenter.viewModel.form
        for (index, value) in values.enumerated() { form.fields[index].state.setText(value) }
        presenter.didEditForm(form)
    }

    private func messages(_ presenter: ContactFormPresenter) -> [String?] { presenter.viewModel.form.fields.map(\.message) }

    func testAddingNeedsEveryFieldAndNamesEachOne() async {
        let service = InMemoryContactsService()
        let (presenter, router, _, work) = makePresenter(.add, service: service)
        presenter.didLoad()
        XCTAssertEqual(presenter.viewModel.form.focus, 0, "the focus starts on the first name")
        XCTAssertEqual(presenter.viewModel.form.fields.map(\.id), ["first_name", "last_name", "phone_number", "email", "profile_pic"])
        presenter.didPressDone()
        await work.waitUntilIdle()
        XCTAssertEqual(messages(presenter), ["First name can't be blank", "Last name can't be blank", "Mobile can't be blank",
                                             "Email can't be blank", "Photo can't be blank: type the path of a JPEG or PNG file"])
        type(["A", "Lestari", "12-34", "ayu@", "/nowhere/x.png"], into: presenter)
        presenter.didPressDone()
        await work.waitUntilIdle()
        XCTAssertEqual(messages(presenter), ["First name is too short (minimum is 2 characters)", nil, "Phone number is invalid",
                                             "Email is invalid", "Photo: there is no file at this path"])
        XCTAssertEqual(presenter.viewModel.form.values["last_name"], "Lestari", "nothing typed is lost")
        XCTAssertEqual(service.calls, [], "local rules first: nothing was sent")
        XCTAssertEqual(router.calls, [])
    }

    func testAValidNewContactIsSavedWithItsPhotoAndTheFormCloses() async throws {
        let service = InMemoryContactsService()
        let (presenter, router, output, work) = makePresenter(.add, service: service)
        presenter.didLoad()
        type(["Ayu", "Lestari", "+6281234567890", "ayu@mail.example", photoPath], into: presenter)
        await work.waitUntilIdle()
        guard case .loaded = presenter.viewModel.preview else { return XCTFail("no preview: \(presenter.viewModel.preview)") }
        presenter.didPressDone()
        XCTAssertTrue(presenter.viewModel.form.isSaving)
        await work.waitUntilIdle()
        guard case .create(let changes) = service.calls.last else { return XCTFail("\(service.calls)") }
        XCTAssertEqual(changes.photo, PhotoUpload(filename: "me.png", contentType: "image/png", data: ImageFixtures.tinyPNG, sourcePath: photoPath),
                       "with the path as typed, for the form a refusal brings back")
        XCTAssertEqual(output.saved.map(\.fullName), ["Ayu Lestari"])
        XCTAssertEqual(router.calls, ["close form"])
    }

    /// 422 from the server: its messages under their fields, the others in the notice, every value kept.
    func testServerRefusalsGoUnderTheirFields() async {
        let service = InMemoryContactsService()
        service.fail("create", with: .invalid(["Email is invalid", "Profile pic has contents that are not what they are reported to be",
                                               "Base quota exceeded"]))
        let (presenter, router, _, work) = makePresenter(.add, service: service)
        presenter.didLoad()
        type(["Ayu", "Lestari", "+6281234567890", "ayu@mail.example", photoPath], into: presenter)
        presenter.didPressDone()
        await work.waitUntilIdle()
        XCTAssertEqual(messages(presenter), [nil, nil, nil, "Email is invalid", "Profile pic has contents that are not what they are reported to be"])
        XCTAssertEqual(presenter.viewModel.notice, "Not saved: Base quota exceeded")
        XCTAssertEqual(presenter.viewModel.form.focus, 3, "the focus goes where the user has to act")
        XCTAssertEqual(presenter.viewModel.form.values["email"], "ayu@mail.example")
        XCTAssertFalse(presenter.viewModel.form.isSaving)
        XCTAssertEqual(router.calls, [])
    }

    /// 500, a timeout, a server gone: the form stays with every value, and ctrl-s again saves.
    func testAFailedSaveKeepsEverythingAndARetrySaves() async {
        let service = InMemoryContactsService()
        service.fail("create", with: .unavailable(.timeout(seconds: 2)))
        let (presenter, router, output, work) = makePresenter(.add, service: service)
        presenter.didLoad()
        let typed = ["Ayu", "Lestari", "+6281234567890", "ayu@mail.example", photoPath!]
        type(typed, into: presenter)
        presenter.didPressDone()
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.form.fields.map(\.text), typed)
        XCTAssertEqual(presenter.viewModel.notice, "Not saved: The server took longer than 2 s to answer. Your values are kept; ctrl-s tries again.")
        XCTAssertEqual(router.calls, [])
        presenter.didPressDone()
        await work.waitUntilIdle()
        XCTAssertEqual(output.saved.count, 1)
        XCTAssertEqual(router.calls, ["close form"])
    }

    func testAnEditSendsOnlyWhatChanged() async {
        let service = InMemoryContactsService()
        let contact = ContactsFixtures.contact(3, "bayu", "Nugroho")
        let (presenter, router, output, work) = makePresenter(.edit(contact), service: service)
        presenter.didLoad()
        XCTAssertEqual(presenter.viewModel.form.fields.map(\.text), ["bayu", "Nugroho", "+6281234567890", "x@y.example", ""])
        presenter.didPressDone()
        await work.waitUntilIdle()
        XCTAssertEqual(router.calls, ["close form"], "no change: nothing to send")
        XCTAssertEqual(service.calls, [])
        type(["Bayu", "Nugroho", "+6281234567890", "x@y.example", ""], into: presenter)
        presenter.didPressDone()
        await work.waitUntilIdle()
        XCTAssertEqual(service.calls, [.update(3, ContactChanges(firstName: "Bayu"))])
        XCTAssertEqual(output.saved.map(\.firstName), ["Bayu"])
    }

    func testCancelAsksOnlyWhenSomethingChanged() async {
        let (presenter, router, _, _) = makePresenter(.add)
        presenter.didLoad()
        presenter.didPressCancel()
        XCTAssertEqual(router.calls, ["close form"])
        type(["Ayu"], into: presenter)
        presenter.didPressCancel()
        XCTAssertEqual(router.calls, ["close form", "confirm discard"])
        presenter.confirmDialog(ContactFormRouter.discardDialogID, didFinish: false)
        XCTAssertEqual(presenter.viewModel.form.values["first_name"], "Ayu", "keep editing keeps the values")
        presenter.confirmDialog(ContactFormRouter.discardDialogID, didFinish: true)
        XCTAssertEqual(router.calls, ["close form", "confirm discard", "close form"])
    }
}

/// The races of asynchronous answers, with calls held open and released in a chosen order.
@MainActor
final class ContactsRaceTests: XCTestCase {
    /// Waits until `count` calls have started; fails (instead of hanging) when they do not within 5 s.
    private func started(_ held: HeldOpenCalls, _ count: Int, file: StaticString = #filePath, line: UInt = #line) async {
        let deadline = ContinuousClock.now + .seconds(5)
        while held.startedCount < count {
            if ContinuousClock.now > deadline { return XCTFail("call \(count) never started", file: file, line: line) }
            await Task.yield()
        }
    }

    /// `r` then `f` on the page: the reload asked before the save must not land over it.
    func testAStaleReloadDoesNotRevertASavedFavorite() async {
        let held = HeldOpenCalls()
        let service = InMemoryContactsService(heldOpen: held)
        let work = WorkTracker(), output = RecordingDetailOutput()
        let presenter = ContactDetailPresenter(contact: service.contacts[2].summary,
                                               interactor: ContactDetailInteractor(service: service, images: FakeImageLoader(),
                                                                                   opener: RecordingURLOpener()),
                                               router: RecordingContactsRouters(), work: work)
        presenter.output = output
        presenter.didLoad()
        held.release(1)
        await started(held, 1)
        await work.waitUntilIdle()
        presenter.didRequestReload()     // call 2: the contact as it is now (not a favorite), answered late
        await started(held, 2)
        presenter.didToggleFavorite()    // call 3: the save
        await started(held, 3)
        held.release(3)
        held.release(2)
        await work.waitUntilIdle()
        guard case .loaded(let page) = presenter.viewModel.content else { return XCTFail("\(presenter.viewModel)") }
        XCTAssertTrue(page.favorite, "the older reload did not undo the save")
        XCTAssertEqual(output.changed.map(\.favorite), [true])
    }

    /// The page closed while the favourite is saving: the list still hears of the saved change.
    func testASaveFinishingAfterThePageClosedStillReachesTheList() async {
        let held = HeldOpenCalls()
        let service = InMemoryContactsService(heldOpen: held)
        let work = WorkTracker(), output = RecordingDetailOutput()
        var presenter: ContactDetailPresenter? = ContactDetailPresenter(
            contact: service.contacts[2].summary,
            interactor: ContactDetailInteractor(service: service, images: FakeImageLoader(), opener: RecordingURLOpener()),
            router: RecordingContactsRouters(), work: work)
        presenter?.output = output
        presenter?.didLoad()
        held.release(1)
        await work.waitUntilIdle()
        presenter?.didToggleFavorite()
        await started(held, 2)
        weak let closed = presenter
        presenter = nil                  // esc: the page is gone
        XCTAssertNil(closed)
        held.release(2)
        await work.waitUntilIdle()
        XCTAssertEqual(output.changed.map(\.id), [3])
        XCTAssertEqual(output.changed.first?.favorite, true)
    }

    /// A search typed while the list first loads (a slow server, issue 47, 4.1): the list that lands is
    /// the search's, with its count; the whole list is never shown under the query.
    func testASearchTypedWhileTheListFirstLoadsFiltersItWhenItLands() async {
        let held = HeldOpenCalls()
        let service = InMemoryContactsService(heldOpen: held)
        let work = WorkTracker(), view = RecordingContactListView()
        let presenter = ContactListPresenter(interactor: ContactListInteractor(service: service, directory: FetchedContactDirectory(service: service), images: FakeImageLoader()),
                                             router: RecordingContactsRouters(), work: work)
        presenter.view = view
        presenter.didLoad()
        await started(held, 1)
        presenter.didEditSearch(SearchFieldState(query: "EMI", isEditing: true))
        XCTAssertEqual(view.displayed.last?.search.query, "EMI", "the query is shown while the list loads")
        held.release(1)
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.lines, ["E", "> Émilie Rousseau"])
        XCTAssertEqual(presenter.viewModel.title, "Contacts (1 of 8)")
        XCTAssertEqual(view.sequence, ["loading", "2 rows, > Émilie Rousseau"], "the whole list was never shown under the query")
        XCTAssertEqual(service.calls, [.list], "the server is asked once")
    }

    /// A change saved while the list reloads: the reload asked before it is replaced by a new one.
    func testAChangeDuringAReloadIsNotOverwrittenByIt() async {
        let held = HeldOpenCalls()
        let service = InMemoryContactsService(heldOpen: held)
        let work = WorkTracker()
        let presenter = ContactListPresenter(interactor: ContactListInteractor(service: service, directory: FetchedContactDirectory(service: service), images: FakeImageLoader()),
                                             router: RecordingContactsRouters(), work: work)
        presenter.didLoad()
        held.release(1)
        await work.waitUntilIdle()
        presenter.didRequestReload()     // call 2: the list before the change, answered late
        await started(held, 2)
        held.release(3)                  // call 3, the save made on the page, answers at once
        _ = try? await service.performUpdate(id: 3, ContactChanges(favorite: true))
        presenter.contactDetail(didChange: ContactsFixtures.contact(3, "bayu", "Nugroho", favorite: true))
        await started(held, 4) // the restarted reload
        held.release(2)
        held.release(4)
        await work.waitUntilIdle()
        XCTAssertTrue(presenter.viewModel.lines.contains { $0.hasSuffix("bayu Nugroho ★") }, "\(presenter.viewModel.lines)")
    }
}
