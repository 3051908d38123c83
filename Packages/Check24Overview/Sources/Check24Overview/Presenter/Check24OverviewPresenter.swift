import Foundation
import ImageKit
import Navigation
import TerminalUI
import TextSearch

@MainActor
protocol Check24OverviewViewInput: AnyObject {
    func display(_ viewModel: Check24OverviewViewModel)
}

@MainActor
/// The list's events (``ListViewOutput``) count products from 0 with the footer after the last;
/// `firstVisibleRow` is the list row at the top (0 = the header); choosing a product opens its
/// details, the footer the legal page.
protocol Check24OverviewViewOutput: ListViewOutput {
    func didLoad()
    func didSelectFilter(at index: Int)
    /// The `/` filter changed (typing, enter, esc).
    func didEditSearch(_ search: SearchFieldState)
}

/// What the details module reports back, so the overview reflects a favorite changed there.
@MainActor
protocol Check24DetailModuleOutput: AnyObject {
    func detailDidChangeFavorite(productID: Int, isFavorite: Bool)
}

/// Owns the overview's state: loading / error / catalog, the tab (Alle / Verfügbar / Vorgemerkt), the
/// `/` filter within it, the selection, favorites and pictures.
@MainActor
final class Check24OverviewPresenter: Check24OverviewViewOutput, Check24DetailModuleOutput, ListPresenting {
    weak var view: (any Check24OverviewViewInput)?
    let interactor: Check24OverviewInteractor
    private let router: any Check24OverviewRouting
    private let work: WorkTracker

    /// What a load brings: the catalog, its tabs' positions and the favorites (or why they could not be read).
    private struct Loaded: Sendable {
        var catalog: Check24Catalog
        var filtered: Check24FilteredCatalog
        var favorites: Set<Int>?
        var favoritesError: Check24Error?
    }
    /// The catalog as it loads (a reload shows the loading state, as pull-to-refresh did in the original).
    private lazy var loader = ContentLoader<Loaded, Check24Error>(work: work, reloadShowsLoading: true)
    private var isLoaded: Bool { loader.content.value != nil }
    private var filter = ProductFilter.all
    /// The selection, the touched row and the rows on screen: the products, then the footer (one more row).
    var list = ListState(visibleRows: 0..<Check24OverviewPresenter.initialVisibleRows)
    var rowCount: Int { filteredProducts.count + 1 }
    /// The products of the current tab and `/` filter, kept between key presses: a key costs the rows
    /// on screen, not a pass over the catalog. Recomputed when the catalog, tab, query or favorites change.
    private var filteredProducts = Check24ProductList([])
    /// How many products the tab has before the `/` filter ("3 von 12").
    private var tabCount = 0
    private var search = SearchFieldState()
    /// The products' names and descriptions folded for the filter, by catalog position: made once
    /// per catalog, when the filter is first used; nil until then.
    private var searchTexts: SearchTexts?
    /// Which catalog `searchTexts` are (being) made for: a catalog loaded meanwhile never gets the old texts.
    private var catalogGeneration = 0
    /// The catalog whose texts are being folded: the keys typed meanwhile wait for that one job
    /// instead of starting it again (folding 100,000 products cannot stop halfway).
    private var searchTextsRequested: Int?
    /// The `/` filter's matches in the tab (kept so the next key typed narrows them); nil without a query.
    private var matches: SearchMatches?
    /// The catalog position of the product selected before the filter left no products, selected again when it shows.
    private var selectionHiddenByFilter: Int?
    private var filteredCatalog = Check24FilteredCatalog(products: [])
    /// What the catalog lacked (skipped or incomplete products), worked out once per load.
    private var catalogNotice: String?
    private var favorites: Set<Int> = []
    private var favoritesNotice: String?
    private let images = ImageSlots()
    /// Whether a catalog kept from an earlier run stands in for the server's answer, since when, and asking again.
    var kept: KeptContent { loader.kept }
    /// Rows are at least six lines tall, so twelve cover the first screen of a 72-line terminal.
    static let initialVisibleRows = 12
    /// Pictures this many rows above and below the screen load too, so a short scroll finds them ready.
    static let imageMarginRows = 2
    /// The labels stay those of the last payload while reloading or in error.
    private var filterTitles = Check24Catalog.defaultFilters

    init(interactor: Check24OverviewInteractor, router: any Check24OverviewRouting, work: WorkTracker) {
        self.interactor = interactor
        self.router = router
        self.work = work
    }

    // MARK: View output

    func didLoad() {
        loader.start(kept: { nil }, obtainOrThrow: { [interactor] () throws(Check24Error) in
            let obtained = try await interactor.obtainCatalog()
            let filtered = await interactor.obtainFilteredCatalog(obtained.catalog)
            // Favorites are local: a failure to read them is a notice, not an error view.
            var loaded = Loaded(catalog: obtained.catalog, filtered: filtered)
            do throws(Check24Error) { loaded.favorites = try await interactor.obtainFavoriteIDs() } catch { loaded.favoritesError = error }
            return (loaded, obtained.storedAt)
        }, willLoad: { [images] in images.retryFailed() }, show: { [weak self] in self?.show($0) }, publish: { [weak self] in self?.publish() })
    }

    func didRequestReload() { loader.reload() }

    func didSelectFilter(at index: Int) {
        guard isLoaded, let newFilter = ProductFilter(rawValue: index), newFilter != filter else { return }
        filter = newFilter
        list = ListState(visibleRows: 0..<Self.initialVisibleRows)
        selectionHiddenByFilter = nil
        refilter()
        publish()
        showImages()
    }

    func didEditSearch(_ newSearch: SearchFieldState) {
        let queryChanged = newSearch.query != search.query
        search = newSearch
        guard isLoaded, queryChanged else { return publish() }
        let before = selectedCatalogPosition ?? selectionHiddenByFilter
        let wasFooter = !filteredProducts.isEmpty && list.selectedIndex == filteredProducts.count
        refilter(refining: true)
        reselect(before, footer: wasFooter)
        // A query that matches nothing for a moment (a typo) does not lose the selection.
        selectionHiddenByFilter = filteredProducts.isEmpty ? before : nil
        publish()
        showImages()
    }

    /// Where the selected product stands in the catalog; nil on the footer.
    private var selectedCatalogPosition: Int? {
        filteredProducts.indices.contains(list.selectedIndex) ? filteredProducts.catalogPosition(at: list.selectedIndex) : nil
    }

    /// Selects the product at catalog `position` when the filter shows it (the footer when it was
    /// selected), else the first row. Rows keep catalog order, so finding it is a binary search.
    private func reselect(_ position: Int?, footer: Bool) {
        let products = filteredProducts
        list.reselect(footer ? products.count : position.flatMap { products.index(ofCatalogPosition: $0) }, count: rowCount)
    }

    /// The products and the footer, once the catalog is there.
    func isSelectableRow(_ index: Int) -> Bool { isLoaded && (0..<rowCount).contains(index) }

    func didChangeSelection(to index: Int, firstVisibleRow row: Int, visibleRows rows: Range<Int>) {
        guard selectRow(min(max(0, index), rowCount - 1), firstVisibleRow: row, visibleRows: rows) != nil else { return }
        publish()
        showImages()
    }

    func didChooseRow(at index: Int) {
        let products = filteredProducts
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
        if isLoaded {
            refilter()
            list.clamp(count: rowCount)
        }
        publish()
    }

    // MARK: Loading

    /// A catalog the server answered (or the kept one standing in for it).
    private func show(_ loaded: Loaded) {
        let catalog = loaded.catalog
        filteredCatalog = loaded.filtered
        // A new catalog: its texts are folded again when the filter asks for them.
        catalogGeneration += 1
        searchTexts = nil
        matches = nil
        selectionHiddenByFilter = nil
        filterTitles = catalog.filters
        if let favorites = loaded.favorites { self.favorites = favorites }
        favoritesNotice = loaded.favoritesError.map { Check24Texts.message(for: $0) }
        refilter()
        catalogNotice = Check24Texts.skippedNotice(catalog.skipped) ?? Check24Texts.incompleteNotice(catalog.products)
        list.clamp(count: rowCount)
        publish()
        showImages()
        // A catalog just received is kept for the next launch, once it is on screen.
        if catalog.received != nil { work.run { [interactor] in await interactor.performKeep(catalog) } }
    }

    /// Loads the pictures of the rows on screen (and a small margin), those on screen first;
    /// pictures of rows that scrolled away stop loading.
    private func showImages() {
        guard isLoaded else { return }
        let products = filteredProducts
        let rows = list.pictureRows(count: products.count, margin: Self.imageMarginRows)
        images.show(rows.compactMap { products[$0].imageURL }, start: { [work] in work.runPicture($0) },
                    fetch: { [interactor] in try await interactor.obtainImage(at: $0) },
                    changed: { [weak self] in self?.publish() })
    }

    // MARK: View model

    /// The tab's products, narrowed by the `/` filter once the folded texts are there (they are made
    /// the first time a query is typed, off the main actor; the tab shows whole meanwhile).
    /// `refining` (a key typed, same tab) narrows the last matches when the query allows it.
    private func refilter(refining: Bool = false) {
        guard isLoaded else { filteredProducts = Check24ProductList([]); tabCount = 0; return }
        let tab = filteredCatalog.products(for: filter, favorites: favorites)
        tabCount = tab.count
        let query = SearchQuery(search.query)
        guard !query.isEmpty else {
            matches = nil
            filteredProducts = tab
            return
        }
        guard let searchTexts else {
            matches = nil
            filteredProducts = tab
            makeSearchTexts()
            return
        }
        let found = interactor.obtainMatches(of: query, in: searchTexts, catalog: filteredCatalog, filter: filter, favorites: favorites,
                                             refining: refining ? matches : nil)
        matches = found
        filteredProducts = filteredCatalog.products(at: found.positions)
    }

    /// Folds the catalog's texts for the filter, once per catalog, then filters with them.
    private func makeSearchTexts() {
        guard searchTextsRequested != catalogGeneration else { return }
        searchTextsRequested = catalogGeneration
        let generation = catalogGeneration, catalog = filteredCatalog
        work.runLatest(WorkKey(self, "search texts"), { [interactor] in
            await interactor.obtainSearchTexts(of: catalog)
        }, then: { [weak self] texts in
            guard let self, generation == self.catalogGeneration, self.searchTexts == nil else { return }
            self.searchTexts = texts
            let before = self.selectedCatalogPosition
            self.refilter()
            self.reselect(before, footer: false)
            self.publish()
            self.showImages()
        })
    }

    func publish() {
        view?.display(viewModel)
    }

    var viewModel: Check24OverviewViewModel {
        var model = Check24OverviewViewModel(
            filters: filterTitles, selectedFilter: filter.rawValue, filtersEnabled: false,
            content: .loading, footer: Check24Texts.footer, notice: nil, search: search)
        switch loader.content {
        case .loading:
            break
        case .failed(let error):
            model.content = .failed(message: Check24Texts.message(for: error))
        case .loaded(let loaded), .reloading(let loaded):
            let catalog = loaded.catalog
            model.filtersEnabled = true
            model.touchedRow = list.touchedIndex
            let rows = ProductRows(products: filteredProducts, favorites: favorites, images: images.snapshot)
            let filtering = !search.query.isEmpty
            let empty: String? = !rows.isEmpty ? nil
                : filtering && tabCount > 0 ? Check24Texts.noMatches(search.query)
                : filter == .favorites ? Check24Texts.noFavorites : Check24Texts.noProducts
            // No count while the texts are still being folded: the tab shows whole until then.
            model.searchCount = filtering && matches != nil ? Check24Texts.count(shown: rows.count, of: tabCount) : nil
            model.content = .loaded(header: catalog.header, rows: rows, emptyMessage: empty,
                                    selectedIndex: min(list.selectedIndex, rows.count), firstVisibleRow: list.firstVisibleRow)
            model.notice = kept.notice(.german) ?? Check24Texts.skippedNotice(catalog.skipped) ?? favoritesNotice ?? catalogNotice
        }
        return model
    }
}
