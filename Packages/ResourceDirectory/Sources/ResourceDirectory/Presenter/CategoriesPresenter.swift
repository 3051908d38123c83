import Foundation
import Navigation

@MainActor
protocol CategoriesViewInput: AnyObject {
    func display(_ viewModel: CategoriesViewModel)
}

@MainActor
protocol CategoriesViewOutput: ListViewOutput {
    func didLoad()
}

/// Owns the categories screen's state: loading, failed or the list, the selection and the touch.
@MainActor
final class CategoriesPresenter: CategoriesViewOutput, ListPresenting {
    weak var view: (any CategoriesViewInput)?
    let interactor: ResourceCategoriesInteractor
    private let router: any CategoriesRouting
    private let work: WorkTracker

    private var categories = Loadable<ResourceCategoryList, ResourceDirectoryError>.loading
    /// Whether kept categories stand in for the server's answer, since when, and asking again.
    let kept = KeptContent()
    var list = ListState()
    var rowCount: Int { categories.value?.categories.count ?? 0 }

    init(interactor: ResourceCategoriesInteractor, router: any CategoriesRouting, work: WorkTracker) {
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
    }

    func didChooseRow(at index: Int) {
        guard chooseRow(index) != nil, let loaded = categories.value else { return }
        router.openResources(of: loaded.categories[index])
    }

    /// Shows the kept categories at once on the first load (the server is asked meanwhile); a reload
    /// keeps what is on screen until the answer comes.
    private func load() {
        let isFirstLoad = categories.value == nil
        categories = categories.reloaded
        publish()
        if isFirstLoad {
            work.run { [weak self, interactor] in
                // Only while nothing answered yet: never over the server's answer, nor over its error.
                guard let kept = await interactor.obtainKeptCategories(), let self, case .loading = self.categories else { return }
                self.kept.showingKept(since: kept.storedAt)
                self.categories = .reloading(kept.categories)
                self.list.clamp(count: kept.categories.categories.count)
                self.publish()
            }
        }
        // Latest wins: a retry cancels the load before it, whose answer is never applied.
        work.runLatest(WorkKey(self, "categories"), { [interactor] () -> Result<(categories: ResourceCategoryList, storedAt: Date?), ResourceDirectoryError> in
            do throws(ResourceDirectoryError) { return .success(try await interactor.obtainCategories()) } catch { return .failure(error) }
        }, then: { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let obtained):
                self.kept.received(storedAt: obtained.storedAt) { [weak self] in self?.load() }
                self.categories = .loaded(obtained.categories)
                self.list.clamp(count: obtained.categories.categories.count)
            case .failure(let error):
                self.kept.received(storedAt: nil) {}
                self.categories = .failed(error)
            }
            self.publish()
        })
    }

    func publish() { view?.display(viewModel) }

    var viewModel: CategoriesViewModel {
        switch categories {
        case .loading:
            return CategoriesViewModel(content: .loading)
        case .failed(let error):
            return CategoriesViewModel(content: .failed(message: ResourceDirectoryTexts.message(for: error)))
        case .loaded(let loaded), .reloading(let loaded):
            let all = loaded.categories
            let rows = LazyRows(count: all.count) { CategoriesViewModel.Row(title: all[$0].title, description: all[$0].description ?? "") }
            return CategoriesViewModel(content: .loaded(rows: rows, selectedIndex: list.selectedIndex, firstVisibleRow: list.firstVisibleRow),
                                       notice: ResourceDirectoryTexts.notice(kept: kept, skipped: ResourceDirectoryTexts.skipped(loaded.skippedReasons)),
                                       touchedIndex: list.touchedIndex)
        }
    }
}
