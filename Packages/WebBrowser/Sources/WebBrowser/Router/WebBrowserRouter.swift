import Navigation

@MainActor
protocol WebBrowserRouting: AnyObject {
    func closeWebBrowser()
    /// Puts `text` on the terminal's clipboard; false where there is none.
    func openClipboard(with text: String) -> Bool
}

/// Leaves the browser as a whole: its pages are its own history, not screens of the host.
@MainActor
final class WebBrowserRouter: WebBrowserRouting {
    private weak var host: (any ScreenHost)?

    init(host: any ScreenHost) {
        self.host = host
    }

    func closeWebBrowser() {
        host?.pop()
    }

    func openClipboard(with text: String) -> Bool {
        host?.copyToClipboard(text) ?? false
    }
}
