import Foundation
import ImageKitTesting
import Navigation
import NavigationTesting
import ResourceDirectoryTesting
import SystemActions
import SystemActionsTesting
import TerminalKit
import TerminalUI
import WebBrowser
import XCTest
@testable import ResourceDirectory

// On Linux, XCTest calls a @MainActor test class's synchronous test methods off the main actor and
// crashes; every test method of a @MainActor class is therefore `async`.

@MainActor
final class RecordingCategoriesView: ModuleViewInput {
    var displayed: [CategoriesViewModel] = []
    func display(_ viewModel: CategoriesViewModel) { displayed.append(viewModel) }
}

@MainActor
final class RecordingListView: ModuleViewInput {
    var displayed: [ResourceListViewModel] = []
    func display(_ viewModel: ResourceListViewModel) { displayed.append(viewModel) }
    var titles: [String] {
        guard case .loaded(let rows, _, _) = displayed.last?.content else { return [] }
        return rows.map(\.title)
    }
    var selectedTitle: String? {
        guard case .loaded(let rows, let selected, _) = displayed.last?.content, rows.indices.contains(selected) else { return nil }
        return rows[selected].title
    }
}

@MainActor
final class RecordingRouters: CategoriesRouting, ResourceListRouting, ResourceDetailRouting, ComposeEmailRouting {
    var calls: [String] = []
    var openedEntries: [ResourceEntry] = []
    var composeOutputs: [any ComposeEmailModuleOutput] = []
    func openResources(of category: ResourceCategory) { calls.append("resources \(category.slug)") }
    func openDetail(of entry: ResourceEntry) { calls.append("detail \(entry.resource.title)"); openedEntries.append(entry) }
    func openCompose(draft: EmailDraft, output: any ComposeEmailModuleOutput) {
        calls.append("compose \(draft.to)")
        composeOutputs.append(output)
    }
    func openWebsite(_ url: URL, output: any WebBrowserModuleOutput) { calls.append("website \(url.absoluteString)") }
    func openDiscardConfirmation(id: String, output: any ConfirmDialogOutput) { calls.append("confirm \(id)") }
    func closeCompose() { calls.append("close compose") }
    func openClipboard(with text: String) -> Bool {
        calls.append("copy \(text)")
        return true
    }
}

@MainActor
final class CategoriesPresenterTests: XCTestCase {
    func testEveryViewModelInOrderLoadingThenLoadedThenTouchedThenOpened() async {
        let work = WorkTracker(), router = RecordingRouters(), view = RecordingCategoriesView()
        let presenter = CategoriesPresenter(interactor: ResourceCategoriesInteractor(service: FakeResourceDirectoryService()), router: router, work: work)
        presenter.view = view
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didTouchRow(at: 1)
        presenter.didChooseRow(at: 1)
        let rows = LazyRows([CategoriesViewModel.Row(title: "Restaurants", description: "Find local restaurants"),
                    CategoriesViewModel.Row(title: "Vacation Spots", description: "")])
        XCTAssertEqual(view.displayed, [
            CategoriesViewModel(title: ResourceDirectoryTexts.appTitle, content: .loading),
            CategoriesViewModel(title: ResourceDirectoryTexts.appTitle, content: .loaded(rows: rows, selectedIndex: 0, firstVisibleRow: 0), emptyMessage: ResourceDirectoryTexts.noCategories),
            CategoriesViewModel(title: ResourceDirectoryTexts.appTitle, content: .loaded(rows: rows, selectedIndex: 0, firstVisibleRow: 0), touchedIndex: 1, emptyMessage: ResourceDirectoryTexts.noCategories),
            CategoriesViewModel(title: ResourceDirectoryTexts.appTitle, content: .loaded(rows: rows, selectedIndex: 1, firstVisibleRow: 0), emptyMessage: ResourceDirectoryTexts.noCategories),
        ])
        XCTAssertEqual(router.calls, ["resources vacation-spots"])
    }

    private func type(_ keys: [Key], into search: inout SearchFieldState, _ presenter: CategoriesPresenter) {
        for key in keys {
            _ = SearchInput.handle(.key(key), &search)
            presenter.didEditSearch(search)
        }
    }

    /// `/` filters the categories by title as you type, case and accents folded; enter keeps the
    /// filter, esc clears it, and the selection stays on the category it was on.
    func testTheFilterNarrowsTheCategoriesAsYouTypeAndEscBringsThemBack() async {
        let list = ResourceCategoryList(categories: [ResourceCategory(id: "1", slug: "restaurants", title: "Restaurants"),
                                                     ResourceCategory(id: "2", slug: "vacation-spots", title: "Vacation Spots"),
                                                     ResourceCategory(id: "3", slug: "cafes", title: "Cafés & Crêpes")])
        let work = WorkTracker(), router = RecordingRouters(), view = RecordingCategoriesView()
        let presenter = CategoriesPresenter(interactor: ResourceCategoriesInteractor(service: FakeResourceDirectoryService(categories: [.success(list)])),
                                            router: router, work: work)
        presenter.view = view
        presenter.didLoad()
        await work.waitUntilIdle()
        let titles = { () -> [String] in
            guard case .loaded(let rows, _, _) = view.displayed.last?.content else { return [] }
            return rows.map(\.title)
        }
        let selected = { () -> String? in
            guard case .loaded(let rows, let index, _) = view.displayed.last?.content, rows.indices.contains(index) else { return nil }
            return rows[index].title
        }
        presenter.didChangeSelection(to: 2, firstVisibleRow: 0, visibleRows: 0..<3)
        var search = SearchFieldState()
        type([.character("/"), .character("C"), .character("R"), .character("Ê")], into: &search, presenter)
        XCTAssertEqual(titles(), ["Cafés & Crêpes"], "case and accents folded both ways")
        XCTAssertEqual(view.displayed.last?.title, "Resource Directory (1 of 3)")
        XCTAssertEqual(selected(), "Cafés & Crêpes", "the selection follows its category while shown")
        type([.character("x")], into: &search, presenter)
        XCTAssertEqual(titles(), [])
        XCTAssertEqual(view.displayed.last?.emptyMessage, "No category matches “CRÊx”.")
        type([.backspace, .backspace, .backspace, .backspace, .character("s"), .character("p"), .character("o")], into: &search, presenter)
        XCTAssertEqual(titles(), ["Vacation Spots"], "spo: only Vacation Spots")
        XCTAssertEqual(selected(), "Vacation Spots", "the selected category left: the first row")
        type([.enter], into: &search, presenter)
        XCTAssertEqual(search, SearchFieldState(query: "spo"), "enter keeps the filter")
        XCTAssertEqual(titles(), ["Vacation Spots"])
        presenter.didChooseRow(at: 0)
        XCTAssertEqual(router.calls, ["resources vacation-spots"], "enter opens the filtered row's category")
        type([.escape], into: &search, presenter)
        XCTAssertEqual(titles(), ["Restaurants", "Vacation Spots", "Cafés & Crêpes"])
        XCTAssertEqual(view.displayed.last?.title, "Resource Directory", "no count without a filter")
        XCTAssertEqual(selected(), "Vacation Spots", "clearing keeps the category selected")
    }

    /// A reload that answers fewer categories than are on screen, with the last row selected: the
    /// selection is read before the list changes (it once indexed the new, shorter list with the old
    /// row's position and trapped), and lands on the first row when its category is gone.
    func testAReloadWithFewerCategoriesKeepsOrDropsTheSelectionSafely() async {
        let many = ResourceCategoryList(categories: (1...10).map { ResourceCategory(id: "\($0)", slug: "c\($0)", title: "Category \($0)") })
        let few = ResourceCategoryList(categories: Array(many.categories.prefix(3)))
        let work = WorkTracker(), view = RecordingCategoriesView()
        let presenter = CategoriesPresenter(interactor: ResourceCategoriesInteractor(service: FakeResourceDirectoryService(categories: [.success(many), .success(few), .success(many)])),
                                            router: RecordingRouters(), work: work)
        presenter.view = view
        presenter.didLoad()
        await work.waitUntilIdle()
        let selected = { () -> String? in
            guard case .loaded(let rows, let index, _) = view.displayed.last?.content, rows.indices.contains(index) else { return nil }
            return rows[index].title
        }
        presenter.didChangeSelection(to: 8, firstVisibleRow: 0, visibleRows: 0..<10)
        XCTAssertEqual(selected(), "Category 9")
        presenter.didRequestReload()
        await work.waitUntilIdle()
        XCTAssertEqual(selected(), "Category 1", "its category is gone: the first row")
        presenter.didChangeSelection(to: 2, firstVisibleRow: 0, visibleRows: 0..<3)
        presenter.didRequestReload()
        await work.waitUntilIdle()
        XCTAssertEqual(selected(), "Category 3", "still there in the longer list: kept")
    }

    /// A letter that matches nothing for a moment (a typo) does not lose the selected category.
    func testATypoThatMatchesNothingKeepsTheSelectedCategory() async {
        let work = WorkTracker(), view = RecordingCategoriesView()
        let presenter = CategoriesPresenter(interactor: ResourceCategoriesInteractor(service: FakeResourceDirectoryService()), router: RecordingRouters(),
                                            work: work)
        presenter.view = view
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didChangeSelection(to: 1, firstVisibleRow: 0, visibleRows: 0..<2)
        presenter.didEditSearch(SearchFieldState(query: "s", isEditing: true))
        XCTAssertEqual(presenter.viewModel.title, "Resource Directory (1 of 2)", "Spots; no word of Restaurants starts with s")
        presenter.didEditSearch(SearchFieldState(query: "sz", isEditing: true))
        XCTAssertEqual(presenter.viewModel.title, "Resource Directory (0 of 2)")
        presenter.didEditSearch(SearchFieldState(query: "", isEditing: true))
        guard case .loaded(let rows, let selected, _) = presenter.viewModel.content else { return XCTFail("not loaded") }
        XCTAssertEqual(rows.count, 2)
        XCTAssertTrue(rows.indices.contains(selected))
        XCTAssertEqual(rows.indices.contains(selected) ? rows[selected].title : nil, "Vacation Spots", "still selected, not the first row")
    }

    /// Kept categories standing in for the server's answer say since when, on both lists.
    func testKeptListsSayOfflineSinceWhen() async {
        let stored = Date(timeIntervalSince1970: 1_764_065_100)
        let service = FakeResourceDirectoryService(storedAt: stored)
        let work = WorkTracker()
        let categories = CategoriesPresenter(interactor: ResourceCategoriesInteractor(service: service), router: RecordingRouters(), work: work)
        categories.kept.timeZone = TimeZone(identifier: "UTC")!
        categories.kept.now = { stored }
        categories.kept.wait = { _ in try? await Task.sleep(for: .seconds(3_600)) }
        categories.didLoad()
        await work.waitUntilIdle()
        XCTAssertEqual(categories.viewModel.notice, "Offline — as of 10:05 (r retries)")
        let fresh = CategoriesPresenter(interactor: ResourceCategoriesInteractor(service: FakeResourceDirectoryService()), router: RecordingRouters(), work: work)
        fresh.didLoad()
        await work.waitUntilIdle()
        XCTAssertNil(fresh.viewModel.notice)
    }

    /// The kept categories and resources show at once while the server is asked (the first of each
    /// kept here), and the server's answer replaces them and ends the notice.
    func testKeptListsShowAtOnceWhileTheServerIsAsked() async {
        let held = HeldOpenCalls()
        let service = FakeResourceDirectoryService(heldOpen: held, kept: Date(timeIntervalSince1970: 1_764_065_100))
        let work = WorkTracker()
        let categories = CategoriesPresenter(interactor: ResourceCategoriesInteractor(service: service), router: RecordingRouters(), work: work)
        categories.kept.timeZone = TimeZone(identifier: "UTC")!
        categories.kept.now = { Date(timeIntervalSince1970: 1_764_065_200) }
        categories.didLoad()
        await held.waitUntilStarted(1)
        func rowCount(_ content: ListContent<CategoriesViewModel.Row>) -> Int? {
            if case .loaded(let rows, _, _) = content { return rows.count }
            return nil
        }
        await waitUntil("the kept categories are shown", timeout: .seconds(10)) { rowCount(categories.viewModel.content) != nil }
        XCTAssertEqual(rowCount(categories.viewModel.content), 1, "the kept categories, before the server answered")
        XCTAssertEqual(categories.viewModel.notice, "Updating… — as of 10:05", "not offline while the server is asked")
        held.release(1)
        await work.waitUntilIdle()
        XCTAssertEqual(rowCount(categories.viewModel.content), 2)
        XCTAssertNil(categories.viewModel.notice)

        let resources = ResourceListPresenter(category: ResourceDirectoryFixtures.restaurants,
                                              interactor: ResourceListInteractor(service: service, images: FakeImageLoader()),
                                              router: RecordingRouters(), work: work)
        let view = RecordingListView()
        resources.view = view
        resources.didLoad()
        await held.waitUntilStarted(2)
        await waitUntil("the kept resources are shown", timeout: .seconds(10)) { view.titles.count == 2 }
        XCTAssertEqual(view.titles, ["Pizza Spanos", "élan bistro"], "the kept resources at once")
        held.release(2)
        await work.waitUntilIdle()
        XCTAssertEqual(view.titles.count, 5)
    }

    /// A query typed while the categories and then a category's resources first load (issue 47, 4.1)
    /// filters what lands, with its count.
    func testAQueryTypedWhileTheListsFirstLoadFiltersThemWhenTheyLand() async {
        let held = HeldOpenCalls()
        let service = FakeResourceDirectoryService(heldOpen: held)
        let work = WorkTracker(), view = RecordingCategoriesView()
        let categories = CategoriesPresenter(interactor: ResourceCategoriesInteractor(service: service), router: RecordingRouters(), work: work)
        categories.view = view
        categories.didLoad()
        await held.waitUntilStarted(1)
        categories.didEditSearch(SearchFieldState(query: "vac", isEditing: true))
        held.release(1)
        await work.waitUntilIdle()
        guard case .loaded(let rows, _, _) = view.displayed.last?.content else { return XCTFail("\(view.displayed)") }
        XCTAssertEqual(rows.map(\.title), ["Vacation Spots"])
        XCTAssertEqual(view.displayed.last?.title, "\(ResourceDirectoryTexts.appTitle) (1 of 2)")

        let resources = ResourceListPresenter(category: ResourceDirectoryFixtures.restaurants,
                                              interactor: ResourceListInteractor(service: service, images: FakeImageLoader()),
                                              router: RecordingRouters(), work: work)
        let list = RecordingListView()
        resources.view = list
        resources.didLoad()
        await held.waitUntilStarted(2)
        resources.didEditSearch(SearchFieldState(query: "pizza", isEditing: true))
        held.release(2)
        await work.waitUntilIdle()
        XCTAssertEqual(list.titles, ["Pizza Spanos"])
        XCTAssertEqual(list.displayed.last?.title, "Restaurants (1 of 5)")
    }

    func testAFailureSaysWhatHappenedAndARetryLoadsAgain() async {
        let service = FakeResourceDirectoryService(categories: [.failure(URLError(.timedOut)), .success(ResourceDirectoryFixtures.categories())])
        let work = WorkTracker()
        let presenter = CategoriesPresenter(interactor: ResourceCategoriesInteractor(service: service), router: RecordingRouters(), work: work)
        presenter.didLoad()
        await work.waitUntilIdle()
        guard case .failed(let message, _) = presenter.viewModel.content else { return XCTFail("\(presenter.viewModel)") }
        XCTAssertTrue(message.hasPrefix("The categories could not be loaded. "), message)
        presenter.didRequestReload()
        await work.waitUntilIdle()
        guard case .loaded(let rows, _, _) = presenter.viewModel.content else { return XCTFail("\(presenter.viewModel)") }
        XCTAssertEqual(rows.count, 2)
        XCTAssertEqual(service.categoryRequests, 2)
    }
}

@MainActor
final class ResourceListPresenterTests: XCTestCase {
    private func makePresenter(_ service: FakeResourceDirectoryService = FakeResourceDirectoryService(),
                               category: ResourceCategory = ResourceDirectoryFixtures.restaurants)
        -> (ResourceListPresenter, RecordingListView, RecordingRouters, WorkTracker) {
        let work = WorkTracker(), router = RecordingRouters(), view = RecordingListView()
        let presenter = ResourceListPresenter(category: category, interactor: ResourceListInteractor(service: service, images: FakeImageLoader()),
                                              router: router, work: work)
        presenter.view = view
        return (presenter, view, router, work)
    }

    func testTheSortControlGoesAToZThenZToAThenAToZIgnoringCaseAndDiacritics() async {
        let (presenter, view, _, work) = makePresenter()
        presenter.didLoad()
        await work.waitUntilIdle()
        XCTAssertEqual(view.titles, ["Pizza Spanos", "élan bistro", "Zócalo", "Éclair", "bagel corner"], "the file's order first")
        XCTAssertEqual(view.displayed.last?.orderLabel, "order: as listed")
        let ascending = ["bagel corner", "Éclair", "élan bistro", "Pizza Spanos", "Zócalo"]
        presenter.didPressSort()
        await work.waitUntilIdle()
        XCTAssertEqual(view.titles, ascending)
        XCTAssertEqual(view.displayed.last?.orderLabel, "order: A–Z")
        presenter.didPressSort()
        await work.waitUntilIdle()
        XCTAssertEqual(view.titles, ascending.reversed())
        XCTAssertEqual(view.displayed.last?.orderLabel, "order: Z–A")
        presenter.didPressSort()
        await work.waitUntilIdle()
        XCTAssertEqual(view.titles, ascending)
    }

    func testANewOrderStartsAtItsTopAndAReloadKeepsTheSelection() async {
        let (presenter, view, _, work) = makePresenter()
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didChangeSelection(to: 2, firstVisibleRow: 1, visibleRows: 1..<5)
        XCTAssertEqual(view.selectedTitle, "Zócalo")
        presenter.didPressSort()
        await work.waitUntilIdle()
        XCTAssertEqual(view.selectedTitle, "bagel corner")
        presenter.didChangeSelection(to: 4, firstVisibleRow: 1, visibleRows: 1..<5)
        presenter.didRequestReload()
        await work.waitUntilIdle()
        XCTAssertEqual(view.selectedTitle, "Zócalo", "a reload keeps the resource selected")
    }

    func testTheFilterMatchesTitlesAsYouTypeIgnoringCaseAndDiacritics() async {
        let (presenter, view, router, work) = makePresenter()
        presenter.didLoad()
        await work.waitUntilIdle()
        var search = SearchFieldState()
        _ = SearchInput.handle(.key(.character("/")), &search)
        presenter.didEditSearch(search)
        XCTAssertEqual(view.titles.count, 5, "an empty query leaves every row")
        for character in "ECL" {
            _ = SearchInput.handle(.key(.character(character)), &search)
            presenter.didEditSearch(search)
        }
        XCTAssertEqual(view.titles, ["Éclair"])
        XCTAssertEqual(view.displayed.last?.title, "Restaurants (1 of 5)")
        _ = SearchInput.handle(.key(.character("x")), &search)
        presenter.didEditSearch(search)
        XCTAssertEqual(view.titles, [])
        XCTAssertEqual(view.displayed.last?.emptyMessage, "No title matches “ECLx”.")
        _ = SearchInput.handle(.key(.backspace), &search)
        _ = SearchInput.handle(.key(.enter), &search)
        presenter.didEditSearch(search)
        presenter.didChooseRow(at: 0)
        XCTAssertEqual(router.calls, ["detail Éclair"], "enter opens the filtered row")
        _ = SearchInput.handle(.key(.escape), &search)
        presenter.didEditSearch(search)
        XCTAssertEqual(view.titles.count, 5)
        XCTAssertEqual(view.selectedTitle, "Éclair", "clearing the filter keeps the selection")
    }

    /// A letter that matches nothing for a moment (a typo) does not lose the selection: erased, the
    /// rows come back with the same resource selected, not the first one.
    func testATypoThatMatchesNothingKeepsTheSelection() async {
        let (presenter, view, _, work) = makePresenter()
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didEditSearch(SearchFieldState(query: "b", isEditing: true))
        XCTAssertEqual(view.titles, ["élan bistro", "bagel corner"])
        presenter.didChangeSelection(to: 1, firstVisibleRow: 0, visibleRows: 0..<2)
        presenter.didEditSearch(SearchFieldState(query: "bq", isEditing: true))
        XCTAssertEqual(view.titles, [])
        presenter.didEditSearch(SearchFieldState(query: "b", isEditing: true))
        XCTAssertEqual(view.selectedTitle, "bagel corner")
    }

    func testSortingKeepsTheFilter() async {
        let (presenter, view, _, work) = makePresenter()
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didEditSearch(SearchFieldState(query: "e"))
        presenter.didPressSort()
        presenter.didPressSort()
        await work.waitUntilIdle()
        XCTAssertEqual(view.titles, ["élan bistro", "Éclair"], "Z–A (Éclair before élan from A to Z), and only titles with a word starting with e")
    }

    func testAReloadKeepsTheChosenOrder() async {
        let (presenter, view, _, work) = makePresenter()
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didPressSort()
        await work.waitUntilIdle()
        presenter.didRequestReload()
        await work.waitUntilIdle()
        XCTAssertEqual(view.titles.first, "bagel corner")
        XCTAssertEqual(view.displayed.last?.orderLabel, "order: A–Z")
    }

    func testACategoryWithoutAFileSaysSoAndRequestsNothing() async {
        let service = FakeResourceDirectoryService()
        let (presenter, _, _, work) = makePresenter(service, category: ResourceDirectoryFixtures.museums)
        presenter.didLoad()
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.content, .failed(message: "The directory has no resource file for “Museums”.", canRetry: false),
                       "loading again cannot give a category a file: no retry is offered")
        XCTAssertEqual(service.resourceRequests, [])
    }

    func testTheSortButtonIsTouchedUntilReleased() async {
        let (presenter, view, _, work) = makePresenter()
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didTouchSort()
        XCTAssertEqual(view.displayed.last?.sortTouched, true)
        presenter.didCancelTouch()
        XCTAssertEqual(view.displayed.last?.sortTouched, false)
        XCTAssertEqual(view.displayed.last?.orderLabel, "order: as listed", "a cancelled press sorts nothing")
    }
}

@MainActor
final class ResourceDetailPresenterTests: XCTestCase {
    static let full = Resource(
        id: "r1", title: "Pizza Spanos", descriptionHTML: "<p>Fish &amp; chips</p>",
        addresses: [ResourceAddress(label: "Main", lines: ["1360 Sunnybrooke"], city: "DDO", state: "QC", zipCode: "H9B 2W5", country: "Canada",
                                    gps: Coordinate(latitude: 45.490834, longitude: -73.777091)),
                    ResourceAddress(lines: ["12 Rue Sans GPS"], city: "Montréal")],
        contact: ResourceContact(phoneNumbers: ["+1 (514) 702-8287"], tollFreeNumbers: ["1-800-555-0199"], faxNumbers: ["514 555 0100"],
                                 emails: ["hello@pizza.example"], websites: ["www.pizza.example"]),
        socialMedia: [SocialLink(network: "youtubeChannel", url: "https://youtube.com/pizza")],
        hours: BusinessHours([.monday: .init(from: "08:00 AM", to: "06:30 PM")]),
        notes: ["Cash only."])

    private func makePresenter(_ resource: Resource = full, opener: RecordingURLOpener = RecordingURLOpener())
        -> (ResourceDetailPresenter, RecordingRouters, WorkTracker) {
        let work = WorkTracker(), router = RecordingRouters()
        let presenter = ResourceDetailPresenter(entry: ResourceListInteractor.entry(resource),
                                                interactor: ResourceDetailInteractor(images: FakeImageLoader(), opener: opener),
                                                router: router, work: work)
        return (presenter, router, work)
    }

    func testSectionsFollowTheMockupAndEveryDayIsListed() async {
        let (presenter, _, _) = makePresenter()
        let sections = presenter.viewModel.sections
        XCTAssertEqual(sections.map(\.title), ["CONTACT INFORMATION", "ADDRESS", "NOTES", "SOCIAL MEDIA", "BUSINESS HOURS"])
        XCTAssertEqual(sections[0].items.map(\.label), ["PHONE NUMBER", "TOLL-FREE NUMBER", "FAX NUMBER", "EMAIL ADDRESS", "WEBSITE"])
        XCTAssertEqual(sections[0].items.map { $0.buttons.map(\.title) }, [["message", "call"], ["message", "call"], [], ["write"], ["open"]])
        XCTAssertEqual(sections[1].items[0].lines, ["1360 Sunnybrooke", "DDO, QC H9B 2W5", "Canada"])
        XCTAssertEqual(sections[3].items[0].label, "YOUTUBE")
        XCTAssertEqual(sections[4].items.map { $0.lines[0] }, ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"])
        XCTAssertEqual(sections[4].items.map(\.trailing), ["CLOSED", "08:00 AM – 06:30 PM", "CLOSED", "CLOSED", "CLOSED", "CLOSED", "CLOSED"])
        XCTAssertEqual(presenter.viewModel.description, "Fish & chips")
        XCTAssertEqual(presenter.actions, [.message("+1 (514) 702-8287"), .call("+1 (514) 702-8287"), .message("1-800-555-0199"),
                                           .call("1-800-555-0199"), .email("hello@pizza.example"), .website("www.pizza.example"),
                                           .map(Self.full.addresses[0]), .map(Self.full.addresses[1]), .website("https://youtube.com/pizza")])
    }

    func testEmptySectionsAreLeftOut() async {
        let (presenter, _, _) = makePresenter(Resource(id: "x", title: "Bare"))
        XCTAssertEqual(presenter.viewModel.sections, [])
        XCTAssertEqual(presenter.viewModel.actionCount, 0)
        XCTAssertNil(presenter.viewModel.photo, "no photo, no room kept for one")
    }

    func testPhoneMessageAndMapActionsHandTheirLinkToTheOpener() async {
        let opener = RecordingURLOpener()
        let (presenter, _, work) = makePresenter(opener: opener)
        for index in [0, 1, 3, 6, 7] {
            presenter.didActivateAction(index)
            await work.waitUntilIdle()
        }
        XCTAssertEqual(opener.actions.map(\.description), ["sms:+15147028287", "tel:+15147028287", "tel:18005550199",
                                                           "geo:45.490834,-73.777091", "geo:0,0?q=12%20Rue%20Sans%20GPS%2C%20Montr%C3%A9al"])
        XCTAssertEqual(presenter.viewModel.notice, .init(text: "Opened geo:0,0?q=12%20Rue%20Sans%20GPS%2C%20Montr%C3%A9al in the maps app.",
                                                         isProblem: false))
        XCTAssertEqual(presenter.viewModel.focusedAction, 7)
    }

    func testWithoutADesktopOpenerTheScreenSaysSoAndShowsTheLink() async {
        let opener = RecordingURLOpener(answer: .unavailable(message: "No desktop opener (no DISPLAY); the link is: tel:+15147028287"))
        let (presenter, _, work) = makePresenter(opener: opener)
        presenter.didActivateAction(1)
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.notice, .init(text: "No desktop opener (no DISPLAY); the link is: tel:+15147028287", isProblem: true))
    }

    func testHostileValuesNeverReachTheOpener() async {
        let opener = RecordingURLOpener()
        let hostile = Resource(id: "h", title: "Hostile", contact: ResourceContact(
            phoneNumbers: ["-x; $(reboot)"], emails: ["`rm -rf`@evil.example"], websites: ["javascript:alert(1)", "file:///etc/passwd", "-x"]))
        let (presenter, router, work) = makePresenter(hostile, opener: opener)
        for index in presenter.actions.indices {
            presenter.didActivateAction(index)
            await work.waitUntilIdle()
            if case .email = presenter.actions[index] { continue }
            XCTAssertEqual(presenter.viewModel.notice?.isProblem, true, "\(presenter.actions[index])")
        }
        XCTAssertEqual(opener.actions, [], "rejected before any opener")
        XCTAssertEqual(router.calls.filter { $0.hasPrefix("website") }, [])
        presenter.didFocusAction(4, scrollOffset: 0)
        presenter.didRequestOpeningOutside()
        await work.waitUntilIdle()
        XCTAssertEqual(opener.actions, [], "o checks the link too")
    }

    /// A mail link in a web page opened from the details is written in the app's compose screen
    /// (bcc dropped, subject kept); other addresses are left to the browser, which opens them outside.
    func testAMailLinkInTheInAppBrowserOpensTheComposeScreen() async {
        let opener = RecordingURLOpener()
        let (presenter, router, _) = makePresenter(opener: opener)
        XCTAssertTrue(presenter.webBrowserWillOpenOutside(URL(string: "mailto:info@pizza.example?subject=Hi&bcc=spy@evil.example")!))
        XCTAssertEqual(router.calls, ["compose info@pizza.example"])
        XCTAssertFalse(presenter.webBrowserWillOpenOutside(URL(string: "tel:+15147028287")!))
        XCTAssertFalse(presenter.webBrowserWillOpenOutside(URL(string: "mailto:%60rm%20-rf%60@evil.example")!), "an invalid address is no draft")
        XCTAssertEqual(router.calls.count, 1)
        XCTAssertEqual(opener.actions, [])
        let interactor = ResourceDetailInteractor(images: FakeImageLoader(), opener: opener)
        XCTAssertEqual(interactor.obtainDraft(mailto: URL(string: "mailto:a@b.example?subject=Hi%20there&body=L1%0AL2&cc=c@d.example")!),
                       EmailDraft(to: "a@b.example, c@d.example", subject: "Hi there", body: "L1\nL2"))
        let compose = ComposeEmailInteractor(opener: opener)
        XCTAssertEqual(try compose.obtainLink(for: EmailDraft(to: "a@b.example, c@d.example", subject: "Hi")).description,
                       "mailto:a@b.example,c@d.example?subject=Hi")
    }

    func testEmailOpensTheComposeScreenAndAWebsiteTheInAppBrowser() async {
        let opener = RecordingURLOpener()
        let (presenter, router, work) = makePresenter(opener: opener)
        presenter.didActivateAction(4)
        presenter.didActivateAction(5)
        presenter.didActivateAction(8)
        XCTAssertEqual(router.calls, ["compose hello@pizza.example", "website https://www.pizza.example", "website https://youtube.com/pizza"],
                       "a website without its scheme is an https one")
        presenter.didFocusAction(5, scrollOffset: 3)
        presenter.didRequestOpeningOutside()
        await work.waitUntilIdle()
        XCTAssertEqual(opener.actions.map(\.description), ["https://www.pizza.example"], "o: the desktop's browser instead")
        XCTAssertEqual(presenter.viewModel.scrollOffset, 3)
        presenter.composeEmailDidSend(link: "mailto:hello@pizza.example?subject=Hi")
        XCTAssertEqual(presenter.viewModel.notice, .init(text: "Your email went to the mail app: mailto:hello@pizza.example?subject=Hi", isProblem: false))
    }

    /// `y` copies the focused action's value: the number, the email, the website; unfocused, the title.
    func testCopyTakesTheFocusedValue() async {
        let (presenter, router, _) = makePresenter()
        presenter.didRequestCopy()
        for index in [0, 4, 5] {
            presenter.didFocusAction(index, scrollOffset: 0)
            presenter.didRequestCopy()
        }
        let copies = router.calls.filter { $0.hasPrefix("copy ") }
        XCTAssertEqual(copies.count, 4)
        XCTAssertEqual(copies[2], "copy hello@pizza.example")
        XCTAssertEqual(copies[3], "copy https://www.pizza.example")
        XCTAssertEqual(presenter.viewModel.notice, .init(text: "Copied “https://www.pizza.example”", isProblem: false))
    }

    /// Each item's lines link (OSC 8) where its main button leads: a call for a number, the address
    /// to write to, the website with its scheme; and the view draws them as links.
    func testItemsLinkWhereTheirButtonsLead() async {
        let (presenter, _, _) = makePresenter()
        let links = presenter.viewModel.sections.flatMap(\.items).compactMap(\.link)
        XCTAssertTrue(links.contains("mailto:hello@pizza.example"), "\(links)")
        XCTAssertTrue(links.contains("https://www.pizza.example"), "\(links)")
        XCTAssertTrue(links.contains { $0.hasPrefix("tel:") }, "\(links)")
        let frame = ResourceDetailView().render(presenter.viewModel, in: RenderContext(size: Size(columns: 100, rows: 80), colorMode: .trueColor))
        XCTAssertTrue(frame.links.values.contains("https://www.pizza.example"), "\(frame.links)")
    }

    func testOIsIgnoredUnlessAWebsiteIsFocused() async {
        let opener = RecordingURLOpener()
        let (presenter, _, work) = makePresenter(opener: opener)
        presenter.didRequestOpeningOutside()
        presenter.didFocusAction(0, scrollOffset: 0)
        presenter.didRequestOpeningOutside()
        await work.waitUntilIdle()
        XCTAssertEqual(opener.actions, [])
    }
}

@MainActor
final class RecordingComposeOutput: ComposeEmailModuleOutput {
    var sent: [String] = []
    func composeEmailDidSend(link: String) { sent.append(link) }
}

@MainActor
final class ComposeEmailPresenterTests: XCTestCase {
    private func makePresenter(opener: RecordingURLOpener = RecordingURLOpener())
        -> (ComposeEmailPresenter, RecordingRouters, RecordingComposeOutput, WorkTracker) {
        let work = WorkTracker(), router = RecordingRouters(), output = RecordingComposeOutput()
        let presenter = ComposeEmailPresenter(draft: EmailDraft(to: "hello@pizza.example"), interactor: ComposeEmailInteractor(opener: opener),
                                              router: router, work: work)
        presenter.output = output
        return (presenter, router, output, work)
    }

    private func type(_ text: String, into presenter: ComposeEmailPresenter) {
        var fields = presenter.viewModel.fields
        fields.editFocused { $0.insert(text) }
        presenter.didEditFields(fields)
    }

    func testSendingHandsACorrectlyEncodedMailtoToTheOpenerAndCloses() async {
        let opener = RecordingURLOpener()
        let (presenter, router, output, work) = makePresenter(opener: opener)
        XCTAssertEqual(presenter.viewModel.focus, .subject, "the address is there: the subject comes first")
        type("Table for 2 & a café?", into: presenter)
        presenter.didMoveFocus(to: .body)
        var body = presenter.viewModel.body
        body.insert("Hi,\nsee you at 8 — 100% sure.")
        presenter.didEditBody(body)
        presenter.didRequestSend()
        await work.waitUntilIdle()
        let link = "mailto:hello@pizza.example?subject=Table%20for%202%20%26%20a%20caf%C3%A9%3F&body=Hi%2C%0D%0Asee%20you%20at%208%20%E2%80%94%20100%25%20sure."
        XCTAssertEqual(opener.actions.map(\.description), [link])
        XCTAssertEqual(output.sent, [link])
        XCTAssertEqual(router.calls, ["close compose"])
    }

    func testAnInvalidAddressIsNamedUnderItsFieldAndNothingIsOpened() async {
        let opener = RecordingURLOpener()
        let (presenter, router, _, work) = makePresenter(opener: opener)
        presenter.didMoveFocus(to: .to)
        var fields = presenter.viewModel.fields
        fields.editFocused { $0.setText("not an address; rm -rf") }
        presenter.didEditFields(fields)
        presenter.didRequestSend()
        await work.waitUntilIdle()
        XCTAssertEqual(opener.actions, [])
        XCTAssertEqual(presenter.viewModel.fields["to"]?.message, "Enter one email address, such as name@example.com.")
        XCTAssertEqual(presenter.viewModel.fields["to"]?.text, "not an address; rm -rf", "what was typed stays")
        XCTAssertEqual(router.calls, [])
    }

    func testWithoutAMailAppTheDraftStaysWithTheReasonAndTheLink() async {
        let opener = RecordingURLOpener(answer: .unavailable(message: "No desktop opener; the link is: mailto:hello@pizza.example?subject=Hi"))
        let (presenter, router, output, work) = makePresenter(opener: opener)
        type("Hi", into: presenter)
        presenter.didRequestSend()
        XCTAssertTrue(presenter.viewModel.isSending)
        await work.waitUntilIdle()
        XCTAssertFalse(presenter.viewModel.isSending)
        XCTAssertEqual(presenter.viewModel.notice?.text, "No desktop opener; the link is: mailto:hello@pizza.example?subject=Hi")
        XCTAssertEqual(presenter.draft, EmailDraft(to: "hello@pizza.example", subject: "Hi"))
        XCTAssertEqual(router.calls, [])
        XCTAssertEqual(output.sent, [])
    }

    func testCancelAsksOnlyWhenSomethingWasTypedAndDiscardsOnlyWhenConfirmed() async {
        let (untouched, untouchedRouter, _, _) = makePresenter()
        untouched.didRequestCancel()
        XCTAssertEqual(untouchedRouter.calls, ["close compose"])

        let (presenter, router, _, _) = makePresenter()
        type("Hi", into: presenter)
        presenter.didRequestCancel()
        XCTAssertEqual(router.calls, ["confirm discard-email"])
        presenter.confirmDialog("discard-email", didFinish: false)
        XCTAssertEqual(router.calls, ["confirm discard-email"], "keep editing")
        XCTAssertEqual(presenter.draft.subject, "Hi")
        presenter.confirmDialog("discard-email", didFinish: true)
        XCTAssertEqual(router.calls, ["confirm discard-email", "close compose"])
    }
}
