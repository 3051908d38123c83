import Foundation
import ImageKit
import PictureUI
import Navigation
import TerminalUI
import TextSearch

@MainActor
protocol NumbersListViewOutput: FilteredListViewOutput {}

/// Owns the master's state: the list with its `/` filter and selection (a ``ListModel``, kept across
/// resizes: the split keeps this instance) and the pictures on screen. Every selection change shows
/// that item's detail (in the detail pane when wide; waiting off screen when narrow).
@MainActor
final class NumbersListPresenter: NumbersListViewOutput, PicturedListPresenting, ModulePresenting {
    weak var view: (any ModuleViewInput<NumbersListViewModel>)?
    let interactor: NumbersListInteractor
    private let router: any NumbersListRouting
    private let work: WorkTracker

    /// The list as it loads: the kept one at once, then the server's answer.
    lazy var loader = ContentLoader<NumbersCatalog, NumbersError>(work: work)
    /// The numbers, the filter's rows and the selection, kept on its number by name; the pictures of
    /// the first 40 rows load before the view has reported what is on screen.
    var model = ListModel<[NumberItem], String>(visibleRows: 0..<40) { $0.name }
    lazy var images = makeImages(work: work) { [interactor] in try await interactor.obtainImage(at: $0) }
    var search = SearchFieldState()

    /// Pictures of this many rows before and after the screen load too.
    static let pictureMarginRows = 4

    init(interactor: NumbersListInteractor, router: any NumbersListRouting, work: WorkTracker) {
        self.interactor = interactor
        self.router = router
        self.work = work
    }

    func didLoad() {
        startLoading(kept: { [interactor] in await interactor.obtainKeptCatalog().map { ($0.catalog, $0.storedAt) } },
                     obtain: { [interactor] () throws(NumbersError) in
                         let obtained = try await interactor.obtainCatalog(checkingConnectivity: true)
                         return (obtained.catalog, obtained.storedAt)
                     },
                     show: { [weak self] in self?.show($0) })
    }

    func didChangeSelection(to index: Int, firstVisibleRow row: Int, visibleRows rows: Range<Int>) {
        guard let moved = selectRow(index, firstVisibleRow: row, visibleRows: rows) else { return }
        if moved, let item = model.selectedItem { router.showDetail(of: item) }
        publish()
        showImages()
    }

    /// Enter, or a release on the touched row: select it and open its detail (full screen when narrow).
    func didChooseRow(at index: Int) {
        guard let moved = chooseRow(index), let item = model.selectedItem else { return }
        if moved { router.showDetail(of: item) }
        router.openDetail(of: item)
    }

    /// The detail follows the selection through the filter: another number selected now is the one
    /// shown, none while nothing matches (a number the list does not show is not there to tab to), and
    /// it comes back. (The query is taken also while the list first loads, so the list that lands is
    /// filtered by it.)
    func selectionDidChange(from before: NumberItem?) {
        if let after = model.selectedItem {
            if after.name != before?.name { router.showDetail(of: after) }
        } else if before != nil {
            router.closeDetail()
        }
    }

    /// A list to show (the kept one, or the server's answer).
    private func show(_ loaded: NumbersCatalog) {
        model.load(loaded.items, searchTexts: interactor.obtainSearchTexts(of: loaded.items))
        // The first item is selected and shown on start (in the detail pane when wide).
        if let selected = model.selectedItem {
            router.showDetail(of: selected)
        } else if model.rows.isEmpty, !loaded.items.isEmpty {
            // Everything filtered out: the number shown stays until the filter changes.
        } else {
            // A reload that answers an empty list leaves no number to show.
            router.closeDetail()
        }
        publish()
        showImages()
    }

    func pictureURL(of item: NumberItem) -> URL? { item.imageURL }

    var viewModel: NumbersListViewModel {
        listViewModel(title: NumbersTexts.title, failure: NumbersTexts.message(for:)) { catalog in
            let items = catalog.items, shown = model.rows, pictures = images.snapshot, filtered = !search.query.isEmpty
            return (title: NumbersTexts.title(shown: shown.count, of: items.count, filtered: filtered),
                    rows: LazyRows(count: shown.count) { NumberRowViewModel(name: shown[$0].name, image: pictures[shown[$0].imageURL]) },
                    notices: [NumbersTexts.skipped(catalog.skippedReasons)],
                    emptyMessage: filtered && !items.isEmpty ? NumbersTexts.noMatches(search.query) : NumbersTexts.empty)
        }
    }
}
