import ImageKitTesting
import Check24OverviewTesting
import Foundation
import HTTPClient
import ImageKit
import Navigation
import NavigationTesting
import Synchronization
import TerminalKit
import TerminalUI
import XCTest
@testable import Check24Overview

@MainActor
final class RecordingOverviewView: ModuleViewInput {
    var displayed: [Check24OverviewViewModel] = []
    func display(_ viewModel: Check24OverviewViewModel) { displayed.append(viewModel) }

    /// Each displayed state in a few words, repeats collapsed: the filter (starred while the tabs are
    /// disabled), then "loading", "failed: …" or the products with the selection.
    var sequence: [String] {
        displayed.map { model -> String in
            let filter = "\(model.filters[model.selectedFilter])\(model.filtersEnabled ? "" : "*")"
            switch model.content {
            case .loading: return "\(filter) loading"
            case .failed(let message): return "\(filter) failed: \(message.replacingOccurrences(of: "\n", with: " "))"
            case .loaded(_, let rows, let empty, let selected, _):
                let names = rows.indices.map { (selected == $0 ? "> " : "") + rows[$0].name }
                return "\(filter) [\(names.joined(separator: ", "))]" + (selected == rows.count ? " > footer" : "") + (empty == nil ? "" : " empty")
            }
        }.reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }
    }
}

@MainActor
final class RecordingDetailView: ModuleViewInput {
    var displayed: [Check24DetailViewModel] = []
    func display(_ viewModel: Check24DetailViewModel) { displayed.append(viewModel) }
}

@MainActor
final class RecordingOverviewRouter: Check24OverviewRouting {
    var openedDetails: [(product: Check24Product, isFavorite: Bool)] = []
    var openedLegalPages = 0
    func openDetail(for product: Check24Product, isFavorite: Bool, output: any Check24DetailModuleOutput) {
        openedDetails.append((product, isFavorite))
    }
    func openLegalPage() { openedLegalPages += 1 }
}

@MainActor
final class RecordingDetailRouter: Check24DetailRouting {
    var openedLegalPages = 0
    var closed = 0
    func openLegalPage() { openedLegalPages += 1 }
    func closeDetail() { closed += 1 }
    var copied: [String] = []
    func openClipboard(with text: String) -> Bool {
        copied.append(text)
        return true
    }
}

@MainActor
final class RecordingDetailOutput: Check24DetailModuleOutput {
    var changes: [(Int, Bool)] = []
    func detailDidChangeFavorite(productID: Int, isFavorite: Bool) { changes.append((productID, isFavorite)) }
}

private struct Loaded {
    var rows: [ProductRowViewModel]
    var selected: Int
    var empty: String?
}

private func loaded(_ model: Check24OverviewViewModel, file: StaticString = #filePath, line: UInt = #line) -> Loaded? {
    guard case .loaded(_, let rows, let empty, let selected, _) = model.content else {
        XCTFail("not loaded: \(model.content)", file: file, line: line)
        return nil
    }
    return Loaded(rows: Array(rows), selected: selected, empty: empty)
}

@MainActor
final class OverviewPresenterTests: XCTestCase {
    private func makePresenter(catalog: FakeCheck24CatalogService = FakeCheck24CatalogService(),
                               favorites: any Check24FavoritesService = InMemoryFavoritesService(),
                               images: FakeImageLoader = FakeImageLoader())
        -> (Check24OverviewPresenter, RecordingOverviewView, RecordingOverviewRouter, WorkTracker) {
        let work = WorkTracker()
        let router = RecordingOverviewRouter()
        let interactor = Check24OverviewInteractor(catalog: catalog, favorites: favorites, images: images)
        let presenter = Check24OverviewPresenter(interactor: interactor, router: router, work: work)
        let view = RecordingOverviewView()
        presenter.view = view
        return (presenter, view, router, work)
    }

    /// A catalog kept from an earlier run stands in (the server cannot be reached): the German
    /// offline notice, and the overview asks again by itself until the server answers.
    func testAKeptCatalogSaysOfflineSinceWhenAndAsksAgain() async throws {
        let storedAt = Date(timeIntervalSince1970: 1_764_100_000)
        let catalog = FakeCheck24CatalogService(storedAt: storedAt)
        let (presenter, _, _, work) = makePresenter(catalog: catalog)
        presenter.kept.timeZone = TimeZone(identifier: "UTC")!
        presenter.kept.now = { storedAt }
        let waits = Mutex<[Duration]>([])
        presenter.kept.wait = { duration in
            if waits.withLock({ $0.append(duration); return $0.count }) > 1 { try? await Task.sleep(for: .seconds(30)) }
        }
        presenter.didLoad()
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.notice, "Offline — Stand 19:46 (r lädt neu)")
        XCTAssertEqual(try XCTUnwrap(loaded(presenter.viewModel)).rows.count, 3, "the kept catalog")
        await waitUntil("it asked again by itself") { catalog.requests >= 2 }
        XCTAssertEqual(catalog.requests, 2, "asked again by itself")
        XCTAssertEqual(waits.withLock { $0.first }, .seconds(2))
    }

    func testLoadingThenLoadedWithTheFirstProductSelected() async throws {
        let (presenter, view, _, work) = makePresenter(favorites: InMemoryFavoritesService([2]))
        presenter.didLoad()
        XCTAssertEqual(view.displayed.first?.content, .loading)
        XCTAssertEqual(view.displayed.first?.filtersEnabled, false)
        await work.waitUntilIdle()
        let model = presenter.viewModel
        XCTAssertTrue(model.filtersEnabled)
        XCTAssertEqual(model.footer, "© 2016 Check24")
        guard case .loaded(let header, _, _, _, _) = model.content else { return XCTFail() }
        XCTAssertEqual(header, Check24Fixtures.header)
        let list = try XCTUnwrap(loaded(model))
        XCTAssertEqual(list.selected, 0)
        XCTAssertEqual(list.rows.map(\.name), ["Yellow Triangle", "Blue Circle", "Red Square"])
        XCTAssertEqual(list.rows.map(\.price), ["225,91 €", "281,51 €", "19,99 €"])
        XCTAssertEqual(list.rows.map(\.stars), ["★★☆☆☆", "★☆☆☆☆", "★★★½☆"])
        XCTAssertEqual(list.rows.map(\.isAvailable), [true, false, true])
        XCTAssertEqual(list.rows.map(\.isFavorite), [false, true, false])
        XCTAssertTrue({ if case .loaded = list.rows[0].image { true } else { false } }())
        XCTAssertEqual(list.rows[2].image, .none, "no imageURL, no picture")
    }

    func testLoadingThenErrorThenReloadedSequence() async throws {
        let catalog = FakeCheck24CatalogService([
            .success(Check24Fixtures.catalog()), .failure(HTTPError.status(code: 503, rawBody: Data())),
            .success(Check24Fixtures.catalog([Check24Fixtures.redSquare])),
        ])
        let (presenter, view, _, work) = makePresenter(catalog: catalog)
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didSelectFilter(at: 1)
        presenter.didRequestReload()
        XCTAssertEqual(view.displayed.last?.content, .loading, "pull-to-refresh shows the loading state")
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.content, .failed(message: "Die Produkte konnten nicht geladen werden.\nDer Server antwortete mit Status 503."))
        XCTAssertFalse(presenter.viewModel.filtersEnabled, "filters are disabled while in error")
        presenter.didSelectFilter(at: 2)
        XCTAssertEqual(presenter.viewModel.selectedFilter, 1, "and ignore input")
        presenter.didRequestReload() // Neuladen
        await work.waitUntilIdle()
        XCTAssertEqual(try XCTUnwrap(loaded(presenter.viewModel)).rows.map(\.name), ["Red Square"])
        XCTAssertEqual(catalog.requests, 3)
        XCTAssertEqual(view.sequence, [
            "Alle* loading", "Alle [> Yellow Triangle, Blue Circle, Red Square]", "Verfügbar [> Yellow Triangle, Red Square]",
            "Verfügbar* loading", "Verfügbar* failed: Die Produkte konnten nicht geladen werden. Der Server antwortete mit Status 503.",
            "Verfügbar* loading", "Verfügbar [> Red Square]",
        ], "the whole sequence the screen showed, not only its end")
    }

    /// Latest wins: Neuladen's answer stays even when the first, slower answer arrives after it.
    func testAStaleCatalogNeverReplacesTheNewerOne() async throws {
        let held = HeldOpenCalls()
        let catalog = FakeCheck24CatalogService([.success(Check24Fixtures.catalog()), .success(Check24Fixtures.catalog([Check24Fixtures.redSquare]))],
                                                heldOpen: held)
        let (presenter, _, _, work) = makePresenter(catalog: catalog)
        presenter.didLoad()
        await held.waitUntilStarted(1)
        presenter.didRequestReload()
        await held.waitUntilStarted(2)
        held.release(2)
        await waitUntil("the newer answer is on screen") {
            if case .loaded(_, let rows, _, _, _) = presenter.viewModel.content { return rows.count == 1 } else { return false }
        }
        held.release(1)
        await work.waitUntilIdle()
        XCTAssertEqual(try XCTUnwrap(loaded(presenter.viewModel)).rows.map(\.name), ["Red Square"])
    }

    /// Favorites are read only for a catalog that loaded (the unimplemented fake fails the test otherwise).
    func testAFailedCatalogReadsNoFavorites() async throws {
        let (presenter, _, _, work) = makePresenter(catalog: FakeCheck24CatalogService([.failure(HTTPError.offline("127.0.0.1:9"))]),
                                                    favorites: UnimplementedFavoritesService())
        presenter.didLoad()
        await work.waitUntilIdle()
        guard case .failed = presenter.viewModel.content else { return XCTFail("expected the error view") }
    }

    func testFiltersShowAllAvailableOrFavorites() async throws {
        let (presenter, view, _, work) = makePresenter(favorites: InMemoryFavoritesService([2]))
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didChangeSelection(to: 2, firstVisibleRow: 5, visibleRows: 1..<4)
        presenter.didSelectFilter(at: 1)
        var list = try XCTUnwrap(loaded(presenter.viewModel))
        XCTAssertEqual(list.rows.map(\.name), ["Yellow Triangle", "Red Square"])
        XCTAssertEqual(list.selected, 0, "a new filter starts at the top")
        presenter.didSelectFilter(at: 2)
        list = try XCTUnwrap(loaded(presenter.viewModel))
        XCTAssertEqual(list.rows.map(\.name), ["Blue Circle"])
        presenter.detailDidChangeFavorite(productID: 2, isFavorite: false)
        list = try XCTUnwrap(loaded(presenter.viewModel))
        XCTAssertEqual(list.rows, [])
        XCTAssertNotNil(list.empty, "an empty Vorgemerkt list says how to fill it")
        XCTAssertEqual(list.selected, 0, "the footer is the only row left")
        XCTAssertEqual(view.sequence, [
            "Alle* loading", "Alle [> Yellow Triangle, Blue Circle, Red Square]", "Alle [Yellow Triangle, Blue Circle, > Red Square]",
            "Verfügbar [> Yellow Triangle, Red Square]", "Vorgemerkt [> Blue Circle]", "Vorgemerkt [] > footer empty",
        ])
    }

    private func type(_ keys: [Key], into search: inout SearchFieldState, _ presenter: Check24OverviewPresenter) {
        for key in keys {
            _ = SearchInput.handle(.key(key), &search)
            presenter.didEditSearch(search)
        }
    }

    /// `/` filters names and descriptions as you type, case and umlauts folded, within the tab: the
    /// tab and the query both apply; the count says how many of the tab's products are left.
    func testTheFilterNarrowsTheTabAsYouTypeAndBothApply() async throws {
        let products = [Check24Fixtures.yellowTriangle, Check24Fixtures.blueCircle, Check24Fixtures.redSquare,
                        Check24Product(id: 4, name: "Grüner Würfel", available: true, description: "Sechs Flächen.", price: Check24Price(value: 5, currency: "EUR")),
                        Check24Product(id: 5, name: "Roter Würfel", available: false, price: Check24Price(value: 6, currency: "EUR"))]
        let (presenter, view, router, work) = makePresenter(catalog: FakeCheck24CatalogService([.success(Check24Fixtures.catalog(products))]),
                                                            favorites: InMemoryFavoritesService([5, 3]))
        presenter.didLoad()
        await work.waitUntilIdle()
        var search = SearchFieldState()
        type([.character("/"), .character("W"), .character("U")], into: &search, presenter)
        XCTAssertEqual(try XCTUnwrap(loaded(presenter.viewModel)).rows.count, 5, "the tab shows whole while the texts are folded")
        XCTAssertNil(presenter.viewModel.searchCount, "and no count yet")
        await work.waitUntilIdle() // the catalog's texts are folded once, off the main actor
        var list = try XCTUnwrap(loaded(presenter.viewModel))
        XCTAssertEqual(list.rows.map(\.name), ["Grüner Würfel", "Roter Würfel"], "ü found by u")
        XCTAssertEqual(presenter.viewModel.searchCount, "2 von 5")
        presenter.didSelectFilter(at: 1)
        list = try XCTUnwrap(loaded(presenter.viewModel))
        XCTAssertEqual(list.rows.map(\.name), ["Grüner Würfel"], "Verfügbar and the query")
        XCTAssertEqual(presenter.viewModel.searchCount, "1 von 3")
        presenter.didSelectFilter(at: 2)
        XCTAssertEqual(try XCTUnwrap(loaded(presenter.viewModel)).rows.map(\.name), ["Roter Würfel"], "Vorgemerkt and the query")
        type([.backspace, .backspace, .character("f"), .character("l"), .character("Ä")], into: &search, presenter)
        list = try XCTUnwrap(loaded(presenter.viewModel))
        XCTAssertEqual(list.rows, [])
        XCTAssertEqual(list.empty, "Kein Produkt passt zu „flÄ“.", "the description counts too, but Grüner Würfel is not vorgemerkt")
        presenter.didSelectFilter(at: 0)
        list = try XCTUnwrap(loaded(presenter.viewModel))
        XCTAssertEqual(list.rows.map(\.name), ["Grüner Würfel"], "found by its description")
        type([.enter], into: &search, presenter)
        XCTAssertEqual(search, SearchFieldState(query: "flÄ"), "enter keeps the filter")
        presenter.didChooseRow(at: 0)
        XCTAssertEqual(router.openedDetails.map(\.product.id), [4], "a filtered row opens its own product")
        presenter.didChooseRow(at: 1)
        XCTAssertEqual(router.openedLegalPages, 1, "the footer follows the filtered rows")
        type([.escape], into: &search, presenter)
        list = try XCTUnwrap(loaded(presenter.viewModel))
        XCTAssertEqual(list.rows.count, 5)
        XCTAssertEqual(list.selected, 5, "the footer stays selected")
        XCTAssertNil(presenter.viewModel.searchCount)
        XCTAssertEqual(view.sequence.first, "Alle* loading")
    }

    /// The selection stays on its product while the filter shows it, across a typo that matches
    /// nothing, and esc brings every product back with it still selected.
    func testTheSelectionFollowsItsProductThroughTheFilter() async throws {
        let (presenter, _, _, work) = makePresenter()
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didChangeSelection(to: 2, firstVisibleRow: 0, visibleRows: 0..<3)
        var search = SearchFieldState()
        type([.character("/"), .character("s")], into: &search, presenter)
        await work.waitUntilIdle()
        var list = try XCTUnwrap(loaded(presenter.viewModel))
        XCTAssertEqual(list.rows.map(\.name), ["Yellow Triangle", "Blue Circle", "Red Square"], "s: starts a word of every name or description")
        type([.character("q")], into: &search, presenter)
        list = try XCTUnwrap(loaded(presenter.viewModel))
        XCTAssertEqual(list.rows.map(\.name), ["Red Square"])
        XCTAssertEqual(list.selected, 0, "Red Square stays selected")
        type([.character("x")], into: &search, presenter)
        XCTAssertEqual(try XCTUnwrap(loaded(presenter.viewModel)).rows, [])
        type([.backspace, .backspace, .backspace], into: &search, presenter)
        list = try XCTUnwrap(loaded(presenter.viewModel))
        XCTAssertEqual(list.rows.count, 3)
        XCTAssertEqual(list.selected, 2, "Red Square still selected after the typo")
        type([.character("y"), .character("e")], into: &search, presenter)
        list = try XCTUnwrap(loaded(presenter.viewModel))
        XCTAssertEqual(list.rows.map(\.name), ["Yellow Triangle"])
        XCTAssertEqual(list.selected, 0, "Red Square left: the first row")
        type([.escape], into: &search, presenter)
        XCTAssertEqual(try XCTUnwrap(loaded(presenter.viewModel)).selected, 0, "clearing keeps Yellow Triangle")
    }

    func testChoosingAProductOpensItsDetailsAndTheFooterTheLegalPage() async throws {
        let (presenter, _, router, work) = makePresenter(favorites: InMemoryFavoritesService([2]))
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didChooseRow(at: 1)
        XCTAssertEqual(router.openedDetails.map(\.product.id), [2])
        XCTAssertEqual(router.openedDetails.map(\.isFavorite), [true])
        presenter.didChooseRow(at: 3)
        XCTAssertEqual(router.openedLegalPages, 1, "the row after the last product is the footer")
        presenter.didChooseRow(at: 4)
        XCTAssertEqual(router.openedLegalPages, 1, "nothing past the footer")
        XCTAssertEqual(try XCTUnwrap(loaded(presenter.viewModel)).selected, 3)
    }

    func testAFavoriteChangedInTheDetailsShowsWhenGoingBack() async throws {
        let (presenter, _, _, work) = makePresenter()
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.detailDidChangeFavorite(productID: 1, isFavorite: true)
        XCTAssertEqual(try XCTUnwrap(loaded(presenter.viewModel)).rows.map(\.isFavorite), [true, false, false])
    }

    /// Favorites are local: when they cannot be read the products still show, with a notice.
    func testUnreadableFavoritesAreANoticeNotAnErrorView() async throws {
        let (presenter, _, _, work) = makePresenter(favorites: InMemoryFavoritesService(failReads: true))
        presenter.didLoad()
        await work.waitUntilIdle()
        XCTAssertNotNil(loaded(presenter.viewModel))
        XCTAssertEqual(presenter.viewModel.notice, "Die Merkliste konnte nicht gelesen werden: Die Datei favorites.sqlite ist beschädigt oder keine Datenbank.")
    }

    func testSkippedProductsAreNamedInANotice() async throws {
        let catalog = FakeCheck24CatalogService([.success(Check24Fixtures.catalog(skipped: [SkippedProduct(index: 3, reason: .missing(field: "price"))]))])
        let (presenter, _, _, work) = makePresenter(catalog: catalog)
        presenter.didLoad()
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.notice, "1 Produkt konnte nicht gelesen werden und wird nicht angezeigt (#4: „price“ fehlt)")
    }

    func testIncompleteProductsAreShownAndNamedInANotice() async throws {
        var odd = Check24Fixtures.redSquare
        odd.unreadableFields = ["rating"]
        let (presenter, _, _, work) = makePresenter(catalog: FakeCheck24CatalogService([.success(Check24Fixtures.catalog([odd]))]))
        presenter.didLoad()
        await work.waitUntilIdle()
        XCTAssertEqual(try XCTUnwrap(loaded(presenter.viewModel)).rows.map(\.name), ["Red Square"])
        XCTAssertEqual(presenter.viewModel.notice, "1 Produkt ist unvollständig (Red Square: ohne rating)")
    }

    func testFailedPictureBecomesAPlaceholderWithAReason() async throws {
        let url = try XCTUnwrap(Check24Fixtures.blueCircle.imageURL)
        let (presenter, _, _, work) = makePresenter(images: FakeImageLoader(failing: [url]))
        presenter.didLoad()
        await work.waitUntilIdle()
        XCTAssertEqual(try XCTUnwrap(loaded(presenter.viewModel)).rows[1].image, .unavailable(reason: "image unavailable"))
    }

    func testOnlyPicturesOfRowsOnScreenAreFetchedNotTheWholeCatalog() async throws {
        let products = (0..<1000).map { index in
            var product = Check24Fixtures.blueCircle
            product.id = index
            product.imageURL = URL(string: "http://images.test/\(index).png")
            return product
        }
        let images = FakeImageLoader()
        let (presenter, _, _, work) = makePresenter(catalog: FakeCheck24CatalogService([.success(Check24Fixtures.catalog(products))]),
                                                    images: images)
        presenter.didLoad()
        await work.waitUntilIdle()
        let first = Set(images.requestedURLs.map(\.lastPathComponent))
        XCTAssertEqual(first, Set((0..<14).map { "\($0).png" }), "the first screen and its margin, not 1,000 pictures")
        presenter.didChangeSelection(to: 500, firstVisibleRow: 496, visibleRows: 498..<501)
        await work.waitUntilIdle()
        let afterScroll = Set(images.requestedURLs.map(\.lastPathComponent)).subtracting(first)
        XCTAssertEqual(afterScroll, Set((496..<503).map { "\($0).png" }))
        XCTAssertEqual(try XCTUnwrap(loaded(presenter.viewModel)).rows[499].image,
                       .loaded(RGBImage(width: 2, height: 2, pixels: [UInt8](repeating: 200, count: 12))))
    }

    func testATouchIsShownUntilItOpensTheRowOrIsCancelled() async throws {
        let (presenter, view, router, work) = makePresenter()
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didTouchRow(at: 1)
        XCTAssertEqual(view.displayed.last?.touchedRow, 1)
        presenter.didCancelTouch()
        XCTAssertNil(view.displayed.last?.touchedRow)
        XCTAssertTrue(router.openedDetails.isEmpty, "a cancelled touch opens nothing")
        presenter.didTouchRow(at: 2)
        presenter.didChooseRow(at: 2)
        XCTAssertNil(presenter.viewModel.touchedRow, "opening ends the touch")
        XCTAssertEqual(router.openedDetails.count, 1)
    }

    /// The footer is the last row; an event past it (made for a longer list) is stale, as on every list.
    func testTheFooterIsTheLastRowAndAStaleEventPastItIsIgnored() async throws {
        let (presenter, _, _, work) = makePresenter()
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didChangeSelection(to: 3, firstVisibleRow: 3, visibleRows: 0..<3)
        XCTAssertEqual(try XCTUnwrap(loaded(presenter.viewModel)).selected, 3)
        presenter.didChangeSelection(to: 99, firstVisibleRow: 3, visibleRows: 0..<3)
        XCTAssertEqual(try XCTUnwrap(loaded(presenter.viewModel)).selected, 3)
    }
}

@MainActor
final class DetailPresenterTests: XCTestCase {
    private func makePresenter(isFavorite: Bool = false, favorites: InMemoryFavoritesService = InMemoryFavoritesService())
        -> (Check24DetailPresenter, RecordingDetailView, RecordingDetailRouter, RecordingDetailOutput, WorkTracker) {
        let work = WorkTracker()
        let router = RecordingDetailRouter()
        let interactor = Check24DetailInteractor(favorites: favorites, images: FakeImageLoader())
        let presenter = Check24DetailPresenter(product: Check24Fixtures.yellowTriangle, isFavorite: isFavorite,
                                               interactor: interactor, router: router, work: work)
        let view = RecordingDetailView()
        let output = RecordingDetailOutput()
        presenter.view = view
        presenter.output = output
        return (presenter, view, router, output, work)
    }

    /// `y` copies the product's name, and says so in German.
    func testCopyTakesTheProductsName() async {
        let (presenter, _, router, _, _) = makePresenter()
        presenter.didRequestCopy()
        XCTAssertEqual(router.copied, ["Yellow Triangle"])
        XCTAssertEqual(presenter.viewModel.notice, "Kopiert “Yellow Triangle”")
    }

    func testShowsEveryDetail() async {
        let (presenter, _, _, _, work) = makePresenter()
        presenter.didLoad()
        await work.waitUntilIdle()
        let model = presenter.viewModel
        XCTAssertEqual(model.name, "Yellow Triangle")
        XCTAssertEqual(model.price, "225,91 €")
        XCTAssertEqual(model.stars, "★★☆☆☆")
        XCTAssertEqual(model.releaseDate, "14.04.2016")
        XCTAssertEqual(model.color, "Yellow")
        XCTAssertEqual(model.colorCode, "FFECB3")
        XCTAssertEqual(model.availability, "Verfügbar")
        XCTAssertEqual(model.longDescription, "First paragraph.\n\nSecond paragraph.")
        XCTAssertEqual(model.favoriteButtonTitle, "Vormerken")
        XCTAssertEqual(model.focus, .favoriteButton)
        XCTAssertTrue({ if case .loaded = model.image { true } else { false } }())
    }

    func testVormerkenSavesAndTellsTheOverviewThenVergessen() async {
        let favorites = InMemoryFavoritesService()
        let (presenter, _, _, output, work) = makePresenter(favorites: favorites)
        presenter.didToggleFavorite()
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.favoriteButtonTitle, "Vergessen")
        XCTAssertTrue(presenter.viewModel.isFavorite)
        XCTAssertEqual(favorites.current, [1])
        presenter.didActivateFocus() // enter on the focused button
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.favoriteButtonTitle, "Vormerken")
        XCTAssertEqual(favorites.current, [])
        XCTAssertEqual(output.changes.map(\.0), [1, 1])
        XCTAssertEqual(output.changes.map(\.1), [true, false])
    }

    func testEveryRapidPressCountsElevenPressesEndFavorited() async {
        let favorites = InMemoryFavoritesService()
        let (presenter, view, _, output, work) = makePresenter(favorites: favorites)
        for press in 1...11 {
            presenter.didToggleFavorite()
            XCTAssertEqual(view.displayed.last?.isFavorite, press % 2 == 1, "press \(press) shows at once")
        }
        await work.waitUntilIdle()
        XCTAssertTrue(presenter.viewModel.isFavorite)
        XCTAssertEqual(presenter.viewModel.favoriteButtonTitle, "Vergessen")
        XCTAssertEqual(favorites.current, [1], "the store holds the last state asked for")
        XCTAssertEqual(output.changes.last?.1, true)
    }

    func testAFailedSaveKeepsTheOldStateAndSaysSo() async {
        let favorites = InMemoryFavoritesService(failWrites: true)
        let (presenter, _, _, output, work) = makePresenter(favorites: favorites)
        presenter.didToggleFavorite()
        await work.waitUntilIdle()
        XCTAssertFalse(presenter.viewModel.isFavorite)
        XCTAssertEqual(presenter.viewModel.notice, "Nicht gespeichert: Ein anderes apps-cli schreibt gerade in die Merkliste – bitte erneut versuchen. Drücke f für einen neuen Versuch.")
        XCTAssertTrue(output.changes.isEmpty)
        favorites.setFailWrites(false)
        presenter.didToggleFavorite()
        await work.waitUntilIdle()
        XCTAssertTrue(presenter.viewModel.isFavorite)
        XCTAssertNil(presenter.viewModel.notice)
    }

    func testFooterOpensTheLegalPageAndEscCloses() async {
        let (presenter, _, router, _, _) = makePresenter()
        presenter.didMoveFocus(to: .footer)
        presenter.didActivateFocus()
        presenter.didChooseFooter()
        XCTAssertEqual(router.openedLegalPages, 2)
        presenter.didRequestClose()
        XCTAssertEqual(router.closed, 1)
    }

    func testScrollOffsetIsKept() async {
        let (presenter, view, _, _, _) = makePresenter()
        presenter.didScroll(to: 4)
        XCTAssertEqual(view.displayed.last?.scrollOffset, 4)
        presenter.didScroll(to: -3)
        XCTAssertEqual(presenter.viewModel.scrollOffset, 0)
    }
}
