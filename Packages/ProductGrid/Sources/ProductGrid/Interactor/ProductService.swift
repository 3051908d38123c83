import Foundation
import HTTPClient
import ImageKit

/// Where products come from (HTTP in the app, fakes in tests).
public protocol ProductService: Sendable {
    /// The catalog, and when it was current if the server could not answer and a kept copy stood in.
    func fetchCatalog() async throws -> Fetched<ProductCatalog>
    func fetchDetail(productID: String) async throws -> ProductDetail
    /// The catalog kept from the server's last good answer, without asking it; nil when none is kept.
    func keptCatalog() async -> Fetched<ProductCatalog>?
}

extension ProductService {
    public func keptCatalog() async -> Fetched<ProductCatalog>? { nil }
}

