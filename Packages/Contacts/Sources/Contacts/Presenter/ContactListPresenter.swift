import ContactsCore
import Foundation
import ImageKit
import PictureUI
import Navigation
import TerminalUI

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

    /// The sections of `shownQuery`'s contacts. A load in flight is the latest only: a search typed
    /// or a change saved meanwhile starts another, and the older answer never lands.
    private var index = Loadable<ContactIndex, ContactsError>.loading
    private var rowMap = SectionedRows.empty
    /// The contacts around the rows on screen; rows outside it show as waiting until their page comes.
    private var page = ListPage<ContactSummary>(size: ContactListPresenter.pageSize)
    /// The query `index` and `page` are for (the search field may be ahead while an answer is on its way).
    private var shownQuery = ""
    /// A load that reads the contacts again from where they live is on its way.
    private var isRefreshing = false
    private var search = SearchFieldState()
    var list = ListState(visibleRows: 0..<ContactListPresenter.initialVisibleRows)
    var rowCount: Int { rowMap.rowCount }
    private var notice: String?
    private lazy var images = makeImages(work: work) { [interactor] in try await interactor.obtainImage(at: $0) }
    /// The offline notice and the retries while a list kept from an earlier run stands in (a server's list).
    let kept = KeptContent()
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

    func didLoad() { load(refresh: true, keeping: nil) }

    func didRequestReload() {
        kept.reloadRequested()
        outbox.reloadRequested()
        load(refresh: true, keeping: selectedContactID)
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
        guard let position = rowMap.position(atRow: index), let contact = page[position] else { return didCancelTouch() }
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
        guard index.value != nil, queryChanged else { return }
        load(refresh: false, keeping: selectedContactID)
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
        let name = page[position].map { $0.id == id ? $0.fullName : nil } ?? nil
        let neighbour = page[position + 1] ?? page[position - 1]
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

    /// Asks for the sections of the search and the page around `id`, after handing a saved `change` to
    /// the directory; `refresh` reads the contacts again from where they live first (a launch, a
    /// reload; one on its way is asked again after a change, whose answer may predate the change).
    private func load(refresh asked: Bool, keeping id: Int?, noting change: ContactDirectoryChange? = nil) {
        // A refresh on its way that this load replaces (a keystroke during a retry) is carried over.
        let refresh = asked || isRefreshing
        if asked {
            isRefreshing = true
            images.retryFailed()
            index = index.reloaded
            publish()
        }
        let query = search.query
        // Latest wins: a retry, a change or the next keystroke cancels the load before it, whose answer is never applied.
        work.runLatest(WorkKey(self, "contacts"), { [interactor] () -> Result<ContactsLoad, ContactsError> in
            if let change { await interactor.performNote(change) }
            do throws(ContactsError) {
                return .success(try await interactor.obtainIndexAndPage(matching: query, locating: id, pageSize: Self.pageSize, refresh: refresh))
            } catch { return .failure(error) }
        }, then: { [weak self] result in self?.apply(result, query: query, keeping: id) })
    }

    /// Shows a load's answer for `query`, the selection on `id` when the answer has it.
    private func apply(_ result: Result<ContactsLoad, ContactsError>, query: String, keeping id: Int?) {
        isRefreshing = false
        defer { keepsNotice = false }
        // A page asked for the rows before this answer is not this list's.
        work.cancel(WorkKey(self, "page"))
        page.forgetRequest()
        switch result {
        case .success(let loaded):
            guard query == search.query else { return applyQueryTypedMeanwhile(loaded, keeping: id) }
            index = .loaded(loaded.index)
            rowMap = SectionedRows(loaded.index.sections.map { .init(title: $0.letter, count: $0.count) })
            page.receive(loaded.page.contacts, at: loaded.page.start)
            shownQuery = query
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
        case .failure(let error):
            // Changes still wait: the server is asked again later, whatever this load found.
            outbox.loadFailed()
            // A failed reload keeps the list on screen and says so; a failed first load is the error view.
            if let shown = index.value {
                index = .loaded(shown)
                notice = ContactsTexts.notReloaded(ContactsTexts.message(for: error))
            } else {
                index = .failed(error)
            }
        }
        publish()
        obtainPageOnScreen()
        showImages()
    }

    /// A load answered for a query the field has left: typed while the list first loaded (a keystroke
    /// then starts no load, so a slow server is asked once). What the answer says of the server (a kept
    /// copy, the outbox) is taken; its rows, which the query does not filter, are never shown: the
    /// query's are asked for instead, from the contacts now read.
    private func applyQueryTypedMeanwhile(_ loaded: ContactsLoad, keeping id: Int?) {
        take(loaded)
        load(refresh: false, keeping: id)
    }

    /// Takes what a load's answer says besides its rows: what the refresh skipped, whether a kept copy
    /// stands in, and the outbox.
    private func take(_ loaded: ContactsLoad) {
        if let refresh = loaded.refresh {
            notice = ContactsTexts.skipped(refresh.skipped) ?? (keepsNotice ? notice : nil)
            // A list kept from an earlier run stands in: say since when, and ask the server again by itself.
            kept.received(storedAt: refresh.storedAt) { [weak self] in self?.reload(saying: nil) }
        }
        // The server answered: the changes waiting for it go now (else after a wait).
        outbox.loaded(outbox: loaded.outbox, serverAnswered: loaded.refresh.map { $0.storedAt == nil })
    }

    /// Asks for the page around the rows on screen (and the pictures' margin) when the one held does
    /// not cover them: a page, never the list.
    private func obtainPageOnScreen() {
        guard let shown = index.value else { return }
        let needed = list.pictureRows(count: rowMap.rowCount, margin: Self.imageMarginRows).compactMap(rowMap.position(atRow:))
        guard let positions = page.request(covering: needed, count: shown.matchCount) else { return }
        let query = shownQuery, map = rowMap
        work.runLatest(WorkKey(self, "page"), { [interactor] () -> ContactPage? in
            try? await interactor.obtainPage(matching: query, at: positions)
        }, then: { [weak self] fetched in
            // A page for sections that changed meanwhile (a search, a save) is not this list's.
            guard let self else { return }
            // A failed page may be asked for again (its rows stay waiting until then).
            guard let fetched else { return self.page.forgetRequest() }
            guard self.shownQuery == query, self.rowMap == map else { return }
            self.page.receive(fetched.contacts, at: fetched.start)
            self.publish()
            self.showImages()
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
        rowMap.position(atRow: list.selectedIndex).flatMap { page[$0] }?.id
    }

    /// Loads the pictures of the rows on screen (and a small margin); rows that scrolled away stop loading.
    private func showImages() {
        guard index.value != nil else { return }
        let urls = list.pictureRows(count: rowMap.rowCount, margin: Self.imageMarginRows).compactMap { row in
            rowMap.position(atRow: row).flatMap { page[$0] }.flatMap(interactor.obtainPictureURL(for:))
        }
        images.show(urls)
    }

    var viewModel: ContactListViewModel {
        switch index {
        case .loading:
            return ContactListViewModel(title: ContactsTexts.title, content: .loading, search: search, emptyMessage: "")
        case .failed(let error):
            return ContactListViewModel(title: ContactsTexts.title, content: .failed(message: ContactsTexts.message(for: error)), search: search, emptyMessage: "")
        case .loaded(let shown), .reloading(let shown):
            let map = rowMap, page = page, pictures = images.snapshot, interactor = interactor
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
}
