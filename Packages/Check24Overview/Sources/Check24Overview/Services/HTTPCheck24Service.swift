import Foundation
import HTTPClient

/// The live catalog and web pages: `GET {base}/products-test.json` and any page the web view opens.
public struct HTTPCheck24Service: Check24CatalogService, WebPageService {
    /// What the web view can show: HTML and plain text. Anything else (a PDF, an archive) is refused
    /// after its headers, before its body is downloaded.
    static let pageContentTypes = ["text/html", "application/xhtml+xml", "text/plain"]

    private let client: HTTPClient
    private let baseURL: URL

    public init(client: HTTPClient, baseURL: URL) {
        self.client = client
        self.baseURL = baseURL
    }

    public func fetchCatalog() async throws -> Check24Catalog {
        try await client.decode(Check24Catalog.self, from: .get(try Check24OverviewModule.productsURL(base: baseURL),
                                                                   byteLimit: HTTPRequest.ByteLimit.list))
    }

    public func fetchPage(at url: URL) async throws -> WebPage {
        // The transport stops reading at the web-page cap, so a link to a huge file costs at most that.
        let response = try await client.send(.get(url, headers: ["Accept": "text/html"], byteLimit: HTTPRequest.ByteLimit.webPage,
                                                  acceptedContentTypes: Self.pageContentTypes))
        guard response.isSuccess else { throw HTTPError.status(code: response.statusCode, rawBody: response.body) }
        let body = response.body
        // Pages are UTF-8 here; a Latin-1 page still shows (ä as one replacement char) rather than failing.
        let html = String(data: body, encoding: .utf8) ?? String(decoding: body, as: UTF8.self)
        return WebPage(url: response.url, html: html)
    }
}
