import Foundation
import ImageKit
import Money
import Navigation
import TerminalUI

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

/// Owns the grid's state: loading, the catalog, the tiles with their `/` filter and selection (a
/// ``ListModel``), and each image's state.
@MainActor
final class ProductListPresenter: ProductListViewOutput, ListPresenting {
    weak var view: (any ProductListViewInput)?
    let interactor: ProductListInteractor
    private let router: any ProductListRouting
    private let work: WorkTracker
    private let formatter = MoneyFormatter(locale: .deDE)

    private var catalog = Loadable<ProductCatalog, ProductGridError>.loading
    private var search = SearchFieldState()
    /// Whether a kept catalog stands in for the server's answer, since when, and asking again.
    let kept = KeptContent()
    /// The products, the tiles the filter leaves and the selection, kept on its product by id.
    private var model = ListModel<ProductSummary, String>(visibleRows: 0..<ProductListPresenter.initialVisibleTiles) { $0.id }
    var list: ListState {
        get { model.selection }
        set { model.selection = newValue }
    }
    private let images = ImageSlots()
    var rowCount: Int { catalog.value == nil ? 0 : model.rows.count }
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
        guard chooseRow(index) != nil, let product = model.selectedItem else { return }
        router.openDetail(for: product)
    }

    func didEditSearch(_ newSearch: SearchFieldState) {
        search = newSearch
        guard catalog.value != nil, model.filter(by: newSearch.query) else { return publish() }
        publish()
        showImages()
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
        catalog = reloading ? .reloading(obtained.catalog) : .loaded(obtained.catalog)
        model.load(obtained.catalog.products, searchTexts: obtained.searchTexts)
        if reloading { kept.showingKept(since: obtained.storedAt) }
        publish()
        showImages()
    }

    /// Loads the pictures of the tiles on screen (and a small margin), those on screen first;
    /// pictures of tiles that scrolled away stop loading.
    private func showImages() {
        guard catalog.value != nil else { return }
        images.show(model.pictureItems(margin: Self.imageMarginTiles).compactMap(\.imageURL),
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
            let products = model.rows, pictures = images.snapshot, formatter = formatter
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
