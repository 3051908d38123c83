import Foundation
import ImageKit
import Navigation

@MainActor
protocol Check24OverviewViewInput: AnyObject {
    func display(_ viewModel: Check24OverviewViewModel)
}

@MainActor
protocol Check24OverviewViewOutput: AnyObject {
    func didLoad()
    /// `r`, pull-to-refresh, and the error view's `Neuladen`.
    func didRequestReload()
    func didSelectFilter(at index: Int)
    /// `firstVisibleRow`: the list row at the top (0 = the header); `visibleRows`: the products on
    /// screen after the change, so that only their pictures load.
    func didChangeSelection(to index: Int, firstVisibleRow: Int, visibleRows: Range<Int>)
    /// enter or click on a row: a product opens its details, the footer the legal page.
    func didChooseRow(at index: Int)
    /// Mouse down on a row: it is drawn touched until the release (``TouchInput``).
    func didTouchRow(at index: Int)
    /// The touch ended off its row, or a key was pressed.
    func didCancelTouch()
}

/// What the details module reports back, so the overview reflects a favorite changed there.
@MainActor
protocol Check24DetailModuleOutput: AnyObject {
    func detailDidChangeFavorite(productID: Int, isFavorite: Bool)
}

/// Owns the overview's state: loading / error / catalog, the filter, the selection, favorites and pictures.
@MainActor
final class Check24OverviewPresenter: Check24OverviewViewOutput, Check24DetailModuleOutput {
    weak var view: (any Check24OverviewViewInput)?
    let interactor: Check24OverviewInteractor
    private let router: any Check24OverviewRouting
    private let work: WorkTracker

    private enum State {
        case loading
        case failed(String)
        case loaded(Check24Catalog)
    }
    private var state = State.loading
    private var filter = ProductFilter.all
    private var selectedIndex = 0
    private var firstVisibleRow = 0
    private var touchedRow: Int?
    /// The products of the current filter, kept between key presses: a key costs the rows on
    /// screen, not a pass over the catalog. Recomputed when the catalog, filter or favorites change.
    private var filteredProducts = Check24ProductList([])
    private var filteredCatalog = Check24FilteredCatalog(products: [])
    /// What the catalog lacked (skipped or incomplete products), worked out once per load.
    private var catalogNotice: String?
    private var favorites: Set<Int> = []
    private var favoritesNotice: String?
    private let images = ImageSlots()
    /// The rows on screen, as the view last reported them; before it has, the first rows of any terminal.
    private var visibleRows = 0..<Check24OverviewPresenter.initialVisibleRows
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
        load()
    }

    func didSelectFilter(at index: Int) {
        guard case .loaded = state, let newFilter = ProductFilter(rawValue: index), newFilter != filter else { return }
        filter = newFilter
        selectedIndex = 0
        firstVisibleRow = 0
        visibleRows = 0..<Self.initialVisibleRows
        refilter()
        publish()
        showImages()
    }

    func didChangeSelection(to index: Int, firstVisibleRow row: Int, visibleRows rows: Range<Int>) {
        guard case .loaded = state else { return }
        selectedIndex = min(max(0, index), filteredProducts.count)
        firstVisibleRow = max(0, row)
        visibleRows = rows
        publish()
        showImages()
    }

    func didTouchRow(at index: Int) {
        guard case .loaded = state, (0...filteredProducts.count).contains(index) else { return }
        touchedRow = index
        publish()
    }

    func didCancelTouch() {
        guard touchedRow != nil else { return }
        touchedRow = nil
        publish()
    }

    func didChooseRow(at index: Int) {
        touchedRow = nil
        guard case .loaded = state else { return }
        let products = filteredProducts
        guard (0...products.count).contains(index) else { return }
        selectedIndex = index
        publish()
        if index == products.count {
            router.openLegalPage()
        } else {
            router.openDetail(for: products[index], isFavorite: favorites.contains(products[index].id), output: self)
        }
    }

    // MARK: Details module output

    func detailDidChangeFavorite(productID: Int, isFavorite: Bool) {
        if isFavorite { favorites.insert(productID) } else { favorites.remove(productID) }
        if case .loaded = state {
            refilter()
            selectedIndex = min(selectedIndex, filteredProducts.count)
        }
        publish()
    }

    // MARK: Loading

    private func load() {
        images.retryFailed()
        state = .loading
        publish()
        work.runLatest(WorkKey(self, "catalog"), { [interactor] in
            let result: Result<(Check24Catalog, Check24FilteredCatalog), Check24Error>
            do throws(Check24Error) {
                let catalog = try await interactor.obtainCatalog()
                result = .success((catalog, await interactor.obtainFilteredCatalog(catalog)))
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
            case .success(let (catalog, filtered)):
                self.state = .loaded(catalog)
                self.filteredCatalog = filtered
                self.filterTitles = catalog.filters
                if let favorites { self.favorites = favorites }
                self.favoritesNotice = favoritesError.map { Check24Texts.message(for: $0) }
                self.refilter()
                self.catalogNotice = Check24Texts.skippedNotice(catalog.skipped) ?? Check24Texts.incompleteNotice(catalog.products)
                self.selectedIndex = min(self.selectedIndex, self.filteredProducts.count)
                self.publish()
                self.showImages()
            case .failure(let error):
                self.state = .failed(Check24Texts.message(for: error))
                self.publish()
            }
        })
    }

    /// Loads the pictures of the rows on screen (and a small margin), those on screen first;
    /// pictures of rows that scrolled away stop loading.
    private func showImages() {
        guard case .loaded = state else { return }
        let products = filteredProducts
        let onScreen = visibleRows.clamped(to: 0..<products.count)
        let margin = max(0, onScreen.lowerBound - Self.imageMarginRows)..<min(products.count, onScreen.upperBound + Self.imageMarginRows)
        let rows = Array(onScreen) + margin.filter { !onScreen.contains($0) }
        images.show(rows.compactMap { products[$0].imageURL }, start: { [work] in work.runPicture($0) },
                    fetch: { [interactor] in try await interactor.obtainImage(at: $0) },
                    changed: { [weak self] in self?.publish() })
    }

    // MARK: View model

    private func refilter() {
        guard case .loaded = state else { filteredProducts = Check24ProductList([]); return }
        filteredProducts = filteredCatalog.products(for: filter, favorites: favorites)
    }

    private func publish() {
        view?.display(viewModel)
    }

    var viewModel: Check24OverviewViewModel {
        var model = Check24OverviewViewModel(
            filters: filterTitles, selectedFilter: filter.rawValue, filtersEnabled: false,
            content: .loading, footer: Check24Texts.footer, notice: nil)
        switch state {
        case .loading:
            break
        case .failed(let message):
            model.content = .failed(message: message)
        case .loaded(let catalog):
            model.filtersEnabled = true
            model.touchedRow = touchedRow
            let rows = ProductRows(products: filteredProducts, favorites: favorites, images: images.snapshot)
            let empty: String? = rows.isEmpty
                ? (filter == .favorites ? Check24Texts.noFavorites : Check24Texts.noProducts)
                : nil
            model.content = .loaded(header: catalog.header, rows: rows, emptyMessage: empty,
                                    selectedIndex: min(selectedIndex, rows.count), firstVisibleRow: firstVisibleRow)
            model.notice = Check24Texts.skippedNotice(catalog.skipped) ?? favoritesNotice ?? catalogNotice
        }
        return model
    }
}
