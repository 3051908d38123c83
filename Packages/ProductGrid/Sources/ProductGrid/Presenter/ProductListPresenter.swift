import Foundation
import ImageKit
import PictureUI
import Money
import Navigation
import TerminalUI

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
final class ProductListPresenter: ProductListViewOutput, PicturedListPresenting, ModulePresenting {
    weak var view: (any ModuleViewInput<ProductListViewModel>)?
    let interactor: ProductListInteractor
    private let router: any ProductListRouting
    private let work: WorkTracker
    private let formatter = MoneyFormatter(locale: .deDE)

    /// The catalog as it loads (with its products' texts for the filter): the kept one at once, then the server's answer.
    lazy var loader = ContentLoader<ObtainedCatalog, ProductGridError>(work: work)
    var search = SearchFieldState()
    /// The products, the tiles the filter leaves and the selection, kept on its product by id.
    var model = ListModel<[ProductSummary], String>(visibleRows: 0..<ProductListPresenter.initialVisibleTiles) { $0.id }
    lazy var images = makeImages(work: work) { [interactor] in try await interactor.obtainImage(at: $0) }
    static let initialVisibleTiles = 16
    /// Pictures of this many tiles before and after the screen load too.
    static let pictureMarginRows = 4

    init(interactor: ProductListInteractor, router: any ProductListRouting, work: WorkTracker) {
        self.interactor = interactor
        self.router = router
        self.work = work
    }

    func didLoad() {
        startLoading(kept: { [interactor] in await interactor.obtainKeptCatalog().map { ($0, $0.storedAt) } },
                     obtain: { [interactor] () throws(ProductGridError) in
                         let obtained = try await interactor.obtainCatalog()
                         return (obtained, obtained.storedAt)
                     },
                     show: { [weak self] in self?.show($0.catalog.products, searchTexts: $0.searchTexts) })
    }

    func didChooseRow(at index: Int) {
        chooseItem(at: index).map(router.openDetail)
    }

    func pictureURL(of product: ProductSummary) -> URL? { product.imageURL }

    var viewModel: ProductListViewModel {
        listViewModel(title: ProductGridTexts.title, failure: ProductGridTexts.message(for:)) { obtained in
            let catalog = obtained.catalog, products = model.rows, pictures = images.snapshot, formatter = formatter
            let filtered = !search.query.isEmpty
            let tiles = LazyRows(count: products.count) { index in
                ProductTileViewModel(name: products[index].name, price: formatter.string(for: Money(minorUnits: products[index].priceInCents, currency: .eur)),
                                     image: pictures[products[index].imageURL])
            }
            return (title: ProductGridTexts.title(shown: tiles.count, of: catalog.products.count, filtered: filtered), rows: tiles,
                    notices: [ProductGridTexts.skippedNotice(count: catalog.skippedCount, firstReason: catalog.skippedReasons.first)],
                    emptyMessage: filtered && !catalog.products.isEmpty ? ProductGridTexts.noMatches(search.query) : ProductGridTexts.empty)
        }
    }
}
