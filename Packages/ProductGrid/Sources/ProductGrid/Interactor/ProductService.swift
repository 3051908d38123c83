import Foundation
import ImageKit

/// Where products come from (HTTP in the app, fakes in tests).
public protocol ProductService: Sendable {
    func fetchCatalog() async throws -> ProductCatalog
    func fetchDetail(productID: String) async throws -> ProductDetail
}

