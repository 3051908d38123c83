import Navigation
import NavigationTesting
import XCTest
@testable import WebBrowser

@MainActor
final class RouterTests: XCTestCase {
    func testClosingPopsTheWholeBrowser() async {
        let navigator = RecordingNavigator()
        WebBrowserRouter(host: navigator).closeWebBrowser()
        XCTAssertEqual(navigator.calls, [.pop])
    }

    func testTheRouterDoesNotKeepTheHostAlive() async {
        var navigator: RecordingNavigator? = RecordingNavigator()
        weak let weakNavigator = navigator
        let router = WebBrowserRouter(host: navigator!)
        navigator = nil
        XCTAssertNil(weakNavigator)
        router.closeWebBrowser() // harmless once the host is gone
    }
}
