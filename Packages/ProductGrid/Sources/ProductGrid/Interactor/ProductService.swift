import Foundation
import HTTPClient
import ImageKit

/// Where products come from (HTTP in the app, fakes in tests).
public protocol ProductService: Sendable {
    /// The catalog, and when it was current if the server could not answer and a kept copy stood in.
    func fetchCatalog() async throws -> Fetched<ProductCatalog>
    func fetchDetail(productID: String) async throws -> ProductDetail
}

