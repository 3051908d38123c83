import Foundation

/// Where the browser gets its pages: ``HTTPWebPageLoader`` in the app, fakes in tests.
public protocol WebPageLoading: Sendable {
    /// The page at `url`, or the transport's error (an `HTTPError` from the live loader).
    func fetchPage(at url: URL) async throws -> WebPage
}
