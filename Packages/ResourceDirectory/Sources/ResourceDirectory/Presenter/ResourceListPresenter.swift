import Foundation
import ImageKit
import Navigation
import TerminalUI

@MainActor
protocol ResourceListViewInput: AnyObject {
    func display(_ viewModel: ResourceListViewModel)
}

@MainActor
protocol ResourceListViewOutput: AnyObject {
    func didLoad()
    func didRequestReload()
    /// The selection moved; `visibleRows` are the rows now on screen (their photos load).
    func didChangeSelection(to index: Int, firstVisibleRow: Int, visibleRows: Range<Int>)
    func didChooseResource(at index: Int)
    func didTouchResource(at index: Int)
    func didCancelTouch()
    /// The sort button or `s`: A–Z first, then Z–A, alternating.
    func didPressSort()
    func didTouchSort()
    /// The `/` filter changed (typing, enter, esc).
    func didEditSearch(_ search: SearchFieldState)
}

/// Owns a category's resources list: the loaded entries, the order chosen with the sort control, the
/// filter and the rows it leaves, the selection, the touch and the photos on screen.
@MainActor
final class ResourceListPresenter: ResourceListViewOutput {
    weak var view: (any ResourceListViewInput)?
    let interactor: ResourceListInteractor
    private let router: any ResourceListRouting
    private let work: WorkTracker
    private let category: ResourceCategory

    private enum State {
        case loading
        case failed(String, canRetry: Bool)
        case loaded
    }
    private var state = State.loading
    /// The entries in the file's order, and in the current order.
    private var original: [ResourceEntry] = []
    private var entries: [ResourceEntry] = []
    private var skipped: [String] = []
    private var order = ResourceSortOrder.original
    private var search = SearchFieldState()
    /// Positions in `entries` of the rows the filter leaves.
    private var shown: [Int] = []
    private var selectedIndex = 0
    private var firstVisibleRow = 0
    private var touchedIndex: Int?
    private var sortTouched = false
    private var visibleRows = 0..<ResourceListPresenter.initialVisibleRows
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
    func didRequestReload() { load() }

    func didChangeSelection(to index: Int, firstVisibleRow row: Int, visibleRows rows: Range<Int>) {
        guard case .loaded = state, shown.indices.contains(index) else { return }
        selectedIndex = index
        firstVisibleRow = max(0, row)
        visibleRows = rows
        publish()
        showImages()
    }

    func didTouchResource(at index: Int) {
        guard case .loaded = state, shown.indices.contains(index) else { return }
        touchedIndex = index
        publish()
    }

    func didCancelTouch() {
        guard touchedIndex != nil || sortTouched else { return }
        touchedIndex = nil
        sortTouched = false
        publish()
    }

    func didChooseResource(at index: Int) {
        touchedIndex = nil
        guard case .loaded = state, shown.indices.contains(index) else { return }
        selectedIndex = index
        publish()
        router.openDetail(of: entries[shown[index]])
    }

    func didTouchSort() {
        guard case .loaded = state else { return }
        sortTouched = true
        publish()
    }

    func didPressSort() {
        sortTouched = false
        guard case .loaded = state else { return }
        order = order.next
        publish()
        // A new order starts at its top, like a re-sorted table.
        sort(keeping: nil)
    }

    func didEditSearch(_ newSearch: SearchFieldState) {
        let queryChanged = newSearch.query != search.query
        search = newSearch
        guard case .loaded = state, queryChanged else { return publish() }
        let keep = selectedEntryID
        applyFilter(keeping: keep)
        publish()
        showImages()
    }

    private var selectedEntryID: String? {
        shown.indices.contains(selectedIndex) ? entries[shown[selectedIndex]].resource.id : nil
    }

    private func load() {
        images.retryFailed()
        state = .loading
        publish()
        let category = category
        // Latest wins: a retry cancels the load before it, whose answer is never applied.
        work.runLatest(WorkKey(self, "resources"), { [interactor] () -> Result<(entries: [ResourceEntry], skipped: [String]), ResourceDirectoryError> in
            do throws(ResourceDirectoryError) { return .success(try await interactor.obtainResources(in: category)) } catch { return .failure(error) }
        }, then: { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let loaded):
                let keep = self.selectedEntryID
                self.original = loaded.entries
                self.entries = loaded.entries
                self.skipped = loaded.skipped
                self.state = .loaded
                self.applyFilter(keeping: keep)
                // A reload keeps the order chosen before it.
                if self.order != .original { self.sort(keeping: keep) }
            case .failure(let error):
                // No file for the category: loading again cannot help, so no retry is offered.
                self.state = .failed(ResourceDirectoryTexts.message(for: error), canRetry: { if case .noKnownFile = error { false } else { true } }())
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
    private func applyFilter(keeping id: String?) {
        shown = interactor.obtainMatches(in: entries, query: search.query)
        if let id, let index = shown.firstIndex(where: { entries[$0].resource.id == id }) {
            selectedIndex = index
        } else {
            selectedIndex = 0
            firstVisibleRow = 0
        }
        touchedIndex = nil
    }

    /// Loads the photos of the rows on screen (and a small margin); rows that scrolled away stop loading.
    private func showImages() {
        guard case .loaded = state else { return }
        let onScreen = visibleRows.clamped(to: 0..<shown.count)
        let margin = max(0, onScreen.lowerBound - Self.imageMarginRows)..<min(shown.count, onScreen.upperBound + Self.imageMarginRows)
        let rows = Array(onScreen) + margin.filter { !onScreen.contains($0) }
        images.show(rows.compactMap { entries[shown[$0]].resource.photoURL }, start: { [work] in work.runPicture($0) },
                    fetch: { [interactor] in try await interactor.obtainImage(at: $0) },
                    changed: { [weak self] in self?.publish() })
    }

    private func publish() { view?.display(viewModel) }

    var viewModel: ResourceListViewModel {
        let orderLabel = ResourceDirectoryTexts.orderLabel(order)
        switch state {
        case .loading:
            return ResourceListViewModel(title: category.title, content: .loading, orderLabel: orderLabel, search: search,
                                         emptyMessage: "")
        case .failed(let message, let canRetry):
            return ResourceListViewModel(title: category.title, content: .failed(message: message, canRetry: canRetry), orderLabel: orderLabel,
                                         search: search, emptyMessage: "")
        case .loaded:
            let entries = entries, shown = shown, pictures = images.snapshot
            let rows = LazyRows(count: shown.count) { index in
                let entry = entries[shown[index]]
                return ResourceListViewModel.Row(title: entry.resource.title, summary: entry.summary,
                                                 photo: pictures[entry.resource.photoURL])
            }
            let count = search.query.isEmpty ? "\(entries.count)" : "\(shown.count) of \(entries.count)"
            return ResourceListViewModel(
                title: "\(category.title) (\(count))",
                content: .loaded(rows: rows, selectedIndex: selectedIndex, firstVisibleRow: firstVisibleRow),
                orderLabel: orderLabel, search: search,
                emptyMessage: entries.isEmpty ? ResourceDirectoryTexts.noResources : ResourceDirectoryTexts.noMatches(search.query),
                notice: ResourceDirectoryTexts.skipped(skipped), touchedIndex: touchedIndex, sortTouched: sortTouched)
        }
    }
}
