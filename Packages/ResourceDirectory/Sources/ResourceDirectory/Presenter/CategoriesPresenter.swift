import Foundation
import Navigation
import TerminalUI
import TextSearch

@MainActor
protocol CategoriesViewInput: AnyObject {
    func display(_ viewModel: CategoriesViewModel)
}

@MainActor
protocol CategoriesViewOutput: ListViewOutput {
    func didLoad()
    /// The `/` filter changed (typing, enter, esc).
    func didEditSearch(_ search: SearchFieldState)
}

/// Owns the categories screen's state: loading, failed or the list, the `/` filter and the rows it
/// leaves, the selection and the touch.
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
    var rowCount: Int { shown.count }
    private var all: [ResourceCategory] { categories.value?.categories ?? [] }
    private var search = SearchFieldState()
    /// The titles folded for the filter, once per list shown.
    private var searchTexts = SearchTexts(folded: [String]())
    /// The filter's matches (kept so the next key typed narrows them); nil before a list.
    private var matches: SearchMatches?
    /// Positions in `all` of the rows the filter leaves.
    private var shown: [Int] { matches?.positions ?? [] }
    /// The category selected before the filter left no rows, selected again when it shows.
    private var selectionHiddenByFilter: String?

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
        let shown = shown, all = all
        guard chooseRow(index) != nil else { return }
        router.openResources(of: all[shown[index]])
    }

    func didEditSearch(_ newSearch: SearchFieldState) {
        let queryChanged = newSearch.query != search.query
        search = newSearch
        guard categories.value != nil, queryChanged else { return publish() }
        let keep = selectedCategoryID ?? selectionHiddenByFilter
        applyFilter(keeping: keep, refining: true)
        // A query that matches nothing for a moment (a typo) does not lose the selection.
        selectionHiddenByFilter = shown.isEmpty ? keep : nil
        publish()
    }

    /// The selected category's id; read it before `categories` changes, while `shown` still indexes the list on screen.
    private var selectedCategoryID: String? {
        let all = all, shown = shown
        guard shown.indices.contains(list.selectedIndex), all.indices.contains(shown[list.selectedIndex]) else { return nil }
        return all[shown[list.selectedIndex]].id
    }

    /// `loaded` arrived: it becomes the list, its titles are folded once, then filtered; the selection
    /// follows the category selected before (read before the list changes: a shorter list must not be
    /// indexed by the old rows' positions).
    private func show(_ loaded: ResourceCategoryList, as state: Loadable<ResourceCategoryList, ResourceDirectoryError>) {
        let keep = selectedCategoryID
        categories = state
        searchTexts = interactor.obtainSearchTexts(of: loaded.categories)
        applyFilter(keeping: keep)
    }

    /// The rows the filter leaves; the selection follows `id` when it is still shown, else goes to the top.
    /// `refining` (a key typed, same list) narrows the last matches when the query allows it.
    private func applyFilter(keeping id: String?, refining: Bool = false) {
        matches = interactor.obtainMatches(of: SearchQuery(search.query), in: searchTexts, refining: refining ? matches : nil)
        let all = all
        list.reselect(id.flatMap { id in shown.firstIndex { all[$0].id == id } }, count: shown.count)
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
                self.show(kept.categories, as: .reloading(kept.categories))
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
                self.show(obtained.categories, as: .loaded(obtained.categories))
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
            return CategoriesViewModel(content: .loading, search: search)
        case .failed(let error):
            return CategoriesViewModel(content: .failed(message: ResourceDirectoryTexts.message(for: error)), search: search)
        case .loaded(let loaded), .reloading(let loaded):
            let all = loaded.categories, shown = shown
            let rows = LazyRows(count: shown.count) { CategoriesViewModel.Row(title: all[shown[$0]].title, description: all[shown[$0]].description ?? "") }
            let title = search.query.isEmpty ? ResourceDirectoryTexts.appTitle
                : "\(ResourceDirectoryTexts.appTitle) (\(ResourceDirectoryTexts.count(shown: shown.count, of: all.count, filtered: true)))"
            return CategoriesViewModel(content: .loaded(rows: rows, selectedIndex: list.selectedIndex, firstVisibleRow: list.firstVisibleRow),
                                       notice: ResourceDirectoryTexts.notice(kept: kept, skipped: ResourceDirectoryTexts.skipped(loaded.skippedReasons)),
                                       touchedIndex: list.touchedIndex, title: title, search: search,
                                       emptyMessage: all.isEmpty || search.query.isEmpty ? ResourceDirectoryTexts.noCategories : ResourceDirectoryTexts.noCategoryMatches(search.query))
        }
    }
}
