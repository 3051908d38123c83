import Foundation
import Navigation
import NavigationTesting
import TerminalKit
import TerminalUI
import WebBrowserTesting
import XCTest
@testable import WebBrowser

@MainActor
final class LeakTests: XCTestCase {
    func testTheModuleIsReleasedWithItsScreenAndDoesNotKeepItsOutputAlive() async {
        let navigator = RecordingNavigator()
        let url = URL(string: "http://pages.test/legal")!
        var output: RecordingWebBrowserOutput? = RecordingWebBrowserOutput()
        weak let weakOutput = output
        var screen: (any Screen)? = WebBrowserModule.make(
            dependencies: .init(pages: FakeWebPageLoader([url: #"<a href="/b">B</a>"#, URL(string: "http://pages.test/b")!: "<p>B</p>"])),
            url: url, host: navigator, output: output)
        screen?.screenDidAppear()
        await navigator.work.waitUntilIdle()
        let context = RenderContext(size: Size(columns: 60, rows: 20), colorMode: .none)
        _ = screen?.handle(.key(.tab), in: context)
        _ = screen?.handle(.key(.enter), in: context)
        await navigator.work.waitUntilIdle()
        XCTAssertTrue(screen?.render(in: context).text.contains("◄ http://pages.test/b") == true, "a second page in the same screen")
        output = nil
        XCTAssertNil(weakOutput, "the browser refers to its output weakly")
        weak let weakView: ModuleScreen<WebBrowserView>?
        weak let weakPresenter: WebBrowserPresenter?
        weak let weakInteractor: WebBrowserInteractor?
        do {
            let view = screen as? ModuleScreen<WebBrowserView>
            weakView = view
            weakPresenter = view?.output as? WebBrowserPresenter
            weakInteractor = weakPresenter?.interactor
        }
        XCTAssertNotNil(weakInteractor)
        screen = nil
        XCTAssertNil(weakView)
        XCTAssertNil(weakPresenter)
        XCTAssertNil(weakInteractor)
        XCTAssertEqual(navigator.calls, [], "following a link pushed no screen")
    }
}
