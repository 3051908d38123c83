import ImageKitTesting
import Check24OverviewTesting
import Foundation
import Navigation
import NavigationTesting
import WebBrowserTesting
import SystemActionsTesting
import XCTest
@testable import Check24Overview

@MainActor
final class LeakTests: XCTestCase {
    private func dependencies() -> Check24OverviewModule.Dependencies {
        let legal = URL(string: "http://pages.test/legal")!
        return .init(catalog: FakeCheck24CatalogService(), favorites: InMemoryFavoritesService(), images: FakeImageLoader(),
                     pages: FakeWebPageLoader([legal: "<p>Legal</p>"]), legalPageURL: legal, opener: UnimplementedURLOpener())
    }

    func testOverviewModuleIsReleasedWithItsScreen() async {
        let navigator = RecordingNavigator()
        var screen: (any Screen)? = Check24OverviewModule.make(dependencies: dependencies(), host: navigator)
        screen?.screenDidAppear()
        await navigator.work.waitUntilIdle()
        weak let weakView: ModuleScreen<Check24OverviewView>?
        // The interactor is a value holding the dependencies: nothing of its own to release.
        weak let weakPresenter: Check24OverviewPresenter?
        do {
            let view = screen as? ModuleScreen<Check24OverviewView>
            weakView = view
            weakPresenter = view?.output as? Check24OverviewPresenter
        }
        XCTAssertNotNil(weakView)
        XCTAssertNotNil(weakPresenter)
        screen = nil
        XCTAssertNil(weakView)
        XCTAssertNil(weakPresenter)
    }

    func testDetailModuleIsReleasedWhenPoppedAndDoesNotKeepTheOverviewAlive() async {
        let navigator = RecordingNavigator()
        var output: RecordingDetailOutput? = RecordingDetailOutput()
        weak let weakOutput = output
        var screen: (any Screen)? = Check24OverviewModule.makeDetail(product: Check24Fixtures.yellowTriangle, isFavorite: false,
                                                                     output: output!, dependencies: dependencies(), host: navigator)
        screen?.screenDidAppear()
        await navigator.work.waitUntilIdle()
        output = nil
        XCTAssertNil(weakOutput, "the details refer to the overview weakly")
        weak let weakView: ModuleScreen<Check24DetailView>?
        // The interactor is a value holding the dependencies: nothing of its own to release.
        weak let weakPresenter: Check24DetailPresenter?
        do {
            let view = screen as? ModuleScreen<Check24DetailView>
            weakView = view
            weakPresenter = view?.output as? Check24DetailPresenter
        }
        // They existed: a module that was never built would pass the checks below without proving anything.
        XCTAssertNotNil(weakView)
        XCTAssertNotNil(weakPresenter)
        screen = nil
        XCTAssertNil(weakView)
        XCTAssertNil(weakPresenter)
    }
}
