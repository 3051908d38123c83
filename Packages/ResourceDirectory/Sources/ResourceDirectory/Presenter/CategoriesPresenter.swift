import Navigation

@MainActor
protocol CategoriesViewInput: AnyObject {
    func display(_ viewModel: CategoriesViewModel)
}

@MainActor
protocol CategoriesViewOutput: AnyObject {
    func didLoad()
    func didRequestReload()
    func didChangeSelection(to index: Int, firstVisibleRow: Int)
    func didChooseCategory(at index: Int)
    func didTouchCategory(at index: Int)
    func didCancelTouch()
}

/// Owns the categories screen's state: loading, failed or the list, the selection and the touch.
@MainActor
final class CategoriesPresenter: CategoriesViewOutput {
    weak var view: (any CategoriesViewInput)?
    let interactor: ResourceCategoriesInteractor
    private let router: any CategoriesRouting
    private let work: WorkTracker

    private enum State {
        case loading
        case failed(String)
        case loaded(ResourceCategoryList)
    }
    private var state = State.loading
    private var selectedIndex = 0
    private var firstVisibleRow = 0
    private var touchedIndex: Int?

    init(interactor: ResourceCategoriesInteractor, router: any CategoriesRouting, work: WorkTracker) {
        self.interactor = interactor
        self.router = router
        self.work = work
    }

    func didLoad() { load() }
    func didRequestReload() { load() }

    func didChangeSelection(to index: Int, firstVisibleRow row: Int) {
        guard case .loaded(let list) = state, list.categories.indices.contains(index) else { return }
        selectedIndex = index
        firstVisibleRow = max(0, row)
        publish()
    }

    func didTouchCategory(at index: Int) {
        guard case .loaded(let list) = state, list.categories.indices.contains(index) else { return }
        touchedIndex = index
        publish()
    }

    func didCancelTouch() {
        guard touchedIndex != nil else { return }
        touchedIndex = nil
        publish()
    }

    func didChooseCategory(at index: Int) {
        touchedIndex = nil
        guard case .loaded(let list) = state, list.categories.indices.contains(index) else { return }
        selectedIndex = index
        publish()
        router.openResources(of: list.categories[index])
    }

    private func load() {
        state = .loading
        publish()
        // Latest wins: a retry cancels the load before it, whose answer is never applied.
        work.runLatest(WorkKey(self, "categories"), { [interactor] () -> Result<ResourceCategoryList, ResourceDirectoryError> in
            do throws(ResourceDirectoryError) { return .success(try await interactor.obtainCategories()) } catch { return .failure(error) }
        }, then: { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let list):
                self.state = .loaded(list)
                self.selectedIndex = min(self.selectedIndex, max(0, list.categories.count - 1))
            case .failure(let error):
                self.state = .failed(ResourceDirectoryTexts.message(for: error))
            }
            self.publish()
        })
    }

    private func publish() { view?.display(viewModel) }

    var viewModel: CategoriesViewModel {
        switch state {
        case .loading:
            return CategoriesViewModel(content: .loading)
        case .failed(let message):
            return CategoriesViewModel(content: .failed(message: message))
        case .loaded(let list):
            let rows = list.categories.map { CategoriesViewModel.Row(title: $0.title, description: $0.description ?? "") }
            return CategoriesViewModel(content: .loaded(rows: rows, selectedIndex: selectedIndex, firstVisibleRow: firstVisibleRow),
                                       notice: ResourceDirectoryTexts.skipped(list.skippedReasons), touchedIndex: touchedIndex)
        }
    }
}
