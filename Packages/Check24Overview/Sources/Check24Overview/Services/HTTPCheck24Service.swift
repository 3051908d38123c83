import Foundation
import HTTPClient

/// The live catalog: `GET {base}/products-test.json` (the legal page comes through WebBrowser's
/// `HTTPWebPageLoader`).
public struct HTTPCheck24Service: Check24CatalogService {
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
}
