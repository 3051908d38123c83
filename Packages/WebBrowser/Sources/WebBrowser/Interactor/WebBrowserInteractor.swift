import Foundation
import HTMLText
import HTTPClient

/// A loaded page: where it was finally served from and its parsed document.
struct LoadedPage: Equatable, Sendable {
    var url: URL
    var document: HTMLDocument
}

/// The browser's use case: fetch a page and parse it (off the main actor, so a large page never
/// stalls input).
final class WebBrowserInteractor: Sendable {
    private let pages: any WebPageLoading
    /// The language a failed load's reason is worded in (the host feature's).
    private let language: RequestFailure.Language

    init(pages: any WebPageLoading, language: WebBrowserModule.Language = .english) {
        self.pages = pages
        self.language = language == .german ? .german : .english
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
                throw .notAWebPage(address: Self.shownAddress(of: url), reason: RequestFailure(error).message(language))
            }
            throw .pageUnavailable(reason: RequestFailure(error).message(language))
        }
        return LoadedPage(url: page.url, document: HTMLDocument.parse(page.html))
    }
}
