import Foundation
import Navigation
import TerminalUI
import TextSearch

@MainActor
protocol CategoriesViewInput: AnyObject {
    func display(_ viewModel: CategoriesViewModel)
}

@MainActor
protocol CategoriesViewOutput: FilteredListViewOutput {}

/// Owns the categories screen's state: loading, failed or the list, the `/` filter and the rows it
/// leaves, the selection and the touch.
@MainActor
final class CategoriesPresenter: CategoriesViewOutput, ListPresenting {
    weak var view: (any CategoriesViewInput)?
    let interactor: ResourceCategoriesInteractor
    private let router: any CategoriesRouting
    private let work: WorkTracker

    /// The categories as they load: the kept ones at once, then the server's answer.
    private lazy var loader = ContentLoader<ResourceCategoryList, ResourceDirectoryError>(work: work)
    private var categories: Loadable<ResourceCategoryList, ResourceDirectoryError> { loader.content }
    /// Whether kept categories stand in for the server's answer, since when, and asking again.
    var kept: KeptContent { loader.kept }
    /// The categories, the rows the filter leaves and the selection, kept on its category by id.
    private var model = ListModel<ResourceCategory, String> { $0.id }
    var list: ListState {
        get { model.selection }
        set { model.selection = newValue }
    }
    var rowCount: Int { categories.value == nil ? 0 : model.rows.count }
    private var search = SearchFieldState()

    init(interactor: ResourceCategoriesInteractor, router: any CategoriesRouting, work: WorkTracker) {
        self.interactor = interactor
        self.router = router
        self.work = work
    }

    func didLoad() {
        loader.start(kept: { [interactor] in await interactor.obtainKeptCategories().map { ($0.categories, $0.storedAt) } },
                     obtainOrThrow: { [interactor] () throws(ResourceDirectoryError) in
                         let obtained = try await interactor.obtainCategories()
                         return (obtained.categories, obtained.storedAt)
                     },
                     show: { [weak self] in self?.show($0) },
                     publish: { [weak self] in self?.publish() })
    }

    func didRequestReload() { loader.reload() }

    func didChangeSelection(to index: Int, firstVisibleRow row: Int, visibleRows rows: Range<Int>) {
        guard selectRow(index, firstVisibleRow: row, visibleRows: rows) != nil else { return }
        publish()
    }

    func didChooseRow(at index: Int) {
        guard chooseRow(index) != nil, let category = model.selectedItem else { return }
        router.openResources(of: category)
    }

    func didEditSearch(_ newSearch: SearchFieldState) {
        search = newSearch
        guard categories.value != nil, model.filter(by: newSearch.query) else { return publish() }
        publish()
    }

    /// `loaded` arrived (kept, or the server's): it becomes the list, its titles folded once; the filter
    /// and the selection apply to it.
    private func show(_ loaded: ResourceCategoryList) {
        model.load(loaded.categories, searchTexts: interactor.obtainSearchTexts(of: loaded.categories))
        publish()
    }

    func publish() { view?.display(viewModel) }

    var viewModel: CategoriesViewModel {
        switch categories {
        case .loading:
            return CategoriesViewModel(content: .loading, search: search)
        case .failed(let error):
            return CategoriesViewModel(content: .failed(message: ResourceDirectoryTexts.message(for: error)), search: search)
        case .loaded(let loaded), .reloading(let loaded):
            let all = loaded.categories, shown = model.rows
            let rows = LazyRows(count: shown.count) { CategoriesViewModel.Row(title: shown[$0].title, description: shown[$0].description ?? "") }
            let title = search.query.isEmpty ? ResourceDirectoryTexts.appTitle
                : "\(ResourceDirectoryTexts.appTitle) (\(ResourceDirectoryTexts.count(shown: shown.count, of: all.count, filtered: true)))"
            return CategoriesViewModel(content: .loaded(rows: rows, selectedIndex: list.selectedIndex, firstVisibleRow: list.firstVisibleRow),
                                       notice: ResourceDirectoryTexts.notice(kept: kept, skipped: ResourceDirectoryTexts.skipped(loaded.skippedReasons)),
                                       touchedIndex: list.touchedIndex, title: title, search: search,
                                       emptyMessage: all.isEmpty || search.query.isEmpty ? ResourceDirectoryTexts.noCategories : ResourceDirectoryTexts.noCategoryMatches(search.query))
        }
    }
}
