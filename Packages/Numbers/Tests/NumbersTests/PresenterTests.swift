import Foundation
import HTTPClient
import ImageKitTesting
import Navigation
import NavigationTesting
import NumbersTesting
import Synchronization
import TerminalKit
import TerminalUI
import XCTest
@testable import Numbers

@MainActor
final class RecordingListRouter: NumbersListRouting {
    var shown: [String] = []
    var opened: [String] = []
    var closed = 0
    func showDetail(of item: NumberItem) { shown.append(item.name) }
    func openDetail(of item: NumberItem) { opened.append(item.name) }
    func closeDetail() { closed += 1 }
}

/// Records every view model the presenter displays, in order.
@MainActor
final class RecordingListView: ModuleViewInput {
    var displayed: [NumbersListViewModel] = []
    func display(_ viewModel: NumbersListViewModel) { displayed.append(viewModel) }
}

@MainActor
final class ListPresenterTests: XCTestCase {
    private var view = RecordingListView()

    private func makePresenter(_ service: FakeNumbersService = FakeNumbersService())
        -> (NumbersListPresenter, RecordingListRouter, WorkTracker) {
        let work = WorkTracker()
        let router = RecordingListRouter()
        let presenter = NumbersListPresenter(interactor: NumbersListInteractor(service: service, images: FakeImageLoader()),
                                             router: router, work: work)
        view = RecordingListView()
        presenter.view = view
        return (presenter, router, work)
    }

    /// What the view was shown, in order: the states, the selection and the touched row of each display.
    private var displayedSequence: [String] {
        view.displayed.map { model in
            switch model.content {
            case .loading: "loading"
            case .failed(let message, _): "failed: \(message)"
            case .loaded(let rows, let selected, _): "\(rows.count) rows, selected \(selected)" + (model.touchedIndex.map { ", touched \($0)" } ?? "")
            }
        }
    }

    /// The view is told each step: loading, then the list with the first item selected, then each touch
    /// and selection; a reload keeps the list on screen until the new one comes (its selection kept).
    func testTheViewIsShownEveryStepInOrder() async {
        let (presenter, _, work) = makePresenter()
        presenter.didLoad()
        await work.waitUntilIdle()
        let start = view.displayed.count
        XCTAssertEqual(Array(displayedSequence.prefix(2)), ["loading", "4 rows, selected 0"])
        presenter.didTouchRow(at: 2)
        presenter.didChooseRow(at: 2)
        presenter.didChangeSelection(to: 3, firstVisibleRow: 0, visibleRows: 0..<4)
        presenter.didRequestReload()
        await work.waitUntilIdle()
        let steps = Array(displayedSequence[start...]).reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }
        XCTAssertEqual(steps, ["4 rows, selected 0, touched 2", "4 rows, selected 2", "4 rows, selected 3"])
    }

    /// A reload that answers an empty list leaves no stale number in the detail.
    func testAReloadAnsweringAnEmptyListClosesTheDetail() async {
        let service = FakeNumbersService(catalogs: [.success(NumbersFixtures.catalog()), .success(NumbersCatalog(items: []))])
        let (presenter, router, work) = makePresenter(service)
        presenter.didLoad()
        await work.waitUntilIdle()
        XCTAssertEqual(router.shown, ["1"])
        XCTAssertEqual(router.closed, 0)
        presenter.didRequestReload()
        await work.waitUntilIdle()
        XCTAssertEqual(router.closed, 1)
        XCTAssertEqual(displayedSequence.last, "0 rows, selected 0")
    }

    private func selected(_ presenter: NumbersListPresenter) -> Int? {
        guard case .loaded(_, let selected, _) = presenter.viewModel.content else { return nil }
        return selected
    }

    func testOnStartTheFirstItemIsSelectedAndShown() async {
        let (presenter, router, work) = makePresenter()
        presenter.didLoad()
        XCTAssertEqual(presenter.viewModel.content, .loading)
        await work.waitUntilIdle()
        XCTAssertEqual(selected(presenter), 0)
        XCTAssertEqual(router.shown, ["1"])
        XCTAssertEqual(presenter.viewModel.title, "Numbers (4)")
    }

    func testMovingTheSelectionShowsThatItemAndChoosingOpensIt() async {
        let (presenter, router, work) = makePresenter()
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didChangeSelection(to: 2, firstVisibleRow: 0, visibleRows: 0..<4)
        presenter.didChangeSelection(to: 2, firstVisibleRow: 0, visibleRows: 0..<4) // no change, no new detail
        presenter.didChangeSelection(to: 9, firstVisibleRow: 0, visibleRows: 0..<4) // out of range: ignored
        XCTAssertEqual(router.shown, ["1", "3"])
        presenter.didChooseRow(at: 3)
        XCTAssertEqual(selected(presenter), 3)
        XCTAssertEqual(router.shown, ["1", "3", "10,000"])
        XCTAssertEqual(router.opened, ["10,000"])
    }

    private func type(_ keys: [Key], into search: inout SearchFieldState, _ presenter: NumbersListPresenter) {
        for key in keys {
            _ = SearchInput.handle(.key(key), &search)
            presenter.didEditSearch(search)
        }
    }

    private var shownNames: [String] {
        guard case .loaded(let rows, _, _) = view.displayed.last?.content else { return [] }
        return rows.map(\.name)
    }

    /// `/` filters the names as you type (case and accents folded); the selection, and with it the
    /// detail, stays on its number while shown; enter keeps the filter and esc brings every row back.
    func testTheFilterNarrowsTheNumbersAndTheDetailFollowsTheSelection() async {
        let items = ["Ichi", "Ni", "Jū", "Hyaku", "Jūichi"].map { NumberItem(name: $0, imageURL: nil) }
        let (presenter, router, work) = makePresenter(FakeNumbersService(catalogs: [.success(NumbersCatalog(items: items))]))
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didChangeSelection(to: 4, firstVisibleRow: 0, visibleRows: 0..<5)
        XCTAssertEqual(router.shown, ["Ichi", "Jūichi"])
        var search = SearchFieldState()
        type([.character("/"), .character("J"), .character("U")], into: &search, presenter)
        XCTAssertEqual(shownNames, ["Jū", "Jūichi"], "ū found by u, J by j")
        XCTAssertEqual(view.displayed.last?.title, "Numbers (2 of 5)")
        XCTAssertEqual(selected(presenter), 1, "Jūichi stays selected")
        XCTAssertEqual(router.shown, ["Ichi", "Jūichi"], "the same number: no new detail")
        type([.character("x")], into: &search, presenter)
        XCTAssertEqual(shownNames, [])
        XCTAssertEqual(view.displayed.last?.emptyMessage, "No number matches “JUx”.")
        XCTAssertEqual(router.closed, 1, "nothing matches: no detail (no number to tab to that the list does not show)")
        type([.backspace, .backspace, .backspace, .character("j")], into: &search, presenter)
        XCTAssertEqual(shownNames, ["Jū", "Jūichi"])
        XCTAssertEqual(router.shown, ["Ichi", "Jūichi", "Jūichi"], "Jūichi still selected after the empty list, its detail back")
        XCTAssertEqual(router.closed, 1)
        type([.character("ū"), .character("i")], into: &search, presenter)
        XCTAssertEqual(shownNames, ["Jūichi"], "a word is matched from its start: “jūi” is Jūichi's, not Jū's")
        type([.backspace], into: &search, presenter)
        XCTAssertEqual(shownNames, ["Jū", "Jūichi"])
        type([.enter], into: &search, presenter)
        XCTAssertEqual(search, SearchFieldState(query: "jū"), "enter keeps the filter")
        presenter.didChangeSelection(to: 0, firstVisibleRow: 0, visibleRows: 0..<2)
        XCTAssertEqual(router.shown.last, "Jū", "moving in the filtered rows shows that number")
        presenter.didChooseRow(at: 1)
        XCTAssertEqual(router.opened, ["Jūichi"], "a filtered row opens its own number")
        type([.escape], into: &search, presenter)
        XCTAssertEqual(shownNames, ["Ichi", "Ni", "Jū", "Hyaku", "Jūichi"])
        XCTAssertEqual(view.displayed.last?.title, "Numbers (5)")
        XCTAssertEqual(selected(presenter), 4, "clearing keeps Jūichi selected")
        type([.character("/"), .character("j")], into: &search, presenter)
        XCTAssertEqual(shownNames, ["Jū", "Jūichi"])
        XCTAssertEqual(selected(presenter), 1, "Jūichi matches: it stays selected")
        type([.backspace, .character("h")], into: &search, presenter)
        XCTAssertEqual(shownNames, ["Hyaku"], "“h” starts no word of Ichi or Jūichi")
        XCTAssertEqual(selected(presenter), 0, "Jūichi left: the first row is selected")
        XCTAssertEqual(router.shown.last, "Hyaku", "and its number shown")
    }

    /// Press marks the row touched; release on it selects and opens; a key or a release elsewhere cancels.
    func testTouchedThenSelected() async {
        let (presenter, router, work) = makePresenter()
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didTouchRow(at: 1)
        XCTAssertEqual(presenter.viewModel.touchedIndex, 1)
        XCTAssertEqual(selected(presenter), 0, "touched is not selected yet")
        presenter.didCancelTouch()
        XCTAssertNil(presenter.viewModel.touchedIndex)
        presenter.didTouchRow(at: 1)
        presenter.didChooseRow(at: 1)
        XCTAssertNil(presenter.viewModel.touchedIndex)
        XCTAssertEqual(selected(presenter), 1)
        XCTAssertEqual(router.opened, ["2"])
    }

    func testNoConnectionSaysSoAndRetryLoads() async {
        let service = FakeNumbersService(catalogs: [.failure(HTTPError.offline("dev.tapptic.com")), .success(NumbersFixtures.catalog())])
        let (presenter, router, work) = makePresenter(service)
        presenter.didLoad()
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.content, .failed(message: "No connection to dev.tapptic.com — check the network or the server."))
        XCTAssertEqual(router.shown, [])
        presenter.didRequestReload()
        await work.waitUntilIdle()
        XCTAssertEqual(selected(presenter), 0)
        XCTAssertEqual(service.catalogRequests, 2)
    }

    func testAnEmptyListAndSkippedEntries() async {
        let (empty, router, work) = makePresenter(FakeNumbersService(catalogs: [.success(NumbersCatalog(items: []))]))
        empty.didLoad()
        await work.waitUntilIdle()
        guard case .loaded(let rows, _, _) = empty.viewModel.content else { return XCTFail() }
        XCTAssertTrue(rows.isEmpty)
        XCTAssertEqual(router.shown, [], "nothing to show")
        let (skipping, _, skipWork) = makePresenter(FakeNumbersService(catalogs: [.success(NumbersFixtures.catalog([NumbersFixtures.one],
                                                                                                               skippedReasons: ["#2: name is missing"]))]))
        skipping.didLoad()
        await skipWork.waitUntilIdle()
        XCTAssertEqual(skipping.viewModel.notice, "1 entry could not be read and is not shown (#2: name is missing)")
    }

    /// `/10` typed while the first list is on its way (a server answering after 2 s, issue 47, 4.1): the
    /// list that lands is filtered by it, "1 of 52", never the whole list under the query.
    func testAQueryTypedWhileTheListFirstLoadsFiltersItWhenItLands() async {
        let held = HeldOpenCalls()
        let (presenter, router, work) = makePresenter(FakeNumbersService(catalogs: [.success(NumbersFixtures.catalog(count: 52))], heldOpen: held))
        presenter.didLoad()
        await held.waitUntilStarted(1)
        var search = SearchFieldState()
        type([.character("/"), .character("1"), .character("0")], into: &search, presenter)
        XCTAssertEqual(view.displayed.last?.search.query, "10", "the query is shown while the list loads")
        held.release(1)
        await work.waitUntilIdle()
        XCTAssertEqual(shownNames, ["10"])
        XCTAssertEqual(view.displayed.last?.title, "Numbers (1 of 52)")
        XCTAssertEqual(router.shown, ["10"], "the detail is the filtered row's")
        let steps = displayedSequence.reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }
        XCTAssertEqual(steps, ["loading", "1 rows, selected 0"], "the whole list was never shown under the query")
    }

    /// A payload whose names repeat (issue 47, 3.8): a reload keeps the 7th row selected, not the first of its name.
    func testAReloadKeepsTheRowWhenNamesRepeat() async {
        let items = (0..<30).map { NumbersFixtures.item(String($0 % 5)) }
        let (presenter, router, work) = makePresenter(FakeNumbersService(catalogs: [.success(NumbersFixtures.catalog(items))]))
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didChangeSelection(to: 6, firstVisibleRow: 0, visibleRows: 0..<10)
        presenter.didRequestReload()
        await work.waitUntilIdle()
        XCTAssertEqual(selected(presenter), 6, "7/30 stays 7/30")
        XCTAssertEqual(router.shown.last, "1", "the detail is the 7th row's number")
        XCTAssertEqual(presenter.viewModel.title, "Numbers (30)")
    }

    /// Latest wins: a retry's list stays even when the first, slower answer arrives after it.
    func testAStaleListNeverReplacesTheNewerOne() async {
        let held = HeldOpenCalls()
        let service = FakeNumbersService(catalogs: [.success(NumbersFixtures.catalog(count: 9)), .success(NumbersFixtures.catalog(count: 2))],
                                         heldOpen: held)
        let (presenter, _, work) = makePresenter(service)
        presenter.didLoad()
        await held.waitUntilStarted(1)
        presenter.didRequestReload()
        await held.waitUntilStarted(2)
        held.release(2)
        await waitUntil("the newer list is on screen") { presenter.viewModel.title == "Numbers (2)" }
        held.release(1)
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.title, "Numbers (2)")
    }
}

@MainActor
final class DetailPresenterTests: XCTestCase {
    private func makePresenter(_ item: NumberItem, _ service: FakeNumbersService, images: FakeImageLoader = FakeImageLoader())
        -> (NumberDetailPresenter, WorkTracker) {
        let work = WorkTracker()
        return (NumberDetailPresenter(item: item, interactor: NumberDetailInteractor(service: service, images: images), work: work), work)
    }

    /// `y` copies the number's name (its picture's word), beside any other notice.
    func testCopyTakesTheNumbersName() async {
        let work = WorkTracker(), router = RecordingCopyRouter()
        let presenter = NumberDetailPresenter(item: NumbersFixtures.tenThousand,
                                              interactor: NumberDetailInteractor(service: FakeNumbersService(), images: FakeImageLoader()),
                                              work: work, router: router)
        presenter.didRequestCopy()
        XCTAssertEqual(router.copied, ["10,000"])
        XCTAssertEqual(presenter.viewModel.notice, "Copied “10,000”")
        let alone = NumberDetailPresenter(item: NumbersFixtures.one,
                                          interactor: NumberDetailInteractor(service: FakeNumbersService(), images: FakeImageLoader()), work: work)
        alone.didRequestCopy()
        XCTAssertEqual(alone.viewModel.notice, NavigationTexts.english.noClipboard)
    }

    func testTheTextAndThePictureLoadByName() async {
        let images = FakeImageLoader()
        let (presenter, work) = makePresenter(NumbersFixtures.tenThousand, FakeNumbersService(), images: images)
        presenter.didLoad()
        XCTAssertEqual(presenter.viewModel.text, .loading)
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.text, .loaded("Reading of 10,000"))
        guard case .loaded = presenter.viewModel.image else { return XCTFail("\(presenter.viewModel.image)") }
        XCTAssertEqual(images.requestedURLs, [NumbersFixtures.tenThousand.imageURL])
    }

    func testAMissingTextSaysSoAndAFailureOffersRetry() async {
        let service = FakeNumbersService(details: ["1": .success(NumberDetail(name: "1", text: nil, imageURL: nil)),
                                                   "2": .failure(HTTPError.timeout(seconds: 2))])
        let (noText, work) = makePresenter(NumbersFixtures.one, service)
        noText.didLoad()
        await work.waitUntilIdle()
        XCTAssertEqual(noText.viewModel.text, .loaded("No text for this number."))
        let (failing, failingWork) = makePresenter(NumbersFixtures.two, service)
        failing.didLoad()
        await failingWork.waitUntilIdle()
        XCTAssertEqual(failing.viewModel.text, .failed(message: "This number could not be loaded. " + HTTPError.timeout(seconds: 2).userMessage))
        failing.didRequestReload()
        XCTAssertEqual(failing.viewModel.text, .loading)
        await failingWork.waitUntilIdle()
        XCTAssertEqual(service.detailRequests, ["1", "2", "2"])
    }

    /// A detail kept from an earlier visit stands in when the server is gone, with the offline notice;
    /// the detail asks again by itself, and a fresh answer ends the notice.
    func testAKeptDetailShowsTheOfflineNoticeAndAsksAgain() async {
        let storedAt = Date(timeIntervalSince1970: 1_764_100_000)
        let (presenter, work) = makePresenter(NumbersFixtures.one, FakeNumbersService(detailsStoredAt: storedAt))
        presenter.kept.timeZone = TimeZone(identifier: "UTC")!
        presenter.kept.now = { storedAt }
        let waits = Mutex<[Duration]>([])
        presenter.kept.wait = { duration in
            // Two retries at once, then the third waits (the fake's server never comes back).
            if waits.withLock({ $0.append(duration); return $0.count }) > 2 { try? await Task.sleep(for: .seconds(30)) }
        }
        presenter.didLoad()
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.text, .loaded("Reading of 1"))
        XCTAssertEqual(presenter.viewModel.notice, "Offline — as of 19:46 (r retries)")
        await waitUntil("it asked again") { waits.withLock { $0.count } >= 3 }
        XCTAssertEqual(waits.withLock { Array($0.prefix(3)) }, [.seconds(2), .seconds(4), .seconds(8)])
        XCTAssertEqual(presenter.viewModel.text, .loaded("Reading of 1"), "the kept text stays while it asks")
        let frame = NumberDetailView().render(presenter.viewModel, in: RenderContext(size: Size(columns: 60, rows: 12), colorMode: .none))
        XCTAssertTrue(frame.text.contains("1  Offline — as of 19:46"), frame.text)
    }

    func testAStaleDetailNeverReplacesTheNewerOne() async {
        let held = HeldOpenCalls()
        let service = FakeNumbersService(details: ["1": .success(NumbersFixtures.detail(of: NumbersFixtures.one, text: "Ichi"))], heldOpen: held)
        let (presenter, work) = makePresenter(NumbersFixtures.one, service)
        presenter.didLoad()
        await held.waitUntilStarted(1)
        presenter.didRequestReload()
        await held.waitUntilStarted(2)
        held.release(2)
        await waitUntil("the newer detail is on screen") { presenter.viewModel.text == .loaded("Ichi") }
        presenter.didRequestReload() // a third load, held: the first's late answer must not end its loading state
        await held.waitUntilStarted(3)
        held.release(1)
        // The signal that the first load has ended (its answer arrived and was passed over): one content job is left, the third.
        await waitUntil("the first load has ended") { work.pendingContentCount == 1 }
        XCTAssertEqual(presenter.viewModel.text, .loading, "the superseded answer is not applied")
        held.release(3)
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.text, .loaded("Ichi"))
    }
}

/// A detail router that records what was copied.
@MainActor
final class RecordingCopyRouter: NumberDetailRouting {
    var copied: [String] = []
    func openClipboard(with text: String) -> Bool {
        copied.append(text)
        return true
    }
}
