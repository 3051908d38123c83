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

    /// The title says how many categories the `/` filter leaves while it filters ("1 of 2").
    var viewModel: CategoriesViewModel {
        listViewModel(title: ResourceDirectoryTexts.appTitle, failure: ResourceDirectoryTexts.message(for:)) { loaded in
            let all = loaded.categories, shown = model.rows
            return (title: search.query.isEmpty ? ResourceDirectoryTexts.appTitle
                        : "\(ResourceDirectoryTexts.appTitle) (\(ResourceDirectoryTexts.count(shown: shown.count, of: all.count, filtered: true)))",
                    rows: LazyRows(count: shown.count) { CategoryRowViewModel(title: shown[$0].title, description: shown[$0].description ?? "") },
                    notices: [ResourceDirectoryTexts.skipped(loaded.skippedReasons)],
                    emptyMessage: all.isEmpty || search.query.isEmpty ? ResourceDirectoryTexts.noCategories : ResourceDirectoryTexts.noCategoryMatches(search.query))
        }
    }
}
