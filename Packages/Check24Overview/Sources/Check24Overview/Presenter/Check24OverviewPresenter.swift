import Foundation
import HTTPClient
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
    /// `visibleRows`: the rows on screen after the change, so that only their pictures load.
    func didChangeSelection(to index: Int, scrollOffset: Int, visibleRows: Range<Int>)
    /// enter or click on a row: a product opens its details, the footer the legal page.
    func didChooseRow(at index: Int)
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
    private var scrollOffset = 0
    private var favorites: Set<Int> = []
    private var favoritesNotice: String?
    private let images = ImageSlots()
    /// The rows on screen, as the view last reported them; before it has, the first rows of any terminal.
    private var visibleRows = 0..<Check24OverviewPresenter.initialVisibleRows
    /// Rows are at least six lines tall, so twelve cover the first screen of a 72-line terminal.
    static let initialVisibleRows = 12
    /// Pictures this many rows above and below the screen load too, so a short scroll finds them ready.
    static let imageMarginRows = 2
    private var loadGeneration = 0
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
        scrollOffset = 0
        visibleRows = 0..<Self.initialVisibleRows
        publish()
        showImages()
    }

    func didChangeSelection(to index: Int, scrollOffset offset: Int, visibleRows rows: Range<Int>) {
        guard case .loaded(let catalog) = state else { return }
        selectedIndex = min(max(0, index), visibleProducts(of: catalog).count)
        scrollOffset = max(0, offset)
        visibleRows = rows
        publish()
        showImages()
    }

    func didChooseRow(at index: Int) {
        guard case .loaded(let catalog) = state else { return }
        let products = visibleProducts(of: catalog)
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
        if case .loaded(let catalog) = state {
            selectedIndex = min(selectedIndex, visibleProducts(of: catalog).count)
        }
        publish()
    }

    // MARK: Loading

    private func load() {
        loadGeneration += 1
        let generation = loadGeneration
        images.retryFailed()
        state = .loading
        publish()
        work.run { [weak self, interactor] in
            let result: Result<Check24Catalog, any Error>
            do { result = .success(try await interactor.obtainCatalog()) } catch { result = .failure(error) }
            // Favorites are local: a failure to read them is a notice, not an error view.
            var favorites: Set<Int>?
            var favoritesNotice: String?
            if case .success = result {
                do { favorites = try await interactor.obtainFavoriteIDs() } catch {
                    favoritesNotice = "Favorites could not be read: \(error)"
                }
            }
            guard let self, generation == self.loadGeneration else { return }
            switch result {
            case .success(let catalog):
                self.state = .loaded(catalog)
                self.filterTitles = catalog.filters
                if let favorites { self.favorites = favorites }
                self.favoritesNotice = favoritesNotice
                self.selectedIndex = min(self.selectedIndex, self.visibleProducts(of: catalog).count)
                self.publish()
                self.showImages()
            case .failure(let error):
                self.state = .failed("Die Produkte konnten nicht geladen werden.\n" + HTTPError.userMessage(for: error))
                self.publish()
            }
        }
    }

    /// Loads the pictures of the rows on screen (and a small margin), those on screen first;
    /// pictures of rows that scrolled away stop loading.
    private func showImages() {
        guard case .loaded(let catalog) = state else { return }
        let products = visibleProducts(of: catalog)
        let onScreen = visibleRows.clamped(to: 0..<products.count)
        let margin = max(0, onScreen.lowerBound - Self.imageMarginRows)..<min(products.count, onScreen.upperBound + Self.imageMarginRows)
        let rows = Array(onScreen) + margin.filter { !onScreen.contains($0) }
        images.show(rows.compactMap { products[$0].imageURL }, start: { [work] in work.run($0) },
                    fetch: { [interactor] in try await interactor.obtainImage(at: $0) },
                    changed: { [weak self] in self?.publish() })
    }

    // MARK: View model

    private func visibleProducts(of catalog: Check24Catalog) -> [Check24Product] {
        catalog.products.filter { filter.includes($0, favorites: favorites) }
    }

    private func publish() {
        view?.display(viewModel)
    }

    var viewModel: Check24OverviewViewModel {
        var model = Check24OverviewViewModel(
            filters: filterTitles, selectedFilter: filter.rawValue, filtersEnabled: false,
            content: .loading, footer: Check24Formatting.footer, notice: nil)
        switch state {
        case .loading:
            break
        case .failed(let message):
            model.content = .failed(message: message)
        case .loaded(let catalog):
            model.filtersEnabled = true
            let rows = visibleProducts(of: catalog).map(row)
            let empty: String? = rows.isEmpty
                ? (filter == .favorites ? "Noch nichts vorgemerkt: öffne ein Produkt und wähle Vormerken." : "Keine Produkte.")
                : nil
            model.content = .loaded(header: catalog.header, rows: rows, emptyMessage: empty,
                                    selectedIndex: min(selectedIndex, rows.count), scrollOffset: scrollOffset)
            model.notice = [skippedNotice(catalog.skipped), favoritesNotice, degradedNotice(catalog.products)].compactMap { $0 }.first
        }
        return model
    }

    private func row(_ product: Check24Product) -> ProductRowViewModel {
        ProductRowViewModel(
            id: product.id, name: product.name, description: product.description,
            price: Check24Formatting.price(product.price), stars: Check24Formatting.stars(product.rating),
            isAvailable: product.available, isFavorite: favorites.contains(product.id),
            image: images[product.imageURL])
    }

    private func degradedNotice(_ products: [Check24Product]) -> String? {
        let incomplete = products.filter { !$0.unreadableFields.isEmpty }
        guard let first = incomplete.first else { return nil }
        let count = incomplete.count == 1 ? "1 product is" : "\(incomplete.count) products are"
        return "\(count) incomplete (\(first.name): no \(first.unreadableFields.joined(separator: ", ")))"
    }

    private func skippedNotice(_ skipped: [SkippedProduct]) -> String? {
        guard let first = skipped.first else { return nil }
        let count = skipped.count == 1 ? "1 product" : "\(skipped.count) products"
        return "\(count) could not be read and \(skipped.count == 1 ? "is" : "are") not shown (#\(first.index + 1): \(first.reason))"
    }
}
