import Foundation
import HTTPClient
import ImageKit
import TextSearch

/// The catalog, and when it was current if the server could not answer and a kept copy stands in.
struct ObtainedCatalog: Sendable {
    var catalog: ProductCatalog
    var storedAt: Date?
    /// Each product's name folded for the `/` filter, worked out with the catalog (off the main
    /// actor, once per load), so a key typed never folds 100,000 names.
    var searchTexts: SearchTexts

    init(catalog: ProductCatalog, storedAt: Date?) {
        self.catalog = catalog
        self.storedAt = storedAt
        searchTexts = SearchTexts(folding: catalog.products.lazy.map(\.name))
    }
}

/// Use cases of the product grid: load the catalog and product images.
struct ProductListInteractor: Sendable, PictureObtaining {
    let products: any ProductService
    let images: any ImageLoading

    func obtainCatalog() async throws(ProductGridError) -> ObtainedCatalog {
        do {
            let fetched = try await products.fetchCatalog()
            return ObtainedCatalog(catalog: fetched.value, storedAt: fetched.storedAt)
        } catch {
            throw .catalogUnavailable(RequestFailure(error))
        }
    }

    /// The catalog kept from the last good answer, shown at once while the server is asked.
    func obtainKeptCatalog() async -> ObtainedCatalog? {
        await products.keptCatalog().map { ObtainedCatalog(catalog: $0.value, storedAt: $0.storedAt) }
    }
}

/// Use cases of the product detail: load the detail and its image.
struct ProductDetailInteractor: Sendable, PictureObtaining {
    let products: any ProductService
    let images: any ImageLoading

    /// The detail of `productID`; an answer about another product is an error, not shown as if it fit.
    func obtainDetail(productID: String) async throws(ProductGridError) -> ProductDetail {
        let detail: ProductDetail
        do {
            detail = try await products.fetchDetail(productID: productID)
        } catch {
            throw .detailUnavailable(RequestFailure(error))
        }
        guard detail.summary.id == productID else {
            throw .detailOfAnotherProduct(asked: productID, answered: detail.summary.id)
        }
        return detail
    }
}
