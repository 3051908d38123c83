import Foundation
import Navigation
import SystemActions

/// The in-app web browser: shows a web page as text, follows its links within its own back/forward
/// history, and opens every address it does not load itself (`mailto:`, `tel:` …, or the page after
/// `o`) through the desktop (``Dependencies/opener``), saying what came of it. The feature that
/// opened it may handle such an address in the app instead (``WebBrowserModuleOutput``).
///
/// The host pushes the screen ``make(dependencies:url:host:output:)`` returns; `esc` pops it, whatever
/// page the reader is on.
public enum WebBrowserModule {
    /// What the browser needs from the outside world, and the language it speaks.
    public struct Dependencies: Sendable {
        /// Where pages come from: ``HTTPWebPageLoader`` in the app, fakes in tests.
        public var pages: any WebPageLoading
        /// The browser's words; the host feature passes the language of its other screens.
        public var texts: Texts
        /// What opens addresses outside the app (`XDGOpener` in the app). Without one the browser
        /// only says where such a link leads.
        public var opener: (any URLOpener)?

        public init(pages: any WebPageLoading, texts: Texts = .english, opener: (any URLOpener)? = nil) {
            self.pages = pages
            self.texts = texts
            self.opener = opener
        }
    }

    /// The browser's keys in `texts`' language, as its `?` overlay shows them; a host feature lists
    /// them in its own key help (`apps-cli <feature> --help`).
    public static func keys(_ texts: Texts = .english) -> [KeyHelp] {
        WebBrowserView.keys(texts)
    }

    /// Builds the browser showing `url`. `output` (held weakly) is offered the addresses the browser
    /// does not load itself before they go to the desktop.
    @MainActor
    public static func make(dependencies: Dependencies, url: URL, host: any ScreenHost,
                            output: (any WebBrowserModuleOutput)? = nil) -> any Screen {
        let interactor = WebBrowserInteractor(pages: dependencies.pages,
                                              opener: dependencies.opener)
        let router = WebBrowserRouter(host: host)
        let presenter = WebBrowserPresenter(url: url, texts: dependencies.texts, interactor: interactor, router: router,
                                            work: host.work)
        presenter.output = output
        return ModuleScreen<WebBrowserView>(presenting: presenter, as: presenter)
    }
}
