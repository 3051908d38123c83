import Navigation

@MainActor
protocol WebBrowserRouting {
    func closeWebBrowser()
    /// Puts `text` on the terminal's clipboard; false where there is none.
    func openClipboard(with text: String) -> Bool
}

/// Leaves the browser as a whole: its pages are its own history, not screens of the host.
struct WebBrowserRouter: WebBrowserRouting, ModuleRouter {
    let routes: ModuleRoutes<Void>

    func closeWebBrowser() { routes.pop() }

    func openClipboard(with text: String) -> Bool { routes.copyToClipboard(text) }
}
