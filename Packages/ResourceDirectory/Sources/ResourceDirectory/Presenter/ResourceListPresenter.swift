import Foundation
import ImageKit
import Navigation
import TerminalUI
import TextSearch

@MainActor
protocol ResourceListViewInput: AnyObject {
    func display(_ viewModel: ResourceListViewModel)
}

@MainActor
protocol ResourceListViewOutput: ListViewOutput {
    func didLoad()
    /// The sort button or `s`: A–Z first, then Z–A, alternating.
    func didPressSort()
    func didTouchSort()
    /// The `/` filter changed (typing, enter, esc).
    func didEditSearch(_ search: SearchFieldState)
}

/// Owns a category's resources list: the loaded entries, the order chosen with the sort control, the
/// filter and the rows it leaves, the selection, the touch and the photos on screen.
@MainActor
final class ResourceListPresenter: ResourceListViewOutput, ListPresenting {
    weak var view: (any ResourceListViewInput)?
    let interactor: ResourceListInteractor
    private let router: any ResourceListRouting
    private let work: WorkTracker
    private let category: ResourceCategory

    /// The entries in the file's order (and the entries the file had that could not be read).
    private var resources = Loadable<ObtainedResources, ResourceDirectoryError>.loading
    /// Whether kept resources stand in for the server's answer, since when, and asking again.
    let kept = KeptContent()
    private var isLoaded: Bool { resources.value != nil }
    private var original: [ResourceEntry] { resources.value?.entries ?? [] }
    /// The entries in the current order.
    private var entries: [ResourceEntry] = [] {
        didSet { searchTexts = interactor.obtainSearchTexts(of: entries) }
    }
    /// The entries' titles packed for the filter, in the same order (made when the entries change, never per key).
    private var searchTexts = SearchTexts(folded: [String]())
    private var order = ResourceSortOrder.original
    private var search = SearchFieldState()
    /// The filter's matches in `entries` (kept so the next key typed narrows them); nil before a load.
    private var matches: SearchMatches?
    /// Positions in `entries` of the rows the filter leaves.
    private var shown: [Int] { matches?.positions ?? [] }
    /// The resource selected before the filter left no rows, selected again when it shows.
    private var selectionHiddenByFilter: String?
    var list = ListState(visibleRows: 0..<ResourceListPresenter.initialVisibleRows)
    var rowCount: Int { isLoaded ? shown.count : 0 }
    /// The sort button under a mouse press (its one control).
    private var sortTouch = TouchState()
    private let images = ImageSlots()

    /// Rows whose photos load before the view has reported what is on screen.
    static let initialVisibleRows = 12
    /// Photos of this many rows before and after the screen load too.
    static let imageMarginRows = 3

    init(category: ResourceCategory, interactor: ResourceListInteractor, router: any ResourceListRouting, work: WorkTracker) {
        self.category = category
        self.interactor = interactor
        self.router = router
        self.work = work
    }

    func didLoad() { load() }
    func didRequestReload() {
        kept.reloadRequested()
        load()
    }

    func didChangeSelection(to index: Int, firstVisibleRow row: Int, visibleRows rows: Range<Int>) {
        guard selectRow(index, firstVisibleRow: row, visibleRows: rows) != nil else { return }
        publish()
        showImages()
    }

    /// Ends a row's touch and the sort button's.
    func didCancelTouch() {
        let hadSort = sortTouch.cancel()
        if list.cancelTouch() || hadSort { publish() }
    }

    func didChooseRow(at index: Int) {
        guard chooseRow(index) != nil else { return }
        router.openDetail(of: entries[shown[index]])
    }

    func didTouchSort() {
        guard isLoaded else { return }
        sortTouch.touch(0, count: 1)
        publish()
    }

    func didPressSort() {
        sortTouch.cancel()
        guard isLoaded else { return }
        order = order.next
        publish()
        // A new order starts at its top, like a re-sorted table.
        sort(keeping: nil)
    }

    func didEditSearch(_ newSearch: SearchFieldState) {
        let queryChanged = newSearch.query != search.query
        search = newSearch
        guard isLoaded, queryChanged else { return publish() }
        let keep = selectedEntryID ?? selectionHiddenByFilter
        applyFilter(keeping: keep, refining: true)
        // A query that matches nothing for a moment (a typo) does not lose the selection.
        selectionHiddenByFilter = shown.isEmpty ? keep : nil
        publish()
        showImages()
    }

    private var selectedEntryID: String? {
        let entries = entries, shown = shown
        guard shown.indices.contains(list.selectedIndex), entries.indices.contains(shown[list.selectedIndex]) else { return nil }
        return entries[shown[list.selectedIndex]].resource.id
    }

    /// Shows the kept resources at once on the first load (the server is asked meanwhile); a reload
    /// keeps what is on screen until the answer comes.
    private func load() {
        images.retryFailed()
        let isFirstLoad = resources.value == nil
        resources = resources.reloaded
        publish()
        let category = category
        if isFirstLoad {
            work.run { [weak self, interactor] in
                // Only while nothing answered yet: never over the server's answer, nor over its error.
                guard let kept = await interactor.obtainKeptResources(in: category), let self, case .loading = self.resources else { return }
                self.kept.showingKept(since: kept.storedAt)
                self.resources = .reloading(kept)
                self.entries = kept.entries
                self.applyFilter(keeping: nil)
                self.publish()
                self.showImages()
            }
        }
        // Latest wins: a retry cancels the load before it, whose answer is never applied.
        work.runLatest(WorkKey(self, "resources"), { [interactor] () -> Result<ObtainedResources, ResourceDirectoryError> in
            do throws(ResourceDirectoryError) { return .success(try await interactor.obtainResources(in: category)) } catch { return .failure(error) }
        }, then: { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let loaded):
                self.kept.received(storedAt: loaded.storedAt) { [weak self] in self?.load() }
                let keep = self.selectedEntryID
                self.resources = .loaded(loaded)
                self.entries = loaded.entries
                self.applyFilter(keeping: keep)
                // A reload keeps the order chosen before it.
                if self.order != .original { self.sort(keeping: keep) }
            case .failure(let error):
                self.kept.received(storedAt: nil) {}
                self.resources = .failed(error)
            }
            self.publish()
            self.showImages()
        })
    }

    /// Sorts in the interactor, off the main actor; the resource `id` stays selected, else the first row.
    private func sort(keeping id: String?) {
        let order = order, original = original
        work.runLatest(WorkKey(self, "sort"), { [interactor] in
            await interactor.obtainSorted(original, order: order)
        }, then: { [weak self] sorted in
            guard let self else { return }
            self.entries = sorted
            self.applyFilter(keeping: id)
            self.publish()
            self.showImages()
        })
    }

    /// The rows the filter leaves; the selection follows `id` when it is still shown, else goes to the top.
    /// `refining` (a key typed, same entries) narrows the last matches when the query allows it.
    private func applyFilter(keeping id: String?, refining: Bool = false) {
        matches = interactor.obtainMatches(of: SearchQuery(search.query), in: searchTexts, refining: refining ? matches : nil)
        list.reselect(id.flatMap { id in shown.firstIndex { entries[$0].resource.id == id } }, count: shown.count)
    }

    /// Loads the photos of the rows on screen (and a small margin); rows that scrolled away stop loading.
    private func showImages() {
        guard isLoaded else { return }
        let rows = list.pictureRows(count: shown.count, margin: Self.imageMarginRows)
        images.show(rows.compactMap { entries[shown[$0]].resource.photoURL }, start: { [work] in work.runPicture($0) },
                    fetch: { [interactor] in try await interactor.obtainImage(at: $0) },
                    changed: { [weak self] in self?.publish() })
    }

    func publish() { view?.display(viewModel) }

    var viewModel: ResourceListViewModel {
        let orderLabel = ResourceDirectoryTexts.orderLabel(order)
        switch resources {
        case .loading:
            return ResourceListViewModel(title: category.title, content: .loading, orderLabel: orderLabel, search: search,
                                         emptyMessage: "")
        case .failed(let error):
            // No file for the category: loading again cannot help, so no retry is offered.
            let canRetry = { if case .noKnownFile = error { false } else { true } }()
            return ResourceListViewModel(title: category.title, content: .failed(message: ResourceDirectoryTexts.message(for: error), canRetry: canRetry),
                                         orderLabel: orderLabel, search: search, emptyMessage: "")
        case .loaded(let loaded), .reloading(let loaded):
            let entries = entries, shown = shown, pictures = images.snapshot
            let rows = LazyRows(count: shown.count) { index in
                let entry = entries[shown[index]]
                return ResourceListViewModel.Row(title: entry.resource.title, summary: entry.summary,
                                                 photo: pictures[entry.resource.photoURL])
            }
            let count = ResourceDirectoryTexts.count(shown: shown.count, of: entries.count, filtered: !search.query.isEmpty)
            return ResourceListViewModel(
                title: "\(category.title) (\(count))",
                content: .loaded(rows: rows, selectedIndex: list.selectedIndex, firstVisibleRow: list.firstVisibleRow),
                orderLabel: orderLabel, search: search,
                emptyMessage: entries.isEmpty ? ResourceDirectoryTexts.noResources : ResourceDirectoryTexts.noMatches(search.query),
                notice: ResourceDirectoryTexts.notice(kept: kept, skipped: ResourceDirectoryTexts.skipped(loaded.skipped)),
                touchedIndex: list.touchedIndex, sortTouched: sortTouch.touched != nil)
        }
    }
}
