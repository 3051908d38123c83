import Foundation
import HTTPClient

/// The live ``ProductService``: `GET {base}/cart/list` and `GET {base}/cart/{product_id}/detail`.
public struct HTTPProductService: ProductService {
    private let client: HTTPClient
    private let baseURL: URL

    public init(client: HTTPClient, baseURL: URL) {
        self.client = client
        self.baseURL = baseURL
    }

    public func fetchCatalog() async throws -> Fetched<ProductCatalog> {
        let url = try URLBuilder(base: baseURL).appending(path: "cart", "list").url()
        return try await client.fetch(ProductCatalog.self, from: .get(url, byteLimit: HTTPRequest.ByteLimit.list))
    }

    public func keptCatalog() async -> Fetched<ProductCatalog>? {
        guard let url = try? URLBuilder(base: baseURL).appending(path: "cart", "list").url() else { return nil }
        return await client.kept(ProductCatalog.self, for: .get(url, byteLimit: HTTPRequest.ByteLimit.list))
    }

    public func fetchDetail(productID: String) async throws -> ProductDetail {
        try await client.decode(ProductDetail.self, from: .get(try Self.detailURL(base: baseURL, productID: productID),
                                                                  byteLimit: HTTPRequest.ByteLimit.detail))
    }

    /// The id is one path segment, percent-encoded so that `/`, `?` or spaces in an id cannot change the
    /// path; an id that cannot be one (empty, `.`, `..`) is an error, not a request for another resource.
    static func detailURL(base: URL, productID: String) throws(HTTPError) -> URL {
        try URLBuilder(base: base).appending(path: "cart", productID, "detail").url()
    }
}
