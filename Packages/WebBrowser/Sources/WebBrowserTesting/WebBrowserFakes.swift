import Foundation
import HTTPClient
import NavigationTesting
import Synchronization
import WebBrowser

/// Serves pages from a dictionary of URL → HTML and records what was asked. Unknown URLs fail like a
/// 404 (`HTTPError.status`, as a server would); `failures` answer chosen URLs with an `HTTPError` (say,
/// `.unexpectedContentType` for a PDF); `redirects` serve a URL from another one, as a server's
/// redirect would. With `heldOpen`, every call waits until the test releases it (the held-open variant).
public final class FakeWebPageLoader: WebPageLoading {
    private let pages: [URL: String]
    private let failures: [URL: HTTPError]
    private let redirects: [URL: URL]
    private let requests = Mutex<[URL]>([])
    private let heldOpen: HeldOpenCalls?

    public init(_ pages: [URL: String], failures: [URL: HTTPError] = [:], redirects: [URL: URL] = [:],
                heldOpen: HeldOpenCalls? = nil) {
        self.pages = pages
        self.failures = failures
        self.redirects = redirects
        self.heldOpen = heldOpen
    }

    /// Every URL asked for, in order.
    public var requestedURLs: [URL] { requests.withLock { $0 } }

    public func fetchPage(at url: URL) async throws -> WebPage {
        requests.withLock { $0.append(url) }
        await heldOpen?.hold()
        if let failure = failures[url] { throw failure }
        let served = redirects[url] ?? url
        guard let html = pages[served] else { throw HTTPError.status(code: 404, body: nil) }
        return WebPage(url: served, html: html)
    }
}

/// A page loader for tests that must not load pages: a call fails the test.
public final class UnimplementedWebPageLoader: WebPageLoading {
    public init() {}

    public func fetchPage(at url: URL) async throws -> WebPage {
        throw unimplementedCall("WebPageLoading.fetchPage")
    }
}

/// A ``WebBrowserModuleOutput`` that records the addresses the browser offered it, and handles in
/// the app those of the schemes in ``handledSchemes`` (none unless told).
@MainActor
public final class RecordingWebBrowserOutput: WebBrowserModuleOutput {
    /// Every address offered to the host, in order.
    public private(set) var openedOutside: [URL] = []
    /// Schemes the host claims to handle in the app (`mailto`): the browser then opens nothing.
    public var handledSchemes: Set<String>

    public init(handledSchemes: Set<String> = []) {
        self.handledSchemes = handledSchemes
    }

    public func webBrowserWillOpenOutside(_ url: URL) -> Bool {
        openedOutside.append(url)
        return handledSchemes.contains(url.scheme?.lowercased() ?? "")
    }
}
