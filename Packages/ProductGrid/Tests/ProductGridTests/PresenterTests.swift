import ImageKitTesting
import Foundation
import Navigation
import Synchronization
import TerminalKit
import TerminalUI
import XCTest
import HTTPClient
import NavigationTesting
import ProductGridTesting
@testable import ProductGrid

@MainActor
final class RecordingListView: ModuleViewInput {
    var displayed: [ProductListViewModel] = []
    func display(_ viewModel: ProductListViewModel) { displayed.append(viewModel) }
}

@MainActor
final class RecordingDetailView: ModuleViewInput {
    var displayed: [ProductDetailViewModel] = []
    func display(_ viewModel: ProductDetailViewModel) { displayed.append(viewModel) }
}

@MainActor
final class RecordingListRouter: ProductListRouting {
    var opened: [ProductSummary] = []
    func openDetail(for product: ProductSummary) { opened.append(product) }
}

@MainActor
final class RecordingDetailRouter: ProductDetailRouting {
    var closed = 0
    func closeDetail() { closed += 1 }
    var copied: [String] = []
    func openClipboard(with text: String) -> Bool {
        copied.append(text)
        return true
    }
}

@MainActor
final class ProductListPresenterTests: XCTestCase {
    private func makePresenter(service: FakeProductService, images: FakeImageLoader = FakeImageLoader())
        -> (ProductListPresenter, RecordingListView, RecordingListRouter, WorkTracker) {
        let work = WorkTracker()
        let router = RecordingListRouter()
        let presenter = ProductListPresenter(interactor: ProductListInteractor(products: service, images: images), router: router, work: work)
        let view = RecordingListView()
        presenter.view = view
        return (presenter, view, router, work)
    }

    func testLoadShowsLoadingThenTilesWithEuroPricesAndFirstSelected() async {
        let (presenter, view, _, work) = makePresenter(service: FakeProductService(catalog: [.success(ProductFixtures.catalog(count: 3))]))
        presenter.didLoad()
        XCTAssertEqual(view.displayed.first?.content, .loading)
        await work.waitUntilIdle()
        guard case .loaded(let tiles, let selected, _) = presenter.viewModel.content else {
            return XCTFail("not loaded: \(presenter.viewModel.content)")
        }
        XCTAssertEqual(selected, 0)
        XCTAssertEqual(tiles.map(\.name), ["Product 1", "Product 2", "Product 3"])
        XCTAssertEqual(tiles.map(\.price), ["1,00 €", "2,00 €", "3,00 €"])
        XCTAssertEqual(presenter.viewModel.title, "Products (3)")
        XCTAssertTrue(tiles.allSatisfy { if case .loaded = $0.image { true } else { false } }, "images were loaded")
    }

    func testAKeptCatalogShownOfflineSaysSinceWhenAndAFreshOneDoesNot() async {
        let stored = Date(timeIntervalSince1970: 1_764_065_100) // 2025-11-25 10:05 UTC
        let (presenter, _, _, work) = makePresenter(service: FakeProductService(catalogStoredAt: stored))
        presenter.kept.now = { stored.addingTimeInterval(3_600) }
        presenter.kept.timeZone = TimeZone(identifier: "UTC")!
        presenter.didLoad()
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.notice, "Offline — as of 10:05 (r retries)")
        presenter.kept.now = { stored.addingTimeInterval(86_400) }
        XCTAssertEqual(presenter.viewModel.notice, "Offline — as of 2025-11-25 10:05 (r retries)", "the day, when it was not today")

        let (fresh, _, _, freshWork) = makePresenter(service: FakeProductService())
        fresh.didLoad()
        await freshWork.waitUntilIdle()
        XCTAssertNil(fresh.viewModel.notice)
    }

    func testTheKeptCatalogShowsAtOnceWhileTheServerIsAskedThenItsAnswerReplacesIt() async {
        let held = HeldOpenCalls()
        let kept = Fetched(ProductFixtures.catalog(count: 2), storedAt: Date(timeIntervalSince1970: 1_764_065_100))
        let service = FakeProductService(catalog: [.success(ProductFixtures.catalog(count: 3))], heldOpen: held, kept: kept)
        let (presenter, view, _, work) = makePresenter(service: service)
        presenter.kept.timeZone = TimeZone(identifier: "UTC")!
        presenter.kept.now = { Date(timeIntervalSince1970: 1_764_065_200) }
        presenter.didLoad()
        await held.waitUntilStarted(1)
        await waitUntil("the kept catalog is shown", timeout: .seconds(10)) { presenter.viewModel.title == "Products (2)" }
        XCTAssertEqual(presenter.viewModel.title, "Products (2)", "the kept catalog, before the server answered")
        XCTAssertEqual(presenter.viewModel.notice, "Updating… — as of 10:05", "the kept catalog says since when, and that the server is being asked, until the answer")
        held.release(1)
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.title, "Products (3)")
        XCTAssertNil(presenter.viewModel.notice, "the server's answer is current")
        XCTAssertNil(view.displayed.last?.notice, "and the view was told so with the answer")
    }

    func testOfflineItAsksAgainByItselfWithGrowingWaitsUntilTheServerAnswers() async {
        let service = FakeProductService(catalogStoredAt: Date(timeIntervalSince1970: 1_764_065_100), offlineCalls: 3)
        let (presenter, _, _, work) = makePresenter(service: service)
        let waits = Mutex<[Duration]>([])
        presenter.kept.wait = { delay in waits.withLock { $0.append(delay) } }
        presenter.didLoad()
        await waitUntil("the fourth request was answered", timeout: .seconds(10)) { service.catalogRequests >= 4 && presenter.viewModel.notice == nil }
        await work.waitUntilIdle()
        XCTAssertNil(presenter.viewModel.notice, "the fourth request was answered: current again")
        XCTAssertEqual(waits.withLock { $0 }, [.seconds(2), .seconds(4), .seconds(8)])
        for _ in 0..<100 { await Task.yield() }
        XCTAssertEqual(service.catalogRequests, 4, "and it stops asking")
    }

    /// Only no answer lets a kept catalog stand in: an answer that is an error (a 404) is said, also
    /// after the kept catalog was shown at once.
    func testAnErrorAnswerOverAKeptCatalogIsSaid() async {
        let kept = Fetched(ProductFixtures.catalog(count: 2), storedAt: Date(timeIntervalSince1970: 1_764_065_100))
        let service = FakeProductService(catalog: [.failure(HTTPError.status(code: 404, body: nil))], kept: kept)
        let (presenter, _, _, work) = makePresenter(service: service)
        presenter.didLoad()
        await work.waitUntilIdle()
        guard case .failed = presenter.viewModel.content else { return XCTFail("\(presenter.viewModel.content)") }
        XCTAssertNil(presenter.viewModel.notice)
    }

    func testFailedImageBecomesAPlaceholderWithAReason() async {
        let url = URL(string: "http://images.test/2.jpg")!
        let (presenter, _, _, work) = makePresenter(
            service: FakeProductService(catalog: [.success(ProductFixtures.catalog(count: 2))]),
            images: FakeImageLoader(failing: [url]))
        presenter.didLoad()
        await work.waitUntilIdle()
        guard case .loaded(let tiles, _, _) = presenter.viewModel.content else { return XCTFail() }
        XCTAssertEqual(tiles[1].image, .unavailable(reason: "image unavailable"))
    }

    func testErrorThenReloadRecovers() async {
        let service = FakeProductService(catalog: [
            .failure(HTTPError.status(code: 500, body: nil)), .success(ProductFixtures.catalog(count: 2)),
        ])
        let (presenter, view, _, work) = makePresenter(service: service)
        presenter.didLoad()
        await work.waitUntilIdle()
        guard case .failed(let message, _) = presenter.viewModel.content else { return XCTFail("expected the error view") }
        XCTAssertEqual(message, HTTPError.status(code: 500, body: nil).userMessage)
        presenter.didRequestReload()
        XCTAssertEqual(view.displayed.last?.content, .loading, "a reload shows the loading state again")
        await work.waitUntilIdle()
        guard case .loaded(let tiles, _, _) = presenter.viewModel.content else { return XCTFail("expected tiles after reload") }
        XCTAssertEqual(tiles.count, 2)
        XCTAssertEqual(service.catalogRequests, 2)
    }

    /// Latest wins: a reload's answer stays even when the older, slower answer arrives after it.
    func testAStaleCatalogNeverReplacesTheNewerOne() async {
        let held = HeldOpenCalls()
        let service = FakeProductService(catalog: [.success(ProductFixtures.catalog(count: 5)), .success(ProductFixtures.catalog(count: 2))],
                                         heldOpen: held)
        let (presenter, _, _, work) = makePresenter(service: service)
        presenter.didLoad()
        await held.waitUntilStarted(1)
        presenter.didRequestReload()
        await held.waitUntilStarted(2)
        held.release(2)
        await waitUntil("the newer answer is on screen") {
            if case .loaded(let tiles, _, _) = presenter.viewModel.content { return tiles.count == 2 } else { return false }
        }
        held.release(1)
        await work.waitUntilIdle()
        guard case .loaded(let tiles, _, _) = presenter.viewModel.content else { return XCTFail("expected tiles") }
        XCTAssertEqual(tiles.count, 2, "the reload's catalog, not the first request's")
    }

    func testSelectionIsKeptWithinBoundsAndChoosingOpensTheDetail() async {
        let (presenter, _, router, work) = makePresenter(service: FakeProductService(catalog: [.success(ProductFixtures.catalog(count: 3))]))
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didChangeSelection(to: 2, firstVisibleRow: 1, visibleRows: 2..<6)
        presenter.didChangeSelection(to: 7, firstVisibleRow: 0, visibleRows: 0..<4) // out of range: ignored
        guard case .loaded(_, let selected, let firstRow) = presenter.viewModel.content else { return XCTFail() }
        XCTAssertEqual(selected, 2)
        XCTAssertEqual(firstRow, 1)
        presenter.didChooseRow(at: 1)
        XCTAssertEqual(router.opened.map(\.name), ["Product 2"])
    }

    private func names(_ view: RecordingListView) -> [String] {
        guard case .loaded(let tiles, _, _) = view.displayed.last?.content else { return [] }
        return tiles.map(\.name)
    }

    private func selectedName(_ view: RecordingListView) -> String? {
        guard case .loaded(let tiles, let selected, _) = view.displayed.last?.content, tiles.indices.contains(selected) else { return nil }
        return tiles[selected].name
    }

    private func type(_ keys: [Key], into search: inout SearchFieldState, _ presenter: ProductListPresenter) {
        for key in keys {
            _ = SearchInput.handle(.key(key), &search)
            presenter.didEditSearch(search)
        }
    }

    /// `/` filters the tiles by name as you type (case and accents folded, every word); the selection
    /// stays on its product while shown; enter keeps the filter and esc brings every tile back.
    func testTheFilterNarrowsTheTilesAsYouTypeAndEscBringsThemBack() async {
        let products = ["Apples", "Crème fraîche", "Pork chops", "Creamy apple pie", "Bananas"].enumerated().map {
            ProductSummary(id: "\($0.offset)", name: $0.element, priceInCents: 100, imageURL: nil)
        }
        let (presenter, view, router, work) = makePresenter(service: FakeProductService(catalog: [.success(ProductCatalog(products: products))]))
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didChangeSelection(to: 3, firstVisibleRow: 0, visibleRows: 0..<5)
        var search = SearchFieldState()
        type([.character("/"), .character("A"), .character("p")], into: &search, presenter)
        XCTAssertEqual(names(view), ["Apples", "Creamy apple pie"])
        XCTAssertEqual(view.displayed.last?.title, "Products (2 of 5)")
        XCTAssertEqual(selectedName(view), "Creamy apple pie", "the selection follows its product")
        type([.character(" "), .character("C"), .character("R")], into: &search, presenter)
        XCTAssertEqual(names(view), ["Creamy apple pie"], "every word must match, in any order")
        type([.character("z")], into: &search, presenter)
        XCTAssertEqual(names(view), [])
        XCTAssertEqual(view.displayed.last?.emptyMessage, "No product matches “Ap CRz”.")
        type(Array(repeating: .backspace, count: 6) + [.character("c"), .character("r"), .character("E")], into: &search, presenter)
        XCTAssertEqual(names(view), ["Crème fraîche", "Creamy apple pie"], "è found by e")
        XCTAssertEqual(selectedName(view), "Creamy apple pie", "kept across the typo that matched nothing")
        type([.character("M")], into: &search, presenter)
        XCTAssertEqual(names(view), ["Crème fraîche"])
        XCTAssertEqual(selectedName(view), "Crème fraîche", "its product left: the first tile")
        type([.enter], into: &search, presenter)
        XCTAssertEqual(search, SearchFieldState(query: "crEM"))
        presenter.didChooseRow(at: 0)
        XCTAssertEqual(router.opened.map(\.name), ["Crème fraîche"], "a filtered tile opens its own product")
        type([.escape], into: &search, presenter)
        XCTAssertEqual(names(view).count, 5)
        XCTAssertEqual(view.displayed.last?.title, "Products (5)")
        XCTAssertEqual(selectedName(view), "Crème fraîche", "clearing keeps the product selected")
    }

    /// A reload with a filter typed keeps filtering the new catalog.
    func testAReloadKeepsTheFilter() async {
        let (presenter, view, _, work) = makePresenter(service: FakeProductService(catalog: [.success(ProductFixtures.catalog(count: 12)),
                                                                                             .success(ProductFixtures.catalog(count: 12))]))
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didEditSearch(SearchFieldState(query: "product 1"))
        XCTAssertEqual(names(view), ["Product 1", "Product 10", "Product 11", "Product 12"])
        presenter.didChangeSelection(to: 2, firstVisibleRow: 0, visibleRows: 0..<4)
        presenter.didRequestReload()
        await work.waitUntilIdle()
        XCTAssertEqual(names(view), ["Product 1", "Product 10", "Product 11", "Product 12"])
        XCTAssertEqual(selectedName(view), "Product 11")
    }

    func testATouchIsShownUntilItOpensTheTileOrIsCancelled() async {
        let (presenter, view, router, work) = makePresenter(service: FakeProductService())
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didTouchRow(at: 2)
        XCTAssertEqual(view.displayed.last?.touchedIndex, 2)
        presenter.didCancelTouch()
        XCTAssertNil(view.displayed.last?.touchedIndex)
        XCTAssertTrue(router.opened.isEmpty)
        presenter.didTouchRow(at: 1)
        presenter.didChooseRow(at: 1)
        XCTAssertNil(presenter.viewModel.touchedIndex)
        XCTAssertEqual(router.opened.count, 1)
    }

    func testSkippedProductsAreAnnounced() async {
        var catalog = ProductFixtures.catalog(count: 2)
        catalog.skippedReasons = ["#3: price is a number out of range"]
        let (presenter, _, _, work) = makePresenter(service: FakeProductService(catalog: [.success(catalog)]))
        presenter.didLoad()
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.notice, "1 product could not be read and is not shown (#3: price is a number out of range)")
    }
}

@MainActor
final class ProductDetailPresenterTests: XCTestCase {
    /// `y` copies the product's name; the notice takes the key bar's line until the next key.
    func testCopyTakesTheProductsName() async {
        let work = WorkTracker(), router = RecordingDetailRouter()
        let presenter = ProductDetailPresenter(product: ProductFixtures.apples,
                                               interactor: ProductDetailInteractor(products: FakeProductService(), images: FakeImageLoader()),
                                               router: router, work: work)
        presenter.didRequestCopy()
        XCTAssertEqual(router.copied, ["Apples"])
        XCTAssertEqual(presenter.viewModel.notice, "Copied “Apples”")
        presenter.didScroll(to: 1)
        XCTAssertNil(presenter.viewModel.notice)
    }

    func testShowsTheSummaryAtOnceThenTheDescription() async {
        let work = WorkTracker()
        let service = FakeProductService(details: [.success(ProductFixtures.detail(of: ProductFixtures.apples, description: "Crunchy."))])
        let router = RecordingDetailRouter()
        let presenter = ProductDetailPresenter(product: ProductFixtures.apples,
                                               interactor: ProductDetailInteractor(products: service, images: FakeImageLoader()),
                                               router: router, work: work)
        let view = RecordingDetailView()
        presenter.view = view
        presenter.didLoad()
        XCTAssertEqual(view.displayed.first?.name, "Apples")
        XCTAssertEqual(view.displayed.first?.price, "1,20 €")
        XCTAssertEqual(view.displayed.first?.description, .loading)
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.description, .loaded("Crunchy."))
        if case .loaded = presenter.viewModel.image {} else { XCTFail("image not loaded") }
        XCTAssertEqual(service.detailRequests, ["1"])
        presenter.didScroll(to: 3)
        XCTAssertEqual(presenter.viewModel.scrollOffset, 3)
        presenter.didRequestClose()
        XCTAssertEqual(router.closed, 1)
    }

    func testDetailErrorThenReload() async {
        let work = WorkTracker()
        let service = FakeProductService(details: [.failure(HTTPError.timeout(seconds: 15)), .success(ProductFixtures.detail(of: ProductFixtures.pork))])
        let presenter = ProductDetailPresenter(product: ProductFixtures.pork,
                                               interactor: ProductDetailInteractor(products: service, images: FakeImageLoader()),
                                               router: RecordingDetailRouter(), work: work)
        presenter.didLoad()
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.description, .failed(message: HTTPError.timeout(seconds: 15).userMessage))
        presenter.didRequestReload()
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.description, .loaded("A fine product."))
        XCTAssertEqual(service.detailRequests, ["6_id_is_a_string", "6_id_is_a_string"])
    }

    func testAStaleDetailNeverReplacesTheNewerOne() async {
        let work = WorkTracker()
        let held = HeldOpenCalls()
        let service = FakeProductService(details: [.success(ProductFixtures.detail(of: ProductFixtures.pork, description: "Old.")),
                                                   .success(ProductFixtures.detail(of: ProductFixtures.pork, description: "New."))],
                                         heldOpen: held)
        let presenter = ProductDetailPresenter(product: ProductFixtures.pork,
                                               interactor: ProductDetailInteractor(products: service, images: FakeImageLoader()),
                                               router: RecordingDetailRouter(), work: work)
        presenter.didLoad()
        await held.waitUntilStarted(1)
        presenter.didRequestReload()
        await held.waitUntilStarted(2)
        held.release(2)
        await waitUntil("the newer answer is on screen") { presenter.viewModel.description == .loaded("New.") }
        held.release(1)
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.description, .loaded("New."))
    }

    func testProductWithoutImageShowsNoImageSlot() async {
        let work = WorkTracker()
        let images = FakeImageLoader()
        let presenter = ProductDetailPresenter(product: ProductFixtures.noImage,
                                               interactor: ProductDetailInteractor(products: FakeProductService(details: [.success(ProductFixtures.detail(of: ProductFixtures.noImage))]), images: images),
                                               router: RecordingDetailRouter(), work: work)
        presenter.didLoad()
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.image, .none)
        XCTAssertTrue(images.requestedURLs.isEmpty)
    }
}
