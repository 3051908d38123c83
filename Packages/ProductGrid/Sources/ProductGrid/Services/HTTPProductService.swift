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

    public func fetchCatalog() async throws -> ProductCatalog {
        try await client.decode(ProductCatalog.self, from: .get(baseURL.appendingPathComponent("cart/list"), byteLimit: HTTPRequest.ByteLimit.list))
    }

    public func fetchDetail(productID: String) async throws -> ProductDetail {
        try await client.decode(ProductDetail.self, from: .get(Self.detailURL(base: baseURL, productID: productID),
                                                                  byteLimit: HTTPRequest.ByteLimit.detail))
    }

    /// The id is one path segment, percent-encoded so that `/`, `?` or spaces in an id cannot change the path.
    static func detailURL(base: URL, productID: String) -> URL {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#;%")
        let segment = productID.addingPercentEncoding(withAllowedCharacters: allowed) ?? productID
        let baseText = base.absoluteString.hasSuffix("/") ? String(base.absoluteString.dropLast()) : base.absoluteString
        return URL(string: "\(baseText)/cart/\(segment)/detail") ?? base
    }
}
