import Foundation
import HTTPClient

/// The live catalog and web pages: `GET {base}/products-test.json` and any page the web view opens.
public struct HTTPCheck24Service: Check24CatalogService, WebPageService {
    /// Pages larger than this are cut (a terminal web view has no use for megabytes of markup).
    public static let pageSizeLimit = 2 * 1024 * 1024

    private let client: HTTPClient
    private let baseURL: URL

    public init(client: HTTPClient, baseURL: URL) {
        self.client = client
        self.baseURL = baseURL
    }

    public func fetchCatalog() async throws -> Check24Catalog {
        try await client.decode(Check24Catalog.self, from: .get(Check24OverviewModule.productsURL(base: baseURL)))
    }

    public func fetchPage(at url: URL) async throws -> WebPage {
        let response = try await client.send(.get(url, headers: ["Accept": "text/html"]))
        guard response.isSuccess else { throw HTTPError.status(code: response.statusCode, rawBody: response.body) }
        let body = response.body.prefix(Self.pageSizeLimit)
        // Pages are UTF-8 here; a Latin-1 page still shows (ä as one replacement char) rather than failing.
        let html = String(data: body, encoding: .utf8) ?? String(decoding: body, as: UTF8.self)
        return WebPage(url: response.url, html: html)
    }
}
