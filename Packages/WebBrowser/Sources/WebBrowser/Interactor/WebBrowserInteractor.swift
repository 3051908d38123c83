import Foundation
import HTMLText
import HTTPClient
import SystemActions

/// A loaded page: where it was finally served from and its parsed document.
struct LoadedPage: Equatable, Sendable {
    var url: URL
    var document: HTMLDocument
}

/// The browser's use case: fetch a page and parse it (off the main actor, so a large page never
/// stalls input).
final class WebBrowserInteractor: Sendable {
    private let pages: any WebPageLoading
    private let opener: (any URLOpener)?

    init(pages: any WebPageLoading, opener: (any URLOpener)? = nil) {
        self.pages = pages
        self.opener = opener
    }

    /// What came of handing an address to the desktop.
    enum OutsideOpening: Equatable, Sendable {
        /// There is no opener: the reader is only told where the link leads.
        case notAttempted
        case opened
        /// The desktop could not open it (no opener installed, no display).
        case unavailable
        /// The address is not one the desktop may be handed (another scheme, a control character).
        case refused
    }

    /// Hands `url` to the desktop, through the validated ``SystemAction`` the allowlist accepts.
    func performOpening(_ url: URL) async -> OutsideOpening {
        guard let opener else { return .notAttempted }
        guard let link = try? SystemAction.link(url.absoluteString) else { return .refused }
        switch await opener.open(link) {
        case .opened: return .opened
        case .unavailable: return .unavailable
        }
    }

    /// `url` as the reader may see it: never with the user name or password it may carry.
    static func shownAddress(of url: URL) -> String {
        URLDisplay.redacted(url)
    }

    func obtainPage(at url: URL) async throws(WebBrowserError) -> LoadedPage {
        let page: WebPage
        do {
            page = try await pages.fetchPage(at: url)
        } catch {
            // A link to a file is not the server's fault: the browser says it is no web page.
            if case .unexpectedContentType? = error as? HTTPError {
                throw .notAWebPage(address: Self.shownAddress(of: url), failure: RequestFailure(error))
            }
            throw .pageUnavailable(RequestFailure(error))
        }
        return LoadedPage(url: page.url, document: HTMLDocument.parse(page.html))
    }
}
