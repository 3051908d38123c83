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

    /// The catalog as it loads (with its products' texts for the filter): the kept one at once, then the server's answer.
    private lazy var loader = ContentLoader<ObtainedCatalog, ProductGridError>(work: work)
    private var catalog: Loadable<ObtainedCatalog, ProductGridError> { loader.content }
    private var search = SearchFieldState()
    /// Whether a kept catalog stands in for the server's answer, since when, and asking again.
    var kept: KeptContent { loader.kept }
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
        loader.start(kept: { [interactor] in await interactor.obtainKeptCatalog().map { ($0, $0.storedAt) } },
                     obtainOrThrow: { [interactor] () throws(ProductGridError) in
                         let obtained = try await interactor.obtainCatalog()
                         return (obtained, obtained.storedAt)
                     },
                     willLoad: { [images] in images.retryFailed() },
                     show: { [weak self] in self?.show($0) },
                     publish: { [weak self] in self?.publish() })
    }

    func didRequestReload() { loader.reload() }

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

    /// A catalog to show (the kept one, or the server's answer).
    private func show(_ obtained: ObtainedCatalog) {
        model.load(obtained.catalog.products, searchTexts: obtained.searchTexts)
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
        case .loaded(let obtained), .reloading(let obtained):
            let catalog = obtained.catalog
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
