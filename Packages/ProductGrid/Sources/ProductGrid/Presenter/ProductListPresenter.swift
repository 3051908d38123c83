import Foundation
import ImageKit
import Money
import Navigation

/// What the grid view shows (implemented by the view, weakly held).
@MainActor
protocol ProductListViewInput: AnyObject {
    func display(_ viewModel: ProductListViewModel)
}

/// What the grid view reports.
@MainActor
protocol ProductListViewOutput: AnyObject {
    func didLoad()
    func didRequestReload()
    /// `visibleTiles`: the tiles on screen after the change, so that only their pictures load.
    func didChangeSelection(to index: Int, firstVisibleRow: Int, visibleTiles: Range<Int>)
    func didChooseProduct(at index: Int)
    /// Mouse down on a tile: drawn touched until the release (``TouchInput``).
    func didTouchProduct(at index: Int)
    /// The touch ended off its tile, or a key was pressed.
    func didCancelTouch()
}

/// Owns the grid's state: loading, the catalog, the selection, and each image's state.
@MainActor
final class ProductListPresenter: ProductListViewOutput {
    weak var view: (any ProductListViewInput)?
    let interactor: ProductListInteractor
    private let router: any ProductListRouting
    private let work: WorkTracker
    private let formatter = MoneyFormatter(locale: .deDE)

    private enum State {
        case loading
        case failed(String)
        case loaded(ProductCatalog)
    }
    private var state = State.loading
    private var selectedIndex = 0
    private var firstVisibleRow = 0
    private let images = ImageSlots()
    private var touchedIndex: Int?
    /// The tiles on screen, as the view last reported them; before it has, the first screen of a large terminal.
    private var visibleTiles = 0..<ProductListPresenter.initialVisibleTiles
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
        load()
    }

    func didChangeSelection(to index: Int, firstVisibleRow row: Int, visibleTiles tiles: Range<Int>) {
        guard case .loaded(let catalog) = state, catalog.products.indices.contains(index) else { return }
        selectedIndex = index
        firstVisibleRow = max(0, row)
        visibleTiles = tiles
        publish()
        showImages()
    }

    func didTouchProduct(at index: Int) {
        guard case .loaded(let catalog) = state, catalog.products.indices.contains(index) else { return }
        touchedIndex = index
        publish()
    }

    func didCancelTouch() {
        guard touchedIndex != nil else { return }
        touchedIndex = nil
        publish()
    }

    func didChooseProduct(at index: Int) {
        touchedIndex = nil
        guard case .loaded(let catalog) = state, catalog.products.indices.contains(index) else { return }
        selectedIndex = index
        publish()
        router.openDetail(for: catalog.products[index])
    }

    private func load() {
        images.retryFailed()
        state = .loading
        publish()
        work.runLatest(WorkKey(self, "catalog"), { [interactor] () -> Result<ProductCatalog, ProductGridError> in
            do throws(ProductGridError) { return .success(try await interactor.obtainCatalog()) } catch { return .failure(error) }
        }, then: { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let catalog):
                self.state = .loaded(catalog)
                self.selectedIndex = min(self.selectedIndex, max(0, catalog.products.count - 1))
                if self.selectedIndex >= catalog.products.count { self.selectedIndex = 0 }
                self.publish()
                self.showImages()
            case .failure(let error):
                self.state = .failed(ProductGridTexts.message(for: error))
                self.publish()
            }
        })
    }

    /// Loads the pictures of the tiles on screen (and a small margin), those on screen first;
    /// pictures of tiles that scrolled away stop loading.
    private func showImages() {
        guard case .loaded(let catalog) = state else { return }
        let products = catalog.products
        let onScreen = visibleTiles.clamped(to: 0..<products.count)
        let margin = max(0, onScreen.lowerBound - Self.imageMarginTiles)..<min(products.count, onScreen.upperBound + Self.imageMarginTiles)
        let tiles = Array(onScreen) + margin.filter { !onScreen.contains($0) }
        images.show(tiles.compactMap { products[$0].imageURL }, start: { [work] in work.runPicture($0) },
                    fetch: { [interactor] in try await interactor.obtainImage(at: $0) },
                    changed: { [weak self] in self?.publish() })
    }

    private func publish() {
        view?.display(viewModel)
    }

    var viewModel: ProductListViewModel {
        switch state {
        case .loading:
            return ProductListViewModel(title: ProductGridTexts.title, content: .loading, notice: nil)
        case .failed(let message):
            return ProductListViewModel(title: ProductGridTexts.title, content: .failed(message: message), notice: nil)
        case .loaded(let catalog):
            let products = catalog.products, pictures = images.snapshot, formatter = formatter
            let tiles = LazyRows(count: products.count) { index in
                let product = products[index]
                return ProductTileViewModel(
                    name: product.name,
                    price: formatter.string(for: Money(minorUnits: product.priceInCents, currency: .eur)),
                    image: pictures[product.imageURL])
            }
            let notice = ProductGridTexts.skippedNotice(count: catalog.skippedCount, firstReason: catalog.skippedReasons.first)
            return ProductListViewModel(
                title: ProductGridTexts.title(count: tiles.count),
                content: .loaded(tiles: tiles, selectedIndex: selectedIndex, firstVisibleRow: firstVisibleRow),
                notice: notice, touchedIndex: touchedIndex)
        }
    }
}
