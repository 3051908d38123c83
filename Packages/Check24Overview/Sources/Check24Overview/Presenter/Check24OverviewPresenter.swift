import Foundation
import ImageKit
import PictureUI
import Navigation
import TerminalUI
import TextSearch

@MainActor
/// The list's events (``ListViewOutput``) count products from 0 with the footer after the last;
/// `firstVisibleRow` is the list row at the top (0 = the header); choosing a product opens its
/// details, the footer the legal page.
protocol Check24OverviewViewOutput: FilteredListViewOutput {
    func didSelectFilter(at index: Int)
}

/// What the details module reports back, so the overview reflects a favorite changed there.
@MainActor
protocol Check24DetailModuleOutput: AnyObject {
    func detailDidChangeFavorite(productID: Int, isFavorite: Bool)
}

/// Owns the overview's state: loading / error / catalog, the tab (Alle / Verfügbar / Vorgemerkt), the
/// `/` filter within it and the selection (a ``ListModel`` whose scope is the tab, with the footer as
/// the row after the last product), favorites and pictures.
@MainActor
final class Check24OverviewPresenter: Check24OverviewViewOutput, Check24DetailModuleOutput, PicturedListPresenting, ModulePresenting {
    weak var view: (any ModuleViewInput<Check24OverviewViewModel>)?
    let interactor: Check24OverviewInteractor
    private let router: any Check24OverviewRouting
    private let work: WorkTracker

    /// What a load brings: the catalog, its tabs' positions and the favorites (or why they could not be read).
    struct Loaded: Sendable {
        var catalog: Check24Catalog
        var filtered: Check24FilteredCatalog
        var favorites: Set<Int>?
        var favoritesError: Check24Error?
    }
    /// The catalog as it loads (a reload shows the loading state, as pull-to-refresh did in the original).
    lazy var loader = ContentLoader<Loaded, Check24Error>(work: work, reloadShowsLoading: true)
    private var filter = ProductFilter.all
    /// The catalog's products, the tab's, the rows the `/` filter leaves of them and the selection, kept
    /// on its product by id (found through the catalog's index, not a look at 100,000 products). The
    /// filter's texts are folded the first time a query is typed, off the main actor; the tab shows whole meanwhile.
    var model = ListModel<Check24FilteredCatalog, Int>(
        items: Check24FilteredCatalog(products: []), visibleRows: 0..<Check24OverviewPresenter.initialVisibleRows, trailingRows: 1,
        identity: { $0.id }, locate: { catalog, id in catalog.position(ofID: id) })
    var search = SearchFieldState()
    /// What the catalog lacked (skipped or incomplete products), worked out once per load.
    private var catalogNotice: String?
    private var favorites: Set<Int> = []
    private var favoritesNotice: String?
    lazy var images = makeImages(work: work) { [interactor] in try await interactor.obtainImage(at: $0) }
    /// Rows are at least six lines tall, so twelve cover the first screen of a 72-line terminal.
    static let initialVisibleRows = 12
    /// Pictures this many rows above and below the screen load too, so a short scroll finds them ready.
    static let pictureMarginRows = 2
    /// The labels stay those of the last payload while reloading or in error.
    private var filterTitles = Check24Catalog.defaultFilters

    init(interactor: Check24OverviewInteractor, router: any Check24OverviewRouting, work: WorkTracker) {
        self.interactor = interactor
        self.router = router
        self.work = work
    }

    // MARK: View output

    func didLoad() {
        startLoading(kept: { nil }, obtain: { [interactor] () throws(Check24Error) in
            let obtained = try await interactor.obtainCatalog()
            let filtered = await interactor.obtainFilteredCatalog(obtained.catalog)
            // Favorites are local: a failure to read them is a notice, not an error view.
            var loaded = Loaded(catalog: obtained.catalog, filtered: filtered)
            do throws(Check24Error) { loaded.favorites = try await interactor.obtainFavoriteIDs() } catch { loaded.favoritesError = error }
            return (loaded, obtained.storedAt)
        }, show: { [weak self] in self?.show($0) })
    }

    /// Another tab: its products from the top, the `/` filter applied to them.
    func didSelectFilter(at index: Int) {
        guard isLoaded, let newFilter = ProductFilter(rawValue: index), newFilter != filter else { return }
        filter = newFilter
        model.scope(to: tabPositions, keepsSelection: false)
        publish()
        showImages()
    }

    func didChooseRow(at index: Int) {
        let products = model.rows
        guard chooseRow(index) != nil else { return }
        if index == products.count {
            router.openLegalPage()
        } else {
            router.openDetail(for: products[index], isFavorite: favorites.contains(products[index].id), output: self)
        }
    }

    // MARK: Details module output

    func detailDidChangeFavorite(productID: Int, isFavorite: Bool) {
        if isFavorite { favorites.insert(productID) } else { favorites.remove(productID) }
        // The favourites' tab gains or loses the product; the selection stays on its product, else its row.
        if isLoaded, filter == .favorites { model.scope(to: tabPositions) }
        publish()
    }

    // MARK: Loading

    /// The catalog positions of the tab's products; nil for all of them.
    private var tabPositions: [Int]? { model.items.positions(for: filter, favorites: favorites) }

    /// A catalog the server answered (or the kept one standing in for it).
    private func show(_ loaded: Loaded) {
        let catalog = loaded.catalog
        filterTitles = catalog.filters
        if let favorites = loaded.favorites { self.favorites = favorites }
        favoritesNotice = loaded.favoritesError.map { Check24Texts.message(for: $0) }
        catalogNotice = Check24Texts.skippedNotice(catalog.skipped) ?? Check24Texts.incompleteNotice(catalog.products)
        model.load(loaded.filtered, searchTexts: nil, scope: loaded.filtered.positions(for: filter, favorites: favorites))
        if model.needsSearchTexts { makeSearchTexts() }
        publish()
        showImages()
        // A catalog just received is kept for the next launch, once it is on screen.
        if catalog.received != nil { work.run { [interactor] in await interactor.performKeep(catalog) } }
    }

    func pictureURL(of product: Check24Product) -> URL? { product.imageURL }

    /// Folds the catalog's texts for the filter, once per catalog (100,000 products cannot stop halfway:
    /// the keys typed meanwhile wait for that job), then filters with them; a catalog loaded meanwhile
    /// never gets the old texts.
    func makeSearchTexts() {
        guard let request = model.requestSearchTexts() else { return }
        let catalog = model.items
        work.runLatest(WorkKey(self, "search texts"), { [interactor] in
            await interactor.obtainSearchTexts(of: catalog)
        }, then: { [weak self] texts in
            guard let self, self.model.provideSearchTexts(texts, for: request) else { return }
            self.publish()
            self.showImages()
        })
    }

    // MARK: View model

    var viewModel: Check24OverviewViewModel {
        var viewModel = Check24OverviewViewModel(
            filters: filterTitles, selectedFilter: filter.rawValue, filtersEnabled: false,
            content: .loading, footer: Check24Texts.footer, notice: nil, search: search)
        switch loader.content {
        case .loading:
            break
        case .failed(let error):
            viewModel.content = .failed(message: Check24Texts.message(for: error))
        case .loaded(let loaded), .reloading(let loaded):
            let catalog = loaded.catalog
            viewModel.filtersEnabled = true
            viewModel.touchedRow = list.touchedIndex
            let rows = ProductRows(products: model.rows, favorites: favorites, images: images.snapshot)
            let tabCount = model.scopeCount
            let empty: String? = !rows.isEmpty ? nil
                : !search.query.isEmpty && tabCount > 0 ? Check24Texts.noMatches(search.query)
                : filter == .favorites ? Check24Texts.noFavorites : Check24Texts.noProducts
            // No count while the texts are still being folded: the tab shows whole until then.
            viewModel.searchCount = model.isFiltered ? Check24Texts.count(shown: rows.count, of: tabCount) : nil
            viewModel.content = .loaded(header: catalog.header, rows: rows, emptyMessage: empty,
                                        selectedIndex: min(list.selectedIndex, rows.count), firstVisibleRow: list.firstVisibleRow)
            viewModel.notice = kept.notice(.german) ?? Check24Texts.skippedNotice(catalog.skipped) ?? favoritesNotice ?? catalogNotice
        }
        return viewModel
    }
}
