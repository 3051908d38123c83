import Foundation
import ImageKit
import Money
import Navigation
import TerminalUI
import TextSearch

/// What the grid view shows (implemented by the view, weakly held).
@MainActor
protocol ProductListViewInput: AnyObject {
    func display(_ viewModel: ProductListViewModel)
}

/// What the grid view reports: a list's events (``ListViewOutput``), rows being tiles; the
/// visible rows are the tiles on screen, so that only their pictures load.
@MainActor
protocol ProductListViewOutput: ListViewOutput {
    func didLoad()
    /// The `/` filter changed (typing, enter, esc).
    func didEditSearch(_ search: SearchFieldState)
}

/// Owns the grid's state: loading, the catalog, the `/` filter and the tiles it leaves, the
/// selection, and each image's state.
@MainActor
final class ProductListPresenter: ProductListViewOutput, ListPresenting {
    weak var view: (any ProductListViewInput)?
    let interactor: ProductListInteractor
    private let router: any ProductListRouting
    private let work: WorkTracker
    private let formatter = MoneyFormatter(locale: .deDE)

    private var catalog = Loadable<ProductCatalog, ProductGridError>.loading
    private var search = SearchFieldState()
    /// The products' names folded for the filter (from the interactor, once per load).
    private var searchTexts = SearchTexts(folded: [String]())
    /// The filter's matches while a query filters (kept so the next key typed narrows them); nil shows every product.
    private var matches: SearchMatches?
    /// The catalog position of the product selected before the filter left no tiles, selected again when it shows.
    private var selectionHiddenByFilter: Int?
    /// Whether a kept catalog stands in for the server's answer, since when, and asking again.
    let kept = KeptContent()
    var list = ListState(visibleRows: 0..<ProductListPresenter.initialVisibleTiles)
    private let images = ImageSlots()
    private var products: [ProductSummary] { catalog.value?.products ?? [] }
    /// The products the filter leaves, read through their positions (all of them without a query).
    private var shown: ShownProducts { ShownProducts(all: products, positions: matches?.positions) }
    var rowCount: Int { shown.count }
    static let initialVisibleTiles = 16
    /// Pictures of this many tiles before and after the screen load too.
    static let imageMarginTiles = 4

    init(interactor: ProductListInteractor, router: any ProductListRouting, work: WorkTracker) {
        self.interactor = interactor
        self.router = router
        self.work = work
    }

    func didLoad() {
        load()
    }

    func didRequestReload() {
        kept.reloadRequested()
        load()
    }

    func didChangeSelection(to index: Int, firstVisibleRow row: Int, visibleRows tiles: Range<Int>) {
        guard selectRow(index, firstVisibleRow: row, visibleRows: tiles) != nil else { return }
        publish()
        showImages()
    }

    func didChooseRow(at index: Int) {
        let shown = shown
        guard chooseRow(index) != nil else { return }
        router.openDetail(for: shown[index])
    }

    func didEditSearch(_ newSearch: SearchFieldState) {
        let queryChanged = newSearch.query != search.query
        search = newSearch
        guard catalog.value != nil, queryChanged else { return publish() }
        // By catalog position, not id: finding it again among 100,000 matches is a binary search.
        let before = selectedPosition ?? selectionHiddenByFilter
        applyFilter(keepingPosition: before)
        // A query that matches nothing for a moment (a typo) does not lose the selection.
        selectionHiddenByFilter = shown.isEmpty ? before : nil
        publish()
        showImages()
    }

    /// The selected tile's position in the catalog.
    private var selectedPosition: Int? {
        guard shown.indices.contains(list.selectedIndex) else { return nil }
        return matches?.positions[list.selectedIndex] ?? list.selectedIndex
    }

    /// A key typed: the last matches narrowed when the query allows it, and the selection found again
    /// by its catalog position (the matches are in catalog order), else the first tile.
    private func applyFilter(keepingPosition position: Int?) {
        let query = SearchQuery(search.query)
        matches = query.isEmpty ? nil : interactor.obtainMatches(of: query, in: searchTexts, refining: matches)
        guard let position else { return list.reselect(nil, count: shown.count) }
        guard let positions = matches?.positions else { return list.reselect(position < products.count ? position : nil, count: shown.count) }
        var low = 0, high = positions.count
        while low < high {
            let middle = (low + high) / 2
            if positions[middle] < position { low = middle + 1 } else { high = middle }
        }
        list.reselect(low < positions.count && positions[low] == position ? low : nil, count: shown.count)
    }

    private var selectedProductID: String? {
        let shown = shown
        return shown.indices.contains(list.selectedIndex) ? shown[list.selectedIndex].id : nil
    }

    /// A catalog arrived under a filter: its tiles the filter leaves; the selection follows `id` when it
    /// is still shown, else goes to the first tile.
    private func applyFilter(keeping id: String?) {
        let query = SearchQuery(search.query)
        matches = query.isEmpty ? nil : interactor.obtainMatches(of: query, in: searchTexts, refining: nil)
        let shown = shown
        list.reselect(id.flatMap { id in shown.firstIndex { $0.id == id } }, count: shown.count)
    }

    /// Shows the kept catalog at once on the first load (the server is asked meanwhile), then the
    /// server's answer; a reload keeps what is on screen until the answer comes.
    private func load() {
        images.retryFailed()
        let isFirstLoad = catalog.value == nil
        catalog = catalog.reloaded
        publish()
        if isFirstLoad {
            work.run { [weak self, interactor] in
                // Only while nothing answered yet: never over the server's answer, nor over its error.
                guard let kept = await interactor.obtainKeptCatalog(), let self, case .loading = self.catalog else { return }
                self.show(kept, reloading: true)
            }
        }
        work.runLatest(WorkKey(self, "catalog"), { [interactor] () -> Result<ObtainedCatalog, ProductGridError> in
            do throws(ProductGridError) { return .success(try await interactor.obtainCatalog()) } catch { return .failure(error) }
        }, then: { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let obtained):
                // Told first: the frame that shows the answer says whether it is current.
                self.kept.received(storedAt: obtained.storedAt) { [weak self] in self?.load() }
                self.show(obtained, reloading: false)
            case .failure(let error):
                // An answer that is an error (a 404, a body that is no catalog) is said, also over a kept
                // catalog: only no answer at all lets a kept one stand in (the transport's doing).
                self.kept.received(storedAt: nil) {}
                self.catalog = .failed(error)
                self.publish()
            }
        })
    }

    private func show(_ obtained: ObtainedCatalog, reloading: Bool) {
        let keep = selectedProductID
        catalog = reloading ? .reloading(obtained.catalog) : .loaded(obtained.catalog)
        searchTexts = obtained.searchTexts
        // A position hidden by a typo belongs to the catalog before.
        selectionHiddenByFilter = nil
        if reloading { kept.showingKept(since: obtained.storedAt) }
        if search.query.isEmpty {
            matches = nil
            list.clamp(count: obtained.catalog.products.count)
        } else {
            applyFilter(keeping: keep)
        }
        publish()
        showImages()
    }

    /// Loads the pictures of the tiles on screen (and a small margin), those on screen first;
    /// pictures of tiles that scrolled away stop loading.
    private func showImages() {
        guard catalog.value != nil else { return }
        let shown = shown
        images.show(list.pictureRows(count: shown.count, margin: Self.imageMarginTiles).compactMap { shown[$0].imageURL },
                    start: { [work] in work.runPicture($0) },
                    fetch: { [interactor] in try await interactor.obtainImage(at: $0) },
                    changed: { [weak self] in self?.publish() })
    }

    func publish() {
        view?.display(viewModel)
    }

    var viewModel: ProductListViewModel {
        switch catalog {
        case .loading:
            return ProductListViewModel(title: ProductGridTexts.title, content: .loading, notice: nil, search: search)
        case .failed(let error):
            return ProductListViewModel(title: ProductGridTexts.title, content: .failed(message: ProductGridTexts.message(for: error)), notice: nil,
                                        search: search)
        case .loaded(let catalog), .reloading(let catalog):
            let products = shown, pictures = images.snapshot, formatter = formatter
            let tiles = LazyRows(count: products.count) { index in
                let product = products[index]
                return ProductTileViewModel(
                    name: product.name,
                    price: formatter.string(for: Money(minorUnits: product.priceInCents, currency: .eur)),
                    image: pictures[product.imageURL])
            }
            let skipped = ProductGridTexts.skippedNotice(count: catalog.skippedCount, firstReason: catalog.skippedReasons.first)
            let notice = [kept.notice(), skipped].compactMap { $0 }.joined(separator: " · ")
            let filtered = !search.query.isEmpty
            return ProductListViewModel(
                title: ProductGridTexts.title(shown: tiles.count, of: catalog.products.count, filtered: filtered),
                content: .loaded(rows: tiles, selectedIndex: list.selectedIndex, firstVisibleRow: list.firstVisibleRow),
                notice: notice.isEmpty ? nil : notice, touchedIndex: list.touchedIndex, search: search,
                emptyMessage: filtered && !catalog.products.isEmpty ? ProductGridTexts.noMatches(search.query) : ProductGridTexts.empty)
        }
    }
}

/// Some of the catalog's products, in catalog order, read through their positions (all without positions):
/// the filter's tiles without copying a product.
struct ShownProducts: RandomAccessCollection, Sendable {
    let all: [ProductSummary]
    let positions: [Int]?

    var startIndex: Int { 0 }
    var endIndex: Int { positions?.count ?? all.count }
    subscript(index: Int) -> ProductSummary { all[positions.map { $0[index] } ?? index] }
}
