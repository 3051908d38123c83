import Foundation
import ImageKit
import Navigation
import TerminalUI

@MainActor
protocol ContactListViewInput: AnyObject {
    func display(_ viewModel: ContactListViewModel)
}

@MainActor
protocol ContactListViewOutput: ListViewOutput {
    func didLoad()
    /// The `/` search changed (typing, enter, esc).
    func didEditSearch(_ search: SearchFieldState)
    func didPressAdd()
}

/// Owns the home list: the contacts in A–Z sections, the search and the rows it leaves, the
/// selection, the touch and the pictures on screen. Changes saved on other screens arrive through
/// the module outputs and are applied here, without reloading the whole list.
@MainActor
final class ContactListPresenter: ContactListViewOutput, ContactDetailModuleOutput, ContactFormModuleOutput, ListPresenting {
    weak var view: (any ContactListViewInput)?
    let interactor: ContactListInteractor
    private let router: any ContactListRouting
    private let work: WorkTracker

    /// A row of the list: a section header, or the contact at a position of the entries.
    private enum RowRef {
        case header(String)
        case contact(Int)
    }

    /// The contacts in A–Z order (and those the server sent that could not be read, named once).
    /// While a load is in flight (`loading`, `reloading`), a change saved meanwhile restarts it, so
    /// its older answer never lands over the change.
    private var contacts = Loadable<[ContactEntry], ContactsError>.loading
    private var entries: [ContactEntry] { contacts.value ?? [] }
    private var search = SearchFieldState()
    private var rows: [RowRef] = []
    /// The contacts among `rows` (rows less headers), counted when the rows are built.
    private var matchCount = 0
    var list = ListState(visibleRows: 0..<ContactListPresenter.initialVisibleRows)
    var rowCount: Int { rows.count }
    private var notice: String?
    private let images = ImageSlots()

    /// Rows whose pictures load before the view has reported what is on screen.
    static let initialVisibleRows = 16
    /// Pictures of this many rows before and after the screen load too.
    static let imageMarginRows = 4

    init(interactor: ContactListInteractor, router: any ContactListRouting, work: WorkTracker) {
        self.interactor = interactor
        self.router = router
        self.work = work
    }

    // MARK: View events

    func didLoad() { load() }

    func didRequestReload() { load() }

    /// Contacts, not the section headers.
    func isSelectableRow(_ index: Int) -> Bool { contactIndex(atRow: index) != nil }

    func didChangeSelection(to index: Int, firstVisibleRow row: Int, visibleRows rows: Range<Int>) {
        guard selectRow(index, firstVisibleRow: row, visibleRows: rows) != nil else { return }
        publish()
        showImages()
    }

    func didChooseRow(at index: Int) {
        guard let position = contactIndex(atRow: index) else { return didCancelTouch() }
        notice = nil
        chooseRow(index)
        router.openDetail(of: entries[position].summary, output: self)
    }

    func didEditSearch(_ newSearch: SearchFieldState) {
        let queryChanged = newSearch.query != search.query
        search = newSearch
        guard contacts.value != nil, queryChanged else { return publish() }
        applyFilter(keeping: selectedContactID)
        publish()
        showImages()
    }

    func didPressAdd() {
        notice = nil
        router.openAddForm(output: self)
    }

    // MARK: Module outputs

    func contactDetail(didChange contact: Contact) {
        replace(contact.summary)
    }

    func contactDetail(didDelete id: Int) {
        if isLoading { return load() }
        guard case .loaded(var changed) = contacts, let position = changed.firstIndex(where: { $0.id == id }) else { return }
        let name = changed[position].summary.fullName
        changed.remove(at: position)
        contacts = .loaded(changed)
        // The selection stays where it was (on the next contact), and so does the screen.
        let row = list.selectedIndex, top = list.firstVisibleRow
        applyFilter(keeping: nil)
        let next = nearestContactRow(to: row)
        list.select(next, firstVisibleRow: min(top, next), count: rows.count)
        notice = ContactsTexts.deleted(name)
        publish()
        showImages()
    }

    func contactForm(didSave contact: Contact) {
        notice = ContactsTexts.saved(contact.fullName)
        replace(contact.summary)
    }

    /// Puts `summary` in its place (a new contact, or a changed name that moves it to another section) and selects it.
    private func replace(_ summary: ContactSummary) {
        if isLoading { return load() }
        guard case .loaded(let current) = contacts else { return }
        contacts = .loaded(interactor.obtainPlaced(interactor.obtainEntry(summary), in: current))
        applyFilter(keeping: summary.id)
        publish()
        showImages()
    }

    // MARK: Loading

    /// A load is in flight.
    private var isLoading: Bool {
        switch contacts {
        case .loading, .reloading: true
        case .loaded, .failed: false
        }
    }

    private func load() {
        images.retryFailed()
        contacts = contacts.reloaded
        publish()
        // Latest wins: a retry cancels the load before it, whose answer is never applied.
        work.runLatest(WorkKey(self, "contacts"), { [interactor] () -> Result<(entries: [ContactEntry], skipped: [SkippedContact]), ContactsError> in
            do throws(ContactsError) { return .success(try await interactor.obtainContacts()) } catch { return .failure(error) }
        }, then: { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let loaded):
                let keep = self.selectedContactID
                self.contacts = .loaded(loaded.entries)
                self.notice = ContactsTexts.skipped(loaded.skipped)
                self.applyFilter(keeping: keep)
            case .failure(let error):
                // A failed reload keeps the list on screen and says so; a failed first load is the error view.
                if let shown = self.contacts.value {
                    self.contacts = .loaded(shown)
                    self.notice = ContactsTexts.notReloaded(ContactsTexts.message(for: error))
                } else {
                    self.contacts = .failed(error)
                }
            }
            self.publish()
            self.showImages()
        })
    }

    // MARK: Rows

    private var selectedContactID: Int? {
        contactIndex(atRow: list.selectedIndex).map { entries[$0].id }
    }

    private func contactIndex(atRow row: Int) -> Int? {
        guard rows.indices.contains(row), case .contact(let position) = rows[row] else { return nil }
        return position
    }

    /// The rows the search leaves, under their section headers; the selection follows `id` when it
    /// is still shown, else goes to the first contact.
    private func applyFilter(keeping id: Int?) {
        let entries = entries
        let matches = interactor.obtainMatches(in: entries, query: search.query)
        var built: [RowRef] = []
        built.reserveCapacity(matches.count + 27)
        var section: String?
        for position in matches {
            let entrySection = entries[position].section
            if entrySection != section {
                built.append(.header(entrySection))
                section = entrySection
            }
            built.append(.contact(position))
        }
        rows = built
        matchCount = matches.count
        let kept = id.flatMap { id in rows.firstIndex { if case .contact(let position) = $0 { entries[position].id == id } else { false } } }
        list.reselect(kept, otherwise: nearestContactRow(to: 0), count: rows.count)
        // The view reports the rows on screen when the selection moves; until then, the pictures
        // around the selection are the ones that will be on screen.
        let selected = list.selectedIndex
        list.select(selected, firstVisibleRow: list.firstVisibleRow,
                    visibleRows: max(0, selected - Self.initialVisibleRows)..<(selected + Self.initialVisibleRows), count: max(1, rows.count))
    }

    /// The contact row at `row` or the nearest one after it (before it at the end).
    private func nearestContactRow(to row: Int) -> Int {
        let start = min(max(0, row), max(0, rows.count - 1))
        if let after = rows[start...].indices.first(where: { contactIndex(atRow: $0) != nil }) { return after }
        return rows[..<start].indices.last(where: { contactIndex(atRow: $0) != nil }) ?? 0
    }

    /// Loads the pictures of the rows on screen (and a small margin); rows that scrolled away stop loading.
    private func showImages() {
        guard contacts.value != nil else { return }
        let urls = list.pictureRows(count: rows.count, margin: Self.imageMarginRows).compactMap { contactIndex(atRow: $0).flatMap { entries[$0].pictureURL } }
        images.show(urls, start: { [work] in work.runPicture($0) }, fetch: { [interactor] in try await interactor.obtainImage(at: $0) },
                    changed: { [weak self] in self?.publish() })
    }

    func publish() { view?.display(viewModel) }

    var viewModel: ContactListViewModel {
        switch contacts {
        case .loading:
            return ContactListViewModel(title: ContactsTexts.title, content: .loading, search: search, emptyMessage: "")
        case .failed(let error):
            return ContactListViewModel(title: ContactsTexts.title, content: .failed(message: ContactsTexts.message(for: error)), search: search, emptyMessage: "")
        case .loaded(let entries), .reloading(let entries):
            let rows = rows, pictures = images.snapshot
            let lazyRows = LazyRows(count: rows.count) { index -> ContactListViewModel.Row in
                switch rows[index] {
                case .header(let letter):
                    return .header(letter)
                case .contact(let position):
                    let entry = entries[position]
                    return .contact(ContactListViewModel.ContactRow(
                        name: entry.summary.fullName, favorite: entry.summary.favorite,
                        avatar: AvatarModel(initials: entry.initials, picture: pictures[entry.pictureURL], colorSeed: entry.id)))
                }
            }
            let count = search.query.isEmpty ? "\(entries.count)" : "\(matchCount) of \(entries.count)"
            return ContactListViewModel(
                title: "\(ContactsTexts.title) (\(count))",
                content: .loaded(rows: lazyRows, selectedIndex: list.selectedIndex, firstVisibleRow: list.firstVisibleRow),
                search: search,
                emptyMessage: entries.isEmpty ? ContactsTexts.noContacts : ContactsTexts.noMatches(search.query),
                notice: notice, touchedIndex: list.touchedIndex)
        }
    }
}
