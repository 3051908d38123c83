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

    init(pages: any WebPageLoading) {
        self.pages = pages
    }

    func obtainPage(at url: URL) async throws(WebBrowserError) -> LoadedPage {
        let page: WebPage
        do {
            page = try await pages.fetchPage(at: url)
        } catch {
            // A link to a file is not the server's fault: the browser says it is no web page.
            if case .unexpectedContentType? = error as? HTTPError {
                throw .notAWebPage(RequestFailure(error))
            }
            throw .pageUnavailable(RequestFailure(error))
        }
        return LoadedPage(url: page.url, document: HTMLDocument.parse(page.html))
    }
}
