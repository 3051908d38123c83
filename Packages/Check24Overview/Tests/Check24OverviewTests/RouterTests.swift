import ImageKitTesting
import Check24OverviewTesting
import Foundation
import Navigation
import NavigationTesting
import TerminalUI
import WebBrowserTesting
import SystemActionsTesting
import XCTest
@testable import Check24Overview

@MainActor
final class RouterTests: XCTestCase {
    private let legal = URL(string: "http://pages.test/legal")!

    private func dependencies(pages: FakeWebPageLoader = FakeWebPageLoader([:])) -> Check24OverviewModule.Dependencies {
        .init(catalog: FakeCheck24CatalogService(), favorites: InMemoryFavoritesService(), images: FakeImageLoader(),
              pages: pages, legalPageURL: legal, opener: UnimplementedURLOpener())
    }

    func testOverviewOpensTheDetailsOfThatProduct() async {
        let navigator = RecordingNavigator()
        let output = RecordingDetailOutput()
        Check24OverviewRouter(host: navigator, dependencies: dependencies())
            .openDetail(for: Check24Fixtures.blueCircle, isFavorite: true, output: output)
        XCTAssertEqual(navigator.calls, [.push])
        let detail = navigator.shownScreens.first as? ModuleScreen<Check24DetailView>
        XCTAssertEqual(detail?.viewModel.name, "Blue Circle")
        XCTAssertEqual(detail?.viewModel.favoriteButtonTitle, "Vergessen")
    }

    /// Both open the legal page in the shared browser, speaking German, loading it through `pages`.
    func testOverviewAndDetailsOpenTheLegalPageInTheGermanBrowser() async {
        let navigator = RecordingNavigator()
        let pages = FakeWebPageLoader([legal: "<title>Rechtliche Hinweise</title><p>Text</p>"])
        Check24OverviewRouter(host: navigator, dependencies: dependencies(pages: pages)).openLegalPage()
        Check24DetailRouter(host: navigator, dependencies: dependencies(pages: pages)).openLegalPage()
        XCTAssertEqual(navigator.calls, [.push, .push])
        let context = RenderContext(size: Size(columns: 80, rows: 12), colorMode: .none)
        for screen in navigator.shownScreens {
            XCTAssertTrue(screen.render(in: context).text.contains("Seite wird geladen…"))
            screen.screenDidAppear()
            await navigator.work.waitUntilIdle()
            let text = screen.render(in: context).text
            XCTAssertTrue(text.contains("Rechtliche Hinweise — \(legal.absoluteString)"), text)
            XCTAssertTrue(text.contains("esc schließen"), text)
        }
        XCTAssertEqual(pages.requestedURLs, [legal, legal])
        XCTAssertEqual(navigator.shownScreens[0].keyHelp, Check24OverviewModule.keyHelp[2].keys, "--help lists what ? shows")
    }

    func testCloseDetailPops() async {
        let navigator = RecordingNavigator()
        Check24DetailRouter(host: navigator, dependencies: dependencies()).closeDetail()
        XCTAssertEqual(navigator.calls, [.pop])
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
