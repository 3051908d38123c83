import Foundation
import ImageKit

/// Use cases of the product grid: load the catalog and product images.
final class ProductListInteractor: Sendable {
    private let products: any ProductService
    private let images: any ProductImageService

    init(products: any ProductService, images: any ProductImageService) {
        self.products = products
        self.images = images
    }

    func obtainCatalog() async throws -> ProductCatalog {
        try await products.fetchCatalog()
    }

    func obtainImage(at url: URL) async throws -> RGBImage {
        try await images.image(for: url)
    }
}

/// Use cases of the product detail: load the detail and its image.
final class ProductDetailInteractor: Sendable {
    private let products: any ProductService
    private let images: any ProductImageService

    init(products: any ProductService, images: any ProductImageService) {
        self.products = products
        self.images = images
    }

    func obtainDetail(productID: String) async throws -> ProductDetail {
        try await products.fetchDetail(productID: productID)
    }

    func obtainImage(at url: URL) async throws -> RGBImage {
        try await images.image(for: url)
    }
}
