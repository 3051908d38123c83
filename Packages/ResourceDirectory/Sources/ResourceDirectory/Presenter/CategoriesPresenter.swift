import Foundation
import Navigation
import TerminalUI
import TextSearch

@MainActor
protocol CategoriesViewOutput: FilteredListViewOutput {}

/// Owns the categories screen's state: loading, failed or the list, the `/` filter and the rows it
/// leaves, the selection and the touch.
@MainActor
final class CategoriesPresenter: CategoriesViewOutput, FilteredListPresenting, ModulePresenting {
    weak var view: (any ModuleViewInput<CategoriesViewModel>)?
    let interactor: ResourceCategoriesInteractor
    private let router: any CategoriesRouting
    private let work: WorkTracker

    /// The categories as they load: the kept ones at once, then the server's answer.
    lazy var loader = ContentLoader<ResourceCategoryList, ResourceDirectoryError>(work: work)
    private var categories: Loadable<ResourceCategoryList, ResourceDirectoryError> { loader.content }
    /// The categories, the rows the filter leaves and the selection, kept on its category by id.
    var model = ListModel<[ResourceCategory], String> { $0.id }
    var search = SearchFieldState()

    init(interactor: ResourceCategoriesInteractor, router: any CategoriesRouting, work: WorkTracker) {
        self.interactor = interactor
        self.router = router
        self.work = work
    }

    func didLoad() {
        startLoading(kept: { [interactor] in await interactor.obtainKeptCategories().map { ($0.categories, $0.storedAt) } },
                     obtain: { [interactor] () throws(ResourceDirectoryError) in
                         let obtained = try await interactor.obtainCategories()
                         return (obtained.categories, obtained.storedAt)
                     },
                     // Kept or the server's, the categories become the list, their titles folded once.
                     show: { [weak self, interactor] in self?.show($0.categories, searchTexts: interactor.obtainSearchTexts(of: $0.categories)) })
    }

    func didChooseRow(at index: Int) {
        chooseItem(at: index).map(router.openResources)
    }

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
