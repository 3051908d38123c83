import Foundation
import ImageKit
import PictureUI
import Navigation
import TerminalUI
import TextSearch

@MainActor
protocol ResourceListViewOutput: FilteredListViewOutput {
    /// The sort button or `s`: A–Z first, then Z–A, alternating.
    func didPressSort()
    func didTouchSort()
}

/// Owns a category's resources list: the loaded entries, the order chosen with the sort control, the
/// entries in that order with their filter and selection (a ``ListModel``) and the photos on screen.
@MainActor
final class ResourceListPresenter: ResourceListViewOutput, PicturedListPresenting, ModulePresenting {
    weak var view: (any ModuleViewInput<ResourceListViewModel>)?
    let interactor: ResourceListInteractor
    private let router: any ResourceListRouting
    private let work: WorkTracker
    private let category: ResourceCategory

    /// The resources as they load: the kept ones at once, then the server's answer (the entries in the
    /// file's order, and those the file had that could not be read).
    lazy var loader = ContentLoader<ObtainedResources, ResourceDirectoryError>(work: work)
    private var resources: Loadable<ObtainedResources, ResourceDirectoryError> { loader.content }
    private var original: [ResourceEntry] { resources.value?.entries ?? [] }
    private var order = ResourceSortOrder.original
    var search = SearchFieldState()
    /// The entries in the current order, the rows the filter leaves and the selection, kept on its resource by id.
    var model = ListModel<[ResourceEntry], String>(visibleRows: 0..<ResourceListPresenter.initialVisibleRows) { $0.resource.id }
    /// The sort button under a mouse press (its one control).
    private var sortTouch = TouchState()
    lazy var images = makeImages(work: work) { [interactor] in try await interactor.obtainImage(at: $0) }

    /// Rows whose photos load before the view has reported what is on screen.
    static let initialVisibleRows = 12
    /// Photos of this many rows before and after the screen load too.
    static let pictureMarginRows = 3

    init(category: ResourceCategory, interactor: ResourceListInteractor, router: any ResourceListRouting, work: WorkTracker) {
        self.category = category
        self.interactor = interactor
        self.router = router
        self.work = work
    }

    func didLoad() {
        let category = category
        startLoading(kept: { [interactor] in await interactor.obtainKeptResources(in: category).map { ($0, $0.storedAt) } },
                     obtain: { [interactor] () throws(ResourceDirectoryError) in
                         let obtained = try await interactor.obtainResources(in: category)
                         return (obtained, obtained.storedAt)
                     },
                     show: { [weak self] in self?.show($0) })
    }

    /// Ends a row's touch and the sort button's.
    func didCancelTouch() {
        let hadSort = sortTouch.cancel()
        if list.cancelTouch() || hadSort { publish() }
    }

    func didChooseRow(at index: Int) {
        chooseItem(at: index).map(router.openDetail)
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
        sort(keepingSelection: false)
    }

    /// The entries in their order, with their titles for the filter (packed once per order, never per key).
    private func show(_ entries: [ResourceEntry], keepingSelection: Bool = true) {
        show(entries, searchTexts: interactor.obtainSearchTexts(of: entries), keepsSelection: keepingSelection)
    }

    /// Resources to show (the kept ones, or the server's answer): a reload keeps the order chosen before it.
    private func show(_ obtained: ObtainedResources) {
        show(obtained.entries)
        if order != .original { sort(keepingSelection: true) }
    }

    /// Sorts in the interactor, off the main actor; the selected resource stays selected when
    /// `keepingSelection`, else the first row.
    private func sort(keepingSelection: Bool) {
        let order = order, original = original
        work.runLatest(WorkKey(self, "sort"), { [interactor] in
            await interactor.obtainSorted(original, order: order)
        }, then: { [weak self] sorted in
            self?.show(sorted, keepingSelection: keepingSelection)
        })
    }

    func pictureURL(of entry: ResourceEntry) -> URL? { entry.resource.photoURL }

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
            let entries = model.items, shown = model.rows, pictures = images.snapshot
            let rows = LazyRows(count: shown.count) { index in
                let entry = shown[index]
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
