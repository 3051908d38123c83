import Foundation
import ImageKit

/// Where products come from (HTTP in the app, fakes in tests).
public protocol ProductService: Sendable {
    func fetchCatalog() async throws -> ProductCatalog
    func fetchDetail(productID: String) async throws -> ProductDetail
}

/// Where product images come from (``ImageRepository`` in the app).
public protocol ProductImageService: Sendable {
    func image(for url: URL) async throws -> RGBImage
}
