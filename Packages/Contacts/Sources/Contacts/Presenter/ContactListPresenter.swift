import ContactsCore
import Foundation
import ImageKit
import PictureUI
import Navigation
import TerminalUI

/// A load of the home list, with the search it answers (a query typed meanwhile asks again).
struct ContactListAnswer: Sendable {
    var load: ContactsLoad
    var query: String
}

@MainActor
protocol ContactListViewOutput: FilteredListViewOutput {
    func didPressAdd()
}

/// Owns the home list: the sections of the address book or of a search, the page of contacts
/// around the rows on screen (the directory pages a store or a fetched list, so a key press costs
/// what the screen shows), the selection, the touch and the pictures on screen. Changes saved on
/// other screens arrive through the module outputs; the list then asks for its sections and page again.
@MainActor
final class ContactListPresenter: ContactListViewOutput, ContactDetailModuleOutput, ContactFormModuleOutput, ListPresenting, ModulePresenting {
    weak var view: (any ModuleViewInput<ContactListViewModel>)?
    let interactor: ContactListInteractor
    private let router: any ContactListRouting
    private let work: WorkTracker

    /// The list as it loads (the shared loader: the latest load wins, a kept list stands in and is
    /// asked again). Its source is the directory: the sections of the search and the page around the
    /// contact to keep selected, with the outbox's changes on them (``obtainAnswer()``).
    private(set) lazy var loader = ContentLoader<ContactListAnswer, ContactsError>(work: work)
    /// The sections of `shownQuery`'s contacts, as last shown (nil before the first answer for the
    /// query typed): a failed reload keeps them on screen.
    private var shownIndex: ContactIndex?
    private var rowMap = SectionedRows.empty
    /// The contacts around the rows on screen; rows outside it show as waiting until their page comes.
    private lazy var pages = PageLoader<ContactSummary>(size: Self.pageSize, work: work)
    /// The query `shownIndex` and `page` are for (the search field may be ahead while an answer is on its way).
    private var shownQuery = ""
    /// The next load reads the contacts again from where they live (a launch, a reload, changes
    /// synced); one on its way that a later load replaces is carried over to it.
    private var needsRefresh = false
    /// What the next load keeps selected instead of the selection (a contact saved, the neighbour of
    /// one deleted), and the changes it hands the directory first (every one, in order: two saved
    /// before a load starts are both noted).
    private var nextLocating: Int?
    private var pendingChanges: [ContactDirectoryChange] = []
    private var search = SearchFieldState()
    var list = ListState(visibleRows: 0..<ContactListPresenter.initialVisibleRows)
    var rowCount: Int { rowMap.rowCount }
    private var notice: String?
    private lazy var images = makeImages(work: work) { [interactor] in try await interactor.obtainImage(at: $0) }
    /// The offline notice and the retries while a list kept from an earlier run stands in (a server's list).
    var kept: KeptContent { loader.kept }
    /// The changes waiting in the outbox for the server, sent and asked again for.
    private lazy var outbox: ContactOutboxSync = {
        let outbox = ContactOutboxSync(interactor: interactor, work: work)
        outbox.reload = { [weak self] notice in self?.reload(saying: notice) }
        outbox.changed = { [weak self] in self?.publish() }
        return outbox
    }()
    /// Asking again for the changes waiting (the outbox's retries).
    var syncRetry: KeptContent { outbox.retry }
    /// The next reload keeps the notice (it says what made the reload: changes synced, a refused one saved).
    private var keepsNotice = false

    /// Rows whose pictures load before the view has reported what is on screen.
    static let initialVisibleRows = 16
    /// Pictures of this many rows before and after the screen load too.
    static let imageMarginRows = 4
    /// Contacts per page: a few screens, so that moving through the list rarely waits for one.
    static let pageSize = 160

    init(interactor: ContactListInteractor, router: any ContactListRouting, work: WorkTracker) {
        self.interactor = interactor
        self.router = router
        self.work = work
    }

    // MARK: View events

    func didLoad() {
        needsRefresh = true
        loader.start(kept: { nil }, obtain: { [weak self] in
            await self?.obtainAnswer() ?? .failure(.unavailable(.cancelled))
        }, willLoad: { [weak self] in
            // A reload tries the pictures that failed again; a search does not.
            if self?.needsRefresh == true { self?.images.retryFailed() }
        }, show: { [weak self] in self?.apply($0) }, failed: { [weak self] in self?.loadFailed($0) },
        publish: { [weak self] in self?.publish() })
    }

    func didRequestReload() {
        outbox.reloadRequested()
        needsRefresh = true
        loader.reload()
    }

    /// Contacts, not the section headers.
    func isSelectableRow(_ index: Int) -> Bool { rowMap.position(atRow: index) != nil }

    func didChangeSelection(to index: Int, firstVisibleRow row: Int, visibleRows rows: Range<Int>) {
        guard selectRow(index, firstVisibleRow: row, visibleRows: rows) != nil else { return }
        publish()
        obtainPageOnScreen()
        showImages()
    }

    func didChooseRow(at index: Int) {
        guard let position = rowMap.position(atRow: index), let contact = pages[position] else { return didCancelTouch() }
        notice = nil
        chooseRow(index)
        guard case .refused? = contact.sync else { return router.openDetail(of: contact, output: self) }
        // A change the server refused comes back to the form as it was typed, with the server's messages.
        work.runLatest(WorkKey(self, "refused"), { [interactor] in
            await interactor.obtainRefusedWrite(contactID: contact.id)
        }, then: { [weak self] refused in
            guard let self else { return }
            guard let refused else { return self.router.openDetail(of: contact, output: self) }
            // An edit the server refused is the same edit again, of the contact as the server has it now;
            // a create, or an edit of a contact deleted meanwhile, adds the contact.
            let mode: ContactFormMode = if refused.write.kind == .update, refused.refusal != .gone, let edited = refused.editedContact {
                .edit(edited)
            } else {
                .add
            }
            self.router.openRefusedForm(refused, mode: mode, output: self)
        })
    }

    func didEditSearch(_ newSearch: SearchFieldState) {
        let queryChanged = newSearch.query != search.query
        search = newSearch
        publish()
        // While the first list is on its way the query waits for it (a slow server is asked once).
        guard shownIndex != nil, queryChanged else { return }
        load(refresh: false, keeping: nil)
    }

    func didPressAdd() {
        notice = nil
        router.openAddForm(output: self)
    }

    // MARK: Module outputs

    func contactDetail(didChange contact: Contact) {
        load(refresh: false, keeping: contact.id, noting: .saved(contact.summary))
        outbox.send(ifWaiting: contact, serverReachable: kept.storedAt == nil)
    }

    func contactDetail(didDelete id: Int) {
        // The selection stays where it was: on the next contact, else the one before.
        let position = rowMap.position(atRow: list.selectedIndex) ?? 0
        let name = pages[position].map { $0.id == id ? $0.fullName : nil } ?? nil
        let neighbour = pages[position + 1] ?? pages[position - 1]
        notice = name.map(ContactsTexts.deleted)
        load(refresh: false, keeping: neighbour?.id, noting: .deleted(id: id))
    }

    func contactForm(didSave contact: Contact) {
        notice = contact.sync == nil ? ContactsTexts.saved(contact.fullName) : ContactsTexts.savedWaiting(contact.fullName)
        load(refresh: false, keeping: contact.id, noting: .saved(contact.summary))
        outbox.send(ifWaiting: contact, serverReachable: kept.storedAt == nil)
    }

    func contactForm(didResolveRefusedChange contact: Contact?) {
        if let contact {
            notice = contact.sync == nil ? ContactsTexts.saved(contact.fullName) : ContactsTexts.savedWaiting(contact.fullName)
        }
        // The refused change's row goes (a new change, or none, stands for it): the list is read again.
        keepsNotice = contact != nil
        load(refresh: true, keeping: contact?.id ?? selectedContactID)
    }

    // MARK: Loading

    /// Loads the sections of the search and the page around `id` (else the selection), after handing a
    /// saved `change` to the directory; `refresh` reads the contacts again from where they live first
    /// (one on its way is asked again after a change, whose answer may predate the change).
    private func load(refresh: Bool, keeping id: Int?, noting change: ContactDirectoryChange? = nil) {
        if refresh { needsRefresh = true }
        nextLocating = id
        if let change { pendingChanges.append(change) }
        loader.refresh()
    }

    /// The loader's source: what the directory says now for the query typed, read when the load starts.
    /// A load while a kept list stands in and its retry is due reads the contacts again too (the retry).
    private func obtainAnswer() async -> Result<(value: ContactListAnswer, storedAt: Date?), ContactsError> {
        // A load replaced before it started leaves what it would take (the changes, the contact to
        // keep) to the load that replaced it, which then reads the directory after every change.
        guard !Task.isCancelled else { return .failure(.unavailable(.cancelled)) }
        let query = search.query, id = nextLocating ?? selectedContactID, changes = pendingChanges
        let refresh = needsRefresh || (kept.storedAt != nil && !kept.isRetryPending)
        let standingIn = kept.storedAt
        nextLocating = nil
        pendingChanges = []
        let interactor = interactor, pageSize = Self.pageSize
        for change in changes { await interactor.performNote(change) }
        do throws(ContactsError) {
            let loaded = try await interactor.obtainIndexAndPage(matching: query, locating: id, pageSize: pageSize, refresh: refresh)
            // A search in a kept list is as old as it: it says nothing new of the server.
            return .success((ContactListAnswer(load: loaded, query: query), loaded.refresh.map(\.storedAt) ?? standingIn))
        } catch {
            return .failure(error)
        }
    }

    /// Shows an answer for `answer.query`, the selection on the contact the directory located.
    private func apply(_ answer: ContactListAnswer) {
        needsRefresh = false
        defer { keepsNotice = false }
        let loaded = answer.load
        // Typed while the list first loaded: what the answer says of the server is taken; its rows,
        // which the query does not filter, are never shown: the query's are asked for instead.
        guard answer.query == search.query else {
            pages.cancel()
            take(loaded)
            return load(refresh: false, keeping: nil)
        }
        shownIndex = loaded.index
        rowMap = SectionedRows(loaded.index.sections.map { .init(title: $0.letter, count: $0.count) })
        // A page asked for the rows before this answer is not this list's.
        pages.reset(loaded.page.contacts, at: loaded.page.start)
        shownQuery = answer.query
        take(loaded)
        let kept = loaded.index.position.flatMap(rowMap.row(ofPosition:))
        // Else the first contact, under the first header.
        list.reselect(kept, otherwise: 1, count: rowMap.rowCount)
        // The view reports the rows on screen when the selection moves; until then, the pictures
        // around the selection are the ones that will be on screen.
        let selected = list.selectedIndex
        list.select(selected, firstVisibleRow: list.firstVisibleRow,
                    visibleRows: max(0, selected - Self.initialVisibleRows)..<(selected + Self.initialVisibleRows),
                    count: max(1, rowMap.rowCount))
        publish()
        obtainPageOnScreen()
        showImages()
    }

    /// A load that failed: changes still wait (the server is asked again later, whatever this load
    /// found); a list on screen stays there and says so, else the error view shows (the loader's state).
    private func loadFailed(_ error: ContactsError) {
        needsRefresh = false
        keepsNotice = false
        pages.cancel()
        outbox.loadFailed()
        if shownIndex != nil { notice = ContactsTexts.notReloaded(ContactsTexts.message(for: error)) }
    }

    /// Takes what a load's answer says besides its rows: what the refresh skipped, and the outbox
    /// (whether a kept copy stands in the loader has taken).
    private func take(_ loaded: ContactsLoad) {
        if let refresh = loaded.refresh {
            notice = ContactsTexts.skipped(refresh.skipped) ?? (keepsNotice ? notice : nil)
        }
        // The server answered: the changes waiting for it go now (else after a wait).
        outbox.loaded(outbox: loaded.outbox, serverAnswered: loaded.refresh.map { $0.storedAt == nil })
    }

    /// Asks for the page around the rows on screen (and the pictures' margin) when the one held does
    /// not cover them: a page, never the list.
    private func obtainPageOnScreen() {
        guard let shown = shownIndex else { return }
        let needed = list.pictureRows(count: rowMap.rowCount, margin: Self.imageMarginRows).compactMap(rowMap.position(atRow:))
        let query = shownQuery, interactor = interactor
        pages.obtain(covering: needed, count: shown.matchCount, fetch: { positions in
            try? await interactor.obtainPage(matching: query, at: positions).contacts
        }, received: { [weak self] in
            self?.publish()
            self?.showImages()
        })
    }

    /// Reads the list again from where it lives, saying `notice` (what made the reload: changes synced)
    /// over what the answer says.
    private func reload(saying said: String?) {
        if let said {
            notice = said
            keepsNotice = true
        }
        load(refresh: true, keeping: selectedContactID)
    }

    // MARK: Rows

    private var selectedContactID: Int? {
        rowMap.position(atRow: list.selectedIndex).flatMap { pages[$0] }?.id
    }

    /// Loads the pictures of the rows on screen (and a small margin); rows that scrolled away stop loading.
    private func showImages() {
        guard shownIndex != nil else { return }
        let urls = list.pictureRows(count: rowMap.rowCount, margin: Self.imageMarginRows).compactMap { row in
            rowMap.position(atRow: row).flatMap { pages[$0] }.flatMap(interactor.obtainPictureURL(for:))
        }
        images.show(urls)
    }

    var viewModel: ContactListViewModel {
        // The rows last shown stay over a reload and its failure; before them, the loader's state.
        guard let shown = shownIndex else {
            if case .failed(let error) = loader.content {
                return ContactListViewModel(title: ContactsTexts.title, content: .failed(message: ContactsTexts.message(for: error)), search: search, emptyMessage: "")
            }
            return ContactListViewModel(title: ContactsTexts.title, content: .loading, search: search, emptyMessage: "")
        }
        let map = rowMap, page = pages.page, pictures = images.snapshot, interactor = interactor
        let lazyRows = LazyRows(count: map.rowCount) { index -> ContactListViewModel.Row in
            switch map.row(at: index) {
            case .header(let letter)?:
                return .header(letter)
            case .item(let position)?:
                guard let contact = page[position] else { return .pending }
                return .contact(ContactListViewModel.ContactRow(
                    name: contact.fullName, favorite: contact.favorite,
                    avatar: AvatarModel(initials: contact.initials, picture: pictures[interactor.obtainPictureURL(for: contact)],
                                        colorSeed: contact.id),
                    sync: contact.sync.map(ContactsTexts.syncMark), syncIsProblem: contact.sync.map { if case .refused = $0 { true } else { false } } ?? false))
            case nil:
                return .pending
            }
        }
        let count = shownQuery.isEmpty ? "\(shown.total)" : "\(shown.matchCount) of \(shown.total)"
        return ContactListViewModel(
            title: "\(ContactsTexts.title) (\(count))",
            content: .loaded(rows: lazyRows, selectedIndex: list.selectedIndex, firstVisibleRow: list.firstVisibleRow),
            search: search,
            emptyMessage: shown.total == 0 ? ContactsTexts.noContacts : ContactsTexts.noMatches(shownQuery),
            notice: [kept.notice(), outbox.notice, notice].joinedNotice,
            touchedIndex: list.touchedIndex)
    }
}
