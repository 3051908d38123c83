import ImageKitTesting
import Check24OverviewTesting
import Foundation
import Navigation
import NavigationTesting
import XCTest
@testable import Check24Overview

@MainActor
final class RouterTests: XCTestCase {
    private let legal = URL(string: "http://pages.test/legal")!

    private func dependencies() -> Check24OverviewModule.Dependencies {
        .init(catalog: FakeCheck24CatalogService(), favorites: InMemoryFavoritesService(), images: FakeImageLoader(),
              pages: FakeWebPageService([:]), legalPageURL: legal)
    }

    func testOverviewOpensTheDetailsOfThatProduct() async {
        let navigator = RecordingNavigator()
        let output = RecordingDetailOutput()
        Check24OverviewRouter(host: navigator, dependencies: dependencies())
            .openDetail(for: Check24Fixtures.blueCircle, isFavorite: true, output: output)
        XCTAssertEqual(navigator.calls, [.push])
        let detail = navigator.shownScreens.first as? Check24DetailView
        XCTAssertEqual(detail?.viewModel.name, "Blue Circle")
        XCTAssertEqual(detail?.viewModel.favoriteButtonTitle, "Vergessen")
    }

    func testOverviewAndDetailsOpenTheLegalPageInTheWebView() async {
        let navigator = RecordingNavigator()
        Check24OverviewRouter(host: navigator, dependencies: dependencies()).openLegalPage()
        Check24DetailRouter(host: navigator, dependencies: dependencies()).openLegalPage()
        XCTAssertEqual(navigator.calls, [.push, .push])
        XCTAssertEqual((navigator.shownScreens[0] as? WebPageView)?.viewModel.address, legal.absoluteString)
        XCTAssertEqual((navigator.shownScreens[1] as? WebPageView)?.viewModel.address, legal.absoluteString)
    }

    func testCloseDetailAndWebPagePop() async {
        let navigator = RecordingNavigator()
        Check24DetailRouter(host: navigator, dependencies: dependencies()).closeDetail()
        WebPageRouter(host: navigator, dependencies: dependencies()).closeWebPage()
        XCTAssertEqual(navigator.calls, [.pop, .pop])
    }

    func testAFollowedLinkOpensAsTheNextPage() async {
        let navigator = RecordingNavigator()
        let target = URL(string: "http://pages.test/privacy")!
        WebPageRouter(host: navigator, dependencies: dependencies()).openWebPage(at: target)
        XCTAssertEqual(navigator.calls, [.push])
        XCTAssertEqual((navigator.shownScreens.first as? WebPageView)?.viewModel.address, target.absoluteString)
    }

    func testRoutersDoNotKeepTheHostAlive() async {
        var navigator: RecordingNavigator? = RecordingNavigator()
        weak let weakNavigator = navigator
        let router = Check24DetailRouter(host: navigator!, dependencies: dependencies())
        navigator = nil
        XCTAssertNil(weakNavigator)
        router.closeDetail() // harmless once the host is gone
    }
}

@MainActor
final class WebPagePresenterTests: XCTestCase {
    @MainActor
    final class RecordingWebRouter: WebPageRouting {
        var opened: [URL] = []
        var closed = 0
        func openWebPage(at url: URL) { opened.append(url) }
        func closeWebPage() { closed += 1 }
    }

    private let page = URL(string: "http://m.check24.de/rechtliche-hinweise?deviceoutput=app")!

    func testLoadsParsesAndFollowsWebLinksRelativeToThePage() async throws {
        let service = FakeWebPageService([page: #"<title>T</title><p><a href="/datenschutz?x=1">D</a> <a href="mailto:a@b.c">M</a> <a href="https://e.org/">E</a></p>"#])
        let router = RecordingWebRouter()
        let work = WorkTracker()
        let presenter = WebPagePresenter(url: page, interactor: WebPageInteractor(pages: service), router: router, work: work)
        presenter.didLoad()
        XCTAssertEqual(presenter.viewModel.content, .loading)
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.title, "T")
        guard case .loaded(let document) = presenter.viewModel.content else { return XCTFail() }
        XCTAssertEqual(document.links.map(\.href), ["/datenschutz?x=1", "mailto:a@b.c", "https://e.org/"])
        presenter.didFollowLink(0)
        presenter.didFollowLink(1)
        XCTAssertEqual(presenter.viewModel.notice, "Opens outside the web view: mailto:a@b.c")
        presenter.didFollowLink(2)
        XCTAssertEqual(router.opened.map(\.absoluteString), ["http://m.check24.de/datenschutz?x=1", "https://e.org/"])
        presenter.didRequestClose()
        XCTAssertEqual(router.closed, 1)
    }

    func testAFailedPageShowsTheErrorAndReloads() async throws {
        let service = FakeWebPageService([:])
        let work = WorkTracker()
        let presenter = WebPagePresenter(url: page, interactor: WebPageInteractor(pages: service), router: RecordingWebRouter(), work: work)
        presenter.didLoad()
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.content, .failed(message: "Something went wrong: no page at \(page.absoluteString)"))
        presenter.didRequestReload()
        await work.waitUntilIdle()
        XCTAssertEqual(service.requestedURLs.count, 2)
    }
}
