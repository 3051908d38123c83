import Navigation

@MainActor
protocol WebBrowserRouting: AnyObject {
    func closeWebBrowser()
}

/// Leaves the browser as a whole: its pages are its own history, not screens of the host.
@MainActor
final class WebBrowserRouter: WebBrowserRouting {
    private weak var navigator: (any Navigator)?

    init(navigator: any Navigator) {
        self.navigator = navigator
    }

    func closeWebBrowser() {
        navigator?.pop()
    }
}
