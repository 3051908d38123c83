import Foundation
import ImageKit
import Navigation

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
}

/// What the details module reports back, so the overview reflects a favorite changed there.
@MainActor
protocol Check24DetailModuleOutput: AnyObject {
    func detailDidChangeFavorite(productID: Int, isFavorite: Bool)
}

/// Owns the overview's state: loading / error / catalog, the filter, the selection, favorites and pictures.
@MainActor
final class Check24OverviewPresenter: Check24OverviewViewOutput, Check24DetailModuleOutput, ListPresenting {
    weak var view: (any Check24OverviewViewInput)?
    let interactor: Check24OverviewInteractor
    private let router: any Check24OverviewRouting
    private let work: WorkTracker

    private var catalog = Loadable<Check24Catalog, Check24Error>.loading
    private var isLoaded: Bool { catalog.value != nil }
    private var filter = ProductFilter.all
    /// The selection, the touched row and the rows on screen: the products, then the footer (one more row).
    var list = ListState(visibleRows: 0..<Check24OverviewPresenter.initialVisibleRows)
    var rowCount: Int { filteredProducts.count + 1 }
    /// The products of the current filter, kept between key presses: a key costs the rows on
    /// screen, not a pass over the catalog. Recomputed when the catalog, filter or favorites change.
    private var filteredProducts = Check24ProductList([])
    private var filteredCatalog = Check24FilteredCatalog(products: [])
    /// What the catalog lacked (skipped or incomplete products), worked out once per load.
    private var catalogNotice: String?
    private var favorites: Set<Int> = []
    private var favoritesNotice: String?
    private let images = ImageSlots()
    /// Whether a catalog kept from an earlier run stands in for the server's answer, since when, and asking again.
    let kept = KeptContent()
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
        load()
    }

    func didRequestReload() {
        kept.reloadRequested()
        load()
    }

    func didSelectFilter(at index: Int) {
        guard isLoaded, let newFilter = ProductFilter(rawValue: index), newFilter != filter else { return }
        filter = newFilter
        list = ListState(visibleRows: 0..<Self.initialVisibleRows)
        refilter()
        publish()
        showImages()
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

    private func load() {
        images.retryFailed()
        catalog = .loading
        publish()
        work.runLatest(WorkKey(self, "catalog"), { [interactor] in
            let result: Result<((catalog: Check24Catalog, storedAt: Date?), Check24FilteredCatalog), Check24Error>
            do throws(Check24Error) {
                let obtained = try await interactor.obtainCatalog()
                result = .success((obtained, await interactor.obtainFilteredCatalog(obtained.catalog)))
            } catch {
                result = .failure(error)
            }
            // Favorites are local: a failure to read them is a notice, not an error view.
            var favorites: Set<Int>?
            var favoritesError: Check24Error?
            if case .success = result {
                do throws(Check24Error) { favorites = try await interactor.obtainFavoriteIDs() } catch {
                    favoritesError = error
                }
            }
            return (result, favorites, favoritesError)
        }, then: { [weak self] loaded in
            guard let self else { return }
            let (result, favorites, favoritesError) = loaded
            switch result {
            case .success(let (obtained, filtered)):
                let catalog = obtained.catalog
                // Told first: the frame that shows the catalog says whether it is current.
                self.kept.received(storedAt: obtained.storedAt) { [weak self] in self?.load() }
                self.catalog = .loaded(catalog)
                self.filteredCatalog = filtered
                self.filterTitles = catalog.filters
                if let favorites { self.favorites = favorites }
                self.favoritesNotice = favoritesError.map { Check24Texts.message(for: $0) }
                self.refilter()
                self.catalogNotice = Check24Texts.skippedNotice(catalog.skipped) ?? Check24Texts.incompleteNotice(catalog.products)
                self.list.clamp(count: self.rowCount)
                self.publish()
                self.showImages()
                // A catalog just received is kept for the next launch, once it is on screen.
                if catalog.received != nil { self.work.run { [interactor = self.interactor] in await interactor.performKeep(catalog) } }
            case .failure(let error):
                // An answer that is an error (a 5xx, --fail-every's faults) is said: only no answer lets a kept catalog stand in.
                self.kept.received(storedAt: nil) {}
                self.catalog = .failed(error)
                self.publish()
            }
        })
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

    private func refilter() {
        guard isLoaded else { filteredProducts = Check24ProductList([]); return }
        filteredProducts = filteredCatalog.products(for: filter, favorites: favorites)
    }

    func publish() {
        view?.display(viewModel)
    }

    var viewModel: Check24OverviewViewModel {
        var model = Check24OverviewViewModel(
            filters: filterTitles, selectedFilter: filter.rawValue, filtersEnabled: false,
            content: .loading, footer: Check24Texts.footer, notice: nil)
        switch catalog {
        case .loading:
            break
        case .failed(let error):
            model.content = .failed(message: Check24Texts.message(for: error))
        case .loaded(let catalog), .reloading(let catalog):
            model.filtersEnabled = true
            model.touchedRow = list.touchedIndex
            let rows = ProductRows(products: filteredProducts, favorites: favorites, images: images.snapshot)
            let empty: String? = rows.isEmpty
                ? (filter == .favorites ? Check24Texts.noFavorites : Check24Texts.noProducts)
                : nil
            model.content = .loaded(header: catalog.header, rows: rows, emptyMessage: empty,
                                    selectedIndex: min(list.selectedIndex, rows.count), firstVisibleRow: list.firstVisibleRow)
            model.notice = kept.notice(.german) ?? Check24Texts.skippedNotice(catalog.skipped) ?? favoritesNotice ?? catalogNotice
        }
        return model
    }
}
